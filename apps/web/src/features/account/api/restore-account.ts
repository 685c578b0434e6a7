import { restoreAccountResponseSchema, type RestoreAccountResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/member/{id}/restore-account, with the login token of the sign-in that found the request. */
export const restoreAccount = (input: { memberId: string; loginToken: string | null }): Promise<RestoreAccountResponse> =>
  apiRequest(`/api/member/${encodeURIComponent(input.memberId)}/restore-account`, {
    method: 'POST',
    body: input.loginToken ? { loginToken: input.loginToken } : {},
    auth: false,
    schema: restoreAccountResponseSchema,
  });

export const useRestoreAccount = () => useMutation({ mutationFn: restoreAccount });
