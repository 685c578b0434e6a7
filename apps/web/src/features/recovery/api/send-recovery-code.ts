import { sendRecoveryCodeResponseSchema, type SendRecoveryCodeResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/auth/send-recovery-code/{phone}: with the member's session (when signed in) a new code
 * by SMS; without one the server only tells the phone on file that the code has not changed.
 */
export const sendRecoveryCode = (phoneNumber: string): Promise<SendRecoveryCodeResponse> =>
  apiRequest(`/api/auth/send-recovery-code/${encodeURIComponent(phoneNumber)}`, { method: 'POST', body: {}, schema: sendRecoveryCodeResponseSchema });

export const useSendRecoveryCode = () => useMutation({ mutationFn: sendRecoveryCode });
