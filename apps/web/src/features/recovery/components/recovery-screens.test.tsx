import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeFetch, type FakeCall, type FakeHandler } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { press } from '@/test/press';

const CONFIG = {
  companyPhones: { whatsapp: '+525500001111', ohmd: '+14155550100' },
  countries: [],
  supportedPhoneCodes: [],
  workingHours: { timezone: 'America/Mexico_City', intervals: [], allowOnWeekend: false, whitelistDomains: [], whitelistEmails: [] },
  appLinks: { deepLink: 'puente://open', iosStore: 'https://apps.apple.com/app/puente', androidStore: 'https://play.google.com/store/apps/details?id=app.puente', marketingSite: 'https://puente.health' },
};
const withConfig = (handler: FakeHandler) => (call: FakeCall) =>
  call.url === '/api/configs' ? { status: 200, body: CONFIG } : handler(call);

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/change-phone/recovery', () => {
  it('previous phone + recovery code give a resetToken and lead to the new-phone step', async () => {
    const { calls } = installFakeFetch(withConfig((call) => (call.url === '/api/auth/pwdless/reset' ? { status: 200, body: { resetToken: 'rt_1', expiresAt: new Date().toISOString() } } : undefined)));
    const { router } = renderApp('/change-phone/recovery');
    fireEvent.change(screen.getByTestId('recovery-country-code'), { target: { value: '52' } });
    fill('recovery-phone-input', '5512345678');
    fill('recovery-code-input', 'abcd efgh jkmn');
    fireEvent.click(screen.getByTestId('recovery-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-phone/new-phone'));
    expect(calls.find((c) => c.url === '/api/auth/pwdless/reset')?.body).toEqual({ phoneNumber: '+525512345678', recoveryCode: 'abcd efgh jkmn' });
    expect(window.sessionStorage.getItem('puente-reset-token')).toBe('rt_1');
  });

  it('a missing recovery code shows the spec key as a field error and a warning toast', async () => {
    installFakeFetch(withConfig(() => undefined));
    renderApp('/change-phone/recovery');
    fill('recovery-phone-input', '5512345678');
    fireEvent.click(screen.getByTestId('recovery-submit'));
    await waitFor(() => expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('warning'));
    expect(screen.getByTestId('toast').textContent).toContain('Completa los campos obligatorios');
  });

  it('a wrong code is shown on the code field', async () => {
    installFakeFetch(withConfig((call) => (call.url === '/api/auth/pwdless/reset' ? apiError(400, 'INVALID_DATA', 'x', { fields: { recoveryCode: 'recovery_code_invalid' } }) : undefined)));
    renderApp('/change-phone/recovery');
    fill('recovery-phone-input', '5512345678');
    fill('recovery-code-input', 'WRONG');
    press('recovery-submit');
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('no coinciden'));
    expect(screen.getByTestId('recovery-code-input').getAttribute('aria-invalid')).toBe('true');
    // WCAG 3.3.1: the field the server refused takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('recovery-code-input')));
  });

  it('sending a new recovery code disables the button for 2 minutes', async () => {
    const { calls } = installFakeFetch(withConfig((call) =>
      call.url.startsWith('/api/auth/send-recovery-code/') ? { status: 200, body: { ok: true, availableAt: new Date(Date.now() + 120_000).toISOString() } } : undefined,
    ));
    renderApp('/change-phone/recovery');
    fill('recovery-phone-input', '4155550123');
    const button = screen.getByTestId('recovery-send-code') as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/send-recovery-code/%2B14155550123')).toBe(true));
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('data-remaining')).toMatch(/^[12]:[0-5]\d$/);
  });

  it('a failed send is logged and the button re-enables (spec 8)', async () => {
    installFakeFetch(withConfig((call) => (call.url.startsWith('/api/auth/send-recovery-code/') ? apiError(400, 'INVALID_DATA', 'x') : undefined)));
    renderApp('/change-phone/recovery');
    fill('recovery-phone-input', '4155550123');
    const button = screen.getByTestId('recovery-send-code') as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('No pudimos enviar'));
    expect(button.disabled).toBe(false);
  });

  it('the get-help drawer opens WhatsApp outside the US and an SMS in the US, to the configured phones', async () => {
    installFakeFetch(withConfig(() => undefined));
    renderApp('/change-phone/recovery');
    fireEvent.click(screen.getByTestId('recovery-get-help'));
    const contact = await screen.findByTestId('help-contact');
    await waitFor(() => expect(contact.getAttribute('href')).toMatch(/^sms:\+14155550100/));
    fireEvent.change(screen.getByTestId('help-country'), { target: { value: '52' } });
    await waitFor(() => expect(screen.getByTestId('help-contact').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/525500001111/));
    expect(screen.getByTestId('help-contact').getAttribute('data-channel')).toBe('whatsapp');
  });
});

describe('/change-phone/new-phone', () => {
  it('without a resetToken it goes back to step 1', async () => {
    installFakeFetch(withConfig(() => undefined));
    const { router } = renderApp('/change-phone/new-phone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-phone/recovery'));
  });

  it('a phone that is taken shows phone_number_taken with a link to support, and sends no code', async () => {
    window.sessionStorage.setItem('puente-reset-token', 'rt_1');
    const { calls } = installFakeFetch(withConfig((call) => (call.url.startsWith('/api/user/phone-taken/') ? { status: 200, body: { taken: true } } : undefined)));
    const { queryClient } = renderApp('/change-phone/new-phone');
    await waitFor(() => expect(queryClient.getQueryData(['public-config'])).toBeTruthy());
    fill('new-phone-input', '5598765432');
    fireEvent.change(screen.getByTestId('new-phone-country-code'), { target: { value: '52' } });
    press('new-phone-submit');
    const action = await screen.findByTestId('toast-action');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('new-phone-input')));
    expect(action.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/525500001111/);
    expect(calls.find((c) => c.url.startsWith('/api/user/phone-taken/'))?.url).toBe('/api/user/phone-taken/%2B525598765432?resetToken=rt_1');
    expect(calls.some((c) => c.url === '/api/auth/pwdless/phone')).toBe(false);
  });

  it('a free phone gets the code with the resetToken and goes to the verify screen', async () => {
    window.sessionStorage.setItem('puente-reset-token', 'rt_1');
    const { calls } = installFakeFetch(withConfig((call) => {
      if (call.url.startsWith('/api/user/phone-taken/')) return { status: 200, body: { taken: false } };
      if (call.url === '/api/auth/pwdless/phone') return { status: 200, body: { pwdlessToken: 'pt_9', resendAvailableAt: new Date(Date.now() + 120_000).toISOString() } };
      return undefined;
    }));
    const { router } = renderApp('/change-phone/new-phone');
    fill('new-phone-input', '4155559999');
    fireEvent.click(screen.getByTestId('new-phone-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/verify-phone-number'));
    expect(calls.find((c) => c.url === '/api/auth/pwdless/phone')?.body).toMatchObject({ phoneNumber: '+14155559999', resetToken: 'rt_1' });
    expect(window.localStorage.getItem('pwdlessToken')).toBe('pt_9');
  });

  it('an expired resetToken sends the member back to step 1 with a warning', async () => {
    window.sessionStorage.setItem('puente-reset-token', 'rt_old');
    installFakeFetch(withConfig((call) => {
      if (call.url.startsWith('/api/user/phone-taken/')) return apiError(401, 'UNAUTHORIZED', 'x');
      return undefined;
    }));
    const { router } = renderApp('/change-phone/new-phone');
    fill('new-phone-input', '4155559999');
    fireEvent.click(screen.getByTestId('new-phone-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-phone/recovery'));
    expect(window.sessionStorage.getItem('puente-reset-token')).toBeNull();
  });
});

describe('/login/multiple-accounts', () => {
  it('offers help by chat and a way back to /login', async () => {
    installFakeFetch(withConfig(() => undefined));
    const { router } = renderApp('/login/multiple-accounts');
    fireEvent.click(screen.getByTestId('multiple-accounts-help'));
    expect(await screen.findByTestId('help-drawer')).toBeTruthy();
    fireEvent.click(screen.getByTestId('multiple-accounts-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
