import type { MemberDto } from '@puente/contracts';
import { hasOrgFlag, type OrganizationFlag } from '@puente/domain';

/** The member's organization flags (spec 3 feature flags; getMember carries them in canonical spelling). */
export const organizationFlagsOf = (member: MemberDto | undefined | null): readonly OrganizationFlag[] => member?.organization?.settings ?? [];

export const memberHasFlag = (member: MemberDto | undefined | null, flag: OrganizationFlag): boolean => hasOrgFlag(organizationFlagsOf(member), flag);

/** spec 5: what the onboarding form requires of this member, from the organization's settings. */
export const onboardingRequirements = (member: MemberDto | undefined | null) => ({
  minimalOnboarding: memberHasFlag(member, 'MINIMAL_ONBOARDING'),
  requiresIdentificationNumber: memberHasFlag(member, 'REQUIRES_IDENTIFICATION_NUMBER'),
  requiresLabConsent: memberHasFlag(member, 'REQUIRES_LAB_CONSENT'),
  requiresHealthScreeningConsent: memberHasFlag(member, 'REQUIRES_HEALTH_SCREENING_CONSENT'),
});
