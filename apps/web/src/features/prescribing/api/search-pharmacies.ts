import { pharmacySearchResponseSchema, type PharmacySearchResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** GET /api/pharmacies?zip=&radiusMiles=: pharmacies near a zip code, nearest first. */
export const searchPharmacies = (zip: string, radiusMiles: number): Promise<PharmacySearchResponse> =>
  apiRequest(`/api/pharmacies?zip=${encodeURIComponent(zip)}&radiusMiles=${radiusMiles}`, { schema: pharmacySearchResponseSchema });

export const usePharmacySearch = (zip: string | null, radiusMiles: number) =>
  useQuery({ queryKey: prescribingKeys.pharmacies(zip ?? '', radiusMiles), queryFn: () => searchPharmacies(zip!, radiusMiles), enabled: !!zip && /^\d{5}$/.test(zip) });
