import { STAFF_TYPES, type StaffType } from '@puente/domain';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeWith, type WithTx } from '../../db/with-tx';
import { users, type NewUserRow, type UserRow } from '../../db/schema';

/**
 * What an erased member row keeps: the pseudonymous id (clinical records and the audit log point
 * to it), the role, when the account existed and was deleted, and when the terms were accepted
 * (evidence of consent for the records that are kept). Nothing that identifies a person.
 */
export const KEPT_USER_COLUMNS = ['id', 'userType', 'createdAt', 'updatedAt', 'deletionRequestedAt', 'deletedAt', 'agreedTosAt'] as const;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class MembersRepository {
  constructor(private readonly db: Db) {}

  /** The account row even when it is erased (what a past consultation still names). */
  async findAnyById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** These accounts, erased ones too. */
  async findAnyByIds(ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(users).where(inArray(users.id, [...ids]));
  }

  /** The names of these accounts, erased ones too (who wrote a part of a past record). */
  async namesOf(ids: readonly string[]): Promise<{ id: string; firstName: string | null; lastName: string | null }[]> {
    if (ids.length === 0) return [];
    return this.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, [...ids]));
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
    return row;
  }

  /** These accounts, not erased ones (findById for many, in one query). */
  async findByIds(ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(users).where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
  }

  /** A staff account (not a member, not deleted) with this email. */
  async findStaffByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.userType, 'member'), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** Accounts (not deleted) whose email or phone is the one given (each only when given). */
  async findAccountsMatching(email: string | null, phoneNumber: string | null): Promise<UserRow[]> {
    const conditions = [];
    if (email) conditions.push(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (phoneNumber) conditions.push(eq(users.phoneNumber, phoneNumber));
    if (conditions.length === 0) return [];
    return this.db
      .select()
      .from(users)
      .where(and(isNull(users.deletedAt), or(...conditions)))
      .limit(5);
  }

  /** Accounts (not deleted) of these types, only these ids when given. */
  async findActiveOfTypes(types: readonly UserRow['userType'][], ids?: readonly string[]): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(inArray(users.userType, [...types]), isNull(users.deletedAt), ids ? inArray(users.id, [...ids]) : undefined));
  }

  async findActiveByPhone(phoneNumber: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.phoneNumber, phoneNumber), isNull(users.deletedAt))).limit(1);
    return row;
  }

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  /** Updates an account that is not erased; `withTx` (the change's audit row) commits or rolls back with it (issue 11). */
  /**
   * Writes what `change` makes of the row as it is now, read under a row lock: two edits at once
   * run one after the other, the second computed from what the first wrote. With its audit row.
   */
  async updateFrom(id: string, change: (row: UserRow) => Partial<NewUserRow>, withTx: WithTx): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).for('update');
      if (!row) return undefined;
      const [updated] = await tx.update(users).set(change(row)).where(eq(users.id, id)).returning();
      await withTx(tx);
      return updated;
    });
  }

  async updateWith(id: string, values: Partial<NewUserRow>, withTx?: WithTx): Promise<UserRow | undefined> {
    return writeWith(this.db, async (db) => (await db.update(users).set(values).where(and(eq(users.id, id), isNull(users.deletedAt))).returning())[0], withTx);
  }

  /** Adds a login type to the list if it is not there yet, and records it as the latest. */
  async recordLoginType(id: string, loginType: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({
        loginType,
        loginTypes: sql`case when ${loginType} = any(${users.loginTypes}) then ${users.loginTypes} else array_append(${users.loginTypes}, ${loginType}::text) end`,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Returns the pending recovery code and clears it in one transaction, so it is read once. */
  async takePendingRecoveryCode(id: string): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ code: users.recoveryCodePending })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt), isNotNull(users.recoveryCodePending)))
        .for('update');
      if (!row?.code) return undefined;
      await tx.update(users).set({ recoveryCodePending: null }).where(eq(users.id, id));
      return row.code;
    });
  }

  // --- the profile's email verification (issue 3) ------------------------------------------------

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
  async findDueForEmailReminder(sentBefore: Date, limit: number): Promise<UserRow[]> {
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

  /** Claims the reminder for one member: only one process (or tick) wins. The new code replaces the first one. */
  async claimEmailReminder(id: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ emailVerificationReminderSentAt: now, emailVerificationCodeHash: codeHash })
      .where(and(eq(users.id, id), isNull(users.emailVerificationReminderSentAt), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  // --- account deletion (issue 4) --------------------------------------------------------------

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
   * Removes the account's personal data and keeps a pseudonymous row (the id), which clinical
   * records that must be kept still point to. See README "Data retention". Every column is
   * cleared except the few listed in KEPT_USER_COLUMNS, so a personal field added later is erased
   * without anyone remembering to add it here.
   */
  async erase(id: string, now: Date): Promise<void> {
    const cleared: Record<string, SQL | null | Date> = {};
    for (const [key, column] of Object.entries(getTableColumns(users))) {
      if ((KEPT_USER_COLUMNS as readonly string[]).includes(key)) continue;
      cleared[key] = column.notNull ? sql`default` : null;
    }
    await this.db
      .update(users)
      .set({ ...cleared, deletedAt: now, updatedAt: now })
      .where(eq(users.id, id));
  }

  // --- organizations (issue 15): a member's link ---------------------------------------------------

  /** The account row (not erased), locked for the rest of the transaction (two links at once cannot both win). */
  async lockActive(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).for('update');
    return row;
  }

  /** Members of the organization (not erased) with what a roster matches on. */
  membersOfOrganization(organizationId: string): Promise<{ id: string; phoneNumber: string | null; identificationNumber: string | null }[]> {
    return this.db
      .select({ id: users.id, phoneNumber: users.phoneNumber, identificationNumber: users.identificationNumber })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)));
  }

  /** How many accounts (not erased) each of these organizations has now. */
  async countByOrganization(organizationIds: readonly string[]): Promise<{ organizationId: string; n: number }[]> {
    if (organizationIds.length === 0) return [];
    const rows = await this.db
      .select({ organizationId: users.organizationId, n: count() })
      .from(users)
      .where(and(inArray(users.organizationId, [...organizationIds]), isNull(users.deletedAt)))
      .groupBy(users.organizationId);
    return rows.flatMap((r) => (r.organizationId ? [{ organizationId: r.organizationId, n: r.n }] : []));
  }

  // --- the admin console (issue 15) ---------------------------------------------------------------

  /** Staff accounts (not erased), newest first, of one type or all, by name or email. */
  async staffPage(q: { userType?: StaffType; search?: string; offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = and(
      inArray(users.userType, q.userType ? [q.userType] : [...STAFF_TYPES]),
      isNull(users.deletedAt),
      term ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term)) : undefined,
    );
    const [rows, [totalRow]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt), users.id).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  async findStaffById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.userType, [...STAFF_TYPES]), isNull(users.deletedAt)));
    return row;
  }

  /** A staff account (not erased) other than `exceptId` has this email, case-insensitive. */
  async staffEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt), inArray(users.userType, [...STAFF_TYPES]), exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
      .limit(1);
    return rows.length > 0;
  }

  /** Members (erased ones too) by id, or by phone (full number with its country code, or the last 10 digits). */
  async searchMembers(q: { id?: string; phone?: string; digits?: string; offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (q.id) conditions.push(eq(users.id, q.id));
    if (q.phone) conditions.push(eq(users.phoneNumber, q.phone));
    if (q.digits) conditions.push(sql`right(${users.phoneNumber}, 10) = ${q.digits}`);
    if (conditions.length === 0) return { rows: [], total: 0 };
    const where = and(eq(users.userType, 'member'), or(...conditions));
    const [rows, [totalRow]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt), users.id).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  /** Whether a member account (erased too) has this id. */
  async memberExists(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.userType, 'member')))
      .limit(1);
    return rows.length > 0;
  }

  /** The ids of the accounts linked to an organization now (an erased account is linked to none). */
  async memberIdsOfOrganization(organizationId: string): Promise<string[]> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
    return rows.map((r) => r.id);
  }
}
