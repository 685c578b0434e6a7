import { coachScheduledResponseSchema, type CoachScheduledResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/physicians/{id}/scheduled-appointments: the coach's upcoming bookings (issue 13). */
export const getCoachScheduledAppointments = (physicianId: string): Promise<CoachScheduledResponse> =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/scheduled-appointments`, { schema: coachScheduledResponseSchema });

export const useCoachScheduledAppointments = (physicianId: string | undefined) =>
  useQuery({
    queryKey: ['coach-scheduled-appointments', physicianId ?? ''],
    queryFn: () => getCoachScheduledAppointments(physicianId!),
    enabled: Boolean(physicianId),
  });
