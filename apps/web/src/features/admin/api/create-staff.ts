import { staffMemberSchema, type CreateStaffInput, type StaffMemberDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/staff */
export const createStaff = (input: CreateStaffInput): Promise<StaffMemberDto> => apiRequest('/api/admin/staff', { method: 'POST', body: input, schema: staffMemberSchema });

export const useCreateStaff = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.staff() }) });
};
