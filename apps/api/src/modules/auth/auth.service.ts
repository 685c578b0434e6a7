import type { PwdlessPhoneResponse, PwdlessVerifyResponse, SessionPayload } from '@puente/contracts';
import { AUTH, isStaff, pendingDeletionView, STAFF_AUTH, splitFullPhoneNumber, type Language, type SessionScope } from '@puente/domain';
import { hashCode, hashToken, newRecoveryCode, newToken, newVerificationCode, safeEqualHex } from '../../lib/secrets';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import type { loginTokens, OrganizationRow, PhoneResetRow, SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter';
import type { SmsProvider } from '../../providers/sms/sms.provider';
import type { MembersService } from '../members/members.service';
import { presentMember } from '../members/members.presenter';
import { verificationSms } from './auth.messages';
import { AuthRepository } from './auth.repository';
import { actorOf, scopeOfSession, type Actor } from './session-scope';

export interface AuthLimits {
  sendsPerPhonePerHour: number;
  sendsPerIpPerHour: number;
}

export interface AuthContext {
  /** The account, carrying the session's scope (sessionScope): what every service call receives. */
  user: Actor;
  session: SessionRow;
}

/** A scope a new session inherits, with the latest moment it may live until. */
interface InheritedScope {
  scope: SessionScope;
  expiresAt: Date;
}

/** What the auth service needs from the realtime gateway. */
export interface SessionSocketControl {
  disconnectSession(sessionId: string): void;
}

/** A phone change in progress (modules/recovery): step 2 sends the code to the new phone with a resetToken. */
export type PhoneChangeResult = { status: 'phone_already_in_use' } | { status: 'phone_recovery'; user: UserRow };
export interface PhoneChangeHook {
  openReset(resetToken: string, now: Date): Promise<PhoneResetRow>;
  bindChallenge(reset: PhoneResetRow, challengeTokenHash: string, newPhoneNumber: string): Promise<void>;
  completePhoneChange(tx: Db, challengeTokenHash: string, now: Date): Promise<PhoneChangeResult | undefined>;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  limiter: RateLimiter;
  codePepper: string;
  limits: AuthLimits;
  sockets: SessionSocketControl;
  phoneChange?: PhoneChangeHook;
  /** Member accounts are the members module's: read, created and updated through its service. */
  members: MembersService;
  /** Issue 15: on sign-in a member listed on an organization's eligibility roster joins it (true when she did). */
  onMemberSignIn?: (member: UserRow) => Promise<boolean>;
  /** Issue 15: the organization a sign-in's employer code or partner id joins (the organizations module's rule). */
  signInOrganization: SignInOrganization;
}

/** The organizations service's rule for the orgId/empCode a sign-in carries: a code, or a partner's id; nothing else. */
export type SignInOrganization = (input: { orgId?: string | null; empCode?: string | null }, tx: Db) => Promise<OrganizationRow | undefined>;

const HOUR_MS = 60 * 60_000;
/** The login-token provider of a staff sign-in that passed TOTP (modules/staff-auth). */
export const STAFF_SESSION_PROVIDER = 'staff-totp';
const isIdle = (session: SessionRow, now: Date): boolean =>
  now.getTime() - (session.lastSeenAt ?? session.createdAt).getTime() > STAFF_AUTH.idleTimeoutMs;
// Not in the spec: a session's lastSeenAt is written at most once a minute, not on every call.
const TOUCH_INTERVAL_MS = 60_000;

const isValidTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};

const invalidToken = () => new AppError('TOKEN_INVALID', { reason: 'passwordless-invalid-token' });

export class AuthService {
  private readonly auth: AuthRepository;
  private readonly members: MembersService;

  constructor(private readonly deps: AuthServiceDeps) {
    this.auth = new AuthRepository(deps.db);
    this.members = deps.members;
  }

  /**
   * POST /api/auth/pwdless/phone. Sends a code and answers the same way whether or not the phone
   * has an account (the account is looked up only at verify).
   */
  async requestPhoneCode(input: { phoneNumber: string; language: Language; organisationId?: string; empCode?: string; resetToken?: string; ip: string }): Promise<PwdlessPhoneResponse> {
    const { clock, limiter, limits, sms, codePepper } = this.deps;
    const now = clock.now();
    // Step 2 of a phone change: the resetToken must be live before any SMS goes out.
    const reset = input.resetToken && this.deps.phoneChange ? await this.deps.phoneChange.openReset(input.resetToken, now) : undefined;

    // spec 9: resend wait. Checked before the hourly counters so a refused resend costs nothing.
    const latest = await this.auth.latestChallengeForPhone(input.phoneNumber);
    if (latest) {
      const availableAt = latest.createdAt.getTime() + AUTH.resendWaitMs;
      if (availableAt > now.getTime()) {
        throw new AppError('LIMIT_EXCEEDED', {
          reason: 'resend-too-soon',
          retryAfterSeconds: Math.ceil((availableAt - now.getTime()) / 1000),
          data: { resendAvailableAt: new Date(availableAt).toISOString() },
        });
      }
    }
    for (const [key, limit] of [
      [`sms:ip:${input.ip}`, limits.sendsPerIpPerHour],
      [`sms:phone:${input.phoneNumber}`, limits.sendsPerPhonePerHour],
    ] as const) {
      const result = await limiter.hit(key, { limit, windowMs: HOUR_MS, now });
      if (!result.allowed) throw new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
    }

    const pwdlessToken = newToken();
    const code = newVerificationCode();
    await this.auth.supersedeOpenChallenges(input.phoneNumber, now);
    await this.auth.insertChallenge({
      tokenHash: hashToken(pwdlessToken),
      phoneNumber: input.phoneNumber,
      codeHash: hashCode(codePepper, 'otp', code),
      language: input.language,
      organizationId: input.organisationId ?? null,
      empCode: input.empCode ?? null,
      expiresAt: new Date(now.getTime() + AUTH.codeTtlMs),
      createdAt: now,
      ip: input.ip,
    });
    if (reset) await this.deps.phoneChange?.bindChallenge(reset, hashToken(pwdlessToken), input.phoneNumber);
    await sms.send({ to: input.phoneNumber, body: verificationSms(input.language, code) });
    return { pwdlessToken, resendAvailableAt: new Date(now.getTime() + AUTH.resendWaitMs).toISOString() };
  }

  /** POST /api/auth/pwdless/verify. Creates the member on first login. */
  async verifyPhoneCode(input: { code: string; pwdlessToken: string; orgId?: string; empCode?: string; lang?: Language }): Promise<PwdlessVerifyResponse> {
    const { clock, codePepper, db } = this.deps;
    const now = clock.now();
    const challenge = await this.auth.findChallengeByTokenHash(hashToken(input.pwdlessToken));
    if (!challenge || challenge.consumedAt || challenge.attempts >= AUTH.maxCodeAttempts) throw invalidToken();
    if (challenge.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('TOKEN_EXPIRED', { reason: 'passwordless-expired-code' });
    }
    if (!safeEqualHex(hashCode(codePepper, 'otp', input.code), challenge.codeHash)) {
      const attempts = await this.auth.addFailedAttempt(challenge.id, AUTH.maxCodeAttempts);
      if (attempts === undefined) throw invalidToken();
      throw new AppError('INVALID_DATA', {
        reason: 'passwordless-invalid-code',
        fields: { code: 'passwordless-invalid-code' },
        data: { attemptsLeft: AUTH.maxCodeAttempts - attempts },
      });
    }

    return db.transaction(async (tx) => {
      const auth = new AuthRepository(tx);
      if (!(await auth.consumeChallenge(challenge.id, AUTH.maxCodeAttempts, now))) throw invalidToken();
      // Staff sign in at /staff/login (email code or identity provider, then TOTP), never by phone alone.
      const staffOwner = await this.members.findActiveByPhone(challenge.phoneNumber, tx);
      if (staffOwner && isStaff(staffOwner.userType)) throw new AppError('FORBIDDEN', { reason: 'staff-sign-in-required' });

      const change = await this.deps.phoneChange?.completePhoneChange(tx, challenge.tokenHash, now);
      if (change?.status === 'phone_already_in_use') return { status: change.status, loginToken: '', loginProvider: 'pwdless' as const };

      let user = change?.user ?? (await this.members.findActiveByPhone(challenge.phoneNumber, tx));
      let status: PwdlessVerifyResponse['status'] = change ? change.status : 'account_exist';
      let deletion: Pick<PwdlessVerifyResponse, 'deletionRequestTime' | 'memberId'> = {};
      if (user?.deletionRequestedAt) {
        // spec 4 / spec 8: within the threshold the member may restore (no session is opened);
        // after it the account is blocked until the erasure job removes it.
        if (pendingDeletionView(user.deletionRequestedAt.getTime(), now).kind !== 'restorable') {
          throw new AppError('USER_NOT_FOUND', { reason: 'is blocked' });
        }
        deletion = { deletionRequestTime: user.deletionRequestedAt.toISOString(), memberId: user.id };
      }
      if (change) {
        user = change.user; // the phone change already updated the member
      } else if (user) {
        user = (await this.members.recordLoginType(user.id, 'pwdless', now, tx)) ?? user;
        // Issue 15: a member without an organization who signs in through an employer code
        // (/register-employer-code-success, /login?empCode=) joins it; the ledger's employer grant follows from the link.
        const empCode = input.empCode ?? challenge.empCode;
        if (user.userType === 'member' && !user.organizationId && empCode) {
          const organization = await this.deps.signInOrganization({ empCode }, tx);
          if (organization) user = (await this.members.update(user.id, { organizationId: organization.id, updatedAt: now }, tx)) ?? user;
        }
      } else {
        const lang = input.lang ?? challenge.language;
        // Issue 15: an employer's id alone (no code) or an unknown id joins nothing; a partner's id joins it.
        const organization = await this.deps.signInOrganization({ orgId: input.orgId ?? challenge.organizationId, empCode: input.empCode ?? challenge.empCode }, tx);
        const recoveryCode = newRecoveryCode();
        user = await this.members.createMember(
          {
            lang,
            loginType: 'pwdless',
            organizationId: organization?.id ?? null,
            now,
            phoneNumber: challenge.phoneNumber,
            countryCode: splitFullPhoneNumber(challenge.phoneNumber)?.countryCode ?? null,
            recoveryCodeHash: hashCode(codePepper, 'recovery', recoveryCode),
            recoveryCodePending: recoveryCode,
          },
          tx,
        );
        status = 'new_account_created';
      }

      const loginToken = newToken();
      await auth.insertLoginToken({
        tokenHash: hashToken(loginToken),
        userId: user.id,
        provider: 'pwdless',
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH.loginTokenTtlMs),
      });
      return { status, loginToken, loginProvider: 'pwdless' as const, ...deletion };
    });
  }

  /** GraphQL createSession: uses the login token once and opens a session. */
  async createSession(input: { loginToken: string; timeZone: string }): Promise<SessionPayload> {
    const now = this.deps.clock.now();
    this.assertTimeZone(input.timeZone);
    const consumed = await this.auth.consumeLoginToken(hashToken(input.loginToken), now);
    if (consumed === 'expired') throw new AppError('TOKEN_EXPIRED', { reason: 'error-generating-token' });
    if (consumed === 'invalid') throw new AppError('TOKEN_INVALID', { reason: 'error-generating-token' });
    // A login token issued for a scoped session (a guest link's) opens that scope, never more.
    const scope = scopeOfSession(consumed);
    if (consumed.scopeKind && !scope) throw new AppError('TOKEN_INVALID', { reason: 'error-generating-token' });
    const inherited = scope ? { scope, expiresAt: consumed.scopeExpiresAt ?? now } : undefined;
    return this.openSession(consumed.userId, input.timeZone, now, consumed.provider, inherited);
  }

  /** GraphQL refreshSession: the old token is revoked and a new one issued (rotation). */
  async refreshSession(input: { sessionToken: string; timeZone: string }): Promise<SessionPayload> {
    const now = this.deps.clock.now();
    this.assertTimeZone(input.timeZone);
    const old = await this.auth.revokeSessionByTokenHash(hashToken(input.sessionToken), now);
    if (!old) throw new AppError('UNAUTHORIZED');
    this.deps.sockets.disconnectSession(old.id);
    const owner = await this.members.findById(old.userId);
    // Staff: an idle session cannot be renewed (HIPAA automatic logoff); a renewed one stays staff-grade.
    if (owner && isStaff(owner.userType) && isIdle(old, now)) throw new AppError('UNAUTHORIZED');
    // The new session is never wider than the old one: same scope, and no later end.
    const scope = scopeOfSession(old);
    return this.openSession(old.userId, input.timeZone, now, owner && isStaff(owner.userType) ? STAFF_SESSION_PROVIDER : undefined, scope ? { scope, expiresAt: old.expiresAt } : undefined);
  }

  /**
   * Bearer authentication of many tokens in two queries (the server sends every lookup through
   * lib/session-lookups.ts, which gathers them: one lookup at a time cost the embedded database about
   * 1.2 ms of CPU each, a batch of 32 about 0.09 ms each). Every token has its answer, undefined when
   * it is unknown, revoked or expired.
   */
  async authenticateMany(sessionTokens: readonly string[]): Promise<Map<string, AuthContext | undefined>> {
    const now = this.deps.clock.now();
    const tokenOf = new Map(sessionTokens.map((token) => [hashToken(token), token]));
    const found = await this.auth.findActiveSessions([...tokenOf.keys()], now);
    // An erased account's sessions are deleted with it; one being erased right now finds no account.
    const users = new Map((await this.members.findByIds(found.map((s) => s.userId))).map((u) => [u.id, u]));
    const answers = new Map<string, AuthContext | undefined>(sessionTokens.map((token) => [token, undefined]));
    for (const session of found) {
      const user = users.get(session.userId);
      const token = tokenOf.get(session.tokenHash);
      if (user && token !== undefined) answers.set(token, await this.contextOf(session, user, now));
    }
    return answers;
  }

  /** An active session and its account as a request's context (a staff session idle too long ends here). */
  private async contextOf(session: SessionRow, user: UserRow, now: Date): Promise<AuthContext | undefined> {
    if (isStaff(user.userType)) {
      if (isIdle(session, now)) {
        // HIPAA automatic logoff: a staff session idle for STAFF_AUTH.idleTimeoutMs ends for good.
        await this.auth.revokeSession(session.id, now);
        this.deps.sockets.disconnectSession(session.id);
        return undefined;
      }
      // Only the idle logoff reads lastSeenAt, so only a staff session is touched: a member's poll
      // (every 4 s while she waits) never writes to the database.
      if (!session.lastSeenAt || now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await this.auth.touchSession(session.id, now);
      }
    }
    return { session, user: actorOf(user, scopeOfSession(session)) };
  }

  /** The consultation is over: its guest sessions stop working everywhere, sockets included. */
  async revokeSessionsScopedTo(appointmentId: string): Promise<void> {
    const ids = await this.auth.revokeSessionsScopedTo(appointmentId, this.deps.clock.now());
    for (const id of ids) this.deps.sockets.disconnectSession(id);
  }

  /**
   * Signs a user out everywhere (account deletion, phone change): revokes every open session in
   * the caller's transaction and returns their ids; the caller closes their sockets once it commits.
   * The one place sessions are revoked by user.
   */
  async revokeSessionsOfUser(userId: string, now: Date, tx?: Db): Promise<string[]> {
    return (tx ? new AuthRepository(tx) : this.auth).revokeSessionsOfUser(userId, now);
  }

  /** The account erasure (issue 4): its sessions, login tokens and sign-in codes are deleted, in the erasure's transaction. */
  async eraseUser(user: Pick<UserRow, 'id' | 'phoneNumber'>, tx?: Db): Promise<void> {
    await (tx ? new AuthRepository(tx) : this.auth).eraseUser(user.id, user.phoneNumber);
  }

  /**
   * Login tokens are this module's: other sign-in flows (identity, staff TOTP, guest link) issue
   * theirs here, in their own transaction when they pass one, and get back the token to hand out.
   */
  async issueLoginToken(input: Omit<typeof loginTokens.$inferInsert, 'tokenHash' | 'createdAt' | 'expiresAt'> & { now: Date }, tx?: Db): Promise<string> {
    const { now, ...rest } = input;
    const loginToken = newToken();
    await (tx ? new AuthRepository(tx) : this.auth).insertLoginToken({ ...rest, tokenHash: hashToken(loginToken), createdAt: now, expiresAt: new Date(now.getTime() + AUTH.loginTokenTtlMs) });
    return loginToken;
  }

  /** Uses a login token once (restore-account, identity merges): its row, or why it cannot be used. */
  consumeLoginToken(loginToken: string, now: Date, tx?: Db): ReturnType<AuthRepository['consumeLoginToken']> {
    return (tx ? new AuthRepository(tx) : this.auth).consumeLoginToken(hashToken(loginToken), now);
  }

  /** POST /api/auth/logout: the session stops working everywhere, sockets included. */
  async logout(auth: AuthContext): Promise<void> {
    await this.auth.revokeSession(auth.session.id, this.deps.clock.now());
    this.deps.sockets.disconnectSession(auth.session.id);
  }

  private async openSession(userId: string, timeZone: string, now: Date, loginProvider?: string, inherited?: InheritedScope): Promise<SessionPayload> {
    const existing = await this.members.findById(userId);
    // Staff open sessions only after the TOTP step (modules/staff-auth issues that login token).
    if (existing && isStaff(existing.userType) && loginProvider !== STAFF_SESSION_PROVIDER) throw new AppError('FORBIDDEN', { reason: 'staff-sign-in-required' });
    let user = await this.members.update(userId, { timeZone, updatedAt: now });
    if (!user || user.deletedAt) throw new AppError('USER_NOT_FOUND');
    if (!inherited && !user.deletionRequestedAt && this.deps.onMemberSignIn && (await this.deps.onMemberSignIn(user))) user = (await this.members.findById(userId)) ?? user;
    // spec 4: a member with a pending deletion request is logged out; restore comes first.
    if (user.deletionRequestedAt) throw new AppError('CONFLICT', { data: { deletionRequestTime: user.deletionRequestedAt.toISOString(), memberId: user.id } });
    const sessionToken = newToken();
    const ttlEnd = now.getTime() + (isStaff(user.userType) ? STAFF_AUTH.sessionTtlMs : AUTH.sessionTtlMs);
    if (inherited && inherited.expiresAt.getTime() <= now.getTime()) throw new AppError('UNAUTHORIZED');
    await this.auth.insertSession({
      tokenHash: hashToken(sessionToken),
      userId,
      createdAt: now,
      expiresAt: new Date(inherited ? Math.min(ttlEnd, inherited.expiresAt.getTime()) : ttlEnd),
      lastSeenAt: now,
      scopeKind: inherited?.scope.kind ?? null,
      scopeAppointmentId: inherited?.scope.appointmentId ?? null,
    });
    return {
      member: presentMember(user),
      sessionToken,
      // spec 4: a session that says terms must be accepted opens the non-dismissible dialog.
      mustAcceptTos: user.needsToAcceptTerms || !user.agreedTosAt,
    };
  }

  private assertTimeZone(timeZone: string): void {
    if (!isValidTimeZone(timeZone)) throw new AppError('INVALID_DATA', { fields: { timeZone: 'invalid_time_zone' } });
  }
}
