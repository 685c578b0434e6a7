import { medicationSearchResponseSchema, type MedicationDto } from '@puente/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** GET /api/medications?q=: the medication directory (clinicians only). */
export const searchMedications = async (q: string): Promise<MedicationDto[]> =>
  (await apiRequest(`/api/medications?q=${encodeURIComponent(q)}&limit=20`, { schema: medicationSearchResponseSchema })).medications;

export const useMedicationSearch = (q: string) =>
  useQuery({ queryKey: prescribingKeys.medications(q.trim().toLowerCase()), queryFn: () => searchMedications(q.trim()), enabled: q.trim().length >= 2, placeholderData: keepPreviousData, staleTime: 5 * 60_000 });
