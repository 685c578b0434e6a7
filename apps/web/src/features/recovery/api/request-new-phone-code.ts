import { pwdlessPhoneResponseSchema, type PwdlessPhoneRequest, type PwdlessPhoneResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** POST /api/auth/pwdless/phone with the resetToken: the code goes to the new phone (step 2). */
export const requestNewPhoneCode = (input: PwdlessPhoneRequest & { resetToken: string }): Promise<PwdlessPhoneResponse> =>
  apiRequest('/api/auth/pwdless/phone', { method: 'POST', body: input, auth: false, schema: pwdlessPhoneResponseSchema, language: input.language });

/** The verify screen (auth feature) reads the challenge from the same storage keys as a login. */
export const useRequestNewPhoneCode = () =>
  useMutation({
    mutationFn: requestNewPhoneCode,
    onSuccess: (response, input) => {
      writeStorage(STORAGE_KEYS.phoneNumber, input.phoneNumber);
      writeStorage(STORAGE_KEYS.pwdlessToken, response.pwdlessToken);
      writeStorage(STORAGE_KEYS.resendAvailableAt, response.resendAvailableAt);
    },
  });
