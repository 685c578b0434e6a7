import { NOT_A_CONSULTATION_STATES, STAFF_TYPES, type StaffType } from '@puente/domain';
import { and, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointmentEvents,
  appointments,
  auditLog,
  physicianLicenses,
  physicianProfiles,
  staffMfaTickets,
  staffTotpSecrets,
  surveys,
  users,
  type AuditLogRow,
  type NewUserRow,
  type PhysicianProfileRow,
  type UserRow,
} from '../../db/schema';

export interface StaffRecord {
  user: UserRow;
  profile: PhysicianProfileRow | undefined;
  licenses: { state: string; licenseNumber: string }[];
  totpEnrolled: boolean;
}

/** One consultation as the usage report counts it: no person, no health data. */
export interface UsageFact {
  month: string;
  practice: string;
  channel: string;
  waitSeconds: number | null;
  rating: number | null;
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries of the admin console (reads across staff, audit and consultations; writes staff only). */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  async staffPage(q: { userType?: StaffType; search?: string; offset: number; limit: number }): Promise<{ rows: StaffRecord[]; total: number }> {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = and(
      inArray(users.userType, q.userType ? [q.userType] : [...STAFF_TYPES]),
      isNull(users.deletedAt),
      term ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term)) : undefined,
    );
    const [people, [totalRow]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt), users.id).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows: await this.withDetails(people), total: totalRow?.n ?? 0 };
  }

  async staffById(id: string, db: Db = this.db): Promise<StaffRecord | undefined> {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.userType, [...STAFF_TYPES]), isNull(users.deletedAt)));
    if (!user) return undefined;
    return (await this.withDetails([user], db))[0];
  }

  private async withDetails(people: UserRow[], db: Db = this.db): Promise<StaffRecord[]> {
    if (people.length === 0) return [];
    const ids = people.map((p) => p.id);
    const [profiles, licenses, secrets] = await Promise.all([
      db.select().from(physicianProfiles).where(inArray(physicianProfiles.userId, ids)),
      db.select().from(physicianLicenses).where(inArray(physicianLicenses.userId, ids)),
      db.select({ userId: staffTotpSecrets.userId, confirmedAt: staffTotpSecrets.confirmedAt }).from(staffTotpSecrets).where(inArray(staffTotpSecrets.userId, ids)),
    ]);
    return people.map((user) => ({
      user,
      profile: profiles.find((p) => p.userId === user.id),
      licenses: licenses
        .filter((l) => l.userId === user.id)
        .map((l) => ({ state: l.state, licenseNumber: l.licenseNumber }))
        .sort((a, b) => a.state.localeCompare(b.state)),
      totpEnrolled: secrets.some((s) => s.userId === user.id && s.confirmedAt !== null),
    }));
  }

  /** Any account (member or staff, not deleted) with this email, case-insensitive. */
  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt), inArray(users.userType, [...STAFF_TYPES]), exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async insertUser(tx: Db, row: NewUserRow): Promise<UserRow> {
    const [user] = await tx.insert(users).values(row).returning();
    return user!;
  }

  async updateUser(tx: Db, id: string, changes: Partial<NewUserRow>): Promise<void> {
    await tx.update(users).set(changes).where(eq(users.id, id));
  }

  async upsertProfile(tx: Db, userId: string, changes: Partial<Pick<PhysicianProfileRow, 'cedula' | 'npi' | 'dea'>>, now: Date): Promise<void> {
    await tx
      .insert(physicianProfiles)
      .values({ ...changes, userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: physicianProfiles.userId, set: { ...changes, updatedAt: now } });
  }

  async replaceLicenses(tx: Db, userId: string, licenses: readonly { state: string; licenseNumber: string }[], now: Date): Promise<void> {
    await tx.delete(physicianLicenses).where(eq(physicianLicenses.userId, userId));
    if (licenses.length > 0) await tx.insert(physicianLicenses).values(licenses.map((l) => ({ userId, state: l.state, licenseNumber: l.licenseNumber, createdAt: now })));
  }

  /** Forgets the authenticator and ends open sign-in tickets: the next sign-in enrols again. */
  async forgetAuthenticator(tx: Db, userId: string, now: Date): Promise<void> {
    await tx.delete(staffTotpSecrets).where(eq(staffTotpSecrets.userId, userId));
    await tx
      .update(staffMfaTickets)
      .set({ consumedAt: now })
      .where(and(eq(staffMfaTickets.userId, userId), isNull(staffMfaTickets.consumedAt)));
  }

  /** Members by id, or by phone (full number with its country code, or the last 10 digits). */
  async findMembers(q: { id?: string; phone?: string; digits?: string; offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
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

  async memberExists(id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.userType, 'member')))
      .limit(1);
    return rows.length > 0;
  }

  async auditPage(subjectId: string, offset: number, limit: number): Promise<{ rows: (AuditLogRow & { actorFirstName: string | null; actorLastName: string | null })[]; total: number }> {
    const where = eq(auditLog.subjectId, subjectId);
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ row: auditLog, actorFirstName: users.firstName, actorLastName: users.lastName, actorType: users.userType })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return {
      // A member's own name is not repeated in her log: only staff readers are named.
      rows: rows.map((r) => ({ ...r.row, actorFirstName: r.actorType === 'member' ? null : r.actorFirstName, actorLastName: r.actorType === 'member' ? null : r.actorLastName })),
      total: totalRow?.n ?? 0,
    };
  }

  /**
   * Consultations created in [from, to): month, practice, channel, seconds from the request to the
   * first accept (state 2 or, scheduled, the coach joining), and the survey's main rating.
   */
  async usageFacts(q: { organizationId?: string; from: Date; to: Date }): Promise<UsageFact[]> {
    const firstAccept = this.db
      .select({ appointmentId: appointmentEvents.appointmentId, at: sql<Date>`min(${appointmentEvents.at})`.as('accepted_at') })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.toState, '2-coach-is-reviewing'))
      .groupBy(appointmentEvents.appointmentId)
      .as('first_accept');
    const rows = await this.db
      .select({
        month: sql<string>`to_char(${appointments.createdAt} at time zone 'UTC', 'YYYY-MM')`,
        practice: appointments.practice,
        channel: appointments.channel,
        waitSeconds: sql<string | null>`extract(epoch from (${firstAccept.at} - ${appointments.createdAt}))`,
        rating: sql<string | null>`coalesce(${surveys.items}->>'satisfactionLevel', ${surveys.items}->>'abilityConfidence')`,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.memberId))
      .leftJoin(firstAccept, eq(firstAccept.appointmentId, appointments.id))
      .leftJoin(surveys, and(eq(surveys.appointmentId, appointments.id), inArray(surveys.kind, ['CSAT', 'MHCSAT'])))
      .where(
        and(
          sql`${appointments.createdAt} >= ${q.from.toISOString()}`,
          sql`${appointments.createdAt} < ${q.to.toISOString()}`,
          // A request nobody took up (emptied, expired) is not a consultation.
          notInArray(appointments.state, [...NOT_A_CONSULTATION_STATES]),
          q.organizationId ? eq(users.organizationId, q.organizationId) : undefined,
        ),
      );
    return rows.map((r) => ({
      month: r.month,
      practice: r.practice,
      channel: r.channel,
      waitSeconds: r.waitSeconds === null ? null : Number(r.waitSeconds),
      rating: r.rating === null || Number.isNaN(Number(r.rating)) ? null : Number(r.rating),
    }));
  }
}
