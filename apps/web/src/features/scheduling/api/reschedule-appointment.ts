import { SCHEDULING_GQL, scheduledAppointmentSchema, type ScheduleAppointmentInput, type ScheduledAppointmentDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** rescheduleAppointment(appointmentId, input) (spec 7). */
export const rescheduleAppointment = (vars: { appointmentId: string; input: ScheduleAppointmentInput }): Promise<ScheduledAppointmentDto> =>
  graphqlRequest(SCHEDULING_GQL.rescheduleAppointment, vars, 'rescheduleAppointment', scheduledAppointmentSchema);

export const useRescheduleAppointment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: rescheduleAppointment, onSuccess: () => client.invalidateQueries({ queryKey: ['scheduled-appointments'] }) });
};
