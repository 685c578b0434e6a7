/**
 * Login, onboarding, guard and account rules (spec 000 §4 "Login and phone verification
 * outcomes", "Route guard", "Other states"; spec 001 §5 profile completeness, §8 login errors).
 * Pure functions returning what to do; the web app and the API perform it.
 */
import { assertNever } from './appointment-machine';
import { PENDING_DELETION_THRESHOLD_MINUTES } from './constants';
import type { EmployerCodeState, LoginProvider, LoginStatus, UserType } from './enums';
import { paths, requiresAuth, routeAuth } from './routes';
import { isTemporaryDependantId } from './entities';
import { isForcedToPaywall } from './subscription';

// ---------------------------------------------------------------------------------------------
// Route guard (spec 4, in order)

export interface GuardInput {
  pathname: string;
  /** STORAGE_KEYS.redirectTo, if any. */
  storedRedirect?: string | null;
  authenticated: boolean;
  /** subscription.daysLeft; undefined when the member has no subscription record. */
  daysLeft?: number | null;
  hasOrganization: boolean;
  preOnboardingDone: boolean;
  /** The signed-in user's type, once known (undefined while it loads: role rules wait). */
  userType?: UserType | null;
}

export type GuardResult = { kind: 'allow'; clearStoredRedirect: boolean } | { kind: 'redirect'; to: string; clearStoredRedirect: boolean };

export const PAYWALL_PATH = '/membresia-expirada';

/**
 * Where staff start (spec 1: coaches and doctors use a dashboard; admins the console; the paths
 * are ours). Members have no staff home.
 */
export const staffHomePath = (userType: UserType | null | undefined): string | null => {
  switch (userType) {
    case 'mx-physician':
    case 'us-physician':
      return '/dashboard';
    case 'admin':
      return '/admin';
    case 'member':
    case null:
    case undefined:
      return null;
    default:
      return assertNever(userType);
  }
};
export const isStaff = (userType: UserType | null | undefined): boolean => staffHomePath(userType) !== null;

/**
 * Ours, after the spec's three rules: members stay out of staff screens, clinicians out of the
 * admin console (and the reverse), staff out of member screens and onboarding (spec 6: only
 * MEMBER users follow member onboarding).
 */
const roleRedirect = (pathname: string, userType: UserType): string | null => {
  const auth = routeAuth(pathname);
  const home = staffHomePath(userType) ?? '/inicio';
  switch (auth) {
    case 'staff':
      return userType === 'mx-physician' || userType === 'us-physician' ? null : home;
    case 'admin':
      return userType === 'admin' ? null : home;
    case 'member':
      return isStaff(userType) ? home : null;
    case 'public':
    case 'any':
    case undefined:
      return null;
    default:
      return assertNever(auth);
  }
};

/**
 * Ours: a member forced to the paywall at the end of a consultation (its survey, or the finished
 * page that leads there) sees the paywall's postConsultation variant (spec 2).
 */
export const postConsultationPaywall = (pathname: string): boolean => pathname.startsWith('/consulta/survey/') || pathname === paths.infoPage('SC064');

export const routeGuard = (input: GuardInput): GuardResult => {
  // 1. A stored redirect target is used once and cleared (never to the page we are on).
  if (input.storedRedirect && input.storedRedirect !== input.pathname) {
    return { kind: 'redirect', to: input.storedRedirect, clearStoredRedirect: true };
  }
  const clear = !!input.storedRedirect;
  // 2. Authenticated, forced to the paywall (spec 6: daysLeft <= 0, no organization), not already on it.
  if (input.authenticated && !isStaff(input.userType) && isForcedToPaywall(input.daysLeft, input.hasOrganization) && input.pathname !== PAYWALL_PATH) {
    return { kind: 'redirect', to: postConsultationPaywall(input.pathname) ? `${PAYWALL_PATH}?variant=postConsultation` : PAYWALL_PATH, clearStoredRedirect: clear };
  }
  // 3. Unauthenticated on a page that needs a session.
  if (!input.authenticated && requiresAuth(input.pathname)) {
    return { kind: 'redirect', to: input.preOnboardingDone ? '/login' : '/select-language', clearStoredRedirect: clear };
  }
  // 4. (ours) each role on its own screens.
  const roleTarget = input.authenticated && input.userType ? roleRedirect(input.pathname, input.userType) : null;
  if (roleTarget && roleTarget !== input.pathname) return { kind: 'redirect', to: roleTarget, clearStoredRedirect: clear };
  return { kind: 'allow', clearStoredRedirect: clear };
};

// ---------------------------------------------------------------------------------------------
// Terms to accept, profile completeness and the path after login

/** spec 4 "Auth": the session says terms must be accepted when the member has to (again) or never did. */
export const mustAcceptTerms = (m: { needsToAcceptTerms: boolean; agreedTosAt: string | null } | undefined): boolean =>
  !!m && (m.needsToAcceptTerms || !m.agreedTosAt);

export interface ProfileFields {
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  address?: { country?: string | null; city?: string | null } | null;
}

const blank = (v: string | null | undefined): boolean => !v || v.trim() === '';

/** spec 5: incomplete if firstName, lastName or phoneNumber is missing, or (US, not minimal) address.city is. */
export const isProfileIncomplete = (m: ProfileFields, opts: { minimalOnboarding: boolean }): boolean => {
  if (blank(m.firstName) || blank(m.lastName) || blank(m.phoneNumber)) return true;
  const isUs = (m.address?.country ?? '').toUpperCase() === 'US';
  return isUs && !opts.minimalOnboarding && blank(m.address?.city);
};

export interface InitialPathInput {
  authenticated: boolean;
  preOnboardingDone: boolean;
  member?: ProfileFields | null;
  minimalOnboarding: boolean;
  goAfterOnboardingPath?: string | null;
  loginless: boolean;
  organizationId?: string | null;
  /** Staff start on their dashboard (or the admin console), never in member onboarding. */
  userType?: UserType | null;
}

/**
 * spec 4 "Initial path after login". The loginless guest is checked first: a guest by link has no
 * profile, so the incomplete-profile rule would otherwise send them to onboarding.
 */
export const initialPathAfterLogin = (i: InitialPathInput): string => {
  if (i.loginless) return i.organizationId ? `/link-to-consult-finished?organizationId=${encodeURIComponent(i.organizationId)}` : '/link-to-consult-finished';
  if (!i.preOnboardingDone && !i.authenticated) return '/select-language';
  const staffHome = i.authenticated ? staffHomePath(i.userType) : null;
  if (staffHome) return staffHome;
  if (i.member && isProfileIncomplete(i.member, { minimalOnboarding: i.minimalOnboarding })) return paths.createProfileStep(1);
  if (i.goAfterOnboardingPath) return i.goAfterOnboardingPath;
  return '/inicio';
};

// ---------------------------------------------------------------------------------------------
// Login and phone verification outcomes (spec 4)

export type LoginOutcome = {
  /** Create the session with the login token. */
  login: boolean;
  to: string;
  toast?: { variant: 'success' | 'warning'; key: string };
  /** spec 8: phone_number_taken with action phone_number_taken_action that opens help. */
  action?: 'open-help';
  /** spec 4: a member with a pending deletion request is logged out and the time stored. */
  storeDeletionTime?: boolean;
};

export const loginStatusOutcome = (
  status: LoginStatus,
  ctx: { hasDeletionRequest?: boolean; provider?: LoginProvider | 'pwdless' | null } = {},
): LoginOutcome => {
  switch (status) {
    case 'account_exist':
      return ctx.hasDeletionRequest
        ? { login: false, to: '/cuenta-en-progreso-de-borrado', storeDeletionTime: true }
        : { login: true, to: '/' };
    case 'new_account':
    case 'new_account_created':
      return { login: true, to: '/login/save-recovery-code' };
    case 'multiple_accounts':
      return { login: false, to: '/login/multiple-accounts' };
    case 'merge_required':
      return ctx.provider === 'email'
        ? { login: false, to: '/login/auth0/email' }
        : { login: false, to: paths.socialLogin(ctx.provider ?? 'google') };
    case 'phone_already_in_use':
      return { login: false, to: '/login', toast: { variant: 'warning', key: 'phone_number_taken' }, action: 'open-help' };
    case 'phone_recovery':
      // The success toast's key is not shown in the spec; ours.
      return { login: true, to: '/login/save-recovery-code', toast: { variant: 'success', key: 'change_phone_success_toast' } };
    case 'account_merged':
      return { login: true, to: ctx.provider === 'email' ? '/login/email/success' : '/login/social/success' };
    default:
      return assertNever(status);
  }
};

/** spec 4 "Identity verify". */
export const identityVerifyOutcome = (r: {
  success: boolean;
  merging: boolean;
  provider: LoginProvider;
  newPasswordlessAccount?: boolean;
  storedMergeResult?: boolean;
}): { logout: boolean; clearB2bRegistration: boolean; to: string } => {
  if (!r.success) return { logout: true, clearB2bRegistration: false, to: r.merging ? paths.mergeError(r.provider) : '/login' };
  if (r.storedMergeResult) return { logout: false, clearB2bRegistration: true, to: r.provider === 'email' ? '/login/email/success' : '/login/social/success' };
  if (r.newPasswordlessAccount) return { logout: false, clearB2bRegistration: true, to: paths.createProfileStep(1) };
  return { logout: false, clearB2bRegistration: true, to: '/' };
};

/** spec 2: /login/merge/error/{provider}: email retries identity login by email, else the social page. */
export const mergeErrorRetryTarget = (provider: LoginProvider): string =>
  provider === 'email' ? '/login/auth0/email' : paths.socialLogin(provider);

/** spec 8 "Verification" messages. The field error keys are not shown in the spec; ours. */
export type VerificationErrorOutcome =
  | { kind: 'expired'; toast: 'warning'; fieldError: 'verify_code_error_expired' }
  | { kind: 'invalid'; toast: 'warning'; fieldError: 'verify_code_error_invalid' }
  | { kind: 'logout' }
  | { kind: 'log' };

export const verificationErrorOutcome = (message: string | null | undefined): VerificationErrorOutcome => {
  const m = message ?? '';
  if (m.includes('passwordless-expired-code') || m.includes('passwordless-invalid-token')) {
    return { kind: 'expired', toast: 'warning', fieldError: 'verify_code_error_expired' };
  }
  if (m.includes('passwordless-invalid-code')) return { kind: 'invalid', toast: 'warning', fieldError: 'verify_code_error_invalid' };
  if (m.includes('error-generating-token')) return { kind: 'logout' };
  return { kind: 'log' };
};

/** spec 8: 'is blocked' goes to /eliminar-cuenta (from the identity provider with account_deleted=true). */
export const blockedAccountRoute = (message: string, fromIdentityProvider: boolean): string | null =>
  message.includes('is blocked') ? (fromIdentityProvider ? '/eliminar-cuenta?account_deleted=true' : '/eliminar-cuenta') : null;

// ---------------------------------------------------------------------------------------------
// Employer code (spec 4 / spec 5)

export interface EmployerCodeModel {
  status: EmployerCodeState;
  code: string;
  organizationName?: string;
  organizationId?: string;
}
export type EmployerCodeEvent =
  | { type: 'typed'; code: string }
  | { type: 'lookup-result'; organization: { id: string; name: string } | null | undefined }
  | { type: 'reset' };

export const initialEmployerCode: EmployerCodeModel = { status: 'notset', code: '' };

export const employerCodeReducer = (state: EmployerCodeModel, event: EmployerCodeEvent): EmployerCodeModel => {
  switch (event.type) {
    case 'typed':
      // After valid the input is disabled: typing changes nothing.
      if (state.status === 'valid') return state;
      // Typing resets invalid to notset.
      return { status: 'notset', code: event.code };
    case 'lookup-result':
      // A falsy lookup result means invalid (spec 5).
      return event.organization
        ? { status: 'valid', code: state.code, organizationId: event.organization.id, organizationName: event.organization.name }
        : { status: 'invalid', code: state.code };
    case 'reset':
      return initialEmployerCode;
    default:
      return assertNever(event);
  }
};

/** spec 4: after valid the input is disabled and Associate appears; validate needs a non-empty code. */
export const employerCodeControls = (s: EmployerCodeModel): { inputDisabled: boolean; showAssociate: boolean; canValidate: boolean } => ({
  inputDisabled: s.status === 'valid',
  showAssociate: s.status === 'valid',
  canValidate: s.status !== 'valid' && s.code.trim().length > 0,
});

// ---------------------------------------------------------------------------------------------
// Account deletion (spec 4)

export const DELETION_MODAL_STEPS = { closed: 0, open: 1, deleting: 2 } as const;
export type DeletionModalStep = (typeof DELETION_MODAL_STEPS)[keyof typeof DELETION_MODAL_STEPS];
export interface DeletionModel {
  step: DeletionModalStep;
  confirmed: boolean;
}
export type DeletionEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'toggle-confirm'; checked: boolean }
  | { type: 'delete' }
  | { type: 'failed' }
  | { type: 'succeeded' };

export const initialDeletion: DeletionModel = { step: 0, confirmed: false };

export const deletionReducer = (s: DeletionModel, e: DeletionEvent): DeletionModel => {
  switch (e.type) {
    case 'open':
      return s.step === 0 ? { step: 1, confirmed: false } : s;
    case 'close':
      return s.step === 2 ? s : initialDeletion; // cancelling is blocked while deleting
    case 'toggle-confirm':
      return s.step === 1 ? { ...s, confirmed: e.checked } : s;
    case 'delete':
      return s.step === 1 && s.confirmed ? { ...s, step: 2 } : s; // the button stays disabled until checked
    case 'failed':
    case 'succeeded':
      return initialDeletion;
    default:
      return assertNever(e);
  }
};

/** spec 4: deletion success saves the language and goes to /eliminar-cuenta; failure warns (spec 8 text; key ours) and goes to the paywall or /perfil. */
export const deletionResultRoute = (
  r: { ok: true } | { ok: false; membershipExpired: boolean },
): { to: string; saveLanguage: boolean; toast?: { variant: 'warning'; key: 'account_deletion_error' } } =>
  r.ok
    ? { to: '/eliminar-cuenta', saveLanguage: true }
    : { to: r.membershipExpired ? PAYWALL_PATH : '/perfil', saveLanguage: false, toast: { variant: 'warning', key: 'account_deletion_error' } };

/** spec 4: within the threshold the pending-deletion screen offers Restore or Cancel; otherwise one button. */
export const pendingDeletionView = (
  deletionRequestTime: number | string | null | undefined,
  now: Date,
  thresholdMinutes: number = PENDING_DELETION_THRESHOLD_MINUTES,
): { kind: 'redirect'; to: '/login' } | { kind: 'restorable' } | { kind: 'not-restorable' } => {
  if (deletionRequestTime === null || deletionRequestTime === undefined || deletionRequestTime === '') return { kind: 'redirect', to: '/login' };
  const t = typeof deletionRequestTime === 'number' ? deletionRequestTime : Number.isNaN(Number(deletionRequestTime)) ? Date.parse(deletionRequestTime) : Number(deletionRequestTime);
  if (Number.isNaN(t)) return { kind: 'redirect', to: '/login' };
  return now.getTime() - t <= thresholdMinutes * 60_000 ? { kind: 'restorable' } : { kind: 'not-restorable' };
};

/** spec 4: a referrer's deletion first unlinks every non-temporary dependant. */
export const dependantsToUnlinkBeforeDeletion = <T extends { memberId: string }>(dependants: readonly T[]): T[] =>
  dependants.filter((d) => !isTemporaryDependantId(d.memberId));

/** spec 4: on unlink the role becomes user, referral or dependant. */
export const roleAfterUnlink = (m: { hasDependants: boolean; referredById?: string | null }): 'user' | 'referral' | 'dependant' =>
  m.hasDependants ? 'referral' : m.referredById ? 'dependant' : 'user';

// ---------------------------------------------------------------------------------------------
// Cancel by link (spec 4 / spec 8)

export const cancelLinkViewForError = (error: string | null | undefined): 'consultation-canceled' | 'consultation-passed' =>
  error === 'appointment-already-canceled' || error === 'APPOINTMENT_ALREADY_CANCELED' ? 'consultation-canceled' : 'consultation-passed';

/** spec 8: the cancel link is inactive once the appointment date has passed. */
export const isCancelLinkActive = (startDate: Date | string, now: Date): boolean => new Date(startDate).getTime() > now.getTime();

// ---------------------------------------------------------------------------------------------
// Transport errors (spec 8 "Transport")

export type TransportOutcome =
  | { kind: 'navigate'; to: string; modalFromError?: boolean }
  | { kind: 'session-expired' }
  | { kind: 'message'; text: string }
  | { kind: 'network' };

export const transportErrorOutcome = (e: { status?: number | null; code?: string | null; detail?: string | null }): TransportOutcome => {
  if (e.status === 420) return { kind: 'navigate', to: '/inicio', modalFromError: true };
  if (e.code === 'PAYMENT_REQUIRED' || e.code === 'payment-required' || e.status === 402) return { kind: 'navigate', to: PAYWALL_PATH };
  if (e.code === 'INVITATION_EXPIRED') return { kind: 'navigate', to: '/expired-invitation' };
  if (e.status === 401 || e.status === 403) return { kind: 'session-expired' };
  if (e.status === undefined || e.status === null || e.status === 0) return { kind: 'network' };
  return { kind: 'message', text: `No se pudo procesar la petición.${e.detail ? ` ${e.detail}` : ''}` };
};
