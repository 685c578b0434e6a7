import {
  adminPageQuerySchema,
  createStaffSchema,
  memberSearchQuerySchema,
  staffListQuerySchema,
  updateStaffSchema,
  usageQuerySchema,
  type AdminMemberPage,
  type AuditPage,
  type CreateStaff,
  type ResetAuthenticatorResult,
  type StaffMemberDto,
  type StaffPage,
  type UsageReport,
} from '@puente/contracts';
import { FORM_MISSING_FIELDS, INVALID_VALUE_KEY, isUuid, licenseStatesFor, type StaffType } from '@puente/domain';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Clock } from '../../lib/clock';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import type { StaffAuthService } from '../staff-auth/staff-auth.service';
import type { SupportService } from '../support/support.service';
import { presentAdminMember, presentAuditEntry, presentStaff, type StaffRecord } from './admin.presenter';
import { buildUsageReport, monthRange, type UsageFact } from './admin.usage';

export interface AdminServiceDeps {
  db: Db;
  /**
   * The console owns no table (issue 9): accounts are the members module's, professional profiles
   * and licences the physicians', authenticators staff-auth's, consultations the appointments',
   * surveys support's, the audit log audit's. Lists are read in batches by ids, never one by one.
   */
  members: Pick<MembersService, 'staffPage' | 'findStaffById' | 'staffEmailTaken' | 'createStaff' | 'update' | 'searchMembers' | 'memberExists' | 'accounts' | 'memberIdsOfOrganization'>;
  physicians: Pick<PhysiciansService, 'credentialsOf' | 'setCredentials' | 'replaceLicenses'>;
  staffAuth: Pick<StaffAuthService, 'enrolledAmong' | 'forgetAuthenticator'>;
  appointments: Pick<AppointmentsService, 'consultationFacts'>;
  support: Pick<SupportService, 'mainRatings'>;
  audit: AuditService;
  clock: Clock;
  /** Ends a user's sessions (auth service) in the caller's transaction; returns their ids. */
  revokeSessionsOfUser: (userId: string, now: Date, tx: Db) => Promise<string[]>;
  /** Closes the sockets and cached lookups of revoked sessions on every node. */
  disconnectSession: (sessionId: string) => void;
  /** Coaches and doctors are cached for the member lists: dropped after a change. */
  physiciansChanged: () => void;
}

interface StaffFields {
  userType: StaffType;
  languages: readonly string[];
  practice: string | null;
  licenses: readonly { state: string; licenseNumber: string }[];
  npi?: string | null;
  dea?: string | null;
}

/** What each staff kind must and may carry; INVALID_DATA with field keys otherwise. */
function checkStaffFields(f: StaffFields): void {
  const fields: Record<string, string> = {};
  const clinician = f.userType !== 'admin';
  if (clinician && f.languages.length === 0) fields.languages = FORM_MISSING_FIELDS;
  if (clinician && !f.practice) fields.practice = FORM_MISSING_FIELDS;
  if (!clinician && f.practice) fields.practice = INVALID_VALUE_KEY;
  const allowed = licenseStatesFor(f.userType);
  const seen = new Set<string>();
  f.licenses.forEach((l, i) => {
    if (!allowed.includes(l.state) || seen.has(l.state)) fields[`licenses.${i}.state`] = INVALID_VALUE_KEY;
    seen.add(l.state);
  });
  // spec 001 §6: a US doctor prescribes only where licensed; without a licence she cannot be asked in.
  if (f.userType === 'us-physician' && f.licenses.length === 0) fields.licenses = FORM_MISSING_FIELDS;
  if (f.userType !== 'us-physician' && (f.npi || f.dea)) {
    if (f.npi) fields.npi = INVALID_VALUE_KEY;
    if (f.dea) fields.dea = INVALID_VALUE_KEY;
  }
  if (Object.keys(fields).length > 0) throw new AppError('INVALID_DATA', { fields });
}

/**
 * The admin console (issue 15): staff accounts, a member's audit log, the usage report. Every
 * method answers admins only, anyone else NOT_FOUND (the console does not exist for them), and
 * every action leaves an audit row.
 */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  private admin(actor: Actor): Actor {
    // A scoped session (a guest link) is never an admin's console.
    if (actor.userType !== 'admin' || actor.sessionScope) throw new AppError('NOT_FOUND');
    return actor;
  }

  /** An admin changing her own staff record is audited too (record() skips one's own rows). */
  private async auditUpdate(entry: AuditEntry & { action: 'update'; subjectId: string }, tx: Db): Promise<void> {
    if (entry.actor !== 'system' && entry.actor.id === entry.subjectId) await this.deps.audit.recordOwnChange(entry, tx);
    else await this.deps.audit.record(entry, tx);
  }

  private async staffOr404(id: string): Promise<StaffRecord> {
    const user = isUuid(id) ? await this.deps.members.findStaffById(id) : undefined;
    if (!user) throw new AppError('NOT_FOUND');
    return (await this.withDetails([user]))[0]!;
  }

  /** Each staff account with its professional profile, licences and authenticator (three queries for any number). */
  private async withDetails(people: UserRow[]): Promise<StaffRecord[]> {
    if (people.length === 0) return [];
    const ids = people.map((p) => p.id);
    const [credentials, enrolled] = await Promise.all([this.deps.physicians.credentialsOf(ids), this.deps.staffAuth.enrolledAmong(ids)]);
    return people.map((user) => ({ user, profile: credentials.get(user.id)?.profile, licenses: credentials.get(user.id)?.licenses ?? [], totpEnrolled: enrolled.has(user.id) }));
  }

  async listStaff(actor: Actor, query: unknown): Promise<StaffPage> {
    this.admin(actor);
    const q = parseWith(staffListQuerySchema, query);
    const { rows, total } = await this.deps.members.staffPage({ userType: q.userType, search: q.search || undefined, offset: q.page * q.pageSize, limit: q.pageSize });
    const records = await this.withDetails(rows);
    await this.deps.audit.record({ actor, action: 'read', resource: 'staff-directory', fields: ['name', 'email', 'licenses'] });
    return { items: records.map(presentStaff), total };
  }

  async getStaff(actor: Actor, id: string): Promise<StaffMemberDto> {
    this.admin(actor);
    const record = await this.staffOr404(id);
    await this.deps.audit.record({ actor, action: 'read', resource: 'staff', subjectId: id });
    return presentStaff(record);
  }

  async createStaff(actor: Actor, body: unknown): Promise<StaffMemberDto> {
    this.admin(actor);
    const input: CreateStaff = parseWith(createStaffSchema, body);
    checkStaffFields(input);
    if (await this.deps.members.staffEmailTaken(input.email)) throw new AppError('CONFLICT', { fields: { email: 'admin_staff_email_taken' } });
    const now = this.deps.clock.now();
    const id = await this.deps.db.transaction(async (tx) => {
      const user = await this.deps.members.createStaff(
        {
        userType: input.userType,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        preferredLang: input.preferredLang,
        consultationLang: input.preferredLang,
        languages: [...input.languages],
        practice: input.practice,
        // Staff never pass member onboarding (spec 6); the terms are the employment contract's.
        agreedTosAt: now,
        loginType: 'staff',
        loginTypes: ['staff'],
        createdAt: now,
        updatedAt: now,
        },
        tx,
      );
      if (input.userType !== 'admin') {
        // Not available until she signs in and switches herself on (spec 3 isAvailable is hers).
        await this.deps.physicians.setCredentials(user.id, { cedula: input.cedula ?? null, npi: input.npi ?? null, dea: input.dea ?? null }, now, tx);
        await this.deps.physicians.replaceLicenses(user.id, input.licenses, now, tx);
      }
      await this.deps.audit.record({ actor, action: 'create', resource: 'staff', subjectId: user.id, fields: ['userType', 'name', 'email', 'languages', 'practice', 'licenses', 'cedula', 'npi', 'dea'] }, tx);
      return user.id;
    }).catch((error: unknown) => {
      // Two admins creating the same email at once: the second is told, not a 500.
      if (error instanceof AppError) throw error;
      if (String((error as { code?: unknown }).code) === '23505') throw new AppError('CONFLICT', { fields: { email: 'admin_staff_email_taken' } });
      throw error;
    });
    if (input.userType !== 'admin') this.deps.physiciansChanged();
    return presentStaff(await this.staffOr404(id));
  }

  async updateStaff(actor: Actor, id: string, body: unknown): Promise<StaffMemberDto> {
    this.admin(actor);
    const current = await this.staffOr404(id);
    const changes = parseWith(updateStaffSchema, body);
    const userType = current.user.userType as StaffType;
    checkStaffFields({
      userType,
      languages: changes.languages ?? current.user.languages,
      practice: changes.practice !== undefined ? changes.practice : current.user.practice,
      licenses: changes.licenses ?? current.licenses,
      npi: changes.npi !== undefined ? changes.npi : current.profile?.npi,
      dea: changes.dea !== undefined ? changes.dea : current.profile?.dea,
    });
    const changed = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
    if (changed.length === 0) return presentStaff(current);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const { firstName, lastName, preferredLang, languages, practice } = changes;
      await this.deps.members.update(
        id,
        {
        ...(firstName !== undefined && { firstName }),
        ...(lastName !== undefined && { lastName }),
        ...(preferredLang !== undefined && { preferredLang, consultationLang: preferredLang }),
        ...(languages !== undefined && { languages: [...languages] }),
        ...(practice !== undefined && { practice }),
        updatedAt: now,
        },
        tx,
      );
      if (userType !== 'admin') {
        const professional = { ...(changes.cedula !== undefined && { cedula: changes.cedula }), ...(changes.npi !== undefined && { npi: changes.npi }), ...(changes.dea !== undefined && { dea: changes.dea }) };
        if (Object.keys(professional).length > 0) await this.deps.physicians.setCredentials(id, professional, now, tx);
        if (changes.licenses) await this.deps.physicians.replaceLicenses(id, changes.licenses, now, tx);
      }
      await this.auditUpdate({ actor, action: 'update', resource: 'staff', subjectId: id, fields: changed }, tx);
    });
    if (userType !== 'admin') this.deps.physiciansChanged();
    return presentStaff(await this.staffOr404(id));
  }

  /**
   * A lost authenticator: the secret is forgotten (the next sign-in enrols a new one), open
   * sign-in tickets end, every session of hers is revoked and her sockets close. Audited.
   */
  async resetAuthenticator(actor: Actor, id: string): Promise<ResetAuthenticatorResult> {
    this.admin(actor);
    await this.staffOr404(id);
    const now = this.deps.clock.now();
    const revoked = await this.deps.db.transaction(async (tx) => {
      await this.deps.staffAuth.forgetAuthenticator(id, now, tx);
      const sessions = await this.deps.revokeSessionsOfUser(id, now, tx);
      // subjectId is the staff member whose credential it is; the actor may be herself.
      await this.auditUpdate({ actor, action: 'update', resource: 'staff-authenticator', subjectId: id, fields: ['totp', 'sessions'] }, tx);
      return sessions;
    });
    for (const sessionId of revoked) this.deps.disconnectSession(sessionId);
    return { revokedSessions: revoked.length };
  }

  /** Members by id or phone; each one found is an audited read. */
  async findMembers(actor: Actor, query: unknown): Promise<AdminMemberPage> {
    this.admin(actor);
    const q = parseWith(memberSearchQuerySchema, query);
    const text = q.query.trim();
    const digits = text.replace(/\D/g, '');
    const search = isUuid(text)
      ? { id: text.toLowerCase() }
      : digits.length >= 10 && digits.length <= 13 && /^[+\d\s().-]+$/.test(text)
        ? { phone: `+${digits}`, digits: digits.length === 10 ? digits : undefined }
        : undefined;
    if (!search) throw new AppError('INVALID_DATA', { fields: { query: 'admin_member_query_invalid' } });
    const { rows, total } = await this.deps.members.searchMembers({ ...search, offset: q.page * q.pageSize, limit: q.pageSize });
    // The search itself leaves a trace even when it finds no one (never the phone typed: ids only).
    if (rows.length === 0) await this.deps.audit.record({ actor, action: 'read', resource: 'member-search' });
    for (const row of rows) await this.deps.audit.record({ actor, action: 'read', resource: 'member-directory', subjectId: row.id, fields: ['firstName', 'lastName', 'phoneNumber'] });
    return { items: rows.map(presentAdminMember), total };
  }

  /** A member's audit log, newest first; reading it is itself recorded (and shown). */
  async memberAudit(actor: Actor, memberId: string, query: unknown): Promise<AuditPage> {
    this.admin(actor);
    const q = parseWith(adminPageQuerySchema, query);
    if (!isUuid(memberId) || !(await this.deps.members.memberExists(memberId))) throw new AppError('NOT_FOUND');
    await this.deps.audit.record({ actor, action: 'read', resource: 'audit-log', subjectId: memberId });
    const { rows, total } = await this.deps.audit.pageForSubject(memberId, q.page * q.pageSize, q.pageSize);
    // A member's own name is not repeated in her log: only staff readers are named (one query for the page).
    const actors = new Map((await this.deps.members.accounts(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))).map((u) => [u.id, u]));
    return {
      items: rows.map((r) => {
        const by = r.actorId ? actors.get(r.actorId) : undefined;
        const named = by && by.userType !== 'member';
        return presentAuditEntry({ ...r, actorFirstName: named ? by.firstName : null, actorLastName: named ? by.lastName : null });
      }),
      total,
    };
  }

  /** Usage per organization (or overall): aggregates only, small counts suppressed. */
  async usage(actor: Pick<UserRow, 'id' | 'userType'> & { sessionScope?: Actor['sessionScope'] }, query: unknown): Promise<UsageReport> {
    if (actor.userType !== 'admin' || actor.sessionScope) throw new AppError('NOT_FOUND');
    const q = parseWith(usageQuerySchema, query);
    const range = monthRange(q.from, q.to, this.deps.clock.now());
    if (!range) throw new AppError('INVALID_DATA', { fields: { from: INVALID_VALUE_KEY } });
    const facts = await this.usageFacts({ organizationId: q.organizationId, from: range.start, to: range.end });
    await this.deps.audit.record({ actor, action: 'read', resource: 'usage-report', recordId: q.organizationId ?? 'all' });
    return buildUsageReport(facts, { organizationId: q.organizationId ?? null, from: range.from, to: range.to });
  }

  /** The consultations of the range (one organization's members', when named) with their satisfaction rating. */
  private async usageFacts(q: { organizationId?: string; from: Date; to: Date }): Promise<UsageFact[]> {
    const memberIds = q.organizationId ? await this.deps.members.memberIdsOfOrganization(q.organizationId) : undefined;
    const consultations = await this.deps.appointments.consultationFacts({ from: q.from, to: q.to, memberIds });
    const ratings = await this.deps.support.mainRatings(consultations.map((c) => c.appointmentId));
    return consultations.map((c) => ({ month: c.month, practice: c.practice, channel: c.channel, waitSeconds: c.waitSeconds, rating: ratings.get(c.appointmentId) ?? null }));
  }
}
