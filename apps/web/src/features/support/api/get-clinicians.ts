import { clinicianListSchema, RECORD_PATHS, type ClinicianList } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/records/clinicians: the coaches and US doctors who cared for the member. */
export const getClinicians = async (): Promise<ClinicianList['clinicians']> => (await apiRequest(RECORD_PATHS.clinicians, { schema: clinicianListSchema })).clinicians;

export const useClinicians = () => useQuery({ queryKey: ['support', 'clinicians'], queryFn: getClinicians });
