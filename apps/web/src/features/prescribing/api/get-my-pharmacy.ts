import { myPharmacyResponseSchema, type MyPharmacyResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** GET /api/pharmacies/mine: the member's chosen pharmacy. */
export const getMyPharmacy = (): Promise<MyPharmacyResponse> => apiRequest('/api/pharmacies/mine', { schema: myPharmacyResponseSchema });

export const useMyPharmacy = () => useQuery({ queryKey: prescribingKeys.myPharmacy(), queryFn: getMyPharmacy });
