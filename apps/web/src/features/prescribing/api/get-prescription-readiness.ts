import { prescriptionReadinessSchema, type PrescriptionReadinessDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** GET /api/appointments/{id}/prescription-readiness: what is still missing for a prescription to reach a pharmacy. */
export const getPrescriptionReadiness = (appointmentId: string): Promise<PrescriptionReadinessDto> =>
  apiRequest(`/api/appointments/${encodeURIComponent(appointmentId)}/prescription-readiness`, { schema: prescriptionReadinessSchema });

export const usePrescriptionReadiness = (appointmentId: string | undefined) =>
  useQuery({ queryKey: prescribingKeys.readiness(appointmentId ?? ''), queryFn: () => getPrescriptionReadiness(appointmentId!), enabled: !!appointmentId });
