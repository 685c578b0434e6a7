import { buildPath, TOAST } from '@puente/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, member, type FakeCall, type FakeHandler } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { recordScrollIntoView } from '@/test/scroll-into-view';

// The user agents the notifications tests give the browser.
afterEach(() => vi.restoreAllMocks());

const gql = (call: FakeCall) => call.body as { query: string; variables: Record<string, unknown> };

/** A signed-in member (with `overrides`); `other` answers the calls the member's own do not. */
const signedIn = (overrides: Record<string, unknown> = {}, other: FakeHandler = () => undefined) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  let current = member({ address: { country: 'MX', state: 'CDMX', city: 'Coyoacán', zipCode: null }, ...overrides });
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql') {
      const { query, variables } = gql(call);
      if (query.includes('updateMember')) {
        const { labConsent } = variables.data as { labConsent?: { wasInfoProvided: string } };
        current = { ...current, ...(labConsent ? { labConsent: { ...labConsent, updatedAt: '2025-06-01T00:00:00.000Z' } } : {}) } as typeof current;
        return { status: 200, body: { data: { updateMember: current } } };
      }
      return { status: 200, body: { data: { getMember: current } } };
    }
    const lang = /^\/api\/users\/mem_1\/language\/(es|en)$/.exec(call.url)?.[1];
    if (lang && call.method === 'POST') {
      current = { ...current, preferredLang: lang };
      return { status: 200, body: { preferredLang: lang } };
    }
    if (call.url === '/api/email-verification/verify') {
      const { code } = call.body as { code: string };
      return code === 'good' ? { status: 200, body: { verified: true, email: 'ana@example.com' } } : { status: 401, body: { error: { code: 'TOKEN_INVALID', status: 401, message: 'x' } } };
    }
    return other(call);
  });
};

const entry = (key: string) => screen.queryByTestId(`profile-entry-${key}`);

describe('/perfil visibility rules (spec 000 §2, spec 001 §6)', () => {
  it('an individual member: invitation code, delete account, membership, contact support; no family or site entries', async () => {
    signedIn();
    renderApp('/perfil');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Lucía Gómez');
    expect(screen.getByTestId('profile-plan').textContent).toBe('Plan individual');
    // spec 6 SupportAvailable gates an organization's members; with no organization support is hers (domain supportOffered).
    for (const key of ['changeLoginPhone', 'deleteAccount', 'contactSupport', 'reportProblem', 'profileInformation', 'changeLanguage', 'membership', 'invitationCode', 'howItWorks', 'healthTips', 'privacy', 'privacyPractices']) {
      expect(entry(key), key).not.toBeNull();
    }
    for (const key of ['myFamily', 'changeSite', 'enableNotifications']) expect(entry(key), key).toBeNull();
    expect(entry('changeLanguage')?.textContent).toContain('Español');
    expect(screen.getByTestId('profile-close-session')).toBeTruthy();
  });

  it('a dependant on a family plan reads that plan, not an individual one', async () => {
    signedIn({ subscription: { subscriptionId: 'family', type: 'family', status: 'active', expiresAt: null, daysLeft: null, autoRenew: false, provider: null, currency: 'USD', length: null, organizationName: null, organizationId: null, endReason: null } });
    renderApp('/perfil');
    expect((await screen.findByTestId('profile-plan')).textContent).toBe('Plan familiar');
  });

  it('links both legal pages: the privacy notice and the notice of privacy practices (issue 10)', async () => {
    signedIn();
    renderApp('/perfil');
    await screen.findByTestId('profile-name');
    expect(entry('privacy')?.getAttribute('href')).toBe(buildPath('privacyNotice'));
    expect(entry('privacy')?.textContent).toBe('Aviso de privacidad');
    expect(entry('privacyPractices')?.getAttribute('href')).toBe(buildPath('privacyPractices'));
    expect(entry('privacyPractices')?.textContent).toBe('Aviso de prácticas de privacidad (EE. UU.)');
  });

  it('an organization member with the support setting: contact support shows, the invitation code hides', async () => {
    signedIn({ organizationId: 'org_1', organization: { id: 'org_1', name: 'Acme Salud', settings: ['SUPPORT_AVAILABLE'] } });
    renderApp('/perfil', { language: 'en' });
    expect((await screen.findByTestId('profile-plan')).textContent).toBe('Acme Salud plan');
    expect(entry('contactSupport')).not.toBeNull();
    expect(entry('invitationCode')).toBeNull();
  });

  it('a partner user: no delete account, how it works, tips, privacy or membership', async () => {
    // A partner's member: her organization has a partner (getMember says so, and its theme configuration
    // names it), which the shell keeps as the session's partner id. (A member without one is not a
    // partner user, whatever an earlier partner link left in the session: the shell clears it.)
    window.sessionStorage.setItem('partnerId', 'partner_1');
    signedIn({ organizationId: 'org_p', organization: { id: 'org_p', name: 'Farmacias Sol', settings: [], partner: { partnerId: 'partner_1', partnerName: 'Farmacias Sol' } } }, (call) =>
      call.url === '/api/organizations/org_p/theme-config'
        ? { status: 200, body: { partnerId: 'partner_1', partnerName: 'Farmacias Sol', colors: { primary: '#FFC20E', secondary: '#00539B', background: null }, homePageUrl: null } }
        : undefined,
    );
    renderApp('/perfil');
    await screen.findByTestId('profile-name');
    for (const key of ['deleteAccount', 'howItWorks', 'healthTips', 'privacy', 'privacyPractices', 'membership']) expect(entry(key), key).toBeNull();
    expect(entry('reportProblem')).not.toBeNull();
  });

  it("denied push permission shows the enable-notifications entry; on an iPhone, the iPhone's steps and its settings", async () => {
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1');
    signedIn();
    renderApp('/perfil', { language: 'en' });
    fireEvent.click(await screen.findByTestId('profile-entry-enableNotifications'));
    const steps = [...(await screen.findByTestId('notifications-steps')).querySelectorAll('li')].map((li) => li.textContent);
    expect(steps).toEqual(["Open your iPhone's Settings.", 'Find Puente and tap Notifications.', 'Turn on “Allow Notifications”.']);
    expect(screen.getByTestId('notifications-open-settings').textContent).toBe('Go to Settings');
  });

  // The web app opens on Android and computers too, where the iPhone's steps were wrong and its
  // settings address ('app-settings:') opened nothing.
  it("elsewhere, the browser's site settings; the button asks the browser while it can, and goes once refused", async () => {
    const requestPermission = vi.fn(() => Promise.resolve('denied' as const));
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36');
    signedIn();
    renderApp('/perfil/notificaciones');
    const steps = [...(await screen.findByTestId('notifications-steps')).querySelectorAll('li')].map((li) => li.textContent);
    expect(steps).toEqual(['Abre la configuración del sitio (el candado junto a la dirección de Puente) o, si instalaste Puente, la información de la app.', 'Busca Notificaciones.', 'Elige «Permitir».']);
    const allow = screen.getByTestId('notifications-open-settings');
    expect(allow.textContent).toBe('Permitir notificaciones');
    fireEvent.click(allow);
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('notifications-open-settings')).toBeNull());
    expect(screen.getByTestId('notifications-steps')).toBeTruthy();
  });

  it('the notifications screen leaves to /perfil once permission is granted', async () => {
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    signedIn();
    const { router } = renderApp('/perfil/notificaciones');
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
  });

  it('entries for screens of later issues navigate to their routes', async () => {
    signedIn();
    const { router } = renderApp('/perfil');
    fireEvent.click(await screen.findByTestId('profile-entry-membership'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/membership'));
  });
});

describe('/cambio-idioma (spec 5: confirm disabled when unchanged)', () => {
  it('confirm is disabled on the current language; choosing English posts it and the UI switches', async () => {
    const { calls } = signedIn();
    const { router, i18n } = renderApp('/cambio-idioma');
    const confirm = (await screen.findByTestId('language-confirm')) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('language-en'));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('language-es'));
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('language-en'));
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(calls.some((c) => c.url === '/api/users/mem_1/language/en' && c.method === 'POST')).toBe(true);
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect((await screen.findByTestId('profile-entry-changeLanguage')).textContent).toContain('Change language');
  });
});

describe('/perfil/informacion', () => {
  it('copies email, phone and user id, each with a toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    signedIn({ email: 'lucia@example.com' });
    renderApp('/perfil/informacion');
    fireEvent.click(await screen.findByTestId('copy-phone'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Teléfono copiado');
    expect(toast.getAttribute('data-duration')).toBe(String(TOAST.copyMs));
    expect(writeText).toHaveBeenLastCalledWith('+525512345678');
    fireEvent.click(screen.getByTestId('copy-id'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('ID de usuario copiado'));
    expect(writeText).toHaveBeenLastCalledWith('mem_1');
    fireEvent.click(screen.getByTestId('copy-email'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Correo copiado'));
    expect(screen.getByTestId('info-email').textContent).toContain('sin verificar');
  });
});

describe('/consent (spec 5: labConsent is required)', () => {
  it('refuses an empty answer, then saves the lab consent', async () => {
    const scrolled = recordScrollIntoView();
    const { calls } = signedIn();
    const { router } = renderApp('/consent');
    fireEvent.click(await screen.findByTestId('consent-submit'));
    const error = await screen.findByTestId('consent-error');
    expect(error.textContent).toBe('Elige una respuesta.');
    // WCAG 3.3.1: announced, tied to the choices, and the focus is on the first one.
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('radiogroup').getAttribute('aria-describedby')).toBe(error.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('consent-yes')));
    // spec 5: the warning toast, and the choices in the middle of the screen (the toast never covers them).
    expect(screen.getByTestId('toast').textContent).toContain('Completa los campos obligatorios.');
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]!.target).toBe(screen.getByTestId('consent-choices'));
    expect(scrolled[0]!.options).toMatchObject({ block: 'center' });
    fireEvent.click(screen.getByTestId('consent-yes'));
    fireEvent.click(screen.getByTestId('consent-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    const sent = calls.find((c) => c.url === '/api/graphql' && gql(c).query.includes('updateMember'));
    expect(gql(sent!).variables).toEqual({ memberId: 'mem_1', data: { labConsent: { wasInfoProvided: 'provided_yes' } } });
  });
});

describe('/cuenta-verificada and /usar-mi-telefono', () => {
  it('without supportSignUp, success and code it redirects to /', async () => {
    installFakeFetch(() => undefined);
    const { router } = renderApp('/cuenta-verificada?success=true&code=good');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/cuenta-verificada'));
  });

  it('a good code verifies the email (lang=en switches the language); close goes to /usar-mi-telefono', async () => {
    const { calls } = signedIn();
    window.localStorage.removeItem('sessionToken');
    const { router } = renderApp('/cuenta-verificada?supportSignUp=false&success=true&code=good&lang=en');
    await waitFor(() => expect(screen.getByTestId('verified-email-state').getAttribute('data-state')).toBe('verified'));
    expect(screen.getByText('Email verified!')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/email-verification/verify')?.body).toEqual({ code: 'good' });
    fireEvent.click(screen.getByTestId('verified-email-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usar-mi-telefono'));
    expect(screen.getByText('Sign in with your mobile number')).toBeTruthy();
  });

  it('a used code shows the failure', async () => {
    signedIn();
    renderApp('/cuenta-verificada?supportSignUp=false&success=true&code=used');
    await waitFor(() => expect(screen.getByTestId('verified-email-state').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByText('No pudimos verificar tu correo')).toBeTruthy();
  });
});
