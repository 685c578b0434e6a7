import { zipCodeLookupResponseSchema, type ZipCodeLookupResponse } from '@puente/contracts';
import { isCompleteZipCode } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/zip-codes/{zip}: spec 5, a five-digit US zip fills state and city. */
export const lookupZipCode = (zip: string): Promise<ZipCodeLookupResponse> =>
  apiRequest(`/api/zip-codes/${encodeURIComponent(zip)}`, { schema: zipCodeLookupResponseSchema });

export const useZipCodeLookup = (zip: string, enabled: boolean) =>
  useQuery({
    queryKey: ['zip-code', zip],
    queryFn: () => lookupZipCode(zip),
    enabled: enabled && isCompleteZipCode(zip),
    // Zip codes do not move; keep the answer while the form is open.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
