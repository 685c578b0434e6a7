import { describe, expect, it } from 'vitest';
import { isPublicPath } from '@/app/route-match';
import { decideRoute, type RouteGuardInput } from './route-guard';

const base: RouteGuardInput = {
  pathname: '/inicio',
  redirectTo: null,
  isAuthenticated: true,
  subscriptionDaysLeft: 10,
  hasOrganization: false,
  preOnboardingDone: true,
  isPublicRoute: false,
};
const decide = (over: Partial<RouteGuardInput>) => {
  const input = { ...base, ...over };
  return decideRoute({ ...input, isPublicRoute: over.isPublicRoute ?? isPublicPath(input.pathname) }, isPublicPath);
};

// spec 000 §4 "Route guard (in order)", one row per rule and per tie between rules.
describe('route guard, in the spec order', () => {
  it.each([
    ['1. a stored target is used (and cleared) before anything else', { redirectTo: '/perfil', subscriptionDaysLeft: 0 }, { kind: 'redirect', to: '/perfil', clearRedirectTo: true }],
    ['1. a stored public target is used even without a session', { redirectTo: '/presignup', isAuthenticated: false }, { kind: 'redirect', to: '/presignup', clearRedirectTo: true }],
    ['1. a stored member target waits for sign-in (rule 3 applies)', { redirectTo: '/perfil', isAuthenticated: false }, { kind: 'redirect', to: '/login', clearRedirectTo: false }],
    ['2. no days left and no organization -> paywall', { subscriptionDaysLeft: 0 }, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. negative days left -> paywall', { subscriptionDaysLeft: -3 }, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. already on the paywall -> stays', { subscriptionDaysLeft: 0, pathname: '/membresia-expirada' }, { kind: 'allow' }],
    ['2. an organization member is never forced to the paywall', { subscriptionDaysLeft: 0, hasOrganization: true }, { kind: 'allow' }],
    ['2. days left -> allowed', { subscriptionDaysLeft: 1 }, { kind: 'allow' }],
    ['2. unknown subscription -> allowed', { subscriptionDaysLeft: null }, { kind: 'allow' }],
    ['3. anonymous with pre-onboarding done -> /login', { isAuthenticated: false }, { kind: 'redirect', to: '/login' }],
    ['3. anonymous without pre-onboarding -> /select-language', { isAuthenticated: false, preOnboardingDone: false }, { kind: 'redirect', to: '/select-language' }],
    ['public routes are exempt from rule 3', { isAuthenticated: false, pathname: '/login' }, { kind: 'allow' }],
    ['public routes are exempt from rule 2', { subscriptionDaysLeft: 0, pathname: '/login/verify-phone-number' }, { kind: 'allow' }],
    ["'any' routes are exempt (logout works without a session)", { isAuthenticated: false, pathname: '/lo' }, { kind: 'allow' }],
    ['an unknown path counts as private', { isAuthenticated: false, pathname: '/no-such-page' }, { kind: 'redirect', to: '/login' }],
  ] as const)('%s', (_name, over, expected) => {
    expect(decide(over)).toMatchObject(expected);
  });
});
