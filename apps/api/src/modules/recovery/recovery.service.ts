import type { PhoneTakenResponse, PwdlessResetResponse, SendRecoveryCodeResponse } from '@puente/contracts';
import { AUTH, splitFullPhoneNumber } from '@puente/domain';
import type { Db } from '../../db/client';
import type { PhoneResetRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashCode, hashToken, newRecoveryCode, newToken, safeEqualHex } from '../../lib/secrets';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter';
import type { SmsProvider } from '../../providers/sms/sms.provider';
import type { AuthService, PhoneChangeHook, PhoneChangeResult, SessionSocketControl } from '../auth/auth.service';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import { recoveryCodeSms, recoveryCodeUnchangedSms } from './recovery.messages';
import { RecoveryRepository } from './recovery.repository';

const HOUR_MS = 60 * 60_000;

/**
 * Not in the spec. A recovery code has 60 bits, but the phone it goes with is public, so tries
 * are counted: per phone (someone guessing one member's code) and per IP (someone sweeping).
 */
export const RECOVERY_LIMITS = {
  resetTriesPerPhonePerHour: 5,
  resetTriesPerIpPerHour: 20,
  recoverySendsPerIpPerHour: 10,
  phoneTakenChecksPerIpPerHour: 30,
  // Not in the spec: step 2 must follow step 1 soon; a reset token lives 15 minutes.
  resetTokenTtlMs: 15 * 60_000,
} as const;

/** Codes are typed by hand: case, spaces and dashes do not matter (Crockford base32). */
export const normaliseRecoveryCode = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

const invalidReset = () => new AppError('TOKEN_INVALID', { reason: 'passwordless-invalid-token', fields: { resetToken: 'recovery_reset_expired' } });

export interface RecoveryServiceDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  sms: SmsProvider;
  codePepper: string;
  sockets: SessionSocketControl;
  /** Sessions are the auth module's: it revokes them (in this module's transaction). */
  sessions: Pick<AuthService, 'revokeSessionsOfUser'>;
  /** The accounts are the members module's (the users table): found by phone and updated through its service. */
  members: Pick<MembersService, 'findActiveByPhone' | 'findById' | 'update'>;
}

/**
 * Recovery and phone change (issue 3): previous phone + recovery code -> resetToken (step 1);
 * the code sent to the new phone, verified, moves the account (step 2, through the auth module's
 * verify, which calls `completePhoneChange`). Recovery codes are stored as a peppered HMAC, work
 * once, and a new one is issued after each use.
 */
export class RecoveryService implements PhoneChangeHook {
  private readonly repo: RecoveryRepository;

  constructor(private readonly deps: RecoveryServiceDeps) {
    this.repo = new RecoveryRepository(deps.db);
  }

  private async limit(key: string, limit: number, now: Date): Promise<void> {
    const result = await this.deps.limiter.hit(key, { limit, windowMs: HOUR_MS, now });
    if (!result.allowed) throw new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
  }

  /** POST /api/auth/pwdless/reset. A wrong phone and a wrong code give the same answer. */
  async reset(input: { phoneNumber: string; recoveryCode: string; ip: string }): Promise<PwdlessResetResponse> {
    const { clock, codePepper } = this.deps;
    const now = clock.now();
    await this.limit(`reset:ip:${input.ip}`, RECOVERY_LIMITS.resetTriesPerIpPerHour, now);
    await this.limit(`reset:phone:${input.phoneNumber}`, RECOVERY_LIMITS.resetTriesPerPhonePerHour, now);

    const user = await this.deps.members.findActiveByPhone(input.phoneNumber);
    const presented = hashCode(codePepper, 'recovery', normaliseRecoveryCode(input.recoveryCode));
    // Compare against a dummy when there is no account, so timing does not tell the two apart.
    const stored = user?.recoveryCodeHash ?? hashCode(codePepper, 'recovery', 'no-account');
    const matches = safeEqualHex(presented, stored) && user?.recoveryCodeHash !== undefined && user.recoveryCodeHash !== null;
    if (!user || !matches || user.deletionRequestedAt) {
      throw new AppError('INVALID_DATA', { fields: { recoveryCode: 'recovery_code_invalid' } });
    }
    const resetToken = newToken();
    const expiresAt = new Date(now.getTime() + RECOVERY_LIMITS.resetTokenTtlMs);
    await this.repo.insertReset({ tokenHash: hashToken(resetToken), userId: user.id, createdAt: now, expiresAt });
    return { resetToken, expiresAt: expiresAt.toISOString() };
  }

  /**
   * POST /api/user/phone/reset (issue 12, ours). A member who signed up through an identity
   * provider has no phone, so no recovery code: signed in, she opens step 2 of the phone change
   * for herself (the same resetToken; the code goes to the new phone and its verify moves it onto
   * her account). Only while she has no phone: a phone on file is changed with its recovery code.
   */
  async openAddPhone(input: { actor: Actor; phoneNumber: string; ip: string }): Promise<PwdlessResetResponse> {
    refuseGuest(input.actor);
    const now = this.deps.clock.now();
    const user = await this.deps.members.findById(input.actor.id);
    if (!user || user.userType !== 'member' || user.deletionRequestedAt) throw new AppError('FORBIDDEN');
    if (user.phoneNumber) throw new AppError('CONFLICT');
    await this.limit(`phone-taken:ip:${input.ip}`, RECOVERY_LIMITS.phoneTakenChecksPerIpPerHour, now);
    const holder = await this.deps.members.findActiveByPhone(input.phoneNumber);
    if (holder && holder.id !== user.id) throw new AppError('INVALID_DATA', { fields: { phoneNumber: 'phone_number_taken' } });
    const resetToken = newToken();
    const expiresAt = new Date(now.getTime() + RECOVERY_LIMITS.resetTokenTtlMs);
    await this.repo.insertReset({ tokenHash: hashToken(resetToken), userId: user.id, createdAt: now, expiresAt });
    return { resetToken, expiresAt: expiresAt.toISOString() };
  }

  /**
   * POST /api/auth/send-recovery-code/{phone}. Only the signed-in member herself rotates her code:
   * a new one by SMS to her phone, the old one stops working. Anyone else (no session) must not be
   * able to invalidate the code a member saved, so the phone on file only gets a notice that her
   * code has not changed. The answer is the same whether or not the phone has an account (no
   * enumeration); the button waits 2 minutes (spec 9) for every phone alike.
   */
  async sendRecoveryCode(input: { phoneNumber: string; ip: string; actor: UserRow | null }): Promise<SendRecoveryCodeResponse> {
    const { clock, codePepper, limiter, sms } = this.deps;
    const now = clock.now();
    const wait = await limiter.hit(`recovery-send:phone:${input.phoneNumber}`, { limit: 1, windowMs: AUTH.resendWaitMs, now });
    if (!wait.allowed) {
      throw new AppError('LIMIT_EXCEEDED', {
        reason: 'resend-too-soon',
        retryAfterSeconds: Math.max(1, Math.ceil(wait.retryAfterMs / 1000)),
        data: { availableAt: new Date(now.getTime() + wait.retryAfterMs).toISOString() },
      });
    }
    await this.limit(`recovery-send:ip:${input.ip}`, RECOVERY_LIMITS.recoverySendsPerIpPerHour, now);
    const user = await this.deps.members.findActiveByPhone(input.phoneNumber);
    if (user && user.userType === 'member' && !user.deletionRequestedAt && user.phoneNumber) {
      if (input.actor?.id === user.id) {
        const code = newRecoveryCode();
        await this.deps.members.update(user.id, { recoveryCodeHash: hashCode(codePepper, 'recovery', code), updatedAt: now });
        await sms.send({ to: user.phoneNumber, body: recoveryCodeSms(user.preferredLang, code) });
      } else {
        await sms.send({ to: user.phoneNumber, body: recoveryCodeUnchangedSms(user.preferredLang) });
      }
    }
    return { ok: true, availableAt: new Date(now.getTime() + AUTH.resendWaitMs).toISOString() };
  }

  /**
   * GET /api/user/phone-taken/{phone}. It says whether a number has an account, so it answers only
   * a signed-in member or someone holding a live resetToken (step 2 of a phone change), and counts.
   */
  async phoneTaken(input: { phoneNumber: string; actor: UserRow | null; resetToken?: string; ip: string }): Promise<PhoneTakenResponse> {
    const now = this.deps.clock.now();
    let ownerId: string | undefined = input.actor?.id;
    if (!ownerId && input.resetToken) ownerId = (await this.repo.findOpenResetByTokenHash(hashToken(input.resetToken), now))?.userId;
    if (!ownerId) throw new AppError('UNAUTHORIZED');
    await this.limit(`phone-taken:ip:${input.ip}`, RECOVERY_LIMITS.phoneTakenChecksPerIpPerHour, now);
    const holder = await this.deps.members.findActiveByPhone(input.phoneNumber);
    return { taken: holder !== undefined && holder.id !== ownerId };
  }

  // --- the auth module's hooks (POST /api/auth/pwdless/phone with resetToken, then verify) -------

  async openReset(resetToken: string, now: Date): Promise<PhoneResetRow> {
    const reset = await this.repo.findOpenResetByTokenHash(hashToken(resetToken), now);
    if (!reset) throw invalidReset();
    return reset;
  }

  async bindChallenge(reset: PhoneResetRow, challengeTokenHash: string, newPhoneNumber: string): Promise<void> {
    await this.repo.bindChallenge(reset.id, challengeTokenHash, newPhoneNumber);
  }

  /** The account erasure (issue 4): the account's phone resets are deleted, in the erasure's transaction. */
  async eraseUser(userId: string, tx: Db): Promise<void> {
    await new RecoveryRepository(tx).deleteResetsOfUser(userId);
  }

  /**
   * Called inside verify's transaction once the code sent to the new phone checked out. Undefined
   * when the challenge was an ordinary login. Everything goes through `tx` (PGlite has one
   * connection: a query outside the transaction would wait for it forever).
   */
  async completePhoneChange(tx: Db, challengeTokenHash: string, now: Date): Promise<PhoneChangeResult | undefined> {
    const repo = new RecoveryRepository(tx);
    const reset = await repo.findOpenResetByChallenge(challengeTokenHash, now);
    if (!reset?.newPhoneNumber) return undefined;
    const holder = await this.deps.members.findActiveByPhone(reset.newPhoneNumber, tx);
    // spec 8: a phone already used by another account. The reset stays open: another number may be tried.
    if (holder && holder.id !== reset.userId) return { status: 'phone_already_in_use' };

    const before = await this.deps.members.findById(reset.userId, tx);
    const code = newRecoveryCode();
    const user = await this.deps.members.update(reset.userId, {
      phoneNumber: reset.newPhoneNumber,
      countryCode: splitFullPhoneNumber(reset.newPhoneNumber)?.countryCode ?? null,
      // The used code stops working; the new one is shown once on /login/save-recovery-code.
      recoveryCodeHash: hashCode(this.deps.codePepper, 'recovery', code),
      recoveryCodePending: code,
      updatedAt: now,
    }, tx);
    if (!user) return undefined;
    await repo.consumeResetsOfUser(user.id, now);
    // Whoever still holds the old phone loses the account's sessions. A member who had no phone
    // (openAddPhone) keeps hers: she added it signed in, e.g. while waiting for a US doctor.
    if (before?.phoneNumber) {
      const revoked = await this.deps.sessions.revokeSessionsOfUser(user.id, now, tx);
      for (const id of revoked) this.deps.sockets.disconnectSession(id);
    }
    return { status: 'phone_recovery', user };
  }
}
