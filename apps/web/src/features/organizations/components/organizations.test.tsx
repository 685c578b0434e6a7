import { TOAST } from '@puente/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/toast';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { press } from '@/test/press';

const ACME = { id: 'org_1', name: 'Acme Salud', code: 'ACME2026' };
const gql = (call: FakeCall) => call.body as { query: string; variables: Record<string, unknown> };

/** A server that knows one code (ACME2026); signed in when `current` is given. */
const fakeServer = (current?: ReturnType<typeof member>, organization?: Record<string, unknown>) => {
  if (current) window.localStorage.setItem('sessionToken', 'st_1');
  let me = current as (Record<string, unknown> & { id: string }) | undefined;
  return installFakeFetch((call) => {
    const code = /^\/api\/employer-code\/([^/]+)\/organizations$/.exec(call.url)?.[1];
    if (code !== undefined) return { status: 200, body: { organizations: decodeURIComponent(code).toUpperCase() === ACME.code ? [ACME] : [] } };
    if (me && call.method === 'PATCH' && call.url === `/api/users/${me.id}/employer-code/${ACME.code}`) {
      me = { ...me, organizationId: ACME.id, organization: { id: ACME.id, name: ACME.name, settings: [] } };
      return { status: 200, body: me };
    }
    if (me && call.method === 'PATCH' && call.url === `/api/users/${me.id}/organization-site`) {
      const { organizationSite } = call.body as { organizationSite: string };
      return { status: 200, body: { ...organization, organizationSite } };
    }
    if (call.url.endsWith('/theme-config')) return { status: 404, body: { error: { code: 'NOT_FOUND', status: 404, message: 'x' } } };
    if (call.url === '/api/graphql' && me) {
      const { query, variables } = gql(call);
      if (query.includes('unlinkOrganizationFromMember')) {
        me = { ...me, organizationId: null, organization: null, subscription: { ...subscription, status: 'expired', daysLeft: 0, endReason: 'employer-benefit-ended' } };
        return { status: 200, body: { data: { unlinkOrganizationFromMember: me } } };
      }
      if (query.includes('getOrganization') && organization && variables.organizationId === organization.id) return { status: 200, body: { data: { getOrganization: organization } } };
      return { status: 200, body: { data: { getMember: me } } };
    }
    return undefined;
  });
};
const subscription = { subscriptionId: 'employer', type: 'employer', status: 'active', expiresAt: null, daysLeft: null, autoRenew: false, provider: 'b2b', currency: 'USD', length: null, organizationName: 'Acme Salud', organizationId: 'org_1', endReason: null };

const typeCode = (value: string) => fireEvent.change(screen.getByTestId('employer-code-input'), { target: { value } });
const form = () => screen.getByTestId('employer-code-form');
/** Continue without the works-there box: it is marked, says why (announced) and has the focus; ticking it clears that. */
const refusedWithoutWorksThere = async (continueTestId: string) => {
  press(continueTestId);
  expect(toastStore.get()).toMatchObject({ message: 'signup_company_success_toast_error', durationMs: TOAST.companyCodeMs });
  const box = screen.getByTestId('employer-code-works-there');
  const error = await screen.findByTestId('employer-code-works-there-error');
  expect(error.getAttribute('role')).toBe('alert');
  expect(error.textContent).toBe('Confirma que trabajas en esta empresa.');
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expect(box.getAttribute('aria-describedby')).toBe(error.id);
  await waitFor(() => expect(document.activeElement).toBe(box));
  fireEvent.click(box);
  expect(screen.queryByTestId('employer-code-works-there-error')).toBeNull();
  expect(box.getAttribute('aria-invalid')).toBeNull();
};

describe('employer code entry (spec 4/5)', () => {
  it('notset -> invalid with a 6 s toast; typing resets to notset; valid disables the input and shows Associate', async () => {
    fakeServer();
    const { router } = renderApp('/register-employer-code');
    await screen.findByTestId('register-employer-code-screen');
    expect(form().dataset.state).toBe('notset');
    // Empty: not looked up, nor called "not found": the field asks for the code (and has the focus), the toast says something is missing.
    press('employer-code-validate');
    await screen.findByText('Escribe el código de empresa.');
    expect(form().dataset.state).toBe('notset');
    expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'form_missing_fields' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('employer-code-input')));
    expect(screen.queryByText('El código de empresa no es válido.')).toBeNull();
    typeCode('NOPE');
    expect(screen.queryByText('Escribe el código de empresa.')).toBeNull();
    expect(form().dataset.state).toBe('notset');
    press('employer-code-validate');
    await waitFor(() => expect(form().dataset.state).toBe('invalid'));
    expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'signup_company_code_toast_error', durationMs: TOAST.companyCodeMs });
    expect(screen.getByText('El código de empresa no es válido.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('employer-code-input')));
    expect(screen.queryByTestId('employer-code-associate')).toBeNull();

    typeCode('acme2026');
    expect(form().dataset.state).toBe('notset');
    fireEvent.click(screen.getByTestId('employer-code-validate'));
    await waitFor(() => expect(form().dataset.state).toBe('valid'));
    expect((screen.getByTestId('employer-code-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('employer-code-organization').textContent).toContain('Acme Salud');
    fireEvent.click(screen.getByTestId('employer-code-associate'));
    // The success screen: the code, the name, the works-there box (6 s toast until checked), then /login with the code.
    await screen.findByTestId('register-employer-code-success-screen');
    expect(screen.getByTestId('employer-code-success-code').textContent).toBe('ACME2026');
    expect((await screen.findByTestId('employer-code-success-organization')).textContent).toBe('Acme Salud');
    await refusedWithoutWorksThere('employer-code-success-continue');
    fireEvent.click(screen.getByTestId('employer-code-success-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?empCode=acme2026');
  });

  it('is prefilled from the code query parameter, and on /presignup the card is the entry itself', async () => {
    fakeServer();
    renderApp('/presignup?code=ACME2026', { language: 'en' });
    await screen.findByTestId('presignup-employer-code');
    expect((screen.getByTestId('employer-code-input') as HTMLInputElement).value).toBe('ACME2026');
    fireEvent.click(screen.getByTestId('employer-code-validate'));
    await waitFor(() => expect(form().dataset.state).toBe('valid'));
  });
});

describe('/registro-organizacion', () => {
  it('signed in: validate, works-there, Associate links her (PATCH) and shows the success screen', async () => {
    const { calls } = fakeServer(member());
    renderApp('/registro-organizacion?code=ACME2026');
    await screen.findByTestId('organization-registration-screen');
    fireEvent.click(screen.getByTestId('employer-code-validate'));
    await screen.findByTestId('employer-code-associate');
    await refusedWithoutWorksThere('employer-code-associate');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByTestId('employer-code-associate'));
    await screen.findByTestId('organization-registration-success-screen');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual(['/api/users/mem_1/employer-code/ACME2026']);
    await waitFor(() => expect(screen.getByText(/Acme Salud/)).toBeTruthy());
  });

  it('signed out: the code is kept for the sign-in and the pre-onboarding flag set; she goes on to /login', async () => {
    const { calls } = fakeServer();
    const { router } = renderApp('/registro-organizacion?code=ACME2026');
    await screen.findByTestId('organization-registration-screen');
    fireEvent.click(screen.getByTestId('employer-code-validate'));
    await screen.findByTestId('employer-code-associate');
    fireEvent.click(screen.getByTestId('employer-code-works-there'));
    fireEvent.click(screen.getByTestId('employer-code-associate'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('b2b-registration-empCode')).toBe('ACME2026');
    expect(window.localStorage.getItem('pre-onboarding-done')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('leaving and sites', () => {
  const linked = () => member({ organizationId: ACME.id, organization: { id: ACME.id, name: ACME.name, settings: [] }, subscription });
  const org = (sites: { id: string; name: string }[]) => ({ id: ACME.id, name: ACME.name, homePageUrl: null, settings: [], sites, dependantOrganizations: [], partner: null, organizationSite: null });

  it('leaving the organization ends the benefit: the paywall opens with "employer benefit ended"', async () => {
    fakeServer(linked(), org([]));
    const { router } = renderApp('/perfil');
    fireEvent.click(await screen.findByTestId('profile-entry-leaveOrganization'));
    fireEvent.click(await screen.findByTestId('organization-leave-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/membresia-expirada'));
  });

  it('the site entry shows only with more than one site; saving without a site warns; a site is saved', async () => {
    fakeServer(linked(), org([{ id: 's1', name: 'Norte' }, { id: 's2', name: 'Sur' }]));
    const { router } = renderApp('/perfil');
    fireEvent.click(await screen.findByTestId('profile-entry-changeSite'));
    await screen.findByTestId('change-organization-site-screen');
    fireEvent.click(screen.getByTestId('organization-site-save'));
    await waitFor(() => expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'change_organization_site_missing_fields' }));
    fireEvent.click(screen.getByLabelText('Sur'));
    fireEvent.click(screen.getByTestId('organization-site-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(toastStore.get()).toMatchObject({ variant: 'success', message: 'organization_site_changed_toast' });
  });

  it('a failed site change (the connection) shows the connection-error toast and stays on the screen', async () => {
    fakeServer(linked(), org([{ id: 's1', name: 'Norte' }, { id: 's2', name: 'Sur' }]));
    // The site PATCH fails as a dropped connection would (the fake server answers everything else).
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/organization-site') && init?.method === 'PATCH') throw new TypeError('Failed to fetch');
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const { router } = renderApp('/cambiar-sitio-organizacion');
      await screen.findByTestId('change-organization-site-screen');
      fireEvent.click(await screen.findByLabelText('Sur'));
      fireEvent.click(screen.getByTestId('organization-site-save'));
      await waitFor(() => expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'connection_error_description' }));
      expect(router.state.location.pathname).toBe('/cambiar-sitio-organizacion');
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('/cambia-organizacion: a new code is associated (PATCH), the organization_changed toast shows and she is back on /perfil', async () => {
    const { calls } = fakeServer(member({ organizationId: 'org_old', organization: { id: 'org_old', name: 'Vieja SA', settings: [] }, subscription }));
    const { router } = renderApp('/perfil');
    fireEvent.click(await screen.findByTestId('profile-entry-changeOrganization'));
    await screen.findByTestId('change-organization-screen');
    expect(screen.getByText(/Vieja SA/)).toBeTruthy();
    typeCode('ACME2026');
    fireEvent.click(screen.getByTestId('employer-code-validate'));
    await screen.findByTestId('employer-code-associate');
    fireEvent.click(screen.getByTestId('employer-code-works-there'));
    fireEvent.click(screen.getByTestId('employer-code-associate'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual(['/api/users/mem_1/employer-code/ACME2026']);
    expect(toastStore.get()).toMatchObject({ variant: 'success', message: 'organization_changed_toast' });
  });

  it('with one site there is no entry, and the screen sends her back to /perfil', async () => {
    fakeServer(linked(), org([{ id: 's1', name: 'Norte' }]));
    const { router } = renderApp('/cambiar-sitio-organizacion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    await screen.findByTestId('profile-entry-changeOrganization');
    expect(screen.queryByTestId('profile-entry-changeSite')).toBeNull();
  });
});

describe('partner theme', () => {
  it("a partner's member sees the partner's colours (kept at AA) and is a partner user", async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    const me = member({ organizationId: 'org_p', organization: { id: 'org_p', name: 'Farmacias Sol', settings: [], partner: { partnerId: 'farmacias-sol', partnerName: 'Farmacias Sol' } } });
    installFakeFetch((call) => {
      if (call.url === '/api/organizations/org_p/theme-config') return { status: 200, body: { partnerId: 'farmacias-sol', partnerName: 'Farmacias Sol', colors: { primary: '#FFC20E', secondary: '#00539B', background: '#FFF8E1' }, homePageUrl: null } };
      if (call.url === '/api/graphql' && gql(call).query.includes('getOrganization')) {
        return { status: 200, body: { data: { getOrganization: { id: 'org_p', name: 'Farmacias Sol', homePageUrl: 'https://sol.example.com', settings: [], sites: [], dependantOrganizations: [], partner: { id: 'farmacias-sol', name: 'Farmacias Sol' }, organizationSite: null } } } };
      }
      if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: me } } };
      return undefined;
    });
    renderApp('/perfil');
    await screen.findByTestId('profile-name');
    await waitFor(() => expect(window.sessionStorage.getItem('partnerId')).toBe('farmacias-sol'));
    // The page takes the partner's background; the partner's member is a partner user (spec 6).
    await waitFor(() => expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(255, 248, 225)'));
    await waitFor(() => expect(screen.queryByTestId('profile-entry-deleteAccount')).toBeNull());
    expect(screen.queryByTestId('profile-entry-membership')).toBeNull();
    // spec 6: partner users hide how-it-works, tips and privacy too; the others stay.
    for (const hidden of ['howItWorks', 'healthTips', 'privacy']) expect(screen.queryByTestId(`profile-entry-${hidden}`), hidden).toBeNull();
    expect(screen.getByTestId('profile-entry-changeLanguage')).toBeTruthy();
  });

  it('a member of an organization without a partner keeps the app\'s colours without asking for a theme', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    window.sessionStorage.setItem('partnerId', 'stale');
    const me = member({ organizationId: 'org_1', organization: { id: 'org_1', name: 'Acme Salud', settings: [], partner: null } });
    const { calls } = installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: me } } } : undefined));
    renderApp('/perfil');
    await screen.findByTestId('profile-name');
    // Known to have no partner: not a partner user, and no theme asked for (the server would answer NOT_FOUND).
    await waitFor(() => expect(window.sessionStorage.getItem('partnerId')).toBeNull());
    expect(screen.getByTestId('profile-entry-deleteAccount')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/theme-config'))).toEqual([]);
  });
});

describe('the finished link of a partner session (spec 2)', () => {
  it("goes to the partner's home page as the server knows it; without a partner session, to /open", async () => {
    installFakeFetch((call) =>
      call.url === '/api/organizations/org_p/theme-config'
        ? { status: 200, body: { partnerId: 'farmacias-sol', partnerName: 'Farmacias Sol', colors: { primary: '#FFC20E', secondary: '#00539B', background: null }, homePageUrl: 'https://sol.example.com' } }
        : undefined,
    );
    window.sessionStorage.setItem('partnerId', 'farmacias-sol');
    const first = renderApp('/link-to-consult-finished?organizationId=org_p');
    await waitFor(() => expect(screen.getByTestId('link-finished-button').getAttribute('data-target')).toBe('https://sol.example.com'));
    first.unmount();
    window.sessionStorage.removeItem('partnerId');
    renderApp('/link-to-consult-finished?organizationId=org_p');
    expect((await screen.findByTestId('link-finished-button')).getAttribute('data-target')).toBe('/open');
  });
});
