import { pwdlessResetResponseSchema, type AddPhoneRequest, type PwdlessResetResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/user/phone/reset (issue 12): a signed-in member without a phone opens the phone change
 * for herself; the resetToken goes with POST auth/pwdless/phone, and the code's verify adds the phone.
 */
export const openAddPhone = (input: AddPhoneRequest): Promise<PwdlessResetResponse> =>
  apiRequest('/api/user/phone/reset', { method: 'POST', body: input, schema: pwdlessResetResponseSchema });

export const useOpenAddPhone = () => useMutation({ mutationFn: openAddPhone });
