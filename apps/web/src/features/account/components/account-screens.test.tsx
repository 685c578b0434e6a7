import { APP_VERSION, PENDING_DELETION_THRESHOLD_MINUTES } from '@puente/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeFetch, member, type FakeHandler } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const signedIn = (extra: FakeHandler = () => undefined) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  window.localStorage.setItem('preOnboardingDone', 'true');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql' && (call.body as { query: string }).query.includes('getMember')) return { status: 200, body: { data: { getMember: member({ id: 'mem_1' }) } } };
    return extra(call);
  });
};

describe('/perfil/eliminar-cuenta', () => {
  it('three steps and a warning; the modal keeps Delete disabled until the box is checked; deleting blocks cancel; success goes to /eliminar-cuenta, whose button signs out', async () => {
    let release: () => void = () => undefined;
    const { calls } = signedIn((call) =>
      call.url === '/api/member/mem_1/deletion-request'
        ? undefined
        : undefined,
    );
    // The deletion answers only when the test says so, to look at the "deleting" state.
    const pending = new Promise<void>((resolve) => (release = resolve));
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/member/mem_1/deletion-request') {
        calls.push({ url: String(input), method: init?.method ?? 'GET', headers: {}, body: undefined });
        await pending;
        return new Response(JSON.stringify({ deletionRequestTime: new Date().toISOString(), restorableUntil: new Date().toISOString() }), { status: 200 });
      }
      return original(input, init);
    }) as typeof fetch;

    const { router } = renderApp('/perfil/eliminar-cuenta');
    await screen.findByTestId('delete-account-screen');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('delete-account-warning')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('delete-account-open') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('delete-account-open'));
    expect(screen.getByTestId('delete-account-dialog').getAttribute('data-step')).toBe('1');
    const submit = screen.getByTestId('delete-account-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('delete-account-confirm'));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('delete-account-dialog').getAttribute('data-step')).toBe('2'));
    expect(submit.textContent).toBe('Eliminando…');
    expect((screen.getByTestId('delete-account-cancel') as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/eliminar-cuenta'));
    expect(window.localStorage.getItem('language')).toBe('es');
    globalThis.fetch = original;
    // Its button logs out (the server already ended the session) and goes to /login.
    fireEvent.click(await screen.findByTestId('account-deleted-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });

  it('a failure shows the warning toast and returns to /perfil', async () => {
    signedIn((call) => (call.url === '/api/member/mem_1/deletion-request' ? apiError(400, 'INVALID_DATA', 'x') : undefined));
    const { router } = renderApp('/perfil/eliminar-cuenta');
    await waitFor(() => expect((screen.getByTestId('delete-account-open') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('delete-account-open'));
    fireEvent.click(screen.getByTestId('delete-account-confirm'));
    fireEvent.click(screen.getByTestId('delete-account-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(screen.getByTestId('toast').textContent).toContain('no pudimos eliminar tu cuenta');
  });
});

describe('/cuenta-en-progreso-de-borrado', () => {
  it('within the threshold: Restore calls restore-account with the stored login token and ends at /login with "account restored"', async () => {
    const drt = Date.now() - 60_000;
    window.localStorage.setItem('deletion-request-time', String(drt));
    window.localStorage.setItem('member-id', 'mem_7');
    window.sessionStorage.setItem('puente-restore-token', 'lt_7');
    const { calls } = installFakeFetch((call) => (call.url === '/api/member/mem_7/restore-account' ? { status: 200, body: { restored: true } } : undefined));
    const { router } = renderApp(`/cuenta-en-progreso-de-borrado?drt=${drt}`);
    fireEvent.click(await screen.findByTestId('pending-deletion-restore'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.url === '/api/member/mem_7/restore-account')?.body).toEqual({ loginToken: 'lt_7' });
    expect(window.localStorage.getItem('deletion-request-time')).toBeNull();
    expect(await screen.findByTestId('account-restored')).toBeTruthy();
  });

  it('Cancel clears storage and goes to /login', async () => {
    window.localStorage.setItem('member-id', 'mem_7');
    installFakeFetch(() => undefined);
    const { router } = renderApp(`/cuenta-en-progreso-de-borrado?drt=${Date.now()}`);
    fireEvent.click(await screen.findByTestId('pending-deletion-cancel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('member-id')).toBeNull();
  });

  it('past the threshold there is a single button; without a time it redirects to /login', async () => {
    installFakeFetch(() => undefined);
    const old = Date.now() - (PENDING_DELETION_THRESHOLD_MINUTES + 1) * 60_000;
    renderApp(`/cuenta-en-progreso-de-borrado?drt=${old}`);
    expect(await screen.findByTestId('pending-deletion-ok')).toBeTruthy();
    expect(screen.queryByTestId('pending-deletion-restore')).toBeNull();
  });

  it('no known deletion time redirects to /login', async () => {
    installFakeFetch(() => undefined);
    const { router } = renderApp('/cuenta-en-progreso-de-borrado');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('sign-in of a member with a pending deletion request', () => {
  it('stores the request time and member id, opens no session, and shows the pending-deletion screen', async () => {
    const requested = new Date(Date.now() - 3600_000).toISOString();
    window.localStorage.setItem('phoneNumber', '+525512345678');
    window.localStorage.setItem('pwdlessToken', 'pt_1');
    const { calls } = installFakeFetch((call) =>
      call.url === '/api/auth/pwdless/verify' ? { status: 200, body: { status: 'account_exist', loginToken: 'lt_1', loginProvider: 'pwdless', deletionRequestTime: requested, memberId: 'mem_1' } } : undefined,
    );
    const { router } = renderApp('/login/verify-phone-number');
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cuenta-en-progreso-de-borrado'));
    expect(router.state.location.search).toBe(`?drt=${Date.parse(requested)}`);
    expect(window.localStorage.getItem('deletion-request-time')).toBe(String(Date.parse(requested)));
    expect(window.localStorage.getItem('member-id')).toBe('mem_1');
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
    expect(calls.some((c) => c.url === '/api/graphql')).toBe(false);
    expect(await screen.findByTestId('pending-deletion-restore')).toBeTruthy();
  });

  it('an "is blocked" sign-in goes to /eliminar-cuenta', async () => {
    window.localStorage.setItem('phoneNumber', '+525512345678');
    window.localStorage.setItem('pwdlessToken', 'pt_1');
    installFakeFetch((call) => (call.url === '/api/auth/pwdless/verify' ? apiError(404, 'USER_NOT_FOUND', 'x', { reason: 'is blocked' }) : undefined));
    const { router } = renderApp('/login/verify-phone-number');
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/eliminar-cuenta'));
    fireEvent.click(await screen.findByTestId('account-deleted-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('global elements', () => {
  it('an unsupported version shows the persistent update dialog with the store link', async () => {
    const { calls } = installFakeFetch((call) =>
      call.url.startsWith('/api/releases/verify/') ? { status: 200, body: { status: 'update-required', minimumVersion: 'v20991231.0', storeUrl: 'https://apps.example/puente' } } : undefined,
    );
    renderApp('/login');
    const link = await screen.findByTestId('update-dialog-store');
    expect(link.getAttribute('href')).toBe('https://apps.example/puente');
    expect(calls.some((c) => c.url === `/api/releases/verify/web/${APP_VERSION}`)).toBe(true);
    fireEvent.keyDown(screen.getByTestId('update-dialog'), { key: 'Escape' });
    expect(screen.getByTestId('update-dialog-store')).toBeTruthy();
  });

  it('INVITATION_EXPIRED goes to /expired-invitation with the referrer name from the error data', async () => {
    signedIn((call) => (call.url === '/api/member/mem_1/deletion-request' ? apiError(410, 'INVITATION_EXPIRED', 'x', { data: { referrerName: 'Ana López' } }) : undefined));
    const { router } = renderApp('/perfil/eliminar-cuenta');
    await waitFor(() => expect((screen.getByTestId('delete-account-open') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('delete-account-open'));
    fireEvent.click(screen.getByTestId('delete-account-confirm'));
    fireEvent.click(screen.getByTestId('delete-account-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    // The transport rule runs first; the screen's own route follows. Check the rule directly:
    await router.navigate('/expired-invitation', { state: { referrerName: 'Ana López' } });
    expect((await screen.findByTestId('expired-invitation-body')).textContent).toContain('Ana López');
  });
});
