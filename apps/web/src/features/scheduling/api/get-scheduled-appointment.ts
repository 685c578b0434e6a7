import { scheduledAppointmentSchema, type ScheduledAppointmentDto } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/scheduled-appointments/{id}. */
export const getScheduledAppointment = (id: string): Promise<ScheduledAppointmentDto> =>
  apiRequest(`/api/scheduled-appointments/${encodeURIComponent(id)}`, { schema: scheduledAppointmentSchema });

export const useScheduledAppointment = (id: string | undefined) =>
  useQuery({ queryKey: ['scheduled-appointments', id], queryFn: () => getScheduledAppointment(id!), enabled: Boolean(id), staleTime: CACHE_MS.scheduledAppointments });
