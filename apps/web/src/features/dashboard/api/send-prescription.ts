import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto, type PrescriptionDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** sendPrescription(appointmentId, prescriptions): only a US doctor licensed in the member's state (S9 -> S10). */
export const sendPrescription = (input: { appointmentId: string; prescriptions: PrescriptionDto[] }): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.sendPrescription, input, 'sendPrescription', appointmentSchema);

export const useSendPrescription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPrescription,
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() }),
  });
};
