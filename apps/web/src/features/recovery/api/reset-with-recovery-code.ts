import { pwdlessResetResponseSchema, type PwdlessResetRequest, type PwdlessResetResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/pwdless/reset: previous phone + recovery code -> resetToken (step 1). */
export const resetWithRecoveryCode = (input: PwdlessResetRequest): Promise<PwdlessResetResponse> =>
  apiRequest('/api/auth/pwdless/reset', { method: 'POST', body: input, auth: false, schema: pwdlessResetResponseSchema });

export const useResetWithRecoveryCode = () => useMutation({ mutationFn: resetWithRecoveryCode });

