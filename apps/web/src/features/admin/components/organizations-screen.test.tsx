import type { AdminOrganizationDto } from '@puente/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { apiError, installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const admin = {
  ...member({ id: 'adm_1', firstName: 'Admin', lastName: 'Puente', userType: 'admin' }),
  nickName: null, birthday: null, sex: null, gender: null, address: null, height: null, weight: null,
  heightMetricSystem: true, weightMetricSystem: true, alergies: [], medications: [], medicalConditions: [], surgeries: [],
  preferredContactMethod: null, topicsOfInterest: [], identificationNumber: null,
  labConsent: { wasInfoProvided: 'not_asked', updatedAt: null }, healthScreeningConsentAt: null, insuranceInfo: null,
  hasInsurance: null, pharmacy: null, emailVerifiedAt: null, organization: null, agreedTosAt: '2026-01-01T00:00:00.000Z',
};

const acme: AdminOrganizationDto = {
  id: '11111111-1111-4111-8111-111111111111', name: 'Acme', code: 'ACME1', type: 'employer', enabled: true, parentOrganizationId: null,
  homePageUrl: null, settings: ['SUPPORT_AVAILABLE'], sites: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Norte' }], partner: null,
  topicsTemplateId: null, dependantOrganizations: [], products: [], members: 12, createdAt: '2026-01-01T00:00:00.000Z',
};

const installServer = (answers: { create?: (body: unknown) => { status: number; body: unknown } } = {}) => {
  const fake = installFakeFetch((call: FakeCall) => {
    if (call.url.startsWith('/api/admin/organizations?')) return { status: 200, body: { items: [acme], total: 1 } };
    if (call.url === '/api/admin/topic-templates') return { status: 200, body: { items: [{ id: 'default', name: 'Default', isDefault: true }] } };
    if (call.url === '/api/admin/organizations' && call.method === 'POST') return answers.create?.(call.body) ?? { status: 201, body: { ...acme, id: '33333333-3333-4333-8333-333333333333', name: (call.body as { name: string }).name } };
    if (call.url === `/api/admin/organizations/${acme.id}` && call.method === 'PATCH') return { status: 200, body: acme };
    if (call.url.startsWith(`/api/admin/organizations/${acme.id}/roster`)) {
      return { status: 200, body: { mode: 'full', applied: false, rows: 2, added: 0, terminated: 0, membersEnded: 0, errors: [{ row: 3, field: 'phoneNumber', message: 'roster_phone_invalid' }] } };
    }
    if (call.url !== '/api/graphql') return undefined;
    const { query } = call.body as { query: string };
    if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: admin } } };
    return undefined;
  });
  setSessionToken('st_admin');
  return fake;
};

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('admin console: organizations', () => {
  it('lists organizations and creates one with a code, a flag and a site (the API receives the shared schema input)', async () => {
    const server = installServer();
    renderApp('/admin/organizaciones');
    const grid = await screen.findByTestId('admin-org-grid');
    await waitFor(() => expect(grid.getAttribute('data-count')).toBe('1'));
    expect(await within(grid).findByText('Acme')).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Administración · Organizaciones'));

    fireEvent.click(screen.getByTestId('admin-org-new'));
    await screen.findByTestId('admin-org-form');
    // The schema's own rules run before anything is sent.
    type('admin-org-code', 'con espacio');
    fireEvent.click(screen.getByTestId('admin-org-save'));
    expect(await screen.findByText('Solo letras, números, - y _')).toBeTruthy();
    expect(await screen.findByText('Completa los campos obligatorios.')).toBeTruthy();

    type('admin-org-name', 'Nueva Co');
    type('admin-org-code', 'NUEVA1');
    fireEvent.click(screen.getByTestId('admin-org-flag-SCHEDULING_AVAILABLE'));
    fireEvent.click(screen.getByTestId('admin-org-site-add'));
    type('admin-org-site-0', 'Centro');
    fireEvent.click(screen.getByTestId('admin-org-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Organización creada.');
    const post = server.calls.find((c) => c.url === '/api/admin/organizations' && c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Nueva Co', code: 'NUEVA1', settings: ['SCHEDULING_AVAILABLE'], sites: [{ name: 'Centro' }], partner: null, parentOrganizationId: null });
  });

  it("shows the server's field error (a taken code) on its field", async () => {
    installServer({ create: () => apiError(409, 'CONFLICT', 'taken', { fields: { code: 'admin_organization_code_taken' } }) });
    renderApp('/admin/organizaciones');
    fireEvent.click(await screen.findByTestId('admin-org-new'));
    await screen.findByTestId('admin-org-form');
    type('admin-org-name', 'Dup Co');
    type('admin-org-code', 'acme1');
    fireEvent.click(screen.getByTestId('admin-org-save'));
    expect(await screen.findByText('Otra organización ya usa este código')).toBeTruthy();
  });

  it('edits an organization: only its form values are sent, the partner colours are previewed', async () => {
    const server = installServer();
    renderApp('/admin/organizaciones');
    fireEvent.click(await screen.findByTestId(`admin-org-edit-${acme.id}`));
    await screen.findByTestId('admin-org-form');
    expect((screen.getByTestId('admin-org-name') as HTMLInputElement).value).toBe('Acme');
    fireEvent.click(screen.getByTestId('admin-org-has-partner'));
    type('admin-org-partner-id', 'acme');
    type('admin-org-partner-name', 'Acme Partner');
    type('admin-org-color-primary', '#ffcc00');
    expect(await screen.findByTestId('admin-org-theme-preview')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-org-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Cambios guardados.');
    const patch = server.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ name: 'Acme', sites: [{ id: acme.sites[0]!.id, name: 'Norte' }], partner: { partnerId: 'acme', partnerName: 'Acme Partner', colors: { primary: '#ffcc00' } } });
  });

  it("OFFERS_PRODUCTS: with the flag on the admin lists the organization's products (id and name), which the API receives", async () => {
    const server = installServer();
    renderApp('/admin/organizaciones');
    fireEvent.click(await screen.findByTestId(`admin-org-edit-${acme.id}`));
    await screen.findByTestId('admin-org-form');
    expect(screen.queryByTestId('admin-org-products')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-org-flag-OFFERS_PRODUCTS'));
    expect(within(await screen.findByTestId('admin-org-products')).getByText('Productos que ofrece')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-org-product-add'));
    type('admin-org-product-id-0', 'vit-d');
    // A product needs its name: the shared schema says so before anything is sent.
    fireEvent.click(screen.getByTestId('admin-org-save'));
    expect(await screen.findByText('Completa los campos obligatorios.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
    type('admin-org-product-title-0', 'Vitamina D');
    fireEvent.click(screen.getByTestId('admin-org-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Cambios guardados.');
    const patch = server.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ settings: ['SUPPORT_AVAILABLE', 'OFFERS_PRODUCTS'], products: [{ id: 'vit-d', title: 'Vitamina D' }] });
  });

  it('uploads a roster CSV and shows its report with every bad row', async () => {
    const server = installServer();
    renderApp('/admin/organizaciones');
    fireEvent.click(await screen.findByTestId(`admin-org-roster-${acme.id}`));
    await screen.findByTestId('admin-roster-dialog');
    fireEvent.click(screen.getByTestId('admin-roster-mode-delta'));
    const csv = 'phone,action\n+525512345678,add\n123,add\n';
    fireEvent.change(screen.getByTestId('admin-roster-file'), { target: { files: [new File([csv], 'padron.csv', { type: 'text/csv' })] } });
    expect(screen.getByTestId('admin-roster-file-name').textContent).toBe('padron.csv');
    fireEvent.click(screen.getByTestId('admin-roster-upload'));
    const report = await screen.findByTestId('admin-roster-report');
    expect(report.getAttribute('data-applied')).toBe('false');
    expect(within(report).getByText('Teléfono no válido')).toBeTruthy();
    const upload = server.calls.find((c) => c.url.includes('/roster'));
    expect(upload).toMatchObject({ url: `/api/admin/organizations/${acme.id}/roster?mode=delta`, method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
  });
});
