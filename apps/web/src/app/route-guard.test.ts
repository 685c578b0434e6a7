import { describe, expect, it } from 'vitest';
import { decideRoute, type AppGuardState } from './route-guard';

const base: AppGuardState = { pathname: '/inicio', authenticated: true, daysLeft: 10, hasOrganization: false };

const decide = (over: Partial<AppGuardState>, storage: Record<string, string> = {}) => {
  window.localStorage.clear();
  Object.entries(storage).forEach(([k, v]) => window.localStorage.setItem(k, v));
  return decideRoute({ ...base, ...over });
};

// spec 000 §4 "Route guard (in order)", one row per rule and per tie between rules, through the
// web adapter (which reads 'redirectTo' and the pre-onboarding flag from local storage).
describe('route guard, in the spec order', () => {
  it.each([
    ['1. a stored target wins over everything and is cleared', { daysLeft: 0 }, { redirectTo: '/perfil' }, { kind: 'redirect', to: '/perfil', clearStoredRedirect: true }],
    ['1. a stored target wins over rule 3 as well', { authenticated: false }, { redirectTo: '/presignup' }, { kind: 'redirect', to: '/presignup', clearStoredRedirect: true }],
    ['1. arriving on the stored target clears it', { pathname: '/perfil' }, { redirectTo: '/perfil' }, { kind: 'allow', clearStoredRedirect: true }],
    ['2. no days left and no organization -> paywall', { daysLeft: 0 }, {}, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. negative days left -> paywall', { daysLeft: -3 }, {}, { kind: 'redirect', to: '/membresia-expirada' }],
    ['2. already on the paywall -> stays', { daysLeft: 0, pathname: '/membresia-expirada' }, {}, { kind: 'allow' }],
    ['2. an organization member is not forced to the paywall', { daysLeft: 0, hasOrganization: true }, {}, { kind: 'allow' }],
    ['2. unknown subscription -> allowed', { daysLeft: null }, {}, { kind: 'allow' }],
    ['3. anonymous with pre-onboarding done -> /login', { authenticated: false }, { 'pre-onboarding-done': 'true' }, { kind: 'redirect', to: '/login' }],
    ['3. anonymous without pre-onboarding -> /select-language', { authenticated: false }, {}, { kind: 'redirect', to: '/select-language' }],
    ['public routes are exempt from rule 3', { authenticated: false, pathname: '/login' }, {}, { kind: 'allow' }],
    ["'any' routes are exempt (logout works without a session)", { authenticated: false, pathname: '/lo' }, {}, { kind: 'allow' }],
    ['an unknown path counts as private', { authenticated: false, pathname: '/no-such-page' }, {}, { kind: 'redirect', to: '/select-language' }],
  ] as const)('%s', (_name, over, storage, expected) => {
    expect(decide(over, storage)).toMatchObject(expected);
  });
});
