import { pwdlessPhoneResponseSchema, type PwdlessPhoneRequest, type PwdlessPhoneResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** POST /api/auth/pwdless/phone: sends the one-time code by SMS. */
export const requestPhoneCode = (input: PwdlessPhoneRequest): Promise<PwdlessPhoneResponse> =>
  apiRequest('/api/auth/pwdless/phone', { method: 'POST', body: input, auth: false, schema: pwdlessPhoneResponseSchema, language: input.language });

/** The challenge survives a reload of the verify screen. */
export const storeChallenge = (phoneNumber: string, response: PwdlessPhoneResponse): void => {
  writeStorage(STORAGE_KEYS.phoneNumber, phoneNumber);
  writeStorage(STORAGE_KEYS.pwdlessToken, response.pwdlessToken);
  writeStorage(STORAGE_KEYS.resendAvailableAt, response.resendAvailableAt);
};

export const useRequestPhoneCode = () =>
  useMutation({
    mutationFn: requestPhoneCode,
    onSuccess: (response, input) => storeChallenge(input.phoneNumber, response),
  });
