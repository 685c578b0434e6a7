import { myScheduledResponseSchema, type ScheduledAppointmentDto } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/scheduled-appointments/mine (spec 9: scheduled appointments cached 15 min). */
export const getMyScheduledAppointments = async (): Promise<ScheduledAppointmentDto[]> =>
  (await apiRequest('/api/scheduled-appointments/mine', { schema: myScheduledResponseSchema })).scheduledAppointments;

export const useMyScheduledAppointments = (enabled = true) =>
  useQuery({ queryKey: ['scheduled-appointments', 'mine'], queryFn: getMyScheduledAppointments, staleTime: CACHE_MS.scheduledAppointments, enabled });
