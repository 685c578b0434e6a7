import { recoveryCodeResponseSchema, type RecoveryCodeResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/members/{id}/recovery-code: the server shows the code once, then answers NOT_FOUND. */
export const getRecoveryCode = (memberId: string): Promise<RecoveryCodeResponse> =>
  apiRequest(`/api/members/${encodeURIComponent(memberId)}/recovery-code`, { schema: recoveryCodeResponseSchema });

export const useRecoveryCode = (memberId: string | undefined) =>
  useQuery({
    queryKey: ['recovery-code', memberId],
    queryFn: () => getRecoveryCode(memberId ?? ''),
    enabled: memberId !== undefined,
    // Fetched once: a second request would get NOT_FOUND, so the answer stays while the screen is open.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
