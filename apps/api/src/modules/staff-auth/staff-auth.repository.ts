import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffEmailChallenges, staffMfaTickets, staffTotpSecrets, type StaffEmailChallengeRow, type StaffMfaTicketRow, type StaffTotpSecretRow } from '../../db/schema';

export class StaffAuthRepository {
  constructor(private readonly db: Db) {}

  async latestEmailChallenge(email: string): Promise<StaffEmailChallengeRow | undefined> {
    const [row] = await this.db.select().from(staffEmailChallenges).where(eq(staffEmailChallenges.email, email)).orderBy(desc(staffEmailChallenges.createdAt)).limit(1);
    return row;
  }

  async supersedeEmailChallenges(email: string, now: Date): Promise<void> {
    await this.db.update(staffEmailChallenges).set({ consumedAt: now }).where(and(eq(staffEmailChallenges.email, email), isNull(staffEmailChallenges.consumedAt)));
  }

  async insertEmailChallenge(values: typeof staffEmailChallenges.$inferInsert): Promise<void> {
    await this.db.insert(staffEmailChallenges).values(values);
  }

  async findEmailChallenge(tokenHash: string): Promise<StaffEmailChallengeRow | undefined> {
    const [row] = await this.db.select().from(staffEmailChallenges).where(eq(staffEmailChallenges.tokenHash, tokenHash)).limit(1);
    return row;
  }

  async addEmailChallengeAttempt(id: string, max: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(staffEmailChallenges)
      .set({ attempts: sql`${staffEmailChallenges.attempts} + 1` })
      .where(and(eq(staffEmailChallenges.id, id), isNull(staffEmailChallenges.consumedAt), lt(staffEmailChallenges.attempts, max)))
      .returning({ attempts: staffEmailChallenges.attempts });
    return row?.attempts;
  }

  async consumeEmailChallenge(id: string, max: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffEmailChallenges)
      .set({ consumedAt: now })
      .where(and(eq(staffEmailChallenges.id, id), isNull(staffEmailChallenges.consumedAt), lt(staffEmailChallenges.attempts, max), gt(staffEmailChallenges.expiresAt, now)))
      .returning({ id: staffEmailChallenges.id });
    return rows.length === 1;
  }

  async insertTicket(values: typeof staffMfaTickets.$inferInsert): Promise<void> {
    await this.db.insert(staffMfaTickets).values(values);
  }

  /** An open ticket (not used, not expired, tries left). */
  async findOpenTicket(tokenHash: string, max: number, now: Date): Promise<StaffMfaTicketRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staffMfaTickets)
      .where(and(eq(staffMfaTickets.tokenHash, tokenHash), isNull(staffMfaTickets.consumedAt), gt(staffMfaTickets.expiresAt, now), lt(staffMfaTickets.attempts, max)))
      .limit(1);
    return row;
  }

  async addTicketAttempt(id: string, max: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(staffMfaTickets)
      .set({ attempts: sql`${staffMfaTickets.attempts} + 1` })
      .where(and(eq(staffMfaTickets.id, id), isNull(staffMfaTickets.consumedAt), lt(staffMfaTickets.attempts, max)))
      .returning({ attempts: staffMfaTickets.attempts });
    return row?.attempts;
  }

  async consumeTicket(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffMfaTickets)
      .set({ consumedAt: now })
      .where(and(eq(staffMfaTickets.id, id), isNull(staffMfaTickets.consumedAt)))
      .returning({ id: staffMfaTickets.id });
    return rows.length === 1;
  }

  async findSecret(userId: string): Promise<StaffTotpSecretRow | undefined> {
    const [row] = await this.db.select().from(staffTotpSecrets).where(eq(staffTotpSecrets.userId, userId)).limit(1);
    return row;
  }

  /** A new, unconfirmed secret (replaces an earlier unconfirmed one; never a confirmed one). */
  async putPendingSecret(userId: string, secretCiphertext: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(staffTotpSecrets)
      .values({ userId, secretCiphertext, createdAt: now })
      .onConflictDoUpdate({ target: staffTotpSecrets.userId, set: { secretCiphertext, createdAt: now, lastUsedStep: null }, where: isNull(staffTotpSecrets.confirmedAt) })
      .returning({ userId: staffTotpSecrets.userId });
    return rows.length === 1;
  }

  /** Records the accepted step (and confirms enrolment); false if that step or a later one was used. */
  async acceptStep(userId: string, step: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffTotpSecrets)
      .set({ lastUsedStep: step, confirmedAt: sql`coalesce(${staffTotpSecrets.confirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(staffTotpSecrets.userId, userId), sql`(${staffTotpSecrets.lastUsedStep} is null or ${staffTotpSecrets.lastUsedStep} < ${step})`))
      .returning({ userId: staffTotpSecrets.userId });
    return rows.length === 1;
  }

  /** Which of these accounts have a confirmed authenticator. */
  async enrolledAmong(userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: staffTotpSecrets.userId })
      .from(staffTotpSecrets)
      .where(and(inArray(staffTotpSecrets.userId, [...userIds]), isNotNull(staffTotpSecrets.confirmedAt)));
    return rows.map((r) => r.userId);
  }

  /** Forgets the authenticator and ends open sign-in tickets: the next sign-in enrols again. */
  async forgetAuthenticator(userId: string, now: Date): Promise<void> {
    await this.db.delete(staffTotpSecrets).where(eq(staffTotpSecrets.userId, userId));
    await this.db
      .update(staffMfaTickets)
      .set({ consumedAt: now })
      .where(and(eq(staffMfaTickets.userId, userId), isNull(staffMfaTickets.consumedAt)));
  }
}
