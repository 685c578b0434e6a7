import { pwdlessVerifyResponseSchema, type PwdlessVerifyRequest, type PwdlessVerifyResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/pwdless/verify: exchanges the code for a short-lived login token. */
export const verifyPhoneCode = (input: PwdlessVerifyRequest): Promise<PwdlessVerifyResponse> =>
  apiRequest('/api/auth/pwdless/verify', { method: 'POST', body: input, auth: false, schema: pwdlessVerifyResponseSchema, language: input.lang });

export const useVerifyPhoneCode = () => useMutation({ mutationFn: verifyPhoneCode });
