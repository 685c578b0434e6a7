import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { staffMember } from './dashboard-test-kit';

vi.setConfig({ testTimeout: 30_000 });

const signedInAs = (userType: string) => {
  installFakeFetch((call) => {
    if (call.url !== '/api/graphql') return undefined;
    const query = (call.body as { query: string }).query;
    if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: staffMember({ userType }) } } };
    if (query.includes('GetAppointmentQueue')) return { status: 200, body: { data: { getAppointmentQueue: [] } } };
    if (query.includes('GetCurrentAppointment')) return { status: 200, body: { data: { getCurrentAppointment: null } } };
    return undefined;
  });
  setSessionToken('st_1');
};

// The route guard through the whole shell: each role on its own screens (domain routeGuard rule 4).
describe('staff screens in the shell', () => {
  it.each([
    ['member', '/dashboard', '/inicio'],
    ['member', '/dashboard/consulta/apt_1', '/inicio'],
    ['member', '/admin', '/inicio'],
    ['mx-physician', '/', '/dashboard'],
    ['mx-physician', '/inicio', '/dashboard'],
    ['us-physician', '/induccion/crear-perfil/1', '/dashboard'],
    ['mx-physician', '/admin', '/dashboard'],
    ['admin', '/', '/admin'],
    ['admin', '/dashboard', '/admin'],
  ])('%s opening %s lands on %s', async (userType, path, expected) => {
    signedInAs(userType);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  });

  it('an anonymous visitor on the dashboard goes to sign in', async () => {
    window.localStorage.setItem('pre-onboarding-done', 'true');
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a coach lands on the dashboard screen', async () => {
    signedInAs('mx-physician');
    renderApp('/');
    expect(await screen.findByTestId('dashboard')).toBeTruthy();
  });
});
