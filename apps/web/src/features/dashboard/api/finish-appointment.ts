import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** finishAppointment: the caller's next "end" step, decided by the server (after an rx it records 11-finished). */
export const finishAppointment = (appointmentId: string): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.finishAppointment, { appointmentId }, 'finishAppointment', appointmentSchema);

export const useFinishAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishAppointment,
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.current() }),
  });
};
