import { SCHEDULING_GQL, scheduledAppointmentSchema, type ScheduleAppointmentInput, type ScheduledAppointmentDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** scheduleAppointment(input) (spec 7). */
export const scheduleAppointment = (input: ScheduleAppointmentInput): Promise<ScheduledAppointmentDto> =>
  graphqlRequest(SCHEDULING_GQL.scheduleAppointment, { input }, 'scheduleAppointment', scheduledAppointmentSchema);

export const useScheduleAppointment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: scheduleAppointment, onSuccess: () => client.invalidateQueries({ queryKey: ['scheduled-appointments'] }) });
};
