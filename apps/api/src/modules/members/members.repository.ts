import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeWith, type WithTx } from '../../db/with-tx';
import { dependants, organizations, users, type NewUserRow, type OrganizationRow, type UserRow } from '../../db/schema';

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

  /** The referrer whose family plan this member accepted (spec 3 referredById / referredByName), if any. */
  async referrerOf(memberId: string): Promise<{ id: string; firstName: string | null; lastName: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(dependants)
      .innerJoin(users, and(eq(users.id, dependants.referrerId), isNull(users.deletedAt)))
      .where(and(eq(dependants.userId, memberId), eq(dependants.invitationStatus, 'ACCEPTED')))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
    return row;
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

  /** A write and its audit row in one transaction (issue 11: a clinician's change to the health profile). */
  async updateWith(id: string, values: Partial<NewUserRow>, withTx: WithTx): Promise<UserRow | undefined> {
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

  async findOrganizationByCode(code: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizations)
      .where(and(sql`upper(${organizations.code}) = upper(${code})`, eq(organizations.enabled, true)))
      .limit(1);
    return row;
  }

  async findOrganizationById(id: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(and(eq(organizations.id, id), eq(organizations.enabled, true))).limit(1);
    return row;
  }
}
