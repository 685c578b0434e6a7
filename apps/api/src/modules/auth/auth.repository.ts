import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginTokens, otpChallenges, sessions, type OtpChallengeRow, type SessionRow } from '../../db/schema';

export class AuthRepository {
  constructor(private readonly db: Db) {}

  // --- passwordless challenges -------------------------------------------------------------

  async latestChallengeForPhone(phoneNumber: string): Promise<OtpChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phoneNumber, phoneNumber))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    return row;
  }

  /** Ends every open challenge of the phone: only the newest code can work. */
  async supersedeOpenChallenges(phoneNumber: string, now: Date): Promise<void> {
    await this.db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.phoneNumber, phoneNumber), isNull(otpChallenges.consumedAt)));
  }

  async insertChallenge(values: typeof otpChallenges.$inferInsert): Promise<void> {
    await this.db.insert(otpChallenges).values(values);
  }

  async findChallengeByTokenHash(tokenHash: string): Promise<OtpChallengeRow | undefined> {
    const [row] = await this.db.select().from(otpChallenges).where(eq(otpChallenges.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** Counts a wrong try; returns the new count, or undefined if the challenge was already closed. */
  async addFailedAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt), lt(otpChallenges.attempts, maxAttempts)))
      .returning({ attempts: otpChallenges.attempts });
    return row?.attempts;
  }

  /** Marks the challenge used; false when another request got there first. */
  async consumeChallenge(id: string, maxAttempts: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt), lt(otpChallenges.attempts, maxAttempts), gt(otpChallenges.expiresAt, now)))
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  }

  // --- login tokens -----------------------------------------------------------------------------

  async insertLoginToken(values: typeof loginTokens.$inferInsert): Promise<void> {
    await this.db.insert(loginTokens).values(values);
  }

  /** Uses the login token once; returns its user id, or why it cannot be used. */
  async consumeLoginToken(
    tokenHash: string,
    now: Date,
  ): Promise<Pick<typeof loginTokens.$inferSelect, 'userId' | 'provider' | 'scopeKind' | 'scopeAppointmentId' | 'scopeExpiresAt'> | 'expired' | 'invalid'> {
    const [row] = await this.db
      .update(loginTokens)
      .set({ consumedAt: now })
      .where(and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.consumedAt), gt(loginTokens.expiresAt, now)))
      .returning({
        userId: loginTokens.userId,
        provider: loginTokens.provider,
        scopeKind: loginTokens.scopeKind,
        scopeAppointmentId: loginTokens.scopeAppointmentId,
        scopeExpiresAt: loginTokens.scopeExpiresAt,
      });
    if (row) return row;
    const [existing] = await this.db.select().from(loginTokens).where(eq(loginTokens.tokenHash, tokenHash)).limit(1);
    return existing && !existing.consumedAt ? 'expired' : 'invalid';
  }

  // --- sessions ---------------------------------------------------------------------------------

  async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  /** The sessions of these token hashes that are neither revoked nor expired, in one query (whose account each is: the members service's). */
  async findActiveSessions(tokenHashes: readonly string[], now: Date): Promise<SessionRow[]> {
    if (tokenHashes.length === 0) return [];
    return this.db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.tokenHash, [...tokenHashes]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }

  /** Revokes an active session by its token; returns it if it was active. */
  async revokeSessionByTokenHash(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning();
    return row;
  }

  /** Revokes every live session scoped to this appointment (its guest sessions); returns their ids. */
  async revokeSessionsScopedTo(appointmentId: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.scopeAppointmentId, appointmentId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** Revokes every open session of the user; returns their ids (to close their sockets). */
  async revokeSessionsOfUser(userId: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  /** An erased account's sessions, login tokens and sign-in codes go (not revoked: deleted). */
  async eraseUser(userId: string, phoneNumber: string | null): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    await this.db.delete(loginTokens).where(eq(loginTokens.userId, userId));
    if (phoneNumber) await this.db.delete(otpChallenges).where(eq(otpChallenges.phoneNumber, phoneNumber));
  }

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }
}
