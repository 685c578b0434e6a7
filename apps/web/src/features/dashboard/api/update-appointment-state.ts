import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import type { AppointmentState, EscalationRequest } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export interface StateChange {
  id: string;
  state: AppointmentState;
  statusReason?: string | null;
  /** issue 11: with the request for a US doctor, the coach's reason and urgency. */
  escalation?: EscalationRequest;
}

/** updateAppointment(appointment) with a state: the server checks the edge and the caller's role. */
export const updateAppointmentState = (change: StateChange): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.updateAppointment, { appointment: change }, 'updateAppointment', appointmentSchema);

export const useUpdateAppointmentState = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentState,
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() }),
  });
};
