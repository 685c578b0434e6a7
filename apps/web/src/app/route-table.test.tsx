import { act, screen, waitFor, within } from '@testing-library/react';
import { matchRoute } from '@puente/domain';
import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { setSessionToken } from '@/lib/session';
import { ROUTE_TABLE, whenIdleEach } from './route-table';

/** Every path spec 000 §2 names, written out from the spec (parameters filled with examples). */
const SPEC_PATHS = [
  // Entry, login and account
  '/select-language', '/presignup', '/register-employer-code', '/register-employer-code-success',
  '/registro-organizacion', '/registro-organizacion-exitoso', '/login', '/login/verify-phone-number',
  '/login/save-recovery-code', '/login/multiple-accounts', '/login/auth0/verify', '/login/auth0/email',
  '/login/auth0/social', '/login/merge/error/email', '/login/social/google', '/login/email/success',
  '/login/social/success', '/change-phone/recovery', '/change-phone/new-phone', '/usar-mi-telefono',
  '/cuenta-verificada', '/cuenta-en-progreso-de-borrado', '/eliminar-cuenta', '/lo', '/expired-invitation',
  '/loading', '/payment-loading', '/et', '/induccion/crear-perfil/1', '/induccion/crear-perfil/2/q7',
  // Link to consult
  '/link-to-consult-closed', '/link-to-consult-permissions', '/link-to-consult-finished',
  '/cancel-confirmation-link', '/call', '/open',
  // Home and profile
  '/', '/inicio', '/como-funciona', '/consejos-de-salud', '/contacto-soporte', '/reportar-problema', '/perfil',
  '/perfil/informacion', '/perfil/notificaciones', '/cambio-idioma', '/perfil/eliminar-cuenta', '/consent',
  '/limited-services-screen-shown',
  // Membership and organization
  '/membership', '/membresia-expirada', '/payment-success', '/cambia-organizacion',
  '/cancela-membresia-organizacion', '/cambiar-sitio-organizacion',
  // Family
  '/dependants', '/dependants/add', '/dependants/invitation-sent', '/dependants/no-available-slots',
  // Consultation
  '/consulta/coaches-disponibles', '/coaches-disponibles', '/ondemand-perfil-coach/abc123',
  '/consulta/llenado-de-informacion', '/consulta/video-llamada', '/consulta/infoPage/SC005',
  '/consulta/infoPage/SMC11', '/consulta/resumen-de-cita', '/consulta/historial',
  '/consulta/historial/historial-chat', '/consulta/historial/apt_42', '/consulta/survey/apt_42',
  '/consulta-agendada',
  // Scheduling
  '/agenda/seleccionar-tema', '/agenda/seleccionar-ph-tema', '/agenda/seleccionar-coach',
  '/agenda/confirmacion-cita', '/agenda/exito', '/agenda/consulta-en-progreso', '/agenda/espacio-ocupado',
  '/agenda/cancelada-exitosamente',
];

const registered = (pathname: string) => ROUTE_TABLE.filter((r) => matchPath({ path: r.path, end: true }, pathname) !== null);

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s', (pathname) => {
    expect(registered(pathname).length).toBeGreaterThan(0);
  });

  it('matches history chat to its own screen, not to the detail pattern', () => {
    expect(registered('/consulta/historial/historial-chat').some((r) => r.name === 'historyChat')).toBe(true);
  });

  it('shows the bottom navigation on home, consultations and profile only', () => {
    const withNav = ROUTE_TABLE.filter((r) => r.bottomNav).map((r) => r.path).sort();
    expect(withNav).toEqual(['/', '/consulta/historial', '/inicio', '/perfil']);
  });

  it("the domain's matcher picks the route React Router picks from the whole table (AppRoutes gives the router only that route's paths)", () => {
    const routes = ROUTE_TABLE.map((r) => ({ path: r.path, name: r.name }));
    // Every registered path with its parameters filled (an optional one left out and filled in).
    const filled = ROUTE_TABLE.flatMap((r) => [r.path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'abc123'), r.path.replace(/:(\w+)\??/g, 'abc123')]);
    for (const pathname of [...SPEC_PATHS, ...filled, '/consulta/historial/historial-chat', '/inicio/', '/no-such-page']) {
      expect(matchRoute(pathname), pathname).toBe(matchRoutes(routes, pathname)?.[0]?.route.name);
    }
  });

  it('an address in other letters opens what React Router alone opens: every route is matched for it', async () => {
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    setSessionToken('tok_1');
    renderApp('/PERFIL');
    expect(await screen.findByTestId('profile-screen')).toBeTruthy();
  });

  it('every route of the domain table has its screen (no placeholder is left)', () => {
    expect(ROUTE_TABLE.filter((r) => !r.element).map((r) => r.name)).toEqual([]);
  });

  it('an anonymous visitor on a member screen is sent to choose a language first', async () => {
    renderApp('/perfil');
    expect(await screen.findByTestId('lang-es')).toBeTruthy();
  });
});

describe('route guard in the shell', () => {
  it('uses a stored redirect target once, then forgets it', async () => {
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    setSessionToken('tok_1');
    window.localStorage.setItem('redirectTo', '/consulta/historial');
    const { router } = renderApp('/inicio');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/historial'));
    await waitFor(() => expect(window.localStorage.getItem('redirectTo')).toBeNull());
  });

  it('an anonymous visitor who already passed pre-onboarding goes to /login', async () => {
    window.localStorage.setItem('pre-onboarding-done', 'true');
    const { router } = renderApp('/consulta/historial');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("the screen is the page's main landmark; the bottom navigation is outside it (WCAG 1.3.1, 2.4.1)", async () => {
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    setSessionToken('tok_1');
    renderApp('/perfil');
    const main = await screen.findByRole('main');
    expect(await within(main).findByTestId('profile-screen')).toBeTruthy();
    expect(within(main).queryByRole('navigation')).toBeNull();
    expect(main.contains(await screen.findByRole('navigation'))).toBe(false);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('the browser back button does not leave the screen, however often it is pressed (spec 9)', async () => {
    const { router } = renderApp('/presignup');
    await screen.findByTestId('presignup-screen');
    await act(async () => {
      await router.navigate('/login');
    });
    await screen.findByTestId('login-screen');
    // The browser moves through its history after the click (a popstate), and the app puts it back
    // (a second one): each press has settled once both have been dispatched.
    let pops = 0;
    const count = () => void (pops += 1);
    window.addEventListener('popstate', count, { capture: true });
    onTestFinished(() => window.removeEventListener('popstate', count, { capture: true }));
    const settle = async () => {
      const until = pops + 2;
      await waitFor(() => expect(pops).toBe(until));
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    };
    window.history.back();
    await settle();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('login-screen')).toBeTruthy();
    // Once more (the entry it returned to is the one it knows), and forward after a new screen.
    window.history.back();
    await settle();
    expect(router.state.location.pathname).toBe('/login');
    await act(async () => {
      await router.navigate('/presignup');
    });
    await screen.findByTestId('presignup-screen');
    window.history.go(-1);
    await settle();
    expect(router.state.location.pathname).toBe('/presignup');
    expect(screen.queryByTestId('login-screen')).toBeNull();
  });
});

describe('the likely next screens are fetched when the browser is idle, one at a time (issue 10, TBT)', () => {
  it('runs each step in an idle moment of its own once the one before has settled (a failure does not stop the rest); stopping cancels those not begun', async () => {
    vi.useFakeTimers();
    try {
      const ran: string[] = [];
      const settle: (() => void)[] = [];
      const step = (name: string, fails = false) => () =>
        new Promise<void>((resolve, reject) => {
          ran.push(name);
          settle.push(fails ? () => reject(new Error(name)) : resolve);
        });
      whenIdleEach([step('messages', true), step('coaches'), step('profile')]);
      expect(ran).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      // The second waits for the first to settle, however long the browser stays idle.
      expect(ran).toEqual(['messages']);
      settle[0]!();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(ran).toEqual(['messages', 'coaches']);

      settle[1]!();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(ran).toEqual(['messages', 'coaches', 'profile']);
      settle[2]!();

      // The screen left (the effect's cleanup): what has begun ends, nothing more begins.
      const stop = whenIdleEach([step('a'), step('b')]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(ran.slice(3)).toEqual(['a']);
      stop();
      settle[3]!();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(ran.slice(3)).toEqual(['a']);
      // Stopped before its first idle moment: nothing runs.
      whenIdleEach([step('c')])();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(ran.slice(3)).toEqual(['a']);
    } finally {
      vi.useRealTimers();
    }
  });
});
