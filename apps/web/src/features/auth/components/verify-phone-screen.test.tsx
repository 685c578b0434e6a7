import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeFetch, member, trackedEvents, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { press } from '@/test/press';

const PHONE = '+525512345678';
const PHONE_COUNTRY_CODE = '52';

const startChallenge = (resendInMs = 120_000) => {
  window.localStorage.setItem('phoneNumber', PHONE);
  window.localStorage.setItem('pwdlessToken', 'pt_1');
  window.localStorage.setItem('resendAvailableAt', new Date(Date.now() + resendInMs).toISOString());
};

const submitCode = (code: string) => {
  const input = screen.getByTestId('code-input');
  fireEvent.change(input, { target: { value: code } });
  press('verify-submit');
};

const session = (status: string) => (call: FakeCall) => {
  if (call.url === '/api/auth/pwdless/verify') return { status: 200, body: { status, loginToken: 'lt_1', loginProvider: 'pwdless' } };
  if (call.url === '/api/graphql') {
    const query = (call.body as { query: string }).query;
    if (query.includes('createSession')) return { status: 200, body: { data: { createSession: { sessionToken: 'st_1', mustAcceptTos: false, member: member() } } } };
    if (query.includes('getMember')) return { status: 200, body: { data: { getMember: member() } } };
  }
  if (call.url === '/api/members/mem_1/recovery-code') return { status: 200, body: { recoveryCode: 'ABCD-EFGH-JKLM' } };
  return undefined;
};

describe('verify phone number screen', () => {
  beforeEach(() => startChallenge());

  it('shows the phone read-only in the display format and a one-time-code field', () => {
    renderApp('/login/verify-phone-number');
    const phone = screen.getByTestId('phone-display') as HTMLInputElement;
    expect(phone.value).toBe('+52 55 1234 5678');
    expect(phone.readOnly).toBe(true);
    const code = screen.getByTestId('code-input') as HTMLInputElement;
    expect(code.name).toBe('code');
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
  });

  it('keeps the resend link disabled with a m:ss countdown', () => {
    renderApp('/login/verify-phone-number');
    const resend = screen.getByTestId('resend-link') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/Reenviar código en (2:00|1:59)/);
  });

  it('enables resend once the wait is over and sends a new code', async () => {
    window.localStorage.setItem('resendAvailableAt', new Date(Date.now() - 1000).toISOString());
    const { calls } = installFakeFetch((call) =>
      call.url === '/api/auth/pwdless/phone' ? { status: 200, body: { pwdlessToken: 'pt_2', resendAvailableAt: new Date(Date.now() + 120_000).toISOString() } } : undefined,
    );
    renderApp('/login/verify-phone-number');
    const resend = screen.getByTestId('resend-link') as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    expect(resend.textContent).toBe('Reenviar código');
    fireEvent.click(resend);
    expect((await screen.findByTestId('toast')).textContent).toContain('Te enviamos un código nuevo.');
    expect(calls.find((c) => c.url === '/api/auth/pwdless/phone')?.body).toMatchObject({ phoneNumber: PHONE });
    await waitFor(() => expect((screen.getByTestId('resend-link') as HTMLButtonElement).disabled).toBe(true));
    // Tracked with the country code only (never the number).
    await waitFor(() => expect(trackedEvents(calls)).toEqual([{ event: 'phone_code_resent', properties: { phoneCountryCode: PHONE_COUNTRY_CODE } }]));
  });

  it('checks the code length before calling the API', async () => {
    const { calls } = installFakeFetch(() => undefined);
    renderApp('/login/verify-phone-number');
    submitCode('123');
    expect(await screen.findAllByText('El código debe tener 6 caracteres.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.url.startsWith('/api/auth/'))).toHaveLength(0);
  });

  it('passwordless-invalid-code: the invalid toast and a field error', async () => {
    installFakeFetch((call) =>
      call.url === '/api/auth/pwdless/verify' ? apiError(400, 'TOKEN_INVALID', 'bad code', { reason: 'passwordless-invalid-code' }) : undefined,
    );
    const { router } = renderApp('/login/verify-phone-number');
    submitCode('123456');
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-variant')).toBe('warning');
    expect(toast.textContent).toContain('El código no es correcto. Revísalo');
    expect(screen.getByTestId('code-input').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('El código no es correcto.')).toBeTruthy(); // the field error
    // WCAG 3.3.1: the field the server refused takes the focus (it stayed on the button).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('code-input')));
    expect(screen.queryByTestId('code-expired')).toBeNull();
    expect(router.state.location.pathname).toBe('/login/verify-phone-number');
  });

  it.each(['passwordless-expired-code', 'passwordless-invalid-token'] as const)(
    '%s: the expired error and a warning toast (and no "session expired")',
    async (reason) => {
      installFakeFetch((call) => (call.url === '/api/auth/pwdless/verify' ? apiError(401, 'TOKEN_EXPIRED', 'expired', { reason }) : undefined));
      renderApp('/login/verify-phone-number');
      submitCode('123456');
      expect((await screen.findByTestId('code-expired')).textContent).toContain('Reenviar código');
      const toast = await screen.findByTestId('toast');
      expect(toast.getAttribute('data-variant')).toBe('warning');
      expect(toast.textContent).toContain('El código expiró. Pide uno nuevo.');
      expect(screen.getByText('El código expiró.')).toBeTruthy(); // the field error
      expect(toast.textContent).not.toContain('Sesión expirada');
    },
  );

  it('a new account signs in and goes to save the recovery code', async () => {
    const { calls } = installFakeFetch(session('new_account_created'));
    const { router } = renderApp('/login/verify-phone-number');
    submitCode('123456');
    expect((await screen.findByTestId('recovery-code')).textContent).toBe('ABCD-EFGH-JKLM');
    expect(router.state.location.pathname).toBe('/login/save-recovery-code');
    expect(window.localStorage.getItem('sessionToken')).toBe('st_1');
    const verify = calls.find((c) => c.url === '/api/auth/pwdless/verify');
    expect(verify?.body).toMatchObject({ code: '123456', pwdlessToken: 'pt_1', lang: 'es' });
    const create = calls.find((c) => c.url === '/api/graphql');
    expect((create?.body as { variables: Record<string, string> }).variables).toMatchObject({ loginToken: 'lt_1', timeZone: expect.any(String) });
    const recovery = calls.find((c) => c.url.endsWith('/recovery-code'));
    expect(recovery?.headers.authorization).toBe('Bearer st_1');
  });

  it('an existing account signs in and lands on home, greeted by name', async () => {
    installFakeFetch(session('account_exist'));
    const { router } = renderApp('/login/verify-phone-number', { language: 'en' });
    submitCode('123456');
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Hi, Lucía');
    expect(router.state.location.pathname).toBe('/inicio');
  });

  it('a failed createSession shows the connection_error dialog with a sign-in button', async () => {
    installFakeFetch((call) => {
      if (call.url === '/api/auth/pwdless/verify') return { status: 200, body: { status: 'account_exist', loginToken: 'lt_1', loginProvider: 'pwdless' } };
      if (call.url === '/api/graphql') return apiError(401, 'TOKEN_INVALID', 'bad login token');
      return undefined;
    });
    renderApp('/login/verify-phone-number');
    submitCode('123456');
    expect(await screen.findByText('Error de conexión')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('error-generating-token logs the user out', async () => {
    installFakeFetch((call) =>
      call.url === '/api/auth/pwdless/verify' ? apiError(500, 'UNKNOWN_ERROR', 'boom', { reason: 'error-generating-token' }) : undefined,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp('/login/verify-phone-number');
    submitCode('123456');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000); // the client retries a 5xx three times first
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('phone_already_in_use stays signed out, back on /login with the phone_number_taken warning', async () => {
    installFakeFetch(session('phone_already_in_use'));
    const { router } = renderApp('/login/verify-phone-number');
    submitCode('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Este número ya está en uso');
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });
});

describe('save recovery code screen', () => {
  it('refuses to continue until the box is checked, then goes home', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    installFakeFetch(session('new_account_created'));
    const { router } = renderApp('/login/save-recovery-code');
    await screen.findByTestId('recovery-code');
    fireEvent.click(screen.getByTestId('recovery-continue'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Confirma que guardaste tu código de recuperación.');
    expect(toast.getAttribute('data-variant')).toBe('warning');
    // WCAG 3.3.1: the focus moves to the box, which is marked and describes the error (announced).
    const box = screen.getByTestId('recovery-confirm');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Confirma que guardaste tu código de recuperación.');
    expect(error?.getAttribute('role')).toBe('alert');
    fireEvent.click(screen.getByTestId('recovery-confirm'));
    expect(box.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(screen.getByTestId('recovery-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    expect(await screen.findByTestId('home-greeting')).toBeTruthy();
  });
});
