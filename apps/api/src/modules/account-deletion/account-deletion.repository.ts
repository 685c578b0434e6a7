import { and, eq, getTableColumns, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, users, type UserRow } from '../../db/schema';

/**
 * What an erased member row keeps: the pseudonymous id (clinical records and the audit log point
 * to it), the role, when the account existed and was deleted, and when the terms were accepted
 * (evidence of consent for the records that are kept). Nothing that identifies a person.
 */
export const KEPT_USER_COLUMNS = ['id', 'userType', 'createdAt', 'updatedAt', 'deletionRequestedAt', 'deletedAt', 'agreedTosAt'] as const;

export class AccountDeletionRepository {
  constructor(private readonly db: Db) {}

  async findActiveUser(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
    return row;
  }

  async setDeletionRequestedAt(id: string, at: Date | null, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set({ deletionRequestedAt: at, updatedAt: now }).where(eq(users.id, id)).returning();
    return row;
  }

  /** Members whose request is older than the cut-off and who are not erased yet. */
  async dueForErasure(cutoff: Date, limit: number): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(isNotNull(users.deletionRequestedAt), lte(users.deletionRequestedAt, cutoff), isNull(users.deletedAt)))
      .limit(limit);
  }

  /**
   * Removes the member's personal data and keeps a pseudonymous row (the id), which clinical
   * records that must be kept still point to. See README "Data retention". Every column is
   * cleared except the few listed in KEPT_USER_COLUMNS, so a personal field added later is erased
   * without anyone remembering to add it here.
   */
  async eraseUser(user: UserRow, now: Date): Promise<void> {
    const cleared: Record<string, SQL | null | Date> = {};
    for (const [key, column] of Object.entries(getTableColumns(users))) {
      if ((KEPT_USER_COLUMNS as readonly string[]).includes(key)) continue;
      cleared[key] = column.notNull ? sql`default` : null;
    }
    await this.db
      .update(users)
      .set({ ...cleared, deletedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    if (user.phoneNumber) await this.db.delete(outbox).where(eq(outbox.to, user.phoneNumber));
    if (user.email) await this.db.delete(outbox).where(eq(outbox.to, user.email));
  }
}
