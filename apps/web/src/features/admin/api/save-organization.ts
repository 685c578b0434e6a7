import { adminOrganizationSchema, type AdminOrganizationDto, type OrganizationInput } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/organizations */
export const createOrganization = (input: OrganizationInput): Promise<AdminOrganizationDto> =>
  apiRequest('/api/admin/organizations', { method: 'POST', body: input, schema: adminOrganizationSchema });

/** PATCH /api/admin/organizations/{id} */
export const updateOrganization = (id: string, changes: Partial<OrganizationInput>): Promise<AdminOrganizationDto> =>
  apiRequest(`/api/admin/organizations/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, schema: adminOrganizationSchema });

/** Creates (no id) or edits an organization; the list is read again after. */
export const useSaveOrganization = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: OrganizationInput }) => (id ? updateOrganization(id, input) : createOrganization(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.organizations() }),
  });
};
