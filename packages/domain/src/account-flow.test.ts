import { describe, expect, it } from 'vitest';
import { initialPathAfterLogin, isProfileIncomplete, mustAcceptTerms, routeGuard, staffHomePath, transportErrorOutcome, type GuardInput } from './account-flow';
import {
  blockedAccountRoute,
  cancelLinkViewForError,
  deletionReducer,
  deletionResultRoute,
  dependantsToUnlinkBeforeDeletion,
  employerCodeControls,
  employerCodeReducer,
  identityVerifyOutcome,
  initialDeletion,
  initialEmployerCode,
  isCancelLinkActive,
  loginStatusOutcome,
  mergeErrorRetryTarget,
  pendingDeletionView,
  roleAfterUnlink,
  verificationErrorOutcome,
  type DeletionEvent,
} from './account-screens';

const guard: GuardInput = { pathname: '/inicio', storedRedirect: null, authenticated: true, daysLeft: 10, hasOrganization: false, preOnboardingDone: true };

describe('spec 4 route guard, in order', () => {
  it.each([
    ['1. stored redirect used once', { storedRedirect: '/perfil' }, { kind: 'redirect', to: '/perfil', clearStoredRedirect: true }],
    ['1. stored redirect wins over the paywall', { storedRedirect: '/perfil', daysLeft: 0 }, { kind: 'redirect', to: '/perfil', clearStoredRedirect: true }],
    ['1. stored redirect wins over login', { storedRedirect: '/perfil', authenticated: false }, { kind: 'redirect', to: '/perfil', clearStoredRedirect: true }],
    ['1. stored redirect to this page is only cleared', { storedRedirect: '/inicio' }, { kind: 'allow', clearStoredRedirect: true }],
    ['2. no days left, no organization', { daysLeft: 0 }, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. negative days', { daysLeft: -3 }, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. with organization: no paywall', { daysLeft: 0, hasOrganization: true }, { kind: 'allow' }],
    ['2. already on the paywall', { daysLeft: 0, pathname: '/membresia-expirada' }, { kind: 'allow' }],
    ['2. at the end of a consultation (its survey): the postConsultation variant', { daysLeft: 0, pathname: '/consulta/survey/apt-1' }, { kind: 'redirect', to: '/membresia-expirada?variant=postConsultation' }],
    ['2. at the end of a consultation (SC064): the postConsultation variant', { daysLeft: 0, pathname: '/consulta/infoPage/SC064' }, { kind: 'redirect', to: '/membresia-expirada?variant=postConsultation' }],
    ['2. another info page: the plain paywall', { daysLeft: 0, pathname: '/consulta/infoPage/SC038' }, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. days left', { daysLeft: 1 }, { kind: 'allow' }],
    ['2. no subscription record', { daysLeft: undefined }, { kind: 'allow' }],
    ['3. unauthenticated, pre-onboarding done', { authenticated: false }, { kind: 'redirect', to: '/login' }],
    ['3. unauthenticated, pre-onboarding not done', { authenticated: false, preOnboardingDone: false }, { kind: 'redirect', to: '/select-language' }],
    ['3. unauthenticated on a public page', { authenticated: false, pathname: '/login' }, { kind: 'allow' }],
    ['3. unauthenticated with no days is not sent to the paywall', { authenticated: false, daysLeft: 0 }, { kind: 'redirect', to: '/login' }],
    // 4. (ours) each role on its own screens
    ['3. unauthenticated on the dashboard', { authenticated: false, pathname: '/dashboard' }, { kind: 'redirect', to: '/login' }],
    ['3. unauthenticated on the admin console', { authenticated: false, pathname: '/admin', preOnboardingDone: false }, { kind: 'redirect', to: '/select-language' }],
    ['4. a member on the dashboard goes home', { pathname: '/dashboard', userType: 'member' }, { kind: 'redirect', to: '/inicio' }],
    ['4. a member on a consultation of the dashboard goes home', { pathname: '/dashboard/consulta/a1', userType: 'member' }, { kind: 'redirect', to: '/inicio' }],
    ['4. a member on the admin console goes home', { pathname: '/admin', userType: 'member' }, { kind: 'redirect', to: '/inicio' }],
    ['4. a coach on the dashboard stays', { pathname: '/dashboard', userType: 'mx-physician' }, { kind: 'allow' }],
    ['4. a US doctor on a consultation stays', { pathname: '/dashboard/consulta/a1', userType: 'us-physician' }, { kind: 'allow' }],
    ['4. a coach on the admin console goes to the dashboard', { pathname: '/admin', userType: 'mx-physician' }, { kind: 'redirect', to: '/dashboard' }],
    ['4. an admin on the dashboard goes to the console', { pathname: '/dashboard', userType: 'admin' }, { kind: 'redirect', to: '/admin' }],
    ['4. an admin on the console stays', { pathname: '/admin', userType: 'admin' }, { kind: 'allow' }],
    ['4. a member on the console\'s staff section goes home', { pathname: '/admin/personal', userType: 'member' }, { kind: 'redirect', to: '/inicio' }],
    ['4. a US doctor on the console\'s members section goes to the dashboard', { pathname: '/admin/socios', userType: 'us-physician' }, { kind: 'redirect', to: '/dashboard' }],
    ['4. an admin on the usage report stays', { pathname: '/admin/uso', userType: 'admin' }, { kind: 'allow' }],
    ['4. a coach on member home goes to the dashboard', { pathname: '/inicio', userType: 'mx-physician' }, { kind: 'redirect', to: '/dashboard' }],
    ['4. a US doctor in member onboarding goes to the dashboard', { pathname: '/induccion/crear-perfil/1', userType: 'us-physician' }, { kind: 'redirect', to: '/dashboard' }],
    ['4. an admin on the recovery code screen goes to the console', { pathname: '/login/save-recovery-code', userType: 'admin' }, { kind: 'redirect', to: '/admin' }],
    ['4. staff may use public and any pages', { pathname: '/lo', userType: 'mx-physician' }, { kind: 'allow' }],
    ['4. staff are never sent to the paywall', { pathname: '/dashboard', userType: 'mx-physician', daysLeft: 0 }, { kind: 'allow' }],
    ['4. user type still loading: no role redirect', { pathname: '/dashboard', userType: undefined }, { kind: 'allow' }],
  ] as const)('%s', (_n, over, expected) => expect(routeGuard({ ...guard, ...over })).toMatchObject(expected));

  it.each([
    ['mx-physician', '/dashboard'],
    ['us-physician', '/dashboard'],
    ['admin', '/admin'],
    ['member', null],
  ] as const)('staff home of %s is %s', (userType, path) => expect(staffHomePath(userType)).toBe(path));
});

describe('spec 4 terms to accept', () => {
  it.each([
    ['accepted, nothing new', { needsToAcceptTerms: false, agreedTosAt: '2026-01-05T10:00:00.000Z' }, false],
    ['new terms to accept again', { needsToAcceptTerms: true, agreedTosAt: '2026-01-05T10:00:00.000Z' }, true],
    ['never accepted', { needsToAcceptTerms: false, agreedTosAt: null }, true],
    ['no member yet', undefined, false],
  ] as const)('%s', (_n, m, expected) => expect(mustAcceptTerms(m)).toBe(expected));
});

describe('spec 5 profile completeness', () => {
  const full = { firstName: 'Ana', lastName: 'Lopez', phoneNumber: '+15555550100', address: { country: 'US', city: 'LA' } };
  it.each([
    ['complete', full, false, false],
    ['no first name', { ...full, firstName: '' }, false, true],
    ['blank last name', { ...full, lastName: '  ' }, false, true],
    ['no phone', { ...full, phoneNumber: null }, false, true],
    ['US without city', { ...full, address: { country: 'US', city: '' } }, false, true],
    ['US without city, minimal onboarding', { ...full, address: { country: 'US' } }, true, false],
    ['MX without city', { ...full, address: { country: 'MX' } }, false, false],
  ] as const)('%s', (_n, m, minimalOnboarding, expected) => expect(isProfileIncomplete(m, { minimalOnboarding })).toBe(expected));
});

describe('spec 4 initial path after login', () => {
  const full = { firstName: 'Ana', lastName: 'Lopez', phoneNumber: '+15555550100' };
  const base = { authenticated: true, preOnboardingDone: true, member: full, minimalOnboarding: false, loginless: false };
  it.each([
    ['pre-onboarding not done and not authenticated', { authenticated: false, preOnboardingDone: false, member: null }, '/select-language'],
    ['incomplete profile', { member: { ...full, lastName: null } }, '/induccion/crear-perfil/1'],
    ['stored go-after-onboarding path', { goAfterOnboardingPath: '/dependants' }, '/dependants'],
    ['default', {}, '/inicio'],
    ['loginless', { loginless: true, member: { firstName: null } }, '/link-to-consult-finished'],
    ['loginless with organization', { loginless: true, organizationId: 'o1' }, '/link-to-consult-finished?organizationId=o1'],
    ['incomplete beats stored path', { member: { ...full, firstName: '' }, goAfterOnboardingPath: '/x' }, '/induccion/crear-perfil/1'],
    ['a coach starts on the dashboard', { userType: 'mx-physician' }, '/dashboard'],
    ['a US doctor starts on the dashboard, even with an incomplete profile', { userType: 'us-physician', member: { ...full, lastName: null } }, '/dashboard'],
    ['an admin starts on the console', { userType: 'admin', goAfterOnboardingPath: '/dependants' }, '/admin'],
    ['a member starts at home', { userType: 'member' }, '/inicio'],
  ] as const)('%s', (_n, over, to) => expect(initialPathAfterLogin({ ...base, ...over })).toBe(to));
});

describe('spec 4 login statuses', () => {
  it.each([
    ['account_exist', {}, { login: true, to: '/' }],
    ['account_exist', { hasDeletionRequest: true }, { login: false, to: '/cuenta-en-progreso-de-borrado', storeDeletionTime: true }],
    ['new_account', {}, { login: true, to: '/login/save-recovery-code' }],
    ['new_account_created', {}, { login: true, to: '/login/save-recovery-code' }],
    ['multiple_accounts', {}, { login: false, to: '/login/multiple-accounts' }],
    ['merge_required', { provider: 'email' }, { login: false, to: '/login/auth0/email' }],
    ['merge_required', { provider: 'apple' }, { login: false, to: '/login/social/apple' }],
    ['phone_already_in_use', {}, { login: false, toast: { variant: 'warning', key: 'phone_number_taken' }, action: 'open-help' }],
    ['phone_recovery', {}, { login: true, to: '/login/save-recovery-code', toast: { variant: 'success' } }],
    ['account_merged', { provider: 'email' }, { login: true, to: '/login/email/success' }],
    ['account_merged', { provider: 'google' }, { login: true, to: '/login/social/success' }],
  ] as const)('%s %j', (status, ctx, expected) => expect(loginStatusOutcome(status, ctx)).toMatchObject(expected));

  it.each([
    [{ success: false, merging: true, provider: 'google' }, { logout: true, to: '/login/merge/error/google' }],
    [{ success: false, merging: false, provider: 'google' }, { logout: true, to: '/login' }],
    [{ success: true, merging: false, provider: 'email', newPasswordlessAccount: true }, { clearB2bRegistration: true, to: '/induccion/crear-perfil/1' }],
    [{ success: true, merging: true, provider: 'email', storedMergeResult: true }, { to: '/login/email/success' }],
    [{ success: true, merging: true, provider: 'apple', storedMergeResult: true }, { to: '/login/social/success' }],
    [{ success: true, merging: false, provider: 'apple' }, { logout: false, clearB2bRegistration: true, to: '/' }],
  ] as const)('identity verify %j', (r, expected) => expect(identityVerifyOutcome(r)).toMatchObject(expected));

  it('merge error retry', () => {
    expect(mergeErrorRetryTarget('email')).toBe('/login/auth0/email');
    expect(mergeErrorRetryTarget('facebook')).toBe('/login/social/facebook');
  });

  it.each([
    ['Error: passwordless-expired-code', 'expired'],
    ['passwordless-invalid-token', 'expired'],
    ['passwordless-invalid-code', 'invalid'],
    ['error-generating-token', 'logout'],
    ['something else', 'log'],
    [null, 'log'],
  ] as const)('verification error %s -> %s', (m, kind) => expect(verificationErrorOutcome(m).kind).toBe(kind));

  it.each([
    ['user is blocked', false, '/eliminar-cuenta'],
    ['user is blocked', true, '/eliminar-cuenta?account_deleted=true'],
    ['other', true, null],
  ] as const)('blocked %s (idp %s)', (m, idp, to) => expect(blockedAccountRoute(m, idp)).toBe(to));
});

describe('spec 4/5 employer code states', () => {
  it('typing, invalid lookup, typing again, valid lookup, input disabled', () => {
    let s = employerCodeReducer(initialEmployerCode, { type: 'typed', code: 'ACME' });
    expect(s).toEqual({ status: 'notset', code: 'ACME' });
    expect(employerCodeControls(s)).toEqual({ inputDisabled: false, showAssociate: false, canValidate: true });
    s = employerCodeReducer(s, { type: 'lookup-result', organization: null });
    expect(s.status).toBe('invalid');
    s = employerCodeReducer(s, { type: 'typed', code: 'ACME1' });
    expect(s.status).toBe('notset'); // typing resets invalid to notset
    s = employerCodeReducer(s, { type: 'lookup-result', organization: { id: 'o1', name: 'Acme' } });
    expect(s).toEqual({ status: 'valid', code: 'ACME1', organizationId: 'o1', organizationName: 'Acme' });
    expect(employerCodeControls(s)).toEqual({ inputDisabled: true, showAssociate: true, canValidate: false });
    expect(employerCodeReducer(s, { type: 'typed', code: 'X' })).toBe(s); // disabled after valid
    expect(employerCodeReducer(s, { type: 'reset' })).toEqual(initialEmployerCode);
  });
  it('an empty code cannot be validated', () => expect(employerCodeControls({ status: 'notset', code: '  ' }).canValidate).toBe(false));
  it('undefined lookup result is invalid', () =>
    expect(employerCodeReducer({ status: 'notset', code: 'x' }, { type: 'lookup-result', organization: undefined }).status).toBe('invalid'));
});

describe('spec 4 deletion modal steps', () => {
  const run = (events: DeletionEvent[]) => events.reduce(deletionReducer, initialDeletion);
  it.each([
    ['closed by default', [], { step: 0 }],
    ['open', [{ type: 'open' }], { step: 1, confirmed: false }],
    ['delete without checkbox stays open', [{ type: 'open' }, { type: 'delete' }], { step: 1 }],
    ['check then delete', [{ type: 'open' }, { type: 'toggle-confirm', checked: true }, { type: 'delete' }], { step: 2 }],
    ['cannot close while deleting', [{ type: 'open' }, { type: 'toggle-confirm', checked: true }, { type: 'delete' }, { type: 'close' }], { step: 2 }],
    ['close when open', [{ type: 'open' }, { type: 'close' }], { step: 0 }],
    ['failure closes', [{ type: 'open' }, { type: 'toggle-confirm', checked: true }, { type: 'delete' }, { type: 'failed' }], { step: 0 }],
    ['uncheck then delete stays open', [{ type: 'open' }, { type: 'toggle-confirm', checked: true }, { type: 'toggle-confirm', checked: false }, { type: 'delete' }], { step: 1 }],
  ] as const)('%s', (_n, events, expected) => expect(run([...events])).toMatchObject(expected));

  it.each([
    [{ ok: true } as const, { to: '/eliminar-cuenta', saveLanguage: true }],
    [{ ok: false, membershipExpired: true } as const, { to: '/membresia-expirada', toast: { variant: 'warning' } }],
    [{ ok: false, membershipExpired: false } as const, { to: '/perfil', toast: { variant: 'warning' } }],
  ])('result %j', (r, e) => expect(deletionResultRoute(r)).toMatchObject(e));

  const now = new Date('2025-06-10T00:00:00Z');
  const minutesAgo = (m: number): number => now.getTime() - m * 60_000;
  it.each([
    ['no time', null, { kind: 'redirect', to: '/login' }],
    ['garbage', 'abc', { kind: 'redirect', to: '/login' }],
    ['just now', minutesAgo(1), { kind: 'restorable' }],
    ['at the threshold', minutesAgo(30 * 24 * 60), { kind: 'restorable' }],
    ['past the threshold', minutesAgo(30 * 24 * 60 + 1), { kind: 'not-restorable' }],
    ['as a string of ms', String(minutesAgo(5)), { kind: 'restorable' }],
    ['as ISO', new Date(minutesAgo(5)).toISOString(), { kind: 'restorable' }],
  ] as const)('pending deletion: %s', (_n, t, e) => expect(pendingDeletionView(t, now)).toEqual(e));

  it('unlinks only non-temporary dependants', () =>
    expect(dependantsToUnlinkBeforeDeletion([{ memberId: 'temp|1' }, { memberId: 'm2' }])).toEqual([{ memberId: 'm2' }]));
  it.each([
    [{ hasDependants: true }, 'referral'],
    [{ hasDependants: false, referredById: 'r' }, 'dependant'],
    [{ hasDependants: false }, 'user'],
  ] as const)('role after unlink %j', (m, role) => expect(roleAfterUnlink(m)).toBe(role));
});

describe('spec 4/8 cancel by link and transport errors', () => {
  it.each([
    ['appointment-already-canceled', 'consultation-canceled'],
    ['other', 'consultation-passed'],
    [null, 'consultation-passed'],
  ] as const)('cancel link error %s', (e, v) => expect(cancelLinkViewForError(e)).toBe(v));
  it('cancel link inactive after the date', () => {
    const now = new Date('2025-01-01T10:00:00Z');
    expect(isCancelLinkActive('2025-01-01T09:00:00Z', now)).toBe(false);
    expect(isCancelLinkActive('2025-01-01T11:00:00Z', now)).toBe(true);
  });
  it.each([
    [{ status: 420 }, { kind: 'navigate', to: '/inicio', modalFromError: true }],
    [{ status: 401 }, { kind: 'session-expired' }],
    [{ status: 403 }, { kind: 'session-expired' }],
    [{ status: 402, code: 'PAYMENT_REQUIRED' }, { kind: 'navigate', to: '/membresia-expirada' }],
    [{ status: 400, code: 'payment-required' }, { kind: 'navigate', to: '/membresia-expirada' }],
    [{ status: 410, code: 'INVITATION_EXPIRED' }, { kind: 'navigate', to: '/expired-invitation' }],
    [{ status: 500, detail: 'x' }, { kind: 'message', text: 'No se pudo procesar la petición. x' }],
    [{}, { kind: 'network' }],
  ] as const)('transport %j', (e, o) => expect(transportErrorOutcome(e)).toEqual(o));
});
