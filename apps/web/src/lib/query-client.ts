import { CACHE_MS } from '@puente/domain';
import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';

/**
 * spec 9 "Caches": named caches have their own times (set per query from the domain constants
 * when those queries arrive); "other queries are not kept", so the default gcTime is 0.
 * The api client already retries network failures and 5xx (spec 7), so the query layer does not.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_MS.default,
        staleTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });

export const isUnauthorized = (error: unknown): boolean =>
  isApiRequestError(error) && (error.status === 401 || error.status === 403);
