import type { ScheduledAppointmentDto } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** spec 7 getMember with scheduledAppointments (spec 9: scheduled appointments cached 15 min). */
export const getMyScheduledAppointments = async (): Promise<ScheduledAppointmentDto[]> => {
  const { memberScheduledAppointmentsSchema, SCHEDULING_GQL } = await import('./scheduled-appointments-shape');
  return (await graphqlRequest(SCHEDULING_GQL.myScheduledAppointments, {}, 'getMember', memberScheduledAppointmentsSchema)).scheduledAppointments;
};

export const useMyScheduledAppointments = (enabled = true) =>
  useQuery({ queryKey: ['scheduled-appointments', 'mine'], queryFn: getMyScheduledAppointments, staleTime: CACHE_MS.scheduledAppointments, enabled });
