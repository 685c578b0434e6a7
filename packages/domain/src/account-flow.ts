/**
 * The route guard, the terms, profile completeness and the path after login (spec 000 §4 "Route
 * guard", "Other states"; spec 001 §5 profile completeness), and what a transport error means (spec
 * 8): what the shell decides on every load. Pure functions returning what to do; the web app and
 * the API perform it. The account screens' own rules (login outcomes, employer code, deletion,
 * cancel by link) are in ./account-screens.ts.
 */
import { assertNever } from './appointment-machine';
import type { UserType } from './enums';
import { paths, requiresAuth, routeAuth } from './routes';
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
