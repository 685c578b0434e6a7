import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { graphqlRequest } from './api-client';

/**
 * The appointment reads the shell needs to route the member (spec 7 GetAppointment). They live in
 * lib because the realtime router spans features; the consultation screens use them as well.
 */
export const getAppointment = (appointmentId: string): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.getAppointment, { appointmentId }, 'getAppointment', appointmentSchema);

/** The member's appointment that is not over yet, if any (recovery after a reload or reconnect). */
export const getCurrentAppointmentFromServer = (): Promise<AppointmentDto | null> =>
  graphqlRequest(APPOINTMENT_GQL.getCurrentAppointment, {}, 'getCurrentAppointment', appointmentSchema.nullable());

export const appointmentQueryKey = (appointmentId: string) => ['appointment', appointmentId] as const;
