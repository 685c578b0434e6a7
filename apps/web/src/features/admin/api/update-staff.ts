import { staffMemberSchema, type StaffMemberDto, type UpdateStaffInput } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** PATCH /api/admin/staff/{id} */
export const updateStaff = (id: string, changes: UpdateStaffInput): Promise<StaffMemberDto> =>
  apiRequest(`/api/admin/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, schema: staffMemberSchema });

export const useUpdateStaff = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateStaffInput }) => updateStaff(id, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
};
