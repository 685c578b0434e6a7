import type { OrganizationFlag } from '@puente/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { template } from '@/test/consultation-fixtures';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

// Whole-app renders on a busy machine: give each row room.
vi.setConfig({ testTimeout: 15_000 });

/**
 * spec 001 §6 (and 000 §2 /perfil, /inicio, /induccion): what each organization setting shows or
 * hides, one row per flag, drawn by the real screens for a member of an organization with the flag
 * on and of one with it off. The server's side of the same flags: apps/api organization-flags.test.ts.
 * Not here: RESTRICT_SOCIAL_LOGIN is decided before sign-in (identity/components/social-login-buttons.test.tsx);
 * USP_SCHEDULING_AVAILABLE, USP_REQUIRES_PAYMENT and VOICE_REMINDERS have no screen of their own
 * (the server refuses or asks); OFFERS_PRODUCTS fills the clinician's consultation note (partnerProducts,
 * the server's row; drawn in dashboard/components/consultation-notes-signing.test.tsx, edited in
 * admin/components/organizations-screen.test.tsx); HEALTH_PROGRAMS_AVAILABLE names no feature in the spec.
 */
type Screen = 'home' | 'profile' | 'onboarding-1' | 'onboarding-3';

/** Members as each screen needs them: onboarding steps for a member who has not finished it. */
const MEMBERS: Record<Screen, Record<string, unknown>> = {
  home: {},
  profile: { address: { country: 'MX', state: 'CDMX', city: 'Coyoacán', zipCode: null } },
  'onboarding-1': { firstName: null, lastName: null },
  'onboarding-3': { firstName: 'Ana', lastName: 'López', birthday: Date.UTC(1990, 0, 1), address: { country: 'MX', state: 'CDMX', city: 'Coyoacán', zipCode: null } },
};
const ROUTE: Record<Screen, string> = { home: '/inicio', profile: '/perfil', 'onboarding-1': '/induccion/crear-perfil/1', 'onboarding-3': '/induccion/crear-perfil/3' };

/** Waits until the screen has drawn what the member's organization decides (member and template loaded). */
const ready: Record<Screen, () => Promise<unknown>> = {
  home: async () => {
    await waitFor(() => expect(screen.getByTestId('home-greeting').textContent).toContain('Lucía'));
    await waitFor(() => expect(screen.queryByTestId('tile-hardcoded_ph_topic') ?? screen.queryByTestId('tile-hardcoded_mh_topic')).not.toBeNull());
  },
  profile: () => waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Lucía Gómez')),
  'onboarding-1': () => screen.findByTestId('field-firstName'),
  'onboarding-3': () => screen.findByTestId('field-legalAge'),
};

// flag → where, what the member sees (a test id), whether it is there with the flag on, and off.
const TABLE: [OrganizationFlag, Screen, string, boolean, boolean][] = [
  ['SCHEDULING_AVAILABLE', 'home', 'tile-scheduling', true, false],
  ['SUPPORT_AVAILABLE', 'home', 'tile-support', true, false],
  ['SUPPORT_AVAILABLE', 'profile', 'profile-entry-contactSupport', true, false],
  // Naming one practice offers only that one; naming neither offers both.
  ['PHYSICAL_HEALTH_AVAILABLE', 'home', 'tile-hardcoded_mh_topic', false, true],
  ['MENTAL_HEALTH_AVAILABLE', 'home', 'tile-hardcoded_ph_topic', false, true],
  // Minimal onboarding leaves out birthday, sex and gender.
  ['MINIMAL_ONBOARDING', 'onboarding-1', 'field-birthday', false, true],
  ['MINIMAL_ONBOARDING', 'onboarding-1', 'field-sex', false, true],
  ['REQUIRES_IDENTIFICATION_NUMBER', 'onboarding-3', 'field-identificationNumber', true, false],
  ['REQUIRES_LAB_CONSENT', 'onboarding-3', 'lab-consent-yes', true, false],
  ['REQUIRES_HEALTH_SCREENING_CONSENT', 'onboarding-3', 'field-healthScreeningConsent', true, false],
];

const serve = (where: Screen, settings: OrganizationFlag[]) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  const organization = { id: 'org_1', name: 'Acme Salud', settings, dependantOrganizations: [] };
  const me = member({ ...MEMBERS[where], organizationId: 'org_1', organization });
  installFakeFetch((call) => {
    if (call.url.startsWith('/assets/countries/MX/')) return { status: 200, body: { country: 'MX', states: [{ code: 'CMX', name: 'CDMX', cities: ['Coyoacán'] }] } };
    if (call.url !== '/api/graphql') return undefined;
    const query = (call.body as { query: string }).query;
    if (query.includes('GetConsultationTopicsTemplate')) return { status: 200, body: { data: { getConsultationTopicsTemplate: template() } } };
    if (query.includes('GetOrganization')) return { status: 200, body: { data: { getOrganization: { ...organization, homePageUrl: null, sites: [], partner: null, organizationSite: null } } } };
    if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: me } } };
    return undefined;
  });
};

describe('organization flags: what the member sees (spec 001 §6), on and off', () => {
  it.each(TABLE.flatMap(([flag, where, testId, on, off]) => [[flag, 'on', where, testId, on] as const, [flag, 'off', where, testId, off] as const]))(
    '%s %s: on %s, %s is shown: %s',
    async (flag, state, where, testId, shown) => {
      serve(where, state === 'on' ? [flag] : []);
      renderApp(ROUTE[where]);
      await ready[where]();
      expect(screen.queryByTestId(testId) !== null).toBe(shown);
    },
  );

  it('the family plan entry shows only when the organization has dependant organizations', async () => {
    for (const [dependantOrganizations, shown] of [[['org_family'], true], [[], false]] as const) {
      window.localStorage.setItem('sessionToken', 'st_1');
      const organization = { id: 'org_1', name: 'Acme Salud', settings: [], dependantOrganizations };
      installFakeFetch((call) => (call.url === '/api/graphql' && (call.body as { query: string }).query.includes('GetMember') ? { status: 200, body: { data: { getMember: member({ ...MEMBERS.profile, organizationId: 'org_1', organization }) } } } : undefined));
      const view = renderApp('/perfil');
      await ready.profile();
      expect(screen.queryByTestId('profile-entry-myFamily') !== null, String(dependantOrganizations)).toBe(shown);
      view.unmount();
    }
  });
});
