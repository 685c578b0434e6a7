import {
  APPOINTMENT_GQL,
  auditPageSchema,
  adminMemberPageSchema,
  GQL,
  PHYSICIAN_GQL,
  staffMemberSchema,
  staffMfaStepSchema,
  staffPageSchema,
  staffTotpEnrolmentResponseSchema,
  staffTotpVerifyResponseSchema,
  usageReportSchema,
} from '@puente/contracts';
import { APPOINTMENT_STATE as S, STAFF_AUTH } from '@puente/domain';
import { and, eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentEvents, appointments, auditLog, surveys } from '../../db/schema';
import { createMember, createOrganization, createPhysician, createSessionFor, graphql, insertConsultation, openSocket, request, startTestServer, type TestServer } from '../../test';
import { APPOINTMENT_ADMIN_ROUTES } from '../appointments/appointments.routes';
import { MEMBERSHIP_ADMIN_ROUTES } from '../membership/membership.routes';
import { ORGANIZATION_ADMIN_ROUTES } from '../organizations/organizations.routes';
import { SCHEDULING_ADMIN_ROUTES } from '../scheduling/scheduling.routes';
import { SUPPORT_ADMIN_ROUTES } from '../support/support.routes';
import { ADMIN_ROUTES as STAFF_ROUTES } from './admin.routes';

// Every /api/admin route of every module (grep -rn "'/api/admin" apps/api/src/modules).
const ADMIN_ROUTES = [
  ...STAFF_ROUTES,
  ...ORGANIZATION_ADMIN_ROUTES,
  ...APPOINTMENT_ADMIN_ROUTES,
  ...SCHEDULING_ADMIN_ROUTES,
  ...SUPPORT_ADMIN_ROUTES,
  ...MEMBERSHIP_ADMIN_ROUTES,
];

/** The admin console (issue 15): staff, a member's audit log and ledger, the usage report. */
let t: TestServer;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await startTestServer();
  const admin = await createMember(t.server, { userType: 'admin', firstName: 'Ada', lastName: 'Admin', email: `admin.${Math.random().toString(36).slice(2, 8)}@puente.test` });
  adminId = admin.id;
  adminToken = (await createSessionFor(t.server, admin.id)).sessionToken;
});
afterAll(() => t.close());

const email = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@puente.test`;
const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => request(t.url, path, { token: adminToken, ...init });

async function emailCode(to: string): Promise<string> {
  const res = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (res.body as { messages: { body: string }[] }).messages[0]?.body ?? '';
  return /\b(\d{6})\b/.exec(body)![1]!;
}
async function firstFactor(address: string) {
  const start = await request(t.url, '/api/staff/auth/email', { body: { email: address } });
  const { challengeToken } = start.body as { challengeToken: string };
  const res = await request(t.url, '/api/staff/auth/email/verify', { body: { challengeToken, code: await emailCode(address) } });
  return staffMfaStepSchema.parse(res.body);
}
const totpNow = (secret: string) => TOTP.generate({ secret: new TOTP({ secret }).secret, timestamp: t.clock.now().getTime(), period: STAFF_AUTH.totpPeriodSeconds, digits: STAFF_AUTH.totpDigits });
/** The whole staff sign-in: email code, enrolment (first time), TOTP, session. */
async function signInStaff(address: string): Promise<{ token: string; enrolled: boolean }> {
  const step = await firstFactor(address);
  expect(step.enrolmentRequired).toBe(true);
  const { secret } = staffTotpEnrolmentResponseSchema.parse((await request(t.url, '/api/staff/auth/totp/enrolment', { body: { mfaToken: step.mfaToken } })).body);
  const { loginToken } = staffTotpVerifyResponseSchema.parse((await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: step.mfaToken, code: totpNow(secret) } })).body);
  const session = await graphql<{ createSession: { sessionToken: string } }>(t.url, GQL.createSession, { loginToken, timeZone: 'America/Mexico_City' });
  return { token: session.body.data!.createSession.sessionToken, enrolled: step.enrolmentRequired };
}

const newCoach = (overrides: Record<string, unknown> = {}) => ({
  userType: 'mx-physician',
  firstName: 'Lucía',
  lastName: 'Ramos',
  email: email('lucia'),
  preferredLang: 'es',
  languages: ['es', 'en'],
  practice: 'health',
  licenses: [{ state: 'MX', licenseNumber: 'MX-778899' }],
  cedula: '12345678',
  ...overrides,
});

describe('every admin endpoint refuses members and clinicians (404) and anonymous callers (401)', () => {
  const someId = '00000000-0000-4000-8000-000000000001';
  it.each(['member', 'mx-physician', 'us-physician'] as const)('a %s gets 404 on every admin route', async (userType) => {
    const user = userType === 'member' ? await createMember(t.server) : await createPhysician(t.server, { userType });
    const { sessionToken } = await createSessionFor(t.server, user.id);
    const statuses: string[] = [];
    for (const [method, path] of ADMIN_ROUTES) {
      const res = await request(t.url, path.replace(':id', userType === 'member' ? user.id : someId).replace(':exceptionId', someId) + (path === '/api/admin/members' ? '?query=5512345678' : ''), {
        method,
        token: sessionToken,
        body: method === 'GET' || method === 'DELETE' ? undefined : newCoach(),
      });
      statuses.push(`${method} ${path} ${res.status} ${(res.body as { error?: { code?: string } }).error?.code ?? ''}`);
    }
    expect(statuses).toEqual(ADMIN_ROUTES.map(([method, path]) => `${method} ${path} 404 NOT_FOUND`));
  });
  it('no session: 401 on every admin route', async () => {
    const statuses: string[] = [];
    for (const [method, path] of ADMIN_ROUTES) {
      const res = await request(t.url, path.replace(':id', someId).replace(':exceptionId', someId), { method, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      statuses.push(`${method} ${path} ${res.status}`);
    }
    expect(statuses).toEqual(ADMIN_ROUTES.map(([method, path]) => `${method} ${path} 401`));
  });
});

describe('the admin GraphQL operations refuse members and clinicians', () => {
  it("getAppointmentQueue gives no one else the live queue, and cancelAppointment's canceled-by-admin is an admin's only", async () => {
    const member = await createMember(t.server);
    const { sessionToken: memberToken } = await createSessionFor(t.server, member.id);
    const other = await createMember(t.server);
    const live = await insertConsultation(t.server, { memberId: other.id, state: S.S3_COACH_JOINS_CALL });
    const own = await insertConsultation(t.server, { memberId: member.id, state: S.S1_IN_QUEUE_FOR_COACH, status: 'in-progress' });
    const admin = await graphql<{ getAppointmentQueue: { id: string }[] }>(t.url, APPOINTMENT_GQL.getAppointmentQueue, {}, adminToken);
    expect(admin.body.data?.getAppointmentQueue.map((a) => a.id)).toContain(live.id);

    const asMember = await graphql<{ getAppointmentQueue: { id: string }[] }>(t.url, APPOINTMENT_GQL.getAppointmentQueue, {}, memberToken);
    expect(asMember.body.data?.getAppointmentQueue ?? null).toBeNull();
    expect(asMember.body.errors?.[0]?.extensions?.code).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
    for (const userType of ['mx-physician', 'us-physician'] as const) {
      const physician = await createPhysician(t.server, { userType });
      const { sessionToken } = await createSessionFor(t.server, physician.id);
      const queue = await graphql<{ getAppointmentQueue: { id: string }[] }>(t.url, APPOINTMENT_GQL.getAppointmentQueue, {}, sessionToken);
      expect(queue.body.data?.getAppointmentQueue.map((a) => a.id) ?? []).not.toContain(live.id);
    }

    const cancel = await graphql(t.url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: own.id, reason: 'canceled-by-admin' }, memberToken);
    expect(cancel.body.errors?.length).toBeGreaterThan(0);
    const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, own.id));
    expect(row?.state).toBe(S.S1_IN_QUEUE_FOR_COACH);
  });
});

describe("every admin action is audited: the live queue, the coaches and dead-letter lists, an admin's cancellation", () => {
  it('leaves one audit row per read and one for the cancellation, against the member', async () => {
    const rowsOf = (resource: string) => t.server.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, adminId), eq(auditLog.resource, resource)));
    const before = { live: (await rowsOf('live-queue')).length, coaches: (await rowsOf('coach-directory')).length, dead: (await rowsOf('job-queue-dead-letters')).length };
    expect((await api('/api/admin/appointments/live')).status).toBe(200);
    expect((await api('/api/admin/coaches')).status).toBe(200);
    expect((await api('/api/admin/job-queue/dead')).status).toBe(200);
    expect((await rowsOf('live-queue')).length).toBe(before.live + 1);
    expect((await rowsOf('coach-directory')).length).toBe(before.coaches + 1);
    expect((await rowsOf('job-queue-dead-letters')).length).toBe(before.dead + 1);
    expect((await rowsOf('live-queue'))[0]).toMatchObject({ action: 'read', actorRole: 'admin', subjectId: null });

    const member = await createMember(t.server);
    const queued = await insertConsultation(t.server, { memberId: member.id, state: S.S1_IN_QUEUE_FOR_COACH, status: 'in-progress' });
    const res = await graphql<{ cancelAppointment: { state: string } }>(t.url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: queued.id, reason: 'canceled-by-admin' }, adminToken);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.cancelAppointment.state).toBe(S.S12_CANCELED);
    const rows = await t.server.database.db.select().from(auditLog).where(and(eq(auditLog.recordId, queued.id), eq(auditLog.resource, 'appointment')));
    expect(rows).toEqual([expect.objectContaining({ actorId: adminId, actorRole: 'admin', action: 'update', subjectId: member.id, detail: { fields: ['state', 'statusReason'] } })]);
  });
});

describe('staff', () => {
  it('an admin creates a coach with a licence; she signs in, goes available and members see her online', async () => {
    const input = newCoach();
    const res = await api('/api/admin/staff', { body: input });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const coach = staffMemberSchema.parse(res.body);
    expect(coach).toMatchObject({ userType: 'mx-physician', languages: ['es', 'en'], practice: 'health', licenses: [{ state: 'MX', licenseNumber: 'MX-778899' }], cedula: '12345678', totpEnrolled: false });
    const [created] = await t.server.database.db.select().from(auditLog).where(eqRecord(coach.id, 'staff'));
    expect(created).toMatchObject({ actorId: adminId, action: 'create' });

    // In the paged list, filtered by kind and by name.
    const list = staffPageSchema.parse((await api(`/api/admin/staff?userType=mx-physician&search=${encodeURIComponent(input.email)}&page=0&pageSize=10`)).body);
    expect(list.items.map((s) => s.id)).toEqual([coach.id]);
    // Reading the staff list is an admin action too: audited (no member is its subject).
    const reads = await t.server.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, adminId), eq(auditLog.resource, 'staff-directory')));
    expect(reads.length).toBeGreaterThan(0);

    // Not offered before she signs in and switches herself on.
    const member = await createMember(t.server);
    const { sessionToken: memberToken } = await createSessionFor(t.server, member.id);
    const online = async () => ((await request(t.url, '/api/online-physicians', { token: memberToken })).body as { physicians: { id: string }[] }).physicians.map((p) => p.id);
    expect(await online()).not.toContain(coach.id);
    const { token } = await signInStaff(input.email);
    const socket = await openSocket(t.url, token);
    try {
      const set = await graphql(t.url, PHYSICIAN_GQL.setAvailability, { isAvailable: true }, token);
      expect(set.body.errors).toBeUndefined();
      expect(await online()).toContain(coach.id);
    } finally {
      socket.disconnect();
    }
  });

  it('a US doctor needs a US licence; bad input gets catalogue errors with field keys, never a 500', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ userType: 'us-physician', licenses: [] }, { licenses: 'form_missing_fields' }],
      [{ userType: 'us-physician', licenses: [{ state: 'MX', licenseNumber: '1' }] }, { 'licenses.0.state': 'invalid_value' }],
      [{ userType: 'us-physician', licenses: [{ state: 'CA', licenseNumber: '1' }, { state: 'ca', licenseNumber: '2' }] }, { 'licenses.1.state': 'invalid_value' }],
      [{ userType: 'us-physician', licenses: [{ state: 'CA', licenseNumber: '1' }], npi: '123' }, { npi: 'invalid_value' }],
      [{ userType: 'us-physician', licenses: [{ state: 'CA', licenseNumber: '1' }], dea: 'A1234567' }, { dea: 'invalid_value' }],
      [{ cedula: 'abc' }, { cedula: 'invalid_value' }],
      [{ licenses: [{ state: 'TX', licenseNumber: '1' }] }, { 'licenses.0.state': 'invalid_value' }],
      [{ languages: [] }, { languages: 'form_missing_fields' }],
      [{ practice: null }, { practice: 'form_missing_fields' }],
      [{ firstName: '' }, { firstName: 'form_missing_fields' }],
      [{ email: 'nope' }, { email: 'invalid_value' }],
      [{ userType: 'member' }, { userType: 'form_missing_fields' }],
      [{ userType: 'admin', practice: 'health', licenses: [] }, { practice: 'invalid_value' }],
    ];
    for (const [patch, fields] of cases) {
      const res = await api('/api/admin/staff', { body: newCoach(patch) });
      expect([patch, res.status, res.body]).toMatchObject([patch, 400, { error: { code: 'INVALID_DATA', fields } }]);
    }
    expect((await api('/api/admin/staff', { body: 'x' })).status).toBe(400);
    expect((await api('/api/admin/staff?page=-1')).status).toBe(400);
    expect((await api('/api/admin/staff?pageSize=1000')).status).toBe(400);
    // The same email twice: a conflict on the field.
    const once = newCoach();
    expect((await api('/api/admin/staff', { body: once })).status).toBe(201);
    expect((await api('/api/admin/staff', { body: { ...once, email: once.email.toUpperCase() } })).body).toMatchObject({ error: { code: 'CONFLICT', fields: { email: 'admin_staff_email_taken' } } });
    // Unknown staff: 404 (a member's id is not staff).
    expect((await api('/api/admin/staff/not-a-uuid')).status).toBe(404);
    expect((await api(`/api/admin/staff/${(await createMember(t.server)).id}`)).status).toBe(404);
  });

  it('a US doctor is created, her states edited (they decide who she may prescribe for); the change is audited', async () => {
    const created = staffMemberSchema.parse(
      (await api('/api/admin/staff', { body: newCoach({ userType: 'us-physician', practice: 'health', cedula: null, licenses: [{ state: 'CA', licenseNumber: 'A1' }], npi: '1234567890', dea: 'AB1234567' }) })).body,
    );
    expect(created).toMatchObject({ userType: 'us-physician', npi: '1234567890', dea: 'AB1234567', licenses: [{ state: 'CA', licenseNumber: 'A1' }] });
    const res = await api(`/api/admin/staff/${created.id}`, { method: 'PATCH', body: { licenses: [{ state: 'TX', licenseNumber: 'T9' }, { state: 'ny', licenseNumber: 'N1' }], languages: ['en'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(staffMemberSchema.parse(res.body)).toMatchObject({ languages: ['en'], licenses: [{ state: 'NY' }, { state: 'TX' }] });
    // The prescribing rules read the physicians' records: the new states are there at once.
    const record = await t.server.services.physicians.record(created.id);
    expect(record?.licenses.map((l) => l.state).sort()).toEqual(['NY', 'TX']);
    const rows = await t.server.database.db.select().from(auditLog).where(eqRecord(created.id, 'staff'));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update']);
    expect(rows.find((r) => r.action === 'update')?.detail).toEqual({ fields: ['languages', 'licenses'] });
    // Removing every licence of a US doctor is refused.
    expect((await api(`/api/admin/staff/${created.id}`, { method: 'PATCH', body: { licenses: [] } })).body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { licenses: 'form_missing_fields' } } });
    expect((await api(`/api/admin/staff/${created.id}`, { method: 'PATCH', body: { practice: 'surgery' } })).body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { practice: 'invalid_value' } } });
  });

  it('a lost authenticator is reset: her sessions end, the next sign-in enrols again, audited', async () => {
    const address = email('daniel');
    const coach = staffMemberSchema.parse((await api('/api/admin/staff', { body: newCoach({ email: address }) })).body);
    const { token } = await signInStaff(address);
    expect((await api(`/api/admin/staff/${coach.id}`)).body).toMatchObject({ totpEnrolled: true });
    expect((await request(t.url, '/api/online-physicians', { token })).status).toBe(200);

    const reset = await api(`/api/admin/staff/${coach.id}/reset-authenticator`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ revokedSessions: 1 });
    expect((await request(t.url, '/api/online-physicians', { token })).status).toBe(401);
    expect((await api(`/api/admin/staff/${coach.id}`)).body).toMatchObject({ totpEnrolled: false });
    const [row] = await t.server.database.db.select().from(auditLog).where(eqRecord(coach.id, 'staff-authenticator'));
    expect(row).toMatchObject({ actorId: adminId, action: 'update', detail: { fields: ['totp', 'sessions'] } });
    // She enrols a new authenticator and is in again (after the email code's resend wait).
    t.clock.advance(5 * 60_000);
    const again = await signInStaff(address);
    expect(again.enrolled).toBe(true);
  });
});

describe("a member's audit log and ledger", () => {
  it('found by phone or id; reading is itself audited; other records 404', async () => {
    const ana = await createMember(t.server, { firstName: 'Ana', phoneNumber: '+525598765432', countryCode: '52' });
    const coach = await createPhysician(t.server);
    await t.server.services.audit.record({ actor: coach, action: 'read', resource: 'medical-record', subjectId: ana.id, recordId: 'r1' });
    t.clock.advance(1000);

    for (const query of ['5598765432', '+52 55 9876 5432', ana.id]) {
      const found = adminMemberPageSchema.parse((await api(`/api/admin/members?query=${encodeURIComponent(query)}`)).body);
      expect(found.items.map((m) => m.id)).toEqual([ana.id]);
      t.clock.advance(1000);
    }
    const misses = async () => (await t.server.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, adminId), eq(auditLog.resource, 'member-search')))).length;
    const before = await misses();
    expect(adminMemberPageSchema.parse((await api('/api/admin/members?query=5500000000')).body).items).toEqual([]);
    expect(await misses()).toBe(before + 1);
    expect((await api('/api/admin/members?query=ana')).body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { query: 'admin_member_query_invalid' } } });
    expect((await api('/api/admin/members')).body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { query: 'form_missing_fields' } } });

    const log = auditPageSchema.parse((await api(`/api/admin/members/${ana.id}/audit?page=0&pageSize=50`)).body);
    // Newest first: this very read, the lookups, then the coach's read.
    expect(log.items[0]).toMatchObject({ actorId: adminId, actorName: 'Ada Admin', action: 'read', resource: 'audit-log' });
    expect(log.items.filter((e) => e.resource === 'member-directory')).toHaveLength(3);
    expect(log.items.at(-1)).toMatchObject({ actorId: coach.id, resource: 'medical-record', recordId: 'r1' });
    expect(log.total).toBe(5);
    const page2 = auditPageSchema.parse((await api(`/api/admin/members/${ana.id}/audit?page=1&pageSize=2`)).body);
    expect(page2.items).toHaveLength(2);

    // The ledger (membership's endpoint), also audited.
    t.clock.advance(1000);
    const ledger = await api(`/api/admin/members/${ana.id}/entitlements`);
    expect(ledger.status).toBe(200);
    const after = auditPageSchema.parse((await api(`/api/admin/members/${ana.id}/audit`)).body);
    expect(after.items.map((e) => e.resource)).toContain('entitlements');

    expect((await api(`/api/admin/members/${coach.id}/audit`)).status).toBe(404);
    expect((await api('/api/admin/members/nope/audit')).status).toBe(404);
    expect((await api(`/api/admin/members/${ana.id}/audit?pageSize=0`)).status).toBe(400);
  });

  it("names the staff who read her record, never the member in her own rows (actors read in one batch, issue 9)", async () => {
    const bea = await createMember(t.server, { firstName: 'Bea', lastName: 'Private' });
    const coach = await createPhysician(t.server);
    await t.server.services.audit.recordOwnChange({ actor: bea, action: 'update', resource: 'member-address', subjectId: bea.id, fields: ['address'] });
    t.clock.advance(1000);
    await t.server.services.audit.record({ actor: coach, action: 'read', resource: 'medical-record', subjectId: bea.id, recordId: 'r2' });
    t.clock.advance(1000);
    await t.server.services.audit.record({ actor: 'system', action: 'update', resource: 'member', subjectId: bea.id });
    t.clock.advance(1000);
    const log = auditPageSchema.parse((await api(`/api/admin/members/${bea.id}/audit`)).body);
    expect(log.items.map((e) => [e.actorId, e.actorName, e.resource])).toEqual([
      [adminId, 'Ada Admin', 'audit-log'],
      [null, null, 'member'],
      [coach.id, `${coach.firstName} ${coach.lastName}`, 'medical-record'],
      [bea.id, null, 'member-address'],
    ]);
  });
});

describe('usage report', () => {
  it('by month, practice and channel, with waits and satisfaction; small counts suppressed; per organization', async () => {
    const org = await createOrganization(t.server);
    const other = await createOrganization(t.server);
    const members = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => createMember(t.server, { organizationId: org.id })));
    const outsider = await createMember(t.server, { organizationId: other.id });
    const db = t.server.database.db;
    const base = new Date('2026-09-10T15:00:00Z');
    // Six finished video consultations in September, accepted after 1..6 minutes, five rated.
    for (let i = 0; i < 6; i++) {
      const a = await insertConsultation(t.server, { memberId: members[i]!.id, state: S.S11_FINISHED, status: 'finished', createdAt: base, startDate: base });
      await db.insert(appointmentEvents).values({ appointmentId: a.id, fromState: S.S1_IN_QUEUE_FOR_COACH, toState: S.S2_COACH_IS_REVIEWING, actorRole: 'mx-physician', at: new Date(base.getTime() + (i + 1) * 60_000) });
      if (i < 5) await db.insert(surveys).values({ kind: 'CSAT', memberId: members[i]!.id, appointmentId: a.id, items: { satisfactionLevel: i === 0 ? 3 : 5 }, createdAt: base, updatedAt: base });
    }
    // Two chats in October, one emptied request that is not a consultation, one of another organization.
    for (const m of [members[5]!, members[6]!]) await insertConsultation(t.server, { memberId: m.id, channel: 'chat', state: S.S11_FINISHED, createdAt: new Date('2026-10-02T12:00:00Z') });
    await insertConsultation(t.server, { memberId: members[6]!.id, state: S.EMPTY, createdAt: new Date('2026-10-03T12:00:00Z') });
    await insertConsultation(t.server, { memberId: outsider.id, createdAt: new Date('2026-10-03T12:00:00Z') });

    const res = await api(`/api/admin/usage?organizationId=${org.id}&from=2026-09&to=2026-10`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = usageReportSchema.parse(res.body);
    expect(report.rows).toEqual([
      { month: '2026-09', practice: 'health', channel: 'video-call', consultations: 6, medianWaitMinutes: 3.5, surveys: 5, satisfaction: 4.6 },
      { month: '2026-10', practice: 'health', channel: 'chat', consultations: '<5', medianWaitMinutes: null, surveys: 0, satisfaction: null },
    ]);
    // The October chats ("<5") are left out of the totals: 6, not 8, or the total would give them away.
    expect(report.totals).toEqual({ consultations: 6, medianWaitMinutes: 3.5, surveys: 5, satisfaction: 4.6 });
    expect(report.totalsExcludeHidden).toBe(true);
    const shownSum = report.rows.reduce((n, r) => n + (typeof r.consultations === 'number' ? r.consultations : 0), 0);
    expect(report.totals.consultations).toBe(shownSum);
    // Nothing personal leaves: no ids, no names, no notes.
    const text = JSON.stringify({ ...report, organizationId: null });
    expect(text).not.toMatch(/memberId|firstName|phone|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/i);

    // The other organization alone: one consultation, hidden in its row and so left out of the totals.
    const theirs = usageReportSchema.parse((await api(`/api/admin/usage?organizationId=${other.id}&from=2026-09&to=2026-10`)).body);
    expect(theirs.rows.map((r) => r.consultations)).toEqual(['<5']);
    expect([theirs.totals.consultations, theirs.totalsExcludeHidden]).toEqual([0, true]);
    // Overall includes both.
    const overall = usageReportSchema.parse((await api('/api/admin/usage?from=2026-09&to=2026-10')).body);
    expect(overall.totals.consultations).not.toBe('<5');
    expect(Number(overall.totals.consultations)).toBeGreaterThanOrEqual(6);

    for (const q of ['from=2026-13', 'from=2026-10&to=2026-09', 'from=2020-01&to=2026-01', 'organizationId=abc']) {
      expect((await api(`/api/admin/usage?${q}`)).body).toMatchObject({ error: { code: 'INVALID_DATA' } });
    }
  });
});

function eqRecord(subjectId: string, resource: string) {
  return and(eq(auditLog.subjectId, subjectId), eq(auditLog.resource, resource));
}
