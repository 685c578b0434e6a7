import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { graphqlRequest } from '@/lib/api-client';

/** updateAppointment(preJoinStep, cameraAccessGranted): where the member is in the prejoin steps (spec 3). */
export const updatePrejoin = (input: { id: string; preJoinStep: 1 | 2 | 3; cameraAccessGranted?: boolean }): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.updateAppointment, { appointment: input }, 'updateAppointment', appointmentSchema);
