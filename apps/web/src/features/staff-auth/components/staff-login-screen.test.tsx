import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const json = (body: unknown) => ({ status: 200, body });
const EN_SUBMIT = 'Send code';
const EN_ENROL_HELP = 'First time: scan this QR code with your authenticator app';

describe('staff sign-in (/staff/login)', () => {
  it.each([
    ['es', 'Espera 1:05 para pedir otro código.'],
    ['en', 'Wait 1:05 before asking for another code.'],
  ] as const)('in %s, a code asked for again too soon says how long to wait, not the raw reason', async (language, message) => {
    installFakeFetch((call) =>
      call.url === '/api/staff/auth/email' ? apiError(429, 'LIMIT_EXCEEDED', 'Wait', { reason: 'resend-too-soon', retryAfterSeconds: 65 }) : undefined,
    );
    renderApp('/staff/login', { language });
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'coach@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.queryByText('resend-too-soon')).toBeNull();
  });

  it('from the code step she can go back to her email, and after a refused resend type the code already sent (counted down)', async () => {
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/staff/auth/email') {
        const asked = (call.body as { email: string }).email;
        if (asked === 'coach@puente.test' && calls.filter((c) => c.url === '/api/staff/auth/email').length > 1) {
          return apiError(429, 'LIMIT_EXCEEDED', 'Wait', { reason: 'resend-too-soon', retryAfterSeconds: 65 });
        }
        return json({ challengeToken: `ch_${asked}`, resendAvailableAt: new Date().toISOString() });
      }
      if (call.url === '/api/staff/auth/email/verify') return json({ mfaToken: 'mfa_1', enrolmentRequired: false });
      return undefined;
    });
    renderApp('/staff/login', { language: 'en' });
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'coach@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-code-input');

    // Back to the email, which is kept; asking again for it is refused: the wait counts down.
    fireEvent.click(screen.getByTestId('staff-change-email'));
    expect(((await screen.findByTestId('staff-email-input')) as HTMLInputElement).value).toBe('coach@puente.test');
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    const wait = await screen.findByTestId('staff-resend-wait');
    expect(wait.textContent).toContain('Wait 1:05 before asking for another code.');
    await waitFor(() => expect(screen.getByTestId('staff-resend-wait').textContent).toContain('Wait 1:04'), { timeout: 3_000 });

    // The code already sent to that address can still be typed in.
    fireEvent.click(screen.getByTestId('staff-use-sent-code'));
    fireEvent.change(await screen.findByTestId('staff-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-totp-input');
    expect(calls.filter((c) => c.url === '/api/staff/auth/email/verify').map((c) => c.body)).toEqual([{ challengeToken: 'ch_coach@puente.test', code: '123456' }]);
  });

  it('a reload at the code step (a phone drops the tab while she reads her email) comes back to it, for as long as the code lives', async () => {
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/staff/auth/email') return json({ challengeToken: 'ch_1', resendAvailableAt: new Date().toISOString() });
      if (call.url === '/api/staff/auth/email/verify') return json({ mfaToken: 'mfa_1', enrolmentRequired: false });
      return undefined;
    });
    const first = renderApp('/staff/login', { language: 'en' });
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'coach@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-code-input');
    first.unmount();

    // The page loads again: the code step, for the same address; the code sent is the one checked.
    const second = renderApp('/staff/login', { language: 'en' });
    expect(await screen.findByText('Type the 6-digit code we sent to coach@puente.test.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('staff-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-totp-input');
    expect(calls.filter((c) => c.url === '/api/staff/auth/email/verify').map((c) => c.body)).toEqual([{ challengeToken: 'ch_1', code: '123456' }]);
    second.unmount();

    // Used: another load starts at the email.
    const third = renderApp('/staff/login', { language: 'en' });
    expect(await screen.findByTestId('staff-email-input')).toBeTruthy();
    third.unmount();

    // A code past its life (10 minutes) is not offered either.
    window.sessionStorage.setItem('staffLoginCode', JSON.stringify({ challengeToken: 'ch_old', email: 'coach@puente.test', expiresAt: Date.now() - 1 }));
    renderApp('/staff/login', { language: 'en' });
    expect(await screen.findByTestId('staff-email-input')).toBeTruthy();
    expect(window.sessionStorage.getItem('staffLoginCode')).toBeNull();
  });

  it('a mistyped email is corrected from the code step: the code goes to the new address', async () => {
    const { calls } = installFakeFetch((call) =>
      call.url === '/api/staff/auth/email' ? json({ challengeToken: `ch_${(call.body as { email: string }).email}`, resendAvailableAt: new Date().toISOString() }) : undefined,
    );
    renderApp('/staff/login', { language: 'es' });
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'coahc@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-code-input');
    expect(screen.getByTestId('staff-change-email').textContent).toBe('Usar otro correo');
    fireEvent.click(screen.getByTestId('staff-change-email'));
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'coach@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    expect(await screen.findByText('Escribe el código de 6 dígitos que enviamos a coach@puente.test.')).toBeTruthy();
    expect(screen.queryByTestId('staff-use-sent-code')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/staff/auth/email').map((c) => (c.body as { email: string }).email)).toEqual(['coahc@puente.test', 'coach@puente.test']);
  });

  it('offers a language choice before signing in; the choice is applied at once and remembered', async () => {
    installFakeFetch(() => undefined);
    renderApp('/staff/login', { language: 'es' });
    const select = (await screen.findByTestId('staff-language-select')) as HTMLSelectElement;
    expect(select.value).toBe('es');
    expect(screen.getByTestId('staff-login-submit').textContent).toBe('Enviar código');
    fireEvent.change(select, { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByTestId('staff-login-submit').textContent).toBe(EN_SUBMIT));
    expect(window.localStorage.getItem('language')).toBe('en');
    expect((screen.getByTestId('staff-language-select') as HTMLSelectElement).value).toBe('en');
  });

  it('the language choice stays on the second factor (the TOTP enrolment)', async () => {
    installFakeFetch((call) => {
      if (call.url === '/api/staff/auth/email') return json({ challengeToken: 'ch_1', resendAvailableAt: new Date().toISOString() });
      if (call.url === '/api/staff/auth/email/verify') return json({ mfaToken: 'mfa_1', enrolmentRequired: true });
      if (call.url === '/api/staff/auth/totp/enrolment') return json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Puente:doctor?secret=JBSWY3DPEHPK3PXP', qrCodeDataUrl: 'data:image/svg+xml;base64,AA==' });
      return undefined;
    });
    renderApp('/staff/login', { language: 'es' });
    fireEvent.change(await screen.findByTestId('staff-email-input'), { target: { value: 'doctor@puente.test' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-code-input');
    fireEvent.change(screen.getByTestId('staff-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('staff-login-submit'));
    await screen.findByTestId('staff-totp-enrolment');
    fireEvent.change(screen.getByTestId('staff-language-select'), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByTestId('staff-totp-enrolment').textContent).toContain(EN_ENROL_HELP));
  });
});
