import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * acceptAppointment: a coach takes an S1 request (S1 -> S2 -> S3); a US doctor takes an S6
 * escalation (S6 -> S7). The server lets exactly one physician win.
 */
export const acceptAppointment = (appointmentId: string): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.acceptAppointment, { appointmentId }, 'acceptAppointment', appointmentSchema);

export const useAcceptAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAppointment,
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() }),
  });
};
