import { organizationSchema, type OrganizationDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationQueryKey } from '@/features/profile';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/users/{id}/organization-site: the member's site (spec 5: organizationSite required). */
export const changeOrganizationSite = (memberId: string, organizationSite: string): Promise<OrganizationDto> =>
  apiRequest(`/api/users/${encodeURIComponent(memberId)}/organization-site`, { method: 'PATCH', body: { organizationSite }, schema: organizationSchema });

export const useChangeOrganizationSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, organizationSite }: { memberId: string; organizationSite: string }) => changeOrganizationSite(memberId, organizationSite),
    onSuccess: (organization) => queryClient.setQueryData(organizationQueryKey(organization.id), organization),
  });
};
