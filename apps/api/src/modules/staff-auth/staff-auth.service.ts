import type { StaffEmailStartResponse, StaffMfaStep, StaffTotpEnrolmentResponse, StaffTotpVerifyResponse } from '@puente/contracts';
import { AUTH, isStaff, STAFF_AUTH, type LoginProvider } from '@puente/domain';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashCode, hashToken, newToken, newVerificationCode, safeEqualHex } from '../../lib/secrets';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter';
import { STAFF_SESSION_PROVIDER, type AuthLimits, type AuthService } from '../auth/auth.service';
import type { IdentityService } from '../identity/identity.service';
import type { MembersService } from '../members/members.service';
import { staffCodeEmail } from './staff-auth.messages';
import { StaffAuthRepository } from './staff-auth.repository';
import { checkTotp, decryptSecret, encryptSecret, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';

const HOUR_MS = 60 * 60_000;

export interface StaffAuthServiceDeps {
  db: Db;
  clock: Clock;
  email: EmailProvider;
  limiter: RateLimiter;
  codePepper: string;
  totpKey: Buffer;
  limits: AuthLimits;
  identity: IdentityService;
  /** Accounts are the members module's; login tokens the auth module's. */
  members: Pick<MembersService, 'findById' | 'findStaffByEmail'>;
  auth: Pick<AuthService, 'issueLoginToken'>;
}

const invalidToken = () => new AppError('TOKEN_INVALID', { reason: 'passwordless-invalid-token' });

/**
 * Staff sign-in (issue 3): first factor by email code (the phone code's rules: random, hashed,
 * 10 minutes, single use, 5 tries) or an identity provider; second factor TOTP, enrolled with a
 * QR code on the first sign-in.
 */
export class StaffAuthService {
  private readonly repo: StaffAuthRepository;

  constructor(private readonly deps: StaffAuthServiceDeps) {
    this.repo = new StaffAuthRepository(deps.db);
  }

  /** POST /api/staff/auth/email: the same answer whether or not the email is staff's. */
  async startEmail(input: { email: string; ip: string }): Promise<StaffEmailStartResponse> {
    const { clock, limiter, limits, codePepper } = this.deps;
    const now = clock.now();
    const email = input.email.trim().toLowerCase();
    const latest = await this.repo.latestEmailChallenge(email);
    if (latest) {
      const availableAt = latest.createdAt.getTime() + AUTH.resendWaitMs; // spec 9: resend wait 2 minutes
      if (availableAt > now.getTime()) {
        throw new AppError('LIMIT_EXCEEDED', { reason: 'resend-too-soon', retryAfterSeconds: Math.ceil((availableAt - now.getTime()) / 1000) });
      }
    }
    for (const [key, limit] of [
      [`staff-email:ip:${input.ip}`, limits.sendsPerIpPerHour],
      [`staff-email:to:${email}`, limits.sendsPerPhonePerHour],
    ] as const) {
      const result = await limiter.hit(key, { limit, windowMs: HOUR_MS, now });
      if (!result.allowed) throw new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
    }
    const staff = await this.deps.members.findStaffByEmail(email);
    const challengeToken = newToken();
    // Without a staff account the stored code is one nobody was sent: every try fails the same way.
    const code = newVerificationCode();
    await this.repo.supersedeEmailChallenges(email, now);
    await this.repo.insertEmailChallenge({
      tokenHash: hashToken(challengeToken),
      email,
      userId: staff?.id ?? null,
      codeHash: hashCode(codePepper, 'staff-email', code),
      expiresAt: new Date(now.getTime() + AUTH.codeTtlMs),
      createdAt: now,
      ip: input.ip,
    });
    if (staff) {
      const message = staffCodeEmail(staff.preferredLang, code);
      await this.deps.email.send({ to: email, subject: message.subject, body: message.body });
    }
    return { challengeToken, resendAvailableAt: new Date(now.getTime() + AUTH.resendWaitMs).toISOString() };
  }

  /** POST /api/staff/auth/email/verify: the email code is the first factor. */
  async verifyEmail(input: { challengeToken: string; code: string }): Promise<StaffMfaStep> {
    const { clock, codePepper } = this.deps;
    const now = clock.now();
    const challenge = await this.repo.findEmailChallenge(hashToken(input.challengeToken));
    if (!challenge || challenge.consumedAt || challenge.attempts >= AUTH.maxCodeAttempts) throw invalidToken();
    if (challenge.expiresAt.getTime() <= now.getTime()) throw new AppError('TOKEN_EXPIRED', { reason: 'passwordless-expired-code' });
    if (!challenge.userId || !safeEqualHex(hashCode(codePepper, 'staff-email', input.code), challenge.codeHash)) {
      const attempts = await this.repo.addEmailChallengeAttempt(challenge.id, AUTH.maxCodeAttempts);
      if (attempts === undefined) throw invalidToken();
      throw new AppError('INVALID_DATA', {
        reason: 'passwordless-invalid-code',
        fields: { code: 'passwordless-invalid-code' },
        data: { attemptsLeft: AUTH.maxCodeAttempts - attempts },
      });
    }
    if (!(await this.repo.consumeEmailChallenge(challenge.id, AUTH.maxCodeAttempts, now))) throw invalidToken();
    const user = await this.deps.members.findById(challenge.userId);
    if (!user || !isStaff(user.userType)) throw invalidToken();
    return this.openTicket(user, 'email', now);
  }

  /** POST /api/staff/auth/idp/verify: the identity provider is the first factor. */
  async verifyIdentity(input: { provider: LoginProvider; code: string; state: string; iss?: string }): Promise<StaffMfaStep> {
    const claims = await this.deps.identity.completeAuthorization({ ...input, purpose: 'staff' });
    const now = this.deps.clock.now();
    const identities = this.deps.identity;
    const linked = await identities.findIdentity(claims.provider, claims.subject);
    let user = linked ? await this.deps.members.findById(linked.userId) : undefined;
    if (!linked && claims.email && claims.emailVerified) {
      // Staff accounts are created by us with their work email: a verified match is linked once.
      user = await this.deps.members.findStaffByEmail(claims.email);
      if (user) await identities.linkIdentity({ userId: user.id, provider: claims.provider, subject: claims.subject, email: claims.email, createdAt: now, lastLoginAt: now });
    }
    // Not staff (or unknown): the same refusal, so the screen cannot be used to probe accounts.
    if (!user || !isStaff(user.userType)) throw new AppError('TOKEN_INVALID', { reason: 'staff-sign-in-required' });
    if (linked) await identities.touchIdentity(linked.id, now);
    return this.openTicket(user, claims.provider, now);
  }

  private async openTicket(user: UserRow, firstFactor: string, now: Date): Promise<StaffMfaStep> {
    const mfaToken = newToken();
    await this.repo.insertTicket({
      tokenHash: hashToken(mfaToken),
      userId: user.id,
      firstFactor,
      expiresAt: new Date(now.getTime() + STAFF_AUTH.mfaTicketTtlMs),
      createdAt: now,
    });
    const secret = await this.repo.findSecret(user.id);
    return { mfaToken, enrolmentRequired: !secret?.confirmedAt };
  }

  private async ticket(mfaToken: string) {
    const ticket = await this.repo.findOpenTicket(hashToken(mfaToken), STAFF_AUTH.maxTotpAttempts, this.deps.clock.now());
    if (!ticket) throw invalidToken();
    return ticket;
  }

  /** POST /api/staff/auth/totp/enrolment: first sign-in only; a confirmed secret is never shown again. */
  async enrol(input: { mfaToken: string }): Promise<StaffTotpEnrolmentResponse> {
    const ticket = await this.ticket(input.mfaToken);
    const user = await this.deps.members.findById(ticket.userId);
    if (!user) throw invalidToken();
    const secret = newTotpSecret();
    if (!(await this.repo.putPendingSecret(user.id, encryptSecret(this.deps.totpKey, secret), this.deps.clock.now()))) {
      throw new AppError('CONFLICT', { reason: undefined, data: { enrolled: true } });
    }
    const url = otpauthUrl(secret, user.email ?? user.id);
    return { secret, otpauthUrl: url, qrCodeDataUrl: await qrCodeDataUrl(url) };
  }

  /** POST /api/staff/auth/totp/verify: a right code ends the ticket and issues the login token. */
  async verifyTotp(input: { mfaToken: string; code: string }): Promise<StaffTotpVerifyResponse> {
    const now = this.deps.clock.now();
    const ticket = await this.ticket(input.mfaToken);
    const stored = await this.repo.findSecret(ticket.userId);
    if (!stored) throw new AppError('CONFLICT', { data: { enrolmentRequired: true } });
    const step = checkTotp(decryptSecret(this.deps.totpKey, stored.secretCiphertext), input.code, now);
    if (step === null || !(await this.repo.acceptStep(ticket.userId, step, now))) {
      const attempts = await this.repo.addTicketAttempt(ticket.id, STAFF_AUTH.maxTotpAttempts);
      if (attempts === undefined) throw invalidToken();
      throw new AppError('INVALID_DATA', {
        fields: { code: 'staff_totp_error_invalid' },
        data: { attemptsLeft: STAFF_AUTH.maxTotpAttempts - attempts },
      });
    }
    if (!(await this.repo.consumeTicket(ticket.id, now))) throw invalidToken();
    // createSession opens staff sessions only with this provider.
    const loginToken = await this.deps.auth.issueLoginToken({ userId: ticket.userId, provider: STAFF_SESSION_PROVIDER, now });
    return { loginToken };
  }

  // --- the admin console (issue 15) ------------------------------------------------------------------

  /** Which of these staff accounts have a confirmed authenticator (one query). */
  async enrolledAmong(userIds: readonly string[]): Promise<Set<string>> {
    return new Set(await this.repo.enrolledAmong([...new Set(userIds)]));
  }

  /** A lost authenticator: forgotten, and open sign-in tickets end, in the caller's transaction. */
  forgetAuthenticator(userId: string, now: Date, tx: Db): Promise<void> {
    return new StaffAuthRepository(tx).forgetAuthenticator(userId, now);
  }
}
