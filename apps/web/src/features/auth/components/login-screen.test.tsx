import { buildPath, TOAST } from '@puente/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, installFakeFetch, member } from '@/test/fake-fetch';
import { expectLegalPageLinks } from '@/test/legal-links';
import { renderApp } from '@/test/render-app';
import { recordScrollIntoView } from '@/test/scroll-into-view';
import { press } from '@/test/press';

const phoneInput = () => screen.getByTestId('phone-input') as HTMLInputElement;
const typePhone = (value: string) => {
  fireEvent.change(phoneInput(), { target: { value } });
  fireEvent.blur(phoneInput());
};

/**
 * /login where the last code went to `pending` (its challenge still stored), asking for a code for
 * `phone` and refused: the server says to wait `seconds` before another.
 */
const refuseResend = ({ pending, pendingToken, phone, seconds, language }: { pending: string; pendingToken: string; phone: { country?: string; digits: string }; seconds: number; language: 'es' | 'en' }) => {
  window.localStorage.setItem('phoneNumber', pending);
  window.localStorage.setItem('pwdlessToken', pendingToken);
  installFakeFetch((call) =>
    call.url === '/api/auth/pwdless/phone'
      ? { status: 429, body: { error: { code: 'LIMIT_EXCEEDED', status: 429, message: 'Wait', reason: 'resend-too-soon', retryAfterSeconds: seconds } } }
      : undefined,
  );
  const view = renderApp('/login', { language });
  if (phone.country) fireEvent.change(screen.getByTestId('country-code'), { target: { value: phone.country } });
  typePhone(phone.digits);
  fireEvent.click(screen.getByTestId('login-continue'));
  return view;
};

describe('login form validation (spec 5)', () => {
  it.each([
    ['es', '', 'Ingresa tu número de celular.'],
    ['es', '55123', 'El número debe tener 10 dígitos.'],
    ['es', '55-123-4567', 'El número debe tener 10 dígitos.'],
    ['en', '', 'Enter your mobile number.'],
    ['en', '55123', 'The number must have 10 digits.'],
    ['en', '551234567890', 'The number must have 10 digits.'],
  ] as const)('in %s, "%s" shows "%s" once the field is touched', async (language, value, message) => {
    renderApp('/login', { language });
    fireEvent.focus(phoneInput());
    typePhone(value);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows no error before the field is touched', () => {
    renderApp('/login');
    expect(screen.queryByText('Ingresa tu número de celular.')).toBeNull();
  });

  it('keeps the input to 15 characters and shows the spec placeholder', () => {
    renderApp('/login');
    expect(phoneInput().maxLength).toBe(15);
    expect(phoneInput().placeholder).toBe('(XXX)-XXX-XXXX');
  });

  it('an invalid submit shows a warning toast that stays 10 s; the error itself shows once, under the field', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/login');
    fireEvent.click(screen.getByTestId('login-continue'));
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-variant')).toBe('warning');
    expect(toast.getAttribute('data-duration')).toBe(String(TOAST.warningMs));
    expect(toast.textContent).toContain('Completa los campos obligatorios.');
    expect(toast.textContent).not.toContain('Ingresa tu número de celular.');
    expect(screen.getAllByText('Ingresa tu número de celular.')).toHaveLength(1);
    expect(document.getElementById('phone-input-help')?.textContent).toBe('Ingresa tu número de celular.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST.defaultMs + 1_000);
    });
    expect(screen.queryByTestId('toast')).not.toBeNull(); // still there after the 5 s default
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST.warningMs);
    });
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  it('an invalid submit brings the field in error to the middle of the screen, clear of the toast at the bottom', async () => {
    const scrolled = recordScrollIntoView();
    renderApp('/login');
    fireEvent.click(screen.getByTestId('login-continue'));
    await screen.findByTestId('toast');
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]!.target).toBe(phoneInput());
    expect(scrolled[0]!.options).toMatchObject({ block: 'center' });
  });

  it('WCAG 3.3.1: an invalid submit moves the focus to the phone field, which names its error', async () => {
    renderApp('/login');
    const button = screen.getByTestId('login-continue');
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(phoneInput()));
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phoneInput().getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ingresa tu número de celular.');
  });

  it('the privacy drawer links both legal pages (issue 10)', async () => {
    const { router } = renderApp('/login');
    fireEvent.click(screen.getByTestId('privacy-link'));
    const { notice } = expectLegalPageLinks(await screen.findByTestId('privacy-drawer'), { notice: 'Leer el aviso de privacidad completo', practices: 'Aviso de prácticas de privacidad (EE. UU.)' });
    fireEvent.click(notice);
    await waitFor(() => expect(router.state.location.pathname).toBe(buildPath('privacyNotice')));
  });

  it('country code defaults from the chosen language (es 52, en 1), unless one was used before', () => {
    const es = renderApp('/login', { language: 'es' });
    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe('52');
    es.unmount();
    const en = renderApp('/login', { language: 'en' });
    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe('1');
    en.unmount();
    window.localStorage.setItem('lastcountrycode', '57');
    const used = renderApp('/login', { language: 'es' });
    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe('57');
    used.unmount();
    window.localStorage.setItem('lastcountrycode', '1');
    renderApp('/login', { language: 'es' });
    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe('1');
  });

  it('the phone field accepts digits only: letters, spaces, dashes and brackets are dropped as typed', () => {
    renderApp('/login');
    fireEvent.change(phoneInput(), { target: { value: '(55) 12-34 abc 5678' } });
    expect(phoneInput().value).toBe('5512345678');
    fireEvent.change(phoneInput(), { target: { value: 'hola' } });
    expect(phoneInput().value).toBe('');
  });

  it('prefills a valid phonenumber query parameter and ignores a malformed one', () => {
    const first = renderApp('/login?phonenumber=%2B525512345678');
    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe('52');
    expect(phoneInput().value).toBe('5512345678');
    first.unmount();
    renderApp('/login?phonenumber=%2B445512345678');
    expect(phoneInput().value).toBe('');
  });

  it('WCAG 3.3.1: a number the server refuses is marked and takes the focus (it stayed on the button)', async () => {
    installFakeFetch((call) => (call.url === '/api/auth/pwdless/phone' ? apiError(400, 'INVALID_DATA', 'x', { fields: { phoneNumber: 'error_phone_invalid' } }) : undefined));
    renderApp('/login');
    fireEvent.change(screen.getByTestId('country-code'), { target: { value: '52' } });
    typePhone('5512345678');
    press('login-continue');
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('No pudimos enviar el código'));
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(phoneInput()));
  });

  it('a valid number asks for a code, remembers the phone and goes to verification', async () => {
    const { calls } = installFakeFetch((call) =>
      call.url === '/api/auth/pwdless/phone'
        ? { status: 200, body: { pwdlessToken: 'pt_1', resendAvailableAt: new Date(Date.now() + 120_000).toISOString() } }
        : undefined,
    );
    const { router } = renderApp('/login?empCode=ACME');
    fireEvent.change(screen.getByTestId('country-code'), { target: { value: '52' } });
    typePhone('5512345678');
    fireEvent.click(screen.getByTestId('login-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/verify-phone-number'));
    const call = calls.find((c) => c.url === '/api/auth/pwdless/phone');
    expect(call?.body).toMatchObject({ phoneNumber: '+525512345678', language: 'es', empCode: 'ACME' });
    expect(call?.headers['x-client']).toBe('app');
    expect(window.localStorage.getItem('phoneNumber')).toBe('+525512345678');
    expect(window.localStorage.getItem('lastcountrycode')).toBe('52');
    expect(await screen.findByDisplayValue('+52 55 1234 5678')).toBeTruthy();
  });

  it('shows the protection banner in Spanish only', () => {
    const es = renderApp('/login', { language: 'es' });
    expect(screen.queryByTestId('protection-banner')).not.toBeNull();
    es.unmount();
    renderApp('/login', { language: 'en' });
    expect(screen.queryByTestId('protection-banner')).toBeNull();
  });
});

describe('login for someone already signed in, and a refused resend', () => {
  it('a signed-in member who opens /login goes home', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    expect(screen.queryByTestId('login-screen')).toBeNull();
  });

  it('a refused resend counts the wait down on screen and offers the code already sent (en)', async () => {
    const { router } = refuseResend({ pending: '+14155550123', pendingToken: 'pt_sent', phone: { country: '1', digits: '4155550123' }, seconds: 65, language: 'en' });
    const wait = await screen.findByTestId('resend-wait');
    expect(wait.textContent).toMatch(/We already sent a code to this number\. You can ask for another in 1:0[45]\./);
    const first = wait.textContent;
    await waitFor(() => expect(screen.getByTestId('resend-wait').textContent).not.toBe(first), { timeout: 2500 });
    expect(screen.queryByTestId('toast')).toBeNull();
    fireEvent.click(screen.getByTestId('use-sent-code'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/verify-phone-number'));
    expect(window.localStorage.getItem('pwdlessToken')).toBe('pt_sent');
  });

  it('while the wait counts down, only the form renders again, not the screen around it (issue 10: the form is a component of its own)', async () => {
    const { i18n } = refuseResend({ pending: '+14155550123', pendingToken: 'pt_sent', phone: { country: '1', digits: '4155550123' }, seconds: 65, language: 'en' });
    const first = (await screen.findByTestId('resend-wait')).textContent;
    // What each render asks i18next for: the screen's title is the screen rendering, the wait the form.
    const asked = vi.spyOn(i18n, 't');
    await waitFor(() => expect(screen.getByTestId('resend-wait').textContent).not.toBe(first), { timeout: 2500 });
    const keys = asked.mock.calls.map(([key]) => String(key));
    expect(keys).toContain('login_screen_resend_wait');
    expect(keys).not.toContain('login_screen_title');
  });

  it('a refused resend for another number than the one with a code pending says to wait, with no way to a code (es)', async () => {
    refuseResend({ pending: '+525599998888', pendingToken: 'pt_other', phone: { digits: '5512345678' }, seconds: 30, language: 'es' });
    const wait = await screen.findByTestId('resend-wait');
    expect(wait.textContent).toContain('Podrás pedir otro en 0:');
    expect(screen.queryByTestId('use-sent-code')).toBeNull();
  });
});
