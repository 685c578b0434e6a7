import { APPOINTMENT_GQL, adminOrganizationPageSchema, adminOrganizationSchema, adminTopicTemplatesSchema, employerCodeOrganizationsSchema, GQL, memberSchema, ORGANIZATION_GQL, organizationSchema, themeConfigSchema } from '@puente/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberOrganizationSites, organizations } from '../../db/schema';
import { createMember, createOrganization, createPhysician, createSessionFor, graphql, insertConsultation, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/** Issue 15: the admin console's organizations (create, edit, list), audited and for admins only. */
let t: TestServer;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await startTestServer();
  const admin = await createMember(t.server, { userType: 'admin', firstName: 'Olga', lastName: 'Admin', email: `org.admin.${Math.random().toString(36).slice(2, 8)}@puente.test` });
  adminId = admin.id;
  adminToken = (await createSessionFor(t.server, admin.id)).sessionToken;
});
afterAll(() => t.close());

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => request(t.url, path, { token: adminToken, ...init });
const uniqueCode = () => `ORG${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
const auditRows = (recordId: string) =>
  t.server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordId, recordId), eq(auditLog.resource, 'organization')));

describe('an admin creates an organization', () => {
  it('with a code, sites, partner theme, home page, topics template and dependant organizations; a member then joins by the code', async () => {
    const family = await createOrganization(t.server, { name: 'Acme Family' });
    const templates = adminTopicTemplatesSchema.parse((await api('/api/admin/topic-templates')).body);
    expect(templates.items.length).toBeGreaterThan(0);
    const code = uniqueCode();
    const res = await api('/api/admin/organizations', {
      body: {
        name: '  Acme Salud ',
        code,
        type: 'employer',
        homePageUrl: 'https://acme.example.com',
        settings: ['SCHEDULING_AVAILABLE', 'SUPPORT_AVAILABLE'],
        sites: [{ name: 'Monterrey' }, { name: 'CDMX' }],
        partner: { partnerId: 'acme', partnerName: 'Acme', colors: { primary: '#FFCC00', secondary: 'abc' } },
        topicsTemplateId: templates.items[0]!.id,
        dependantOrganizations: [family.id],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const org = adminOrganizationSchema.parse(res.body);
    expect(org).toMatchObject({
      name: 'Acme Salud',
      code,
      type: 'employer',
      enabled: true,
      homePageUrl: 'https://acme.example.com',
      settings: ['SCHEDULING_AVAILABLE', 'SUPPORT_AVAILABLE'],
      partner: { partnerId: 'acme', partnerName: 'Acme', colors: { primary: '#ffcc00', secondary: '#aabbcc' } },
      topicsTemplateId: templates.items[0]!.id,
      dependantOrganizations: [family.id],
      members: 0,
    });
    expect(org.sites.map((s) => s.name)).toEqual(['CDMX', 'Monterrey']);
    expect((await auditRows(org.id)).map((r) => [r.actorId, r.action])).toEqual([[adminId, 'create']]);

    // The code works for a member at once, the partner's theme is served, and her organization carries the settings.
    const lookup = employerCodeOrganizationsSchema.parse((await request(t.url, `/api/employer-code/${code.toLowerCase()}/organizations`)).body);
    expect(lookup.organizations).toEqual([{ id: org.id, name: 'Acme Salud', code }]);
    const ana = await memberWithSession(t.server);
    expect((await request(t.url, `/api/users/${ana.user.id}/employer-code/${code}`, { method: 'PATCH', token: ana.token })).status).toBe(200);
    const me = memberSchema.parse((await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, ana.token)).body.data?.getMember);
    expect(me.organization).toMatchObject({ id: org.id, settings: ['SCHEDULING_AVAILABLE', 'SUPPORT_AVAILABLE'], dependantOrganizations: [family.id] });
    expect(themeConfigSchema.parse((await request(t.url, `/api/organizations/${org.id}/theme-config`)).body)).toMatchObject({ partnerId: 'acme', homePageUrl: 'https://acme.example.com' });
    expect(adminOrganizationSchema.parse((await api(`/api/admin/organizations/${org.id}`)).body).members).toBe(1);
  });

  it('bad input gets catalogue keys per field, a taken code (any case) a conflict, never a 500', async () => {
    const taken = await createOrganization(t.server, { code: uniqueCode() });
    const cases: [Record<string, unknown>, number, Record<string, string>][] = [
      [{ name: '' }, 400, { name: 'form_missing_fields' }],
      [{ name: 'X', code: 'has space' }, 400, { code: 'admin_organization_code_invalid' }],
      [{ name: 'X', homePageUrl: 'http://plain.example.com' }, 400, { homePageUrl: 'admin_organization_url_invalid' }],
      [{ name: 'X', settings: ['NOT_A_FLAG'] }, 400, { 'settings.0': 'invalid_value' }],
      [{ name: 'X', partner: { partnerId: 'p', partnerName: 'P', colors: { primary: 'red', secondary: '#000' } } }, 400, { 'partner.colors.primary': 'theme_color_invalid' }],
      [{ name: 'X', parentOrganizationId: '00000000-0000-4000-8000-000000000009' }, 400, { parentOrganizationId: 'invalid_value' }],
      [{ name: 'X', dependantOrganizations: ['00000000-0000-4000-8000-000000000009'] }, 400, { 'dependantOrganizations.0': 'invalid_value' }],
      [{ name: 'X', topicsTemplateId: 'nope' }, 400, { topicsTemplateId: 'invalid_value' }],
      [{ name: 'X', sites: [{ name: 'A' }, { name: 'a' }] }, 400, { 'sites.1.name': 'admin_organization_site_duplicate' }],
      [{ name: 'X', code: taken.code!.toLowerCase() }, 409, { code: 'admin_organization_code_taken' }],
    ];
    for (const [body, status, fields] of cases) {
      const res = await api('/api/admin/organizations', { body });
      expect([body, res.status, res.body]).toMatchObject([body, status, { error: { fields } }]);
    }
    expect((await api('/api/admin/organizations', { body: 'x' })).status).toBe(400);
    expect((await api('/api/admin/organizations/not-a-uuid')).status).toBe(404);
    expect((await api('/api/admin/organizations/00000000-0000-4000-8000-000000000009', { method: 'PATCH', body: { name: 'Y' } })).status).toBe(404);
  });
});

describe('an admin edits an organization', () => {
  it("OFFERS_PRODUCTS: the admin lists the organization's products; the coach's consultation note carries them; bad products are field errors", async () => {
    const created = await api('/api/admin/organizations', { body: { name: 'Productos Co', settings: ['OFFERS_PRODUCTS'], products: [{ id: 'vit-d', title: ' Vitamina D ' }] } });
    expect(created.status).toBe(201);
    const org = adminOrganizationSchema.parse(created.body);
    expect(org.products).toEqual([{ id: 'vit-d', title: 'Vitamina D' }]);

    const m = await memberWithSession(t.server, { organizationId: org.id });
    const coach = await createPhysician(t.server);
    const consultation = await insertConsultation(t.server, { memberId: m.user.id, mxDoctorId: coach.id });
    const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
    const noteProducts = async () =>
      (await graphql<{ getConsultationNoteForMember: { partnerProducts: unknown } }>(t.url, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: consultation.id, memberId: m.user.id }, coachToken)).body.data?.getConsultationNoteForMember
        .partnerProducts;
    expect(await noteProducts()).toEqual([{ id: 'vit-d', title: 'Vitamina D' }]);

    // Editing the list replaces it; editing something else keeps it.
    const edited = await api(`/api/admin/organizations/${org.id}`, { method: 'PATCH', body: { products: [{ id: 'omega', title: 'Omega 3' }] } });
    expect(adminOrganizationSchema.parse(edited.body).products).toEqual([{ id: 'omega', title: 'Omega 3' }]);
    const renamed = await api(`/api/admin/organizations/${org.id}`, { method: 'PATCH', body: { name: 'Productos Co 2', settings: ['OFFERS_PRODUCTS', 'SUPPORT_AVAILABLE'] } });
    expect(adminOrganizationSchema.parse(renamed.body).products).toEqual([{ id: 'omega', title: 'Omega 3' }]);
    expect(await noteProducts()).toEqual([{ id: 'omega', title: 'Omega 3' }]);

    for (const [products, fields] of [
      [[{ id: 'a', title: '' }], { 'products.0.title': 'form_missing_fields' }],
      [[{ id: 'a', title: 'A' }, { id: 'a', title: 'B' }], { 'products.1.id': 'admin_organization_product_duplicate' }],
      ['nope', { products: 'invalid_value' }],
    ] as const) {
      const res = await api(`/api/admin/organizations/${org.id}`, { method: 'PATCH', body: { products } });
      expect([res.status, res.body]).toMatchObject([400, { error: { code: 'INVALID_DATA', fields } }]);
    }
  });

  it("dependant organizations: the admin's list is the one truth; getOrganization and getMember read it, child organizations do not count", async () => {
    const [familyA, familyB] = [await createOrganization(t.server, { name: 'Family A' }), await createOrganization(t.server, { name: 'Family B' })];
    const org = adminOrganizationSchema.parse((await api('/api/admin/organizations', { body: { name: 'Truth Co', code: uniqueCode(), dependantOrganizations: [familyA.id] } })).body);
    // A branch under it (parentOrganizationId) is another relation, not where dependants go.
    expect((await api('/api/admin/organizations', { body: { name: 'Truth Co Branch', parentOrganizationId: org.id } })).status).toBe(201);
    const ana = await memberWithSession(t.server, { organizationId: org.id });
    const seen = async () => ({
      getOrganization: organizationSchema.parse((await graphql<{ getOrganization: unknown }>(t.url, ORGANIZATION_GQL.getOrganization, { organizationId: org.id }, ana.token)).body.data?.getOrganization).dependantOrganizations,
      getMember: memberSchema.parse((await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, ana.token)).body.data?.getMember).organization?.dependantOrganizations,
      admin: adminOrganizationSchema.parse((await api(`/api/admin/organizations/${org.id}`)).body).dependantOrganizations,
    });
    expect(await seen()).toEqual({ getOrganization: [familyA.id], getMember: [familyA.id], admin: [familyA.id] });
    expect((await api(`/api/admin/organizations/${org.id}`, { method: 'PATCH', body: { dependantOrganizations: [familyB.id] } })).status).toBe(200);
    expect(await seen()).toEqual({ getOrganization: [familyB.id], getMember: [familyB.id], admin: [familyB.id] });
    expect((await api(`/api/admin/organizations/${org.id}`, { method: 'PATCH', body: { dependantOrganizations: [] } })).status).toBe(200);
    expect(await seen()).toEqual({ getOrganization: [], getMember: [], admin: [] });
  });

  it('renames and adds sites, turns flags off, changes the partner and parent; a site a member chose is not removed; audited with the fields', async () => {
    const parent = await createOrganization(t.server, { name: 'Holding' });
    const created = adminOrganizationSchema.parse(
      (await api('/api/admin/organizations', { body: { name: 'Edit Co', code: uniqueCode(), settings: ['SUPPORT_AVAILABLE', 'MINIMAL_ONBOARDING'], sites: [{ name: 'Norte' }, { name: 'Sur' }] } })).body,
    );
    const [norte, sur] = created.sites as [{ id: string; name: string }, { id: string; name: string }];
    const res = await api(`/api/admin/organizations/${created.id}`, {
      method: 'PATCH',
      body: { settings: ['MINIMAL_ONBOARDING'], sites: [{ id: norte.id, name: 'Norte 2' }, { name: 'Centro' }], parentOrganizationId: parent.id, enabled: false, partner: null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = adminOrganizationSchema.parse(res.body);
    expect(edited).toMatchObject({ name: 'Edit Co', settings: ['MINIMAL_ONBOARDING'], parentOrganizationId: parent.id, enabled: false, partner: null });
    expect(edited.sites.map((s) => s.name)).toEqual(['Centro', 'Norte 2']);
    expect(edited.sites.find((s) => s.name === 'Norte 2')?.id).toBe(norte.id);
    expect(edited.sites.some((s) => s.id === sur.id)).toBe(false);
    // A flag stored in the settings map's other spelling is turned off too.
    await t.server.database.db.update(organizations).set({ settings: { SupportAvailable: true } }).where(eq(organizations.id, created.id));
    expect(adminOrganizationSchema.parse((await api(`/api/admin/organizations/${created.id}`)).body).settings).toContain('SUPPORT_AVAILABLE');
    await api(`/api/admin/organizations/${created.id}`, { method: 'PATCH', body: { settings: [] } });
    expect(adminOrganizationSchema.parse((await api(`/api/admin/organizations/${created.id}`)).body).settings).toEqual([]);

    // A parent cannot be the organization itself or one of its children.
    expect((await api(`/api/admin/organizations/${created.id}`, { method: 'PATCH', body: { parentOrganizationId: created.id } })).body).toMatchObject({ error: { fields: { parentOrganizationId: 'invalid_value' } } });
    expect((await api(`/api/admin/organizations/${parent.id}`, { method: 'PATCH', body: { parentOrganizationId: created.id } })).body).toMatchObject({ error: { fields: { parentOrganizationId: 'invalid_value' } } });

    // A member chose "Norte 2": removing it is refused and nothing changes.
    const member = await createMember(t.server, { organizationId: created.id });
    await t.server.database.db.insert(memberOrganizationSites).values({ memberId: member.id, organizationId: created.id, siteId: norte.id });
    const refused = await api(`/api/admin/organizations/${created.id}`, { method: 'PATCH', body: { name: 'Renamed', sites: [] } });
    expect(refused.body).toMatchObject({ error: { code: 'CONFLICT', fields: { sites: 'admin_organization_site_in_use' } } });
    expect(adminOrganizationSchema.parse((await api(`/api/admin/organizations/${created.id}`)).body)).toMatchObject({ name: 'Edit Co' });

    const updates = (await auditRows(created.id)).filter((r) => r.action === 'update');
    expect(updates[0]?.detail).toEqual({ fields: ['enabled', 'parentOrganizationId', 'settings', 'sites', 'partner'] });
  });

  it('the list is paged on the server and searched by name or code; reading it is audited', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    for (let i = 0; i < 3; i++) await createOrganization(t.server, { name: `Paged ${tag} ${i}` });
    const first = adminOrganizationPageSchema.parse((await api(`/api/admin/organizations?search=${tag}&page=0&pageSize=2`)).body);
    const second = adminOrganizationPageSchema.parse((await api(`/api/admin/organizations?search=${tag}&page=1&pageSize=2`)).body);
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((o) => o.name)).size).toBe(3);
    expect((await api('/api/admin/organizations?pageSize=1000')).status).toBe(400);
    const reads = await t.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, adminId), eq(auditLog.resource, 'organization-directory')));
    expect(reads.length).toBeGreaterThan(0);
  });
});
