import { releaseVerifyResponseSchema, type ReleaseVerifyResponse } from '@puente/contracts';
import { APP_VERSION, CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useIdle } from '@/lib/idle';

/** GET /api/releases/verify/{platform}/{version}; the web app reports itself as platform web. */
export const verifyRelease = (version: string = APP_VERSION): Promise<ReleaseVerifyResponse> =>
  apiRequest(`/api/releases/verify/web/${encodeURIComponent(version)}`, { schema: releaseVerifyResponseSchema, auth: false });

/**
 * spec 9: the major-version check is kept 12 hours. Asked once the browser is idle (after the first
 * screen: issue 10, LCP); the update dialog opens on its answer.
 */
export const useReleaseCheck = () => {
  const idle = useIdle();
  return useQuery({ queryKey: ['release-check', APP_VERSION], queryFn: () => verifyRelease(), staleTime: CACHE_MS.majorVersionCheck, gcTime: CACHE_MS.majorVersionCheck, enabled: idle });
};
