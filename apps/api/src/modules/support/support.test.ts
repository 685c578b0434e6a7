import { SURVEY_GQL, supportInboxSchema, supportRequestSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S, SUPPORT_REPLY_TARGET_HOURS, supportOffered, type OrganizationFlag } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import { createMember, createOrganization, createPhysician, createSessionFor, graphql, insertConsultation, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/** createSurvey (spec 7) with the rules of spec 5, and the admin's inbox (issue 12). */
let t: TestServer;
const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(() => t.close());

interface Answer {
  status: number;
  id?: string;
  code?: string;
  fields?: Record<string, string>;
}
const createSurvey = async (token: string | undefined, data: Record<string, unknown>): Promise<Answer> => {
  const res = await graphql<{ createSurvey: { _id: string } }>(t.url, SURVEY_GQL.createSurvey, { data }, token);
  const error = res.body.errors?.[0]?.extensions?.error as { code: string; fields?: Record<string, string> } | undefined;
  return { status: res.status, id: res.body.data?.createSurvey._id, code: error?.code ?? (res.body.errors?.[0]?.extensions?.code as string | undefined), fields: error?.fields };
};

const VALID_COMPLAINT = (clinician: string) => ({
  clinician,
  reportReasons: ['wait_too_long'],
  shouldFollowUp: true,
  hasHappenedBefore: false,
  confidentialityWaiver: true,
  issueDate: '2026-11-20',
});

describe('the complaint (ComplaintReport)', () => {
  it('every rule of spec 5: clinician of her care, at least one reason, three booleans, the date from 2020-01-01 to today', async () => {
    const ana = await memberWithSession(t.server);
    const coach = await createPhysician(t.server);
    const stranger = await createPhysician(t.server);
    await insertConsultation(t.server, { memberId: ana.user.id, mxDoctorId: coach.id, state: S.S11_FINISHED, status: 'finished' });
    const send = (items: Record<string, unknown>) => createSurvey(ana.token, { type: 'ComplaintReport', memberId: ana.user.id, items });

    expect(await send({ ...VALID_COMPLAINT(coach.id), clinician: '' })).toMatchObject({ code: 'INVALID_DATA', fields: { clinician: 'report_issue_provider_error_message' } });
    expect(await send(VALID_COMPLAINT(stranger.id))).toMatchObject({ code: 'INVALID_DATA', fields: { clinician: 'report_issue_provider_error_message' } });
    expect(await send({ ...VALID_COMPLAINT(coach.id), reportReasons: [] })).toMatchObject({ code: 'INVALID_DATA', fields: { reportReasons: 'consent_dropdown_required_error_message' } });
    expect(await send({ ...VALID_COMPLAINT(coach.id), reportReasons: ['bored'] })).toMatchObject({ code: 'INVALID_DATA' });
    for (const flag of ['shouldFollowUp', 'hasHappenedBefore', 'confidentialityWaiver']) {
      const { [flag]: _dropped, ...rest } = VALID_COMPLAINT(coach.id) as Record<string, unknown>;
      expect(await send(rest)).toMatchObject({ code: 'INVALID_DATA', fields: { [flag]: 'form_missing_fields' } });
    }
    expect(await send({ ...VALID_COMPLAINT(coach.id), issueDate: '2019-12-31' })).toMatchObject({ fields: { issueDate: 'report_issue_date_error' } });
    expect(await send({ ...VALID_COMPLAINT(coach.id), issueDate: '2026-11-24' })).toMatchObject({ fields: { issueDate: 'report_issue_date_error' } });
    expect(await send({ ...VALID_COMPLAINT(coach.id), issueDate: '2020-01-01' })).toMatchObject({ status: 200, id: expect.any(String) });
    // The other fields are optional.
    const ok = await send({ ...VALID_COMPLAINT(coach.id), issueDescription: 'Waited 40 minutes', issueConsequences: ['stress_anxious'] });
    expect(ok.id).toEqual(expect.any(String));
  });

  it('refused without a session, and for another member', async () => {
    const ana = await memberWithSession(t.server);
    const eve = await memberWithSession(t.server);
    const coach = await createPhysician(t.server);
    expect((await createSurvey(undefined, { type: 'ComplaintReport', memberId: ana.user.id, items: VALID_COMPLAINT(coach.id) })).code).toBe('UNAUTHORIZED');
    expect((await createSurvey(eve.token, { type: 'ComplaintReport', memberId: ana.user.id, items: VALID_COMPLAINT(coach.id) })).code).toBe('NOT_FOUND');
    expect(await createSurvey(ana.token, { type: 'complaint', memberId: ana.user.id, items: {} })).toMatchObject({ code: 'INVALID_DATA', fields: { 'data.type': 'invalid_survey_type' } });
  });
});

describe('the support request', () => {
  it('help topic and reason required; the B2B membership topic refused for organization members', async () => {
    const ana = await memberWithSession(t.server);
    const send = (token: string, memberId: string, items: Record<string, unknown>) => createSurvey(token, { type: 'support', memberId, items });
    expect(await send(ana.token, ana.user.id, { reason: 'x' })).toMatchObject({ fields: { helpTopic: 'customer_support_help_topic_error' } });
    expect(await send(ana.token, ana.user.id, { helpTopic: 'account', reason: '  ' })).toMatchObject({ fields: { reason: 'customer_support_reason_error' } });
    expect(await send(ana.token, ana.user.id, { helpTopic: 'made-up', reason: 'x' })).toMatchObject({ fields: { helpTopic: 'customer_support_help_topic_error' } });
    expect((await send(ana.token, ana.user.id, { helpTopic: 'b2b_membership', reason: 'Mi empresa', prefersContactBy: 'WhatsApp' })).id).toEqual(expect.any(String));
    const org = await createOrganization(t.server, { flags: ['SUPPORT_AVAILABLE'] });
    const bea = await memberWithSession(t.server, { organizationId: org.id });
    expect(await send(bea.token, bea.user.id, { helpTopic: 'b2b_membership', reason: 'x' })).toMatchObject({ fields: { helpTopic: 'customer_support_help_topic_error' } });
    expect((await send(bea.token, bea.user.id, { helpTopic: 'account', reason: 'No puedo entrar', prefersContactBy: 'email', moreDetails: 'Desde ayer' })).id).toEqual(expect.any(String));
  });
});

describe('spec 6 SupportAvailable: the server follows the rule the web shows (supportOffered)', () => {
  it.each([
    ['a member with no organization', null, true],
    ['a member of an organization with SupportAvailable', ['SUPPORT_AVAILABLE'], true],
    ['a member of an organization without it', ['SCHEDULING_AVAILABLE'], false],
  ] as [string, OrganizationFlag[] | null, boolean][])('%s: offered %s', async (_who, flags, offered) => {
    const org = flags ? await createOrganization(t.server, { flags }) : null;
    const m = await memberWithSession(t.server, { organizationId: org?.id ?? null });
    // The web's contact-support entry and home tile are drawn from the same rule.
    expect(supportOffered(org ? { settings: flags } : null)).toBe(offered);
    const answer = await createSurvey(m.token, { type: 'support', memberId: m.user.id, items: { helpTopic: 'account', reason: 'No puedo entrar' } });
    if (offered) expect(answer.id).toEqual(expect.any(String));
    else expect(answer.code).toBe('CONFLICT');
  });
});

describe('the satisfaction surveys (spec 5, by practice, spec 6)', () => {
  it('general: satisfactionLevel required (1 to 5), the others optional; once per consultation', async () => {
    const ana = await memberWithSession(t.server);
    const row = await insertConsultation(t.server, { memberId: ana.user.id, practice: 'health', state: S.S11_FINISHED, status: 'finished' });
    const send = (type: string, items: Record<string, unknown>) => createSurvey(ana.token, { type, memberId: ana.user.id, appointmentId: row.id, items });
    expect(await send('general satisfaction', {})).toMatchObject({ fields: { satisfactionLevel: 'form_missing_fields' } });
    expect(await send('general satisfaction', { satisfactionLevel: 0 })).toMatchObject({ fields: { satisfactionLevel: 'form_missing_fields' } });
    expect(await send('general satisfaction', { satisfactionLevel: 6 })).toMatchObject({ code: 'INVALID_DATA' });
    expect(await send('general satisfaction', { satisfactionLevel: 4, serviceRating: 7 })).toMatchObject({ code: 'INVALID_DATA' });
    expect(await send('mental-health satisfaction', { abilityConfidence: 4 })).toMatchObject({ fields: { type: 'invalid_survey_type' } });
    expect(await createSurvey(ana.token, { type: 'general satisfaction', memberId: ana.user.id, items: { satisfactionLevel: 4 } })).toMatchObject({ fields: { appointmentId: 'form_missing_fields' } });
    const ok = await send('general satisfaction', { satisfactionLevel: 4, serviceRating: 'great', futureUsage: 5, comments: 'Muy bien' });
    expect(ok.id).toEqual(expect.any(String));
    expect(await send('general satisfaction', { satisfactionLevel: 5 })).toMatchObject({ code: 'CONFLICT' });
  });

  it('mental health: abilityConfidence required; non-numeric optional ratings become null; only her finished consultations', async () => {
    const ana = await memberWithSession(t.server);
    const eve = await memberWithSession(t.server);
    const row = await insertConsultation(t.server, { memberId: ana.user.id, practice: 'mentalhealth', state: S.S9_ER_ENDS_CALL, status: 'finished' });
    const live = await insertConsultation(t.server, { memberId: ana.user.id, practice: 'mentalhealth', state: S.S3_COACH_JOINS_CALL });
    const canceled = await insertConsultation(t.server, { memberId: ana.user.id, practice: 'mentalhealth', state: S.S12_CANCELED });
    const send = (token: string, memberId: string, appointmentId: string, items: Record<string, unknown>) => createSurvey(token, { type: 'mental-health satisfaction', memberId, appointmentId, items });
    expect(await send(ana.token, ana.user.id, row.id, { explainedConsultation: 5 })).toMatchObject({ fields: { abilityConfidence: 'form_missing_fields' } });
    expect(await send(ana.token, ana.user.id, live.id, { abilityConfidence: 3 })).toMatchObject({ code: 'CONFLICT' });
    expect(await send(ana.token, ana.user.id, canceled.id, { abilityConfidence: 3 })).toMatchObject({ code: 'CONFLICT' });
    expect(await send(eve.token, eve.user.id, row.id, { abilityConfidence: 3 })).toMatchObject({ code: 'NOT_FOUND' });
    const ok = await send(ana.token, ana.user.id, row.id, { abilityConfidence: 3, explainedConsultation: 'n/a', showedEmpathy: 5 });
    expect(ok.id).toEqual(expect.any(String));
    const { surveys } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [stored] = await t.server.database.db.select().from(surveys).where(eq(surveys.id, ok.id!));
    expect(stored!.items).toEqual({ abilityConfidence: 3, explainedConsultation: null, showedEmpathy: 5, culturallyResponsive: null, wasRespectful: null });
    expect(stored!.kind).toBe('MHCSAT');
  });
});

describe("the admin's inbox of complaints and support requests", () => {
  it('lists them with the 48-hour reply target, moves them through new, in progress, answered, closed; 404 for anyone else', async () => {
    const ana = await memberWithSession(t.server, { firstName: 'Ana', lastName: 'Inbox' });
    const admin = await createMember(t.server, { userType: 'admin', firstName: 'Admin' });
    let adminToken = (await createSessionFor(t.server, admin.id)).sessionToken;
    const created = await createSurvey(ana.token, { type: 'support', memberId: ana.user.id, items: { helpTopic: 'account', reason: 'Cambio de correo' } });
    const inbox = async () => {
      const res = await request(t.url, '/api/admin/support/requests', { token: adminToken });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return supportInboxSchema.parse(res.body).requests;
    };
    const mine = (await inbox()).find((r) => r.id === created.id)!;
    expect(mine).toMatchObject({ kind: 'SUPPORT', status: 'new', memberName: 'Ana Inbox', overdue: false, items: { helpTopic: 'account', reason: 'Cambio de correo' } });
    expect(Date.parse(mine.replyDueAt) - Date.parse(mine.createdAt)).toBe(SUPPORT_REPLY_TARGET_HOURS * 3_600_000);

    clock.advance((SUPPORT_REPLY_TARGET_HOURS + 1) * 3_600_000);
    adminToken = (await createSessionFor(t.server, admin.id)).sessionToken; // staff sessions end after 15 idle minutes
    expect((await inbox()).find((r) => r.id === created.id)).toMatchObject({ overdue: true });

    for (const status of ['in_progress', 'answered', 'closed'] as const) {
      const res = await request(t.url, `/api/admin/support/requests/${created.id}`, { method: 'PATCH', token: adminToken, body: { status } });
      expect(supportRequestSchema.parse(res.body)).toMatchObject({ status, overdue: status === 'in_progress' });
    }
    const bad = await request(t.url, `/api/admin/support/requests/${created.id}`, { method: 'PATCH', token: adminToken, body: { status: 'lost' } });
    expect([bad.status, (bad.body as { error: { fields: unknown } }).error.fields]).toEqual([400, { status: 'invalid_status' }]);

    const coach = await createPhysician(t.server);
    const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
    for (const token of [ana.token, coachToken]) {
      expect((await request(t.url, '/api/admin/support/requests', { token })).status).toBe(404);
      expect((await request(t.url, `/api/admin/support/requests/${created.id}`, { method: 'PATCH', token, body: { status: 'closed' } })).status).toBe(404);
    }
    expect((await request(t.url, '/api/admin/support/requests')).status).toBe(401);
    expect((await request(t.url, `/api/admin/support/requests/00000000-0000-4000-8000-000000000000`, { method: 'PATCH', token: adminToken, body: { status: 'closed' } })).status).toBe(404);
    // Reading the inbox is audited (the member's data, read by staff).
    const rows = await t.server.services.audit.forSubject(ana.user.id);
    expect(rows.some((r) => r.actorId === admin.id && r.resource === 'support-request' && r.action === 'read')).toBe(true);
  });
});
