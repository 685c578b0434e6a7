import { isBusyResponseSchema, memberScheduledAppointmentsSchema, SCHEDULING_GQL } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, graphqlRequest } from '@/lib/api-client';

/** How often the waiting room asks again while the coach is still in another consultation. */
export const BUSY_RECHECK_MS = 15_000;

/** GET /api/physicians/{id}/isbusy?appointmentId= (spec 7). */
export const getCoachBusy = (physicianId: string, appointmentId: string) =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/isbusy?appointmentId=${encodeURIComponent(appointmentId)}`, { schema: isBusyResponseSchema });

/**
 * spec 4: a scheduled appointment in state 1 checks whether its coach is busy in another
 * appointment. The coach is the booking's (getMember's scheduledAppointments, the cache the home
 * card fills and the join refreshes); asked again every 15 s while the member waits.
 */
export const useScheduledCoachBusy = (appointmentId: string, enabled: boolean): boolean => {
  const bookings = useQuery({
    queryKey: ['scheduled-appointments', 'mine'],
    queryFn: async () => (await graphqlRequest(SCHEDULING_GQL.myScheduledAppointments, {}, 'getMember', memberScheduledAppointmentsSchema)).scheduledAppointments,
    staleTime: CACHE_MS.scheduledAppointments,
    enabled,
  });
  const physicianId = bookings.data?.find((b) => b.appointmentId === appointmentId)?.physicianId;
  const busy = useQuery({
    queryKey: ['coach-busy', physicianId, appointmentId],
    queryFn: () => getCoachBusy(physicianId!, appointmentId),
    enabled: enabled && Boolean(physicianId),
    refetchInterval: BUSY_RECHECK_MS,
  });
  return enabled && busy.data?.isBusy === true;
};
