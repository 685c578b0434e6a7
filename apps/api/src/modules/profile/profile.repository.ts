import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeWith, type WithTx } from '../../db/with-tx';
import { users, type NewUserRow, type UserRow } from '../../db/schema';

/** Queries on the member profile columns (issue 3). */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  /** Updates the member; `withTx` (her change's audit row) commits or rolls back with it. */
  async update(id: string, values: Partial<NewUserRow>, withTx?: WithTx): Promise<UserRow | undefined> {
    return writeWith(this.db, async (db) => (await db.update(users).set(values).where(and(eq(users.id, id), isNull(users.deletedAt))).returning())[0], withTx);
  }

  async findByEmailVerificationCodeHash(codeHash: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.emailVerificationCodeHash, codeHash), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** Verifies only if the code is still the current one (a newer email replaces it). */
  async markEmailVerified(id: string, codeHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ emailVerifiedAt: now, emailVerificationCodeHash: null, updatedAt: now })
      .where(and(eq(users.id, id), eq(users.emailVerificationCodeHash, codeHash), isNull(users.deletedAt)))
      .returning();
    return row;
  }

  /** Members whose verification email went out at or before `sentBefore`, still unverified and not yet reminded. */
  async findDueForReminder(sentBefore: Date, limit: number): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(
        and(
          lte(users.emailVerificationSentAt, sentBefore),
          isNull(users.emailVerifiedAt),
          isNull(users.emailVerificationReminderSentAt),
          isNotNull(users.email),
          isNotNull(users.emailVerificationCodeHash),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(asc(users.emailVerificationSentAt))
      .limit(limit);
  }

  /**
   * Claims the reminder for one member: only one process (or tick) wins, so a reminder is sent once
   * even with several servers. The new code replaces the first one (only its hash is kept).
   */
  async claimReminder(id: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ emailVerificationReminderSentAt: now, emailVerificationCodeHash: codeHash })
      .where(and(eq(users.id, id), isNull(users.emailVerificationReminderSentAt), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
