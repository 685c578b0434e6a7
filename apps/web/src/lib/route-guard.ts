import { ROUTES } from './routes';

// TODO(domain): swap for the route-guard function from @puente/domain once it exports it.

export interface RouteGuardInput {
  pathname: string;
  /** The stored redirect target (local storage 'redirectTo'), if any. */
  redirectTo: string | null;
  isAuthenticated: boolean;
  /** Days left on the subscription; null while unknown (then the paywall rule cannot apply). */
  subscriptionDaysLeft: number | null;
  hasOrganization: boolean;
  preOnboardingDone: boolean;
  /** Public routes (entry, login, link-to-consult ...) are exempt from rules 2 and 3. */
  isPublicRoute: boolean;
}

export type RouteGuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; clearRedirectTo: boolean; reason: 'stored-target' | 'paywall' | 'unauthenticated' };

/**
 * spec 000 §4 "Route guard (in order)":
 * 1. a stored redirect target is used once and cleared;
 * 2. authenticated, daysLeft <= 0, no organization, not already on the paywall -> /membresia-expirada;
 * 3. unauthenticated -> /login if pre-onboarding is done, else /select-language.
 * Our choice: a stored target that needs a session waits until the user is signed in, so that
 * rule 1 cannot bounce an anonymous user into rule 3 and lose the target.
 */
export const decideRoute = (input: RouteGuardInput, isPublicPath: (path: string) => boolean): RouteGuardDecision => {
  const { redirectTo } = input;
  if (redirectTo && redirectTo !== input.pathname && (input.isAuthenticated || isPublicPath(redirectTo))) {
    return { kind: 'redirect', to: redirectTo, clearRedirectTo: true, reason: 'stored-target' };
  }
  if (input.isPublicRoute) return { kind: 'allow' };
  if (
    input.isAuthenticated &&
    input.subscriptionDaysLeft !== null &&
    input.subscriptionDaysLeft <= 0 &&
    !input.hasOrganization &&
    input.pathname !== ROUTES.paywall
  ) {
    return { kind: 'redirect', to: ROUTES.paywall, clearRedirectTo: false, reason: 'paywall' };
  }
  if (!input.isAuthenticated) {
    return {
      kind: 'redirect',
      to: input.preOnboardingDone ? ROUTES.login : ROUTES.selectLanguage,
      clearRedirectTo: false,
      reason: 'unauthenticated',
    };
  }
  return { kind: 'allow' };
};
