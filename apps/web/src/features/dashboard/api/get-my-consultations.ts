import { clinicianConsultationsResponseSchema, type ClinicianConsultationsResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** GET /api/physicians/{id}/consultations (issue 11): the clinician's own active and recent consultations. */
export const getMyConsultations = (physicianId: string): Promise<ClinicianConsultationsResponse> =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/consultations`, { schema: clinicianConsultationsResponseSchema });

export const useMyConsultations = (physicianId: string | undefined) =>
  useQuery({ queryKey: dashboardKeys.mine(), queryFn: () => getMyConsultations(physicianId!), enabled: Boolean(physicianId) });
