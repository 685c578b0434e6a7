import type { MemberDto, OrganizationDto } from '@puente/contracts';
import { profileMenu, SESSION_STORAGE_KEYS, type ProfileMenu, type VisibilityInput } from '@puente/domain';
import { readSessionStorage } from '@/lib/storage';
import { useOrganization } from '../api/get-organization';

/**
 * "Change login phone" is feature-gated (spec 2). The gate is on: the recovery and phone change
 * flow (/change-phone/...) ships with the accounts issue.
 */
export const CHANGE_PHONE_FEATURE_ENABLED = true;

export interface ProfileEnvironment {
  partnerId: string | null;
  pushPermission: NotificationPermission | 'unsupported';
}

export const readProfileEnvironment = (): ProfileEnvironment => ({
  partnerId: readSessionStorage(SESSION_STORAGE_KEYS.partnerId),
  pushPermission: typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
});

/**
 * The inputs of the domain's profileMenu (spec 000 §2 /perfil, spec 001 §6) from what the app knows.
 * Subscriptions, sites and family plans arrive with later issues; until then they read as absent,
 * so the entries that depend on them stay hidden by the same rules.
 */
export const profileVisibility = (member: MemberDto | undefined, env: ProfileEnvironment, organization?: OrganizationDto | null): VisibilityInput => ({
  // Sites and dependant organizations come from getOrganization (issue 15).
  organization: member?.organization
    ? { settings: member.organization.settings, dependantOrganizations: member.organization.dependantOrganizations ?? organization?.dependantOrganizations ?? null, sites: organization?.sites ?? null }
    : null,
  // A partner user: the session says so, or her organization has a partner.
  isPartnerUser: (env.partnerId !== null && env.partnerId !== '') || !!organization?.partner,
  // getMember subscription (issue 14): the trial card, and the membership entry hidden once expired.
  subscriptionStatus: member?.subscription?.status ?? null,
  membershipExpired: member?.subscription ? member.subscription.endReason !== null : false,
  pushPermissionDenied: env.pushPermission === 'denied',
  changePhoneFeatureEnabled: CHANGE_PHONE_FEATURE_ENABLED,
});

export const useProfileMenu = (member: MemberDto | undefined): ProfileMenu => {
  const organization = useOrganization(member?.organizationId);
  return profileMenu(profileVisibility(member, readProfileEnvironment(), organization.data));
};
