import { verifyEmailResponseSchema, type VerifyEmailResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/email-verification/verify: the code from the link in the verification email. */
export const verifyEmail = (code: string): Promise<VerifyEmailResponse> =>
  apiRequest('/api/email-verification/verify', { method: 'POST', body: { code }, schema: verifyEmailResponseSchema, auth: false });

/** Runs once per code while the screen is open (a query, so a re-render does not send it twice). */
export const useVerifyEmail = (code: string | null, enabled: boolean) =>
  useQuery({ queryKey: ['verify-email', code], queryFn: () => verifyEmail(code ?? ''), enabled: enabled && !!code, staleTime: Infinity, gcTime: Infinity });
