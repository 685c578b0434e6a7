import type { MemberDto } from '@puente/contracts';
import type { OrganizationSettings } from '@puente/domain';

/**
 * Read-only views of the member's profile that several features need (service scope, tiles).
 * The profile fields arrive with the accounts issue; reading them through these keeps the screens
 * working, with the domain defaults, for a member presented without them.
 */
interface ProfileFields {
  address?: { city?: string | null; state?: string | null; country?: string | null } | null;
  organization?: { id: string; name: string; settings?: OrganizationSettings | null } | null;
}

const fields = (member: MemberDto | undefined): ProfileFields => (member ?? {}) as ProfileFields;

export const memberAddress = (member: MemberDto | undefined): ProfileFields['address'] => fields(member).address ?? null;

export const memberOrganizationSettings = (member: MemberDto | undefined): OrganizationSettings | null =>
  fields(member).organization?.settings ?? null;
