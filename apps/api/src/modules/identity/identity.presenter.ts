import type { IdentityProvidersResponse } from '@puente/contracts';
import { hasOrgFlag, type OrganizationFlag, type OrganizationSettings } from '@puente/domain';
import type { OrganizationRow } from '../../db/schema';

/**
 * The organization flags the login screen reads (spec 2/6: the social buttons hide under
 * RESTRICT_SOCIAL_LOGIN). Whoever types or guesses an employer code learns that it exists and
 * these, nothing more: not the organization's id, its other settings, sites or partner.
 */
export const LOGIN_SCREEN_FLAGS = ['RESTRICT_SOCIAL_LOGIN'] as const satisfies readonly OrganizationFlag[];

/** What GET /api/auth/identity-providers says about the login's organization. */
export function presentLoginOrganization(org: Pick<OrganizationRow, 'settings' | 'flags'>): NonNullable<IdentityProvidersResponse['organization']> {
  const settings: OrganizationSettings = { ...(org.settings as Record<string, boolean | null>), ...Object.fromEntries(org.flags.map((f) => [f, true])) };
  return { settings: LOGIN_SCREEN_FLAGS.filter((flag) => hasOrgFlag(settings, flag)) };
}
