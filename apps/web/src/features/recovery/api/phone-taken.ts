import { phoneTakenResponseSchema, type PhoneTakenResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/user/phone-taken/{phone}, with the resetToken of the phone change in progress. */
export const checkPhoneTaken = (input: { phoneNumber: string; resetToken: string }): Promise<PhoneTakenResponse> =>
  apiRequest(`/api/user/phone-taken/${encodeURIComponent(input.phoneNumber)}?resetToken=${encodeURIComponent(input.resetToken)}`, { auth: false, schema: phoneTakenResponseSchema });

export const usePhoneTaken = () => useMutation({ mutationFn: checkPhoneTaken });
