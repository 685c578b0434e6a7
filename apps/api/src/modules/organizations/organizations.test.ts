import { APPOINTMENT_GQL, GQL, ORGANIZATION_GQL, SCHEDULING_GQL, employerCodeOrganizationsSchema, memberSchema, organizationSchema, rosterReportSchema, themeConfigSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYER_CODE_LOOKUPS } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { entitlementEvents, organizationPartners, organizationRosterEntries, organizationSites } from '../../db/schema';
import { createControlledClock } from '../../lib/clock';
import { appointmentData, createMember, createOrganization, createPhysician, createSessionFor, graphql, loginByPhone, memberWithSession, randomMxPhone, readLatestCode, request, startTestServer, type TestServer } from '../../test';

/** Issue 15: employer codes, a member's organization and sites, partner themes, eligibility rosters. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const subscriptionOf = async (token: string) => {
  const res = await graphql<{ getMember: { subscription: unknown; organizationId: string | null } }>(t.url, GQL.getMember, {}, token);
  return res.body.data?.getMember;
};
const errorOf = (body: unknown) => (body as { error: { code: string; fields?: Record<string, string> } }).error;
const addSites = async (organizationId: string, names: string[]) =>
  t.server.database.db
    .insert(organizationSites)
    .values(names.map((name) => ({ organizationId, name })))
    .returning();

describe('employer code lookup (GET /api/employer-code/{code}/organizations)', () => {
  it('names the organization of a known code in any case; an unknown or disabled code is an empty list', async () => {
    const org = await createOrganization(t.server, { name: 'Lookup Co', code: 'LOOK2026' });
    await createOrganization(t.server, { name: 'Closed Co', code: 'CLOSED26', enabled: false });
    const ok = await request(t.url, '/api/employer-code/look2026/organizations', { headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(employerCodeOrganizationsSchema.parse(ok.body)).toEqual({ organizations: [{ id: org.id, name: 'Lookup Co', code: 'LOOK2026' }] });
    for (const code of ['NOPE', 'CLOSED26', '%20']) {
      const res = await request(t.url, `/api/employer-code/${code}/organizations`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ organizations: [] });
    }
  });

  it('is rate limited: guessing codes is slowed to 20 a quarter hour per address', async () => {
    const t2 = await startTestServer({ config: { trustProxy: true } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await request(t2.url, `/api/employer-code/GUESS${i}/organizations`)).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await t2.close();
    }
  });
});

describe("a member's organization", () => {
  it('a member enters a code and is linked: the employer benefit is granted; leaving ends it (employer benefit ended)', async () => {
    const org = await createOrganization(t.server, { name: 'Linked Co', code: 'LINK2026', flags: ['SCHEDULING_AVAILABLE'] });
    const ana = await memberWithSession(t.server);

    const bad = await request(t.url, `/api/users/${ana.user.id}/employer-code/WRONG1`, { method: 'PATCH', token: ana.token });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: 'INVALID_DATA', fields: { code: 'employer_code_form_error_invalid' } });

    const ok = await request(t.url, `/api/users/${ana.user.id}/employer-code/link2026`, { method: 'PATCH', token: ana.token });
    expect(ok.status).toBe(200);
    expect(memberSchema.parse(ok.body)).toMatchObject({ organizationId: org.id, organization: { id: org.id, name: 'Linked Co', settings: ['SCHEDULING_AVAILABLE'] } });
    expect(await subscriptionOf(ana.token)).toMatchObject({ organizationId: org.id, subscription: { type: 'employer', status: 'active', organizationName: 'Linked Co', endReason: null } });

    const left = await graphql<{ unlinkOrganizationFromMember: unknown }>(t.url, ORGANIZATION_GQL.unlinkOrganizationFromMember, { memberId: ana.user.id }, ana.token);
    expect(memberSchema.parse(left.body.data?.unlinkOrganizationFromMember)).toMatchObject({ organizationId: null, organization: null });
    expect(await subscriptionOf(ana.token)).toMatchObject({ organizationId: null, subscription: { type: 'employer', status: 'expired', endReason: 'employer-benefit-ended' } });
  });

  it('changing organization ends the old benefit and grants the new one', async () => {
    const a = await createOrganization(t.server, { name: 'First Co' });
    const b = await createOrganization(t.server, { name: 'Second Co' });
    const m = await memberWithSession(t.server);
    expect((await request(t.url, `/api/users/${m.user.id}/employer-code/${a.code}`, { method: 'PATCH', token: m.token })).status).toBe(200);
    const moved = await request(t.url, `/api/users/${m.user.id}/employer-code/${b.code}`, { method: 'PATCH', token: m.token });
    expect(memberSchema.parse(moved.body)).toMatchObject({ organizationId: b.id });
    expect(await subscriptionOf(m.token)).toMatchObject({ subscription: { type: 'employer', status: 'active', organizationName: 'Second Co' } });
  });

  it('refuses without a session, for another member, for staff, and for an unknown organization', async () => {
    const org = await createOrganization(t.server);
    const ana = await memberWithSession(t.server);
    const bob = await memberWithSession(t.server);
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
    expect((await request(t.url, `/api/users/${ana.user.id}/employer-code/${org.code}`, { method: 'PATCH' })).status).toBe(401);
    expect((await request(t.url, `/api/users/${ana.user.id}/employer-code/${org.code}`, { method: 'PATCH', token: bob.token })).status).toBe(404);
    expect((await request(t.url, `/api/users/${coach.id}/employer-code/${org.code}`, { method: 'PATCH', token: coachToken })).status).toBe(404);
    expect((await request(t.url, `/api/users/${ana.user.id}/organizations/${crypto.randomUUID()}`, { method: 'PATCH', token: ana.token })).status).toBe(404);
    expect((await request(t.url, `/api/users/${ana.user.id}/organizations/not-a-uuid`, { method: 'PATCH', token: ana.token })).status).toBe(404);
    const other = await graphql(t.url, ORGANIZATION_GQL.unlinkOrganizationFromMember, { memberId: ana.user.id }, bob.token);
    expect(other.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('PATCH …/employer-code is throttled per member (not per address): after the limit even a valid code is LIMIT_EXCEEDED, another member is not held back', async () => {
    const org = await createOrganization(t.server, { name: 'Throttle Co' });
    const ana = await memberWithSession(t.server);
    const bob = await memberWithSession(t.server);
    const patch = (who: { user: { id: string }; token: string }, code: string) => request(t.url, `/api/users/${who.user.id}/employer-code/${code}`, { method: 'PATCH', token: who.token });
    const statuses: number[] = [];
    for (let i = 0; i < EMPLOYER_CODE_LOOKUPS.perIp; i++) statuses.push((await patch(ana, `WRONG${i}`)).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
    const held = await patch(ana, org.code!);
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({ error: { code: 'LIMIT_EXCEEDED' } });
    expect((held.body as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds).toBeGreaterThan(0);
    expect(await subscriptionOf(ana.token)).toMatchObject({ organizationId: null });
    // Same address, another member: her own allowance.
    expect((await patch(bob, org.code!)).status).toBe(200);
  });

  it('joining by id (a partner link) is for partner organizations only: an employer needs its code; throttled per member', async () => {
    const employer = await createOrganization(t.server, { name: 'Secret Employer' });
    const partner = await createOrganization(t.server, { name: 'Partner Co' });
    await t.server.database.db.insert(organizationPartners).values({ organizationId: partner.id, partnerId: 'p-link', partnerName: 'Partner Co', colors: { primary: '#112233', secondary: '#445566' } });
    const ana = await memberWithSession(t.server);
    const byId = (orgId: string, token = ana.token) => request(t.url, `/api/users/${ana.user.id}/organizations/${orgId}`, { method: 'PATCH', token });

    const refused = await byId(employer.id);
    expect([refused.status, (refused.body as { error: { code: string } }).error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await subscriptionOf(ana.token)).toMatchObject({ organizationId: null });
    const joined = await byId(partner.id);
    expect(joined.status).toBe(200);
    expect(memberSchema.parse(joined.body)).toMatchObject({ organizationId: partner.id });

    // Guessing ids is throttled like codes: after the limit, LIMIT_EXCEEDED with a retry time.
    let last = joined;
    for (let i = 0; i < EMPLOYER_CODE_LOOKUPS.perIp && last.status !== 429; i++) last = await byId(crypto.randomUUID());
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ error: { code: 'LIMIT_EXCEEDED' } });
    expect((last.body as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('signing in through an employer code (/register-employer-code-success -> /login?empCode=)', () => {
  it('an existing member without an organization joins it; one already in an organization keeps hers', async () => {
    const org = await createOrganization(t.server, { name: 'Sign-in Co' });
    const other = await createOrganization(t.server, { name: 'Other Co' });
    const loneMember = await createMember(t.server);
    const member = await createMember(t.server, { organizationId: other.id });
    const signIn = async (phone: string) => {
      const sent = await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone, language: 'es', empCode: org.code } });
      const { pwdlessToken } = sent.body as { pwdlessToken: string };
      const code = await readLatestCode(t.url, phone);
      const verified = await request(t.url, '/api/auth/pwdless/verify', { body: { code, pwdlessToken, empCode: org.code } });
      const session = await graphql<{ createSession: { member: { organizationId: string | null } } }>(t.url, GQL.createSession, { loginToken: (verified.body as { loginToken: string }).loginToken, timeZone: 'America/Mexico_City' });
      return session.body.data?.createSession.member.organizationId;
    };
    expect(await signIn(loneMember.phoneNumber!)).toBe(org.id);
    expect(await signIn(member.phoneNumber!)).toBe(other.id);
  });
});

describe('signing up through a link (/login?orgId=): the id joins a partner only (the rule of PATCH organizations/{orgId})', () => {
  const signUp = async (orgId: string, phone = randomMxPhone()) => {
    const sent = await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone, language: 'es', organisationId: orgId } });
    const { pwdlessToken } = sent.body as { pwdlessToken: string };
    const code = await readLatestCode(t.url, phone);
    const verified = await request(t.url, '/api/auth/pwdless/verify', { body: { code, pwdlessToken, orgId } });
    expect(verified.body).toMatchObject({ status: 'new_account_created' });
    const session = await graphql<{ createSession: { member: { organizationId: string | null } } }>(t.url, GQL.createSession, { loginToken: (verified.body as { loginToken: string }).loginToken, timeZone: 'America/Mexico_City' });
    return session.body.data?.createSession.member.organizationId;
  };
  const partnerOrganization = async (values: { enabled?: boolean } = {}) => {
    const org = await createOrganization(t.server, { name: 'Link Partner', ...values });
    await t.server.database.db.insert(organizationPartners).values({ organizationId: org.id, partnerId: `p-${org.id.slice(0, 8)}`, partnerName: 'Link Partner', colors: { primary: '#112233', secondary: '#445566' } });
    return org;
  };

  it("a partner's id joins it; an employer's id without its code, an unknown id or a disabled partner's id joins nothing", async () => {
    const partner = await partnerOrganization();
    expect(await signUp(partner.id)).toBe(partner.id);
    const employer = await createOrganization(t.server, { name: 'Employer By Id' });
    expect(await signUp(employer.id)).toBeNull();
    expect(await signUp(crypto.randomUUID())).toBeNull();
    expect(await signUp('not-an-id')).toBeNull();
    expect(await signUp((await partnerOrganization({ enabled: false })).id)).toBeNull();
  });

  it("an employer's id with a roster that lists her phone: she joins through the roster", async () => {
    const employer = await createOrganization(t.server, { name: 'Roster By Id' });
    const phone = randomMxPhone();
    await t.server.database.db.insert(organizationRosterEntries).values({ organizationId: employer.id, matchKey: `phone:${phone}`, phoneNumber: phone, addedAt: t.server.clock.now() });
    expect(await signUp(employer.id, phone)).toBe(employer.id);
  });
});

describe('getOrganization and sites', () => {
  it('a member reads her organization (sites, partner, home page, dependant organizations); another organization is NOT_FOUND', async () => {
    const family = await createOrganization(t.server, { name: 'Family of Sites Co' });
    const org = await createOrganization(t.server, { name: 'Sites Co', homePageUrl: 'https://sites.example.com', settings: { dependantOrganizations: [family.id] } });
    // A child organization is not a dependant organization (spec 3: parentOrganizationId and dependantOrganizations are two fields).
    await createOrganization(t.server, { name: 'Branch of Sites Co', parentOrganizationId: org.id });
    const stranger = await createOrganization(t.server);
    const m = await memberWithSession(t.server, { organizationId: org.id });
    const res = await graphql<{ getOrganization: unknown }>(t.url, ORGANIZATION_GQL.getOrganization, { organizationId: org.id }, m.token);
    expect(organizationSchema.parse(res.body.data?.getOrganization)).toMatchObject({ id: org.id, homePageUrl: 'https://sites.example.com', sites: [], dependantOrganizations: [family.id], partner: null, organizationSite: null });
    const denied = await graphql(t.url, ORGANIZATION_GQL.getOrganization, { organizationId: stranger.id }, m.token);
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('the site change: only with more than one site, organizationSite required and one of hers', async () => {
    const single = await createOrganization(t.server);
    await addSites(single.id, ['Only']);
    const lonely = await memberWithSession(t.server, { organizationId: single.id });
    const [site] = await t.server.database.db.select().from(organizationSites);
    expect((await request(t.url, `/api/users/${lonely.user.id}/organization-site`, { method: 'PATCH', token: lonely.token, body: { organizationSite: site!.id } })).status).toBe(404);

    const org = await createOrganization(t.server);
    const [north, south] = await addSites(org.id, ['Norte', 'Sur']);
    const otherOrg = await createOrganization(t.server);
    const [foreign] = await addSites(otherOrg.id, ['Elsewhere']);
    const m = await memberWithSession(t.server, { organizationId: org.id });
    const change = (body: unknown, token = m.token) => request(t.url, `/api/users/${m.user.id}/organization-site`, { method: 'PATCH', token, body });

    for (const body of [{}, { organizationSite: '' }, { organizationSite: foreign!.id }]) {
      const res = await change(body);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'INVALID_DATA', fields: { organizationSite: 'change_organization_site_missing_fields' } });
    }
    // getOptionsFor(organizationSites): her sites as options, none chosen yet; an unknown list is INVALID_DATA.
    const options = async () => (await graphql<{ getOptionsFor: { value: string; label: string; defaultOption: boolean }[] }>(t.url, ORGANIZATION_GQL.getOptionsFor, { name: 'organizationSites' }, m.token)).body;
    expect((await options()).data?.getOptionsFor.map((o) => [o.label, o.defaultOption])).toEqual([['Norte', false], ['Sur', false]]);
    const unknownList = await graphql(t.url, ORGANIZATION_GQL.getOptionsFor, { name: 'salaries' }, m.token);
    expect(unknownList.body.errors?.[0]?.extensions?.error).toMatchObject({ code: 'INVALID_DATA', fields: { name: 'options_name_invalid' } });
    const ok = await change({ organizationSite: south!.id });
    expect((await options()).data?.getOptionsFor.find((o) => o.defaultOption)?.value).toBe(south!.id);
    expect(organizationSchema.parse(ok.body)).toMatchObject({ sites: [{ id: north!.id, name: 'Norte' }, { id: south!.id, name: 'Sur' }], organizationSite: south!.id });
    const bob = await memberWithSession(t.server, { organizationId: org.id });
    expect((await change({ organizationSite: north!.id }, bob.token)).status).toBe(404);
    // Leaving the organization drops her site with it.
    await graphql(t.url, ORGANIZATION_GQL.unlinkOrganizationFromMember, { memberId: m.user.id }, m.token);
    await request(t.url, `/api/users/${m.user.id}/employer-code/${org.code}`, { method: 'PATCH', token: m.token });
    const again = await graphql<{ getOrganization: { organizationSite: string | null } }>(t.url, ORGANIZATION_GQL.getOrganization, { organizationId: org.id }, m.token);
    expect(again.body.data?.getOrganization.organizationSite).toBeNull();
  });
});

describe('organization settings the server enforces (one row per flag it decides)', () => {
  const ask = async (token: string, practice: 'health' | 'mentalhealth') => {
    const res = await graphql(t.url, APPOINTMENT_GQL.createAppointment, { data: appointmentData({ practice }), returnNewDocument: true }, token);
    return res.body.errors?.[0]?.extensions?.error as { code: string; fields?: Record<string, string> } | undefined;
  };
  it.each([
    [['PHYSICAL_HEALTH_AVAILABLE'], 'mentalhealth', true],
    [['PHYSICAL_HEALTH_AVAILABLE'], 'health', false],
    [['MENTAL_HEALTH_AVAILABLE'], 'health', true],
    [['MENTAL_HEALTH_AVAILABLE'], 'mentalhealth', false],
    [[], 'health', false],
    [[], 'mentalhealth', false],
  ] as const)('an organization with %o: %s refused = %s', async (flags, practice, refused) => {
    const org = await createOrganization(t.server, { flags: [...flags] });
    const m = await memberWithSession(t.server, { organizationId: org.id });
    const error = await ask(m.token, practice);
    if (refused) expect(error).toMatchObject({ code: 'INVALID_DATA', fields: { practice: 'practice_not_available' } });
    else expect(error?.fields?.practice).toBeUndefined();
  });
});

describe('VOICE_REMINDERS: a spoken reminder through the telephony interface', () => {
  it('rings the member of an organization with voice reminders 5 minutes before; not a member of one without', async () => {
    const calls: { to: string; language: string; message: string; reference: string }[] = [];
    const telephony = {
      placeCall: async () => ({ placed: false, callId: null }),
      placeVoiceReminder: async (input: { to: string; language: 'es' | 'en'; message: string; reference: string }) => {
        calls.push(input);
        return { placed: true, callId: `call-${calls.length}` };
      },
    };
    const clock = createControlledClock(new Date('2026-11-23T14:00:00Z'));
    const t3 = await startTestServer({ clock, providers: { telephony } });
    try {
      const voice = await createOrganization(t3.server, { flags: ['SCHEDULING_AVAILABLE', 'VOICE_REMINDERS'] });
      const quiet = await createOrganization(t3.server, { flags: ['SCHEDULING_AVAILABLE'] });
      const coach = await createPhysician(t3.server, { hours: { starts: '09:00', ends: '12:00', slotMinutes: 45 }, isAvailable: false });
      const ana = await memberWithSession(t3.server, { organizationId: voice.id, firstName: 'Ana' });
      const bea = await memberWithSession(t3.server, { organizationId: quiet.id, firstName: 'Bea' });
      const book = async (token: string, startDate: string) => {
        const res = await graphql<{ scheduleAppointment: { id: string } }>(t3.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: coach.id, language: 'es', startDate, timezone: 'America/Mexico_City' } }, token);
        expect(res.body.errors).toBeUndefined();
        return res.body.data!.scheduleAppointment.id;
      };
      const anaBooking = await book(ana.token, '2026-11-24T15:00:00.000Z');
      await book(bea.token, '2026-11-24T15:45:00.000Z');
      await t3.server.services.scheduling.runDue();
      expect(calls).toEqual([]); // only the join reminder is spoken
      clock.set(new Date('2026-11-24T14:55:00Z'));
      await t3.server.services.scheduling.runDue();
      clock.set(new Date('2026-11-24T15:40:00Z'));
      await t3.server.services.scheduling.runDue();
      expect(calls).toEqual([{ to: ana.user.phoneNumber, language: 'es', message: expect.stringContaining('empieza en 5 minutos') as string, reference: anaBooking }]);
      expect(calls[0]!.message).toContain(coach.firstName ?? '');
    } finally {
      await t3.close();
    }
  });
});

describe('partner theme (GET /api/organizations/{id}/theme-config)', () => {
  it("answers the partner's colours without a session; an organization without a partner is NOT_FOUND", async () => {
    const org = await createOrganization(t.server, { name: 'Partner Co', homePageUrl: 'https://sol.example.com' });
    await t.server.database.db.insert(organizationPartners).values({ organizationId: org.id, partnerId: 'p-1', partnerName: 'Farmacias Sol', colors: { primary: '#ffcc00', secondary: '#0055aa' } });
    const res = await request(t.url, `/api/organizations/${org.id}/theme-config`);
    expect(themeConfigSchema.parse(res.body)).toEqual({ partnerId: 'p-1', partnerName: 'Farmacias Sol', colors: { primary: '#ffcc00', secondary: '#0055aa', background: null }, homePageUrl: 'https://sol.example.com' });
    const plain = await createOrganization(t.server);
    expect((await request(t.url, `/api/organizations/${plain.id}/theme-config`)).status).toBe(404);
    expect((await request(t.url, '/api/organizations/nope/theme-config')).status).toBe(404);
  });

  it("tells a member whether her organization has a partner (the app asks for a theme only then)", async () => {
    const org = await createOrganization(t.server, { name: 'Partner Co' });
    await t.server.database.db.insert(organizationPartners).values({ organizationId: org.id, partnerId: 'p-2', partnerName: 'Farmacias Sol', colors: { primary: '#ffcc00', secondary: '#0055aa' } });
    const plain = await createOrganization(t.server);
    const organizationOf = async (organizationId: string) => {
      const m = await createMember(t.server, { phoneNumber: randomMxPhone(), organizationId });
      const res = await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, (await createSessionFor(t.server, m.id)).sessionToken);
      return memberSchema.parse(res.body.data?.getMember).organization;
    };
    expect((await organizationOf(org.id))?.partner).toEqual({ partnerId: 'p-2', partnerName: 'Farmacias Sol' });
    expect((await organizationOf(plain.id))?.partner).toBeNull();
  });
});

describe('eligibility rosters (POST /api/admin/organizations/{id}/roster)', () => {
  const upload = (token: string | undefined, orgId: string, csv: string, mode = 'full') =>
    request(t.url, `/api/admin/organizations/${orgId}/roster?mode=${mode}`, { method: 'POST', token, rawBody: csv, headers: { 'content-type': 'text/csv' } });

  it('admins only: members and clinicians get NOT_FOUND, no session 401', async () => {
    const org = await createOrganization(t.server);
    const m = await memberWithSession(t.server);
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    expect((await upload(undefined, org.id, 'phone\n+525512345678\n')).status).toBe(401);
    expect((await upload(m.token, org.id, 'phone\n+525512345678\n')).status).toBe(404);
    expect((await upload((await createSessionFor(t.server, coach.id)).sessionToken, org.id, 'phone\n')).status).toBe(404);
  });

  it('a bad file changes nothing and reports every bad row (never a 500)', async () => {
    const org = await createOrganization(t.server);
    const admin = await createMember(t.server, { userType: 'admin' });
    const token = (await createSessionFor(t.server, admin.id)).sessionToken;
    const report = rosterReportSchema.parse((await upload(token, org.id, 'telefono,id\n+52 55 1111 2222,\n12345,\n,\n')).body);
    expect(report).toMatchObject({ applied: false, added: 0 });
    expect(report.errors).toEqual([
      { row: 3, field: 'phoneNumber', message: 'roster_phone_invalid' },
      { row: 4, field: 'phoneNumber', message: 'roster_identity_required' },
    ]);
    expect(rosterReportSchema.parse((await upload(token, org.id, 'name,email\nAna,a@b.c\n')).body).errors).toEqual([{ row: 1, field: 'file', message: 'roster_header_invalid' }]);
    expect(rosterReportSchema.parse((await upload(token, org.id, 'phone,id\n"+525511112222,x\n')).body).errors[0]).toMatchObject({ field: 'file', message: 'roster_file_invalid' });
    expect(rosterReportSchema.parse((await upload(token, org.id, 'phone,action\n+525511112222,term\n', 'full')).body).errors).toEqual([{ row: 2, field: 'action', message: 'roster_action_invalid' }]);
    expect((await upload(token, org.id, 'phone\n', 'sometimes')).status).toBe(400);
  });

  it('a listed member joins on sign-in; a full file ends the benefit of members no longer listed; an add/term file only its rows', async () => {
    const org = await createOrganization(t.server, { name: 'Roster Co' });
    const admin = await createMember(t.server, { userType: 'admin' });
    const token = (await createSessionFor(t.server, admin.id)).sessionToken;
    const [p1, p2, p3] = [randomMxPhone(), randomMxPhone(), randomMxPhone()];
    const idMember = await createMember(t.server, { identificationNumber: 'EMP-77' });

    const first = rosterReportSchema.parse((await upload(token, org.id, `Teléfono,Identification number\n${p1},\n${p2},\n,EMP-77\n`)).body);
    expect(first).toMatchObject({ applied: true, rows: 3, added: 3, terminated: 0, membersEnded: 0, errors: [] });

    // A listed phone joins on sign-in (a new account too), an identification number as well.
    const one = await loginByPhone(t.url, p1);
    expect(one.member.organizationId).toBe(org.id);
    expect(await subscriptionOf(one.sessionToken)).toMatchObject({ subscription: { type: 'employer', organizationName: 'Roster Co' } });
    const two = await loginByPhone(t.url, p2);
    const byId = (await createSessionFor(t.server, idMember.id)).member;
    expect(byId.organizationId).toBe(org.id);
    // Not listed: no organization.
    expect((await loginByPhone(t.url, p3)).member.organizationId).toBeNull();

    // add/term: only its rows (p2 termed, p3 added); p1 and EMP-77 untouched.
    const delta = rosterReportSchema.parse((await upload(token, org.id, `phone,action\n${p2},term\n${p3},add\n`, 'delta')).body);
    expect(delta).toMatchObject({ applied: true, added: 1, terminated: 1, membersEnded: 1 });
    // She signed up as a listed employee (no trial of her own): the employer benefit ends and nothing else answers.
    expect(await subscriptionOf(two.sessionToken)).toMatchObject({ organizationId: null });
    const twoEvents = await t.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, two.member.id));
    expect(twoEvents.map((e) => [e.source, e.kind])).toEqual([
      ['employer', 'granted'],
      ['employer', 'ended'],
    ]);
    expect(await subscriptionOf(one.sessionToken)).toMatchObject({ organizationId: org.id });

    // A full file listing only p1: EMP-77 loses the benefit (end-dated); p1 keeps it.
    const full = rosterReportSchema.parse((await upload(token, org.id, `phone\n${p1}\n`)).body);
    expect(full).toMatchObject({ applied: true, added: 0, terminated: 2, membersEnded: 1 });
    expect(await subscriptionOf((await createSessionFor(t.server, idMember.id)).sessionToken)).toMatchObject({ organizationId: null, subscription: { endReason: 'employer-benefit-ended' } });
    expect(await subscriptionOf(one.sessionToken)).toMatchObject({ organizationId: org.id, subscription: { status: 'active' } });
    // Every removal by the admin is in the member's audit log.
    expect((await t.server.services.audit.forSubject(idMember.id)).map((r) => [r.action, r.resource])).toContainEqual(['update', 'organization-membership']);

    // Entries are end-dated, never deleted: every row of the three files is still there.
    const entries = await t.server.database.db.select().from(organizationRosterEntries).where(eq(organizationRosterEntries.organizationId, org.id));
    const byKey = new Map(entries.map((e) => [e.phoneNumber ?? e.identificationNumber, e]));
    expect(entries).toHaveLength(4);
    expect(byKey.get(p1)).toMatchObject({ terminatedAt: null });
    for (const ended of [p2, p3, 'EMP-77']) expect(byKey.get(ended)?.terminatedAt, ended).toBeInstanceOf(Date);
    expect(byKey.get(p2)!.addedAt.getTime()).toBeLessThanOrEqual(byKey.get(p2)!.terminatedAt!.getTime());
  });
});
