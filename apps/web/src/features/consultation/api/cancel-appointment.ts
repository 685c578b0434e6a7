import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** cancelAppointment(appointmentId, reason): the member leaves the queue (canceled-by-socio, waiting-room...). */
export const cancelAppointment = (input: { appointmentId: string; reason: string }): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.cancelAppointment, input, 'cancelAppointment', appointmentSchema);

export const useCancelAppointment = () => useMutation({ mutationFn: cancelAppointment });
