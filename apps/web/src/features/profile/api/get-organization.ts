import { ORGANIZATION_GQL, organizationSchema, type OrganizationDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { useSessionToken } from '@/lib/session';

/** getOrganization(organizationId) (spec 7): the member's organization, its sites, partner and home page. */
export const organizationQueryKey = (organizationId: string | null | undefined) => ['organization', organizationId ?? null] as const;

export const fetchOrganization = (organizationId: string): Promise<OrganizationDto> =>
  graphqlRequest(ORGANIZATION_GQL.getOrganization, { organizationId }, 'getOrganization', organizationSchema);

export const useOrganization = (organizationId: string | null | undefined) => {
  const token = useSessionToken();
  return useQuery({
    queryKey: organizationQueryKey(organizationId),
    queryFn: () => fetchOrganization(organizationId!),
    enabled: token !== null && !!organizationId,
    // Ours: an organization's settings change rarely; the configuration's 5 h (spec 9).
    staleTime: 5 * 60 * 60_000,
  });
};
