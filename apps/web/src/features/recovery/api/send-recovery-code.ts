import { sendRecoveryCodeResponseSchema, type SendRecoveryCodeResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/send-recovery-code/{phone}: a new recovery code by SMS to the phone on file. */
export const sendRecoveryCode = (phoneNumber: string): Promise<SendRecoveryCodeResponse> =>
  apiRequest(`/api/auth/send-recovery-code/${encodeURIComponent(phoneNumber)}`, { method: 'POST', body: {}, auth: false, schema: sendRecoveryCodeResponseSchema });

export const useSendRecoveryCode = () => useMutation({ mutationFn: sendRecoveryCode });
