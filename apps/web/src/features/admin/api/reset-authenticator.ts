import { resetAuthenticatorResultSchema, type ResetAuthenticatorResult } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/staff/{id}/reset-authenticator: she enrols again on her next sign-in. */
export const resetAuthenticator = (id: string): Promise<ResetAuthenticatorResult> =>
  apiRequest(`/api/admin/staff/${encodeURIComponent(id)}/reset-authenticator`, { method: 'POST', schema: resetAuthenticatorResultSchema });

export const useResetAuthenticator = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetAuthenticator, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.staff() }) });
};
