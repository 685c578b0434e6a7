import { afterEach, describe, expect, it, vi } from 'vitest';

type Load = typeof import('@/locales/load');

/**
 * A first visit on a slow network: fresh modules (the test setup has loaded every language whole)
 * in which English's messages stay on their way until `releaseEnglish` lets them in, so every
 * screen's i18n still says Spanish. The mock is this test's only (vi.doMock, undone after it: the
 * web tests share their worker's modules), and so is its render (cleaned up with the fresh modules'
 * own testing library).
 */
let releaseEnglish = (): void => undefined;
let cleanup = (): void => undefined;
const firstVisitWithEnglishHeld = async () => {
  vi.resetModules();
  let holding = true;
  const held = new Promise<void>((resolve) => {
    releaseEnglish = () => {
      holding = false;
      resolve();
    };
  });
  vi.doMock('@/locales/load', async (importOriginal) => {
    const actual = await importOriginal<Load>();
    return {
      ...actual,
      isComplete: (language: Parameters<Load['isComplete']>[0]) => (language === 'en' && holding ? false : actual.isComplete(language)),
      loadMessages: (language: Parameters<Load['loadMessages']>[0]) => (language === 'en' && holding ? held.then(() => actual.loadMessages(language)) : actual.loadMessages(language)),
    };
  });
  const testing = await import('@testing-library/react');
  cleanup = testing.cleanup;
  return { ...testing, ...(await import('@/test/fake-fetch')), ...(await import('@/test/render-app')) };
};
afterEach(() => {
  cleanup();
  releaseEnglish();
  vi.doUnmock('@/locales/load');
  vi.resetModules();
});

describe('a newcomer who chose English goes on before its messages arrive', () => {
  it('starts in English: the tracked steps, the US country code, the code message and the account are in the language she chose', async () => {
    const { fireEvent, screen, waitFor, installFakeFetch, trackedEvents, renderApp } = await firstVisitWithEnglishHeld();
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/interactions/event') return { status: 200, body: { id: crypto.randomUUID(), kept: {} } };
      // Answered with an error: what matters here is the language the code is checked in (it becomes the new account's).
      if (call.url === '/api/auth/pwdless/verify') return { status: 400, body: { error: { code: 'TOKEN_INVALID', status: 400, message: 'bad code', reason: 'passwordless-invalid-code' } } };
      if (call.url === '/api/auth/pwdless/phone') return { status: 200, body: { pwdlessToken: 'pt_1', resendAvailableAt: new Date(Date.now() + 120_000).toISOString() } };
      return undefined;
    });
    const { router, i18n } = renderApp('/select-language', { language: 'es' });
    fireEvent.click(await screen.findByTestId('lang-en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/presignup'));
    fireEvent.click(await screen.findByTestId('presignup-start'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(i18n.language).toBe('es'); // English has not arrived: the screens still show Spanish

    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe('1');
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '5551234567' } });
    fireEvent.click(screen.getByTestId('login-continue'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/auth/pwdless/phone')?.body).toMatchObject({ phoneNumber: '+15551234567', language: 'en' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/verify-phone-number'));
    fireEvent.change(await screen.findByTestId('code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/auth/pwdless/verify')?.body).toMatchObject({ code: '123456', lang: 'en' }));
    expect(i18n.language).toBe('es');
    await waitFor(() => expect(trackedEvents(calls).slice(0, 2)).toEqual([
      { event: 'language_selected', properties: { language: 'en' } },
      { event: 'signup_started', properties: { language: 'en' } },
    ]));

    releaseEnglish();
    await waitFor(() => expect(i18n.language).toBe('en'));
  });

  it("her organization's English link: a social sign-in started before English arrives is in English", async () => {
    const { fireEvent, screen, waitFor, installFakeFetch, renderApp } = await firstVisitWithEnglishHeld();
    const { calls } = installFakeFetch((call) => {
      if (call.url.startsWith('/api/auth/identity-providers')) return { status: 200, body: { providers: ['google'], organization: { id: 'org-1', settings: {} } } };
      // Answered with an error (the page stays): what matters is the language the sign-in starts in.
      if (call.url === '/api/auth/oidc/authorize') return { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', status: 503, message: 'down' } } };
      return undefined;
    });
    const { i18n } = renderApp('/login?empCode=ACME2026&lang=en', { language: 'es' });
    fireEvent.click(await screen.findByTestId('social-login-google'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/auth/oidc/authorize')?.body).toMatchObject({ provider: 'google', purpose: 'member', lang: 'en' }));
    expect(i18n.language).toBe('es');
    releaseEnglish();
    await waitFor(() => expect(i18n.language).toBe('en'));
  });

  it('back from her identity provider before English arrives (the app opened in Spanish): the account is made in English', async () => {
    const { waitFor, installFakeFetch, renderApp } = await firstVisitWithEnglishHeld();
    window.sessionStorage.setItem('identity-pending', JSON.stringify({ provider: 'google', purpose: 'member', state: 'state-1' }));
    const { calls } = installFakeFetch((call) =>
      // Answered with an error: what matters is the language the account would be made in.
      call.url === '/api/auth/auth0/verify' ? { status: 400, body: { error: { code: 'TOKEN_INVALID', status: 400, message: 'bad code' } } } : undefined,
    );
    const { i18n } = renderApp('/login/auth0/verify?provider=google&code=code-1&state=state-1', { language: 'en' });
    expect(i18n.language).toBe('es'); // English has not arrived: the app shows Spanish
    await waitFor(() => expect(calls.find((c) => c.url === '/api/auth/auth0/verify')?.body).toMatchObject({ provider: 'google', code: 'code-1', lang: 'en' }));
  });
});
