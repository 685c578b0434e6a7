import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { apiError, installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });

/** The admin console (issue 15): navigation, staff, a member's audit log and ledger, usage. */
const coach = (overrides: Record<string, unknown> = {}) => ({
  id: 's1',
  userType: 'mx-physician',
  firstName: 'María',
  lastName: 'Hernández',
  email: 'maria@example.com',
  preferredLang: 'es',
  languages: ['es'],
  practice: 'health',
  licenses: [{ state: 'MX', licenseNumber: 'MX-1' }],
  cedula: '1234567',
  npi: null,
  dea: null,
  totpEnrolled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const adminGraphql = (call: FakeCall) =>
  call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: { ...member({ id: 'adm_1', userType: 'admin', firstName: 'Admin', lastName: 'Puente' }), organization: null } } } } : undefined;

afterEach(() => setSessionToken(null));

describe('/admin/personal', () => {
  it('lists staff paged on the server, creates a US doctor with a licence (field errors first), and resets an authenticator', async () => {
    let staff = [coach()];
    const { calls } = installFakeFetch((call: FakeCall) => {
      if (call.url.startsWith('/api/admin/staff?')) return { status: 200, body: { items: staff, total: staff.length } };
      if (call.url === '/api/admin/staff' && call.method === 'POST') {
        const body = call.body as Record<string, unknown>;
        if (!(body.licenses as unknown[]).length) return apiError(400, 'INVALID_DATA', 'x', { fields: { licenses: 'form_missing_fields' } });
        const created = coach({ ...body, id: 's2', totpEnrolled: false });
        staff = [created, ...staff];
        return { status: 201, body: created };
      }
      if (call.url === '/api/admin/staff/s1/reset-authenticator') {
        staff = staff.map((s) => (s.id === 's1' ? { ...s, totpEnrolled: false } : s));
        return { status: 200, body: { revokedSessions: 1 } };
      }
      return adminGraphql(call);
    });
    setSessionToken('st_admin');
    renderApp('/admin/personal');
    await waitFor(() => expect(screen.getByTestId('admin-staff-grid').getAttribute('data-count')).toBe('1'));
    expect(screen.getByText('María Hernández')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Secciones de administración' });
    expect(within(nav).getByRole('link', { name: 'Personal' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Uso' }).getAttribute('href')).toBe('/admin/uso');
    expect(calls.find((c) => c.url.startsWith('/api/admin/staff?'))?.url).toContain('page=0&pageSize=25');

    fireEvent.click(screen.getByTestId('admin-staff-new'));
    const form = await screen.findByTestId('admin-staff-form');
    fireEvent.click(within(form).getByTestId('admin-staff-save'));
    expect(await within(form).findAllByText('Completa los campos obligatorios.')).not.toHaveLength(0);

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Doctor de EE.UU.' }));
    fireEvent.change(within(form).getByTestId('admin-staff-first-name'), { target: { value: 'Emily' } });
    fireEvent.change(within(form).getByTestId('admin-staff-last-name'), { target: { value: 'Carter' } });
    fireEvent.change(within(form).getByTestId('admin-staff-email'), { target: { value: 'emily@example.com' } });
    fireEvent.click(within(form).getByTestId('admin-staff-save'));
    // The server asks for a licence: the field shows it.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/admin/staff')).toHaveLength(1));
    expect(await within(form).findByText('Completa los campos obligatorios.')).toBeTruthy();
    fireEvent.click(within(form).getByTestId('admin-staff-license-add'));
    fireEvent.change(within(form).getByTestId('admin-staff-license-state-0'), { target: { value: 'ca' } });
    fireEvent.change(within(form).getByTestId('admin-staff-license-number-0'), { target: { value: 'A123' } });
    fireEvent.change(within(form).getByTestId('admin-staff-npi'), { target: { value: '1234567890' } });
    fireEvent.click(within(form).getByTestId('admin-staff-save'));
    await waitFor(() => expect(screen.getByTestId('admin-staff-grid').getAttribute('data-count')).toBe('2'));
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/admin/staff');
    expect(posts.at(-1)?.body).toMatchObject({ userType: 'us-physician', firstName: 'Emily', email: 'emily@example.com', licenses: [{ state: 'CA', licenseNumber: 'A123' }], npi: '1234567890' });

    fireEvent.click(screen.getByTestId('admin-staff-reset-s1'));
    fireEvent.click(await screen.findByTestId('admin-staff-reset-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/staff/s1/reset-authenticator' && c.method === 'POST')).toBe(true));
  });
});

describe('/admin/personal, editing', () => {
  it('edits a US doctor\'s states and languages with a PATCH of those fields only', async () => {
    const doctor = coach({ id: 'd1', userType: 'us-physician', firstName: 'Emily', lastName: 'Carter', languages: ['en'], licenses: [{ state: 'CA', licenseNumber: 'A1' }], cedula: null, npi: '1234567890' });
    const { calls } = installFakeFetch((call: FakeCall) => {
      if (call.url.startsWith('/api/admin/staff?')) return { status: 200, body: { items: [doctor], total: 1 } };
      if (call.url === '/api/admin/staff/d1' && call.method === 'PATCH') return { status: 200, body: { ...doctor, ...(call.body as object) } };
      return adminGraphql(call);
    });
    setSessionToken('st_admin');
    renderApp('/admin/personal');
    fireEvent.click(await screen.findByTestId('admin-staff-edit-d1'));
    const form = await screen.findByTestId('admin-staff-form');
    expect((within(form).getByTestId('admin-staff-email') as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByTestId('admin-staff-license-state-0') as HTMLInputElement).value).toBe('CA');
    fireEvent.click(within(form).getByTestId('admin-staff-license-add'));
    fireEvent.change(within(form).getByTestId('admin-staff-license-state-1'), { target: { value: 'TX' } });
    fireEvent.change(within(form).getByTestId('admin-staff-license-number-1'), { target: { value: 'T9' } });
    fireEvent.click(within(form).getByTestId('admin-staff-language-es'));
    fireEvent.click(within(form).getByTestId('admin-staff-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ languages: ['en', 'es'], licenses: [{ state: 'CA', licenseNumber: 'A1' }, { state: 'TX', licenseNumber: 'T9' }], npi: '1234567890' });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('userType');
  });
});

describe('/admin/socios', () => {
  it('finds a member by phone and shows her audit log and ledger', async () => {
    const { calls } = installFakeFetch((call: FakeCall) => {
      if (call.url.startsWith('/api/admin/members?')) {
        return { status: 200, body: { items: [{ id: 'm1', firstName: 'Ana', lastName: 'López', phoneNumber: '+525512345678', organizationId: null, createdAt: '2026-01-01T00:00:00.000Z', deleted: false }], total: 1 } };
      }
      if (call.url.startsWith('/api/admin/members/m1/audit')) {
        return { status: 200, body: { items: [{ id: 'a1', at: '2026-11-20T10:00:00.000Z', actorId: 'adm_1', actorRole: 'admin', actorName: 'Admin Puente', action: 'read', resource: 'audit-log', recordId: null, fields: [] }], total: 1 } };
      }
      if (call.url === '/api/admin/members/m1/entitlements') {
        return { status: 200, body: { events: [{ id: 'e1', source: 'trial', kind: 'granted', entitlementKey: 'signup', occurredAt: '2026-01-01T00:00:00.000Z', planId: null, expiresAt: '2026-02-15T00:00:00.000Z', autoRenew: false, currency: null, organizationId: null, referrerId: null, origin: 'sign-up' }], current: { subscriptionId: 'trial', type: 'trial', status: 'trial', expiresAt: '2026-02-15T00:00:00.000Z', daysLeft: 30, autoRenew: false, provider: null, currency: 'USD', length: null, organizationName: null, organizationId: null, endReason: null } } };
      }
      return adminGraphql(call);
    });
    setSessionToken('st_admin');
    renderApp('/admin/socios');
    fireEvent.change(await screen.findByTestId('admin-members-query'), { target: { value: '5512345678' } });
    fireEvent.click(screen.getByTestId('admin-members-search'));
    // Her phone as her own profile shows it (it read +525512345678).
    expect((await screen.findByTestId('admin-member-m1')).textContent).toContain('+52 55 1234 5678');
    fireEvent.click(screen.getByTestId('admin-member-m1'));
    await waitFor(() => expect(screen.getByTestId('admin-member-audit').getAttribute('data-count')).toBe('1'));
    expect(await screen.findByText('Admin Puente (admin)')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('admin-member-ledger').getAttribute('data-count')).toBe('1'));
    expect(screen.getByText('sign-up')).toBeTruthy();
    // Her current access by its names in the admin's language (it read "trial (trial)").
    expect(screen.getByTestId('admin-member-ledger-current').textContent).toMatch(/^Acceso actual: Prueba gratuita hasta \d/);
    expect(calls.find((c) => c.url.startsWith('/api/admin/members?'))?.url).toContain('query=5512345678');
  });
});

describe('/admin/socios paging', () => {
  it('a search with more than 10 members pages on the server (the 11th is on page 2)', async () => {
    const person = (i: number) => ({ id: `m${i}`, firstName: 'Ana', lastName: `L${i}`, phoneNumber: '+525512345678', organizationId: null, createdAt: '2026-01-01T00:00:00.000Z', deleted: false });
    const { calls } = installFakeFetch((call: FakeCall) => {
      if (call.url.startsWith('/api/admin/members?')) {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        const items = page === 0 ? Array.from({ length: 10 }, (_, i) => person(i + 1)) : [person(11)];
        return { status: 200, body: { items, total: 11 } };
      }
      return adminGraphql(call);
    });
    setSessionToken('st_admin');
    renderApp('/admin/socios');
    fireEvent.change(await screen.findByTestId('admin-members-query'), { target: { value: '5512345678' } });
    fireEvent.click(screen.getByTestId('admin-members-search'));
    expect(await screen.findByTestId('admin-member-m10')).toBeTruthy();
    expect(screen.getByTestId('admin-members-pages').textContent).toContain('1–10 de 11');
    fireEvent.click(screen.getByTestId('admin-members-next'));
    expect(await screen.findByTestId('admin-member-m11')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('page=1') && c.url.includes('pageSize=10'))).toBe(true);
  });
});

describe('/admin/uso', () => {
  it('shows the report with suppressed cells as "<5"', async () => {
    installFakeFetch((call: FakeCall) => {
      if (call.url.startsWith('/api/admin/usage')) {
        return {
          status: 200,
          body: {
            organizationId: null,
            from: '2026-01',
            to: '2026-12',
            threshold: 5,
            rows: [
              { month: '2026-09', practice: 'health', channel: 'video-call', consultations: 6, medianWaitMinutes: 3.5, surveys: 5, satisfaction: 4.6 },
              { month: '2026-10', practice: 'mentalhealth', channel: 'chat', consultations: '<5', medianWaitMinutes: null, surveys: 0, satisfaction: null },
            ],
            totals: { consultations: 8, medianWaitMinutes: 3.5, surveys: 5, satisfaction: 4.6 },
            totalsExcludeHidden: true,
          },
        };
      }
      return adminGraphql(call);
    });
    setSessionToken('st_admin');
    renderApp('/admin/uso');
    await waitFor(() => expect(screen.getByTestId('admin-usage-grid').getAttribute('data-count')).toBe('2'));
    // The grid draws its rows after it counts them (a frame later on a busy machine).
    expect(await screen.findByText('<5')).toBeTruthy();
    expect(screen.getByText('3.5 min')).toBeTruthy();
    expect(screen.getByTestId('admin-usage-totals').textContent).toContain('8 consultas');
    expect(screen.getByTestId('admin-usage-totals-note').textContent).toContain('quedan fuera');
  });
});
