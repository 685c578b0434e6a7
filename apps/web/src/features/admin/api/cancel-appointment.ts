import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import type { FailureReason } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

// spec 4: an admin cancels with the reason canceled-by-admin (the member is sent to SC023).
export const ADMIN_CANCEL_REASON: FailureReason = 'canceled-by-admin';

/** cancelAppointment(appointmentId, reason) as an admin. */
export const cancelAppointment = (appointmentId: string): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.cancelAppointment, { appointmentId, reason: ADMIN_CANCEL_REASON }, 'cancelAppointment', appointmentSchema);

export const useCancelAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    // The answer is the appointment as it now is: its one cached record (the appointments feature's) takes it.
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.liveQueue() }),
  });
};
