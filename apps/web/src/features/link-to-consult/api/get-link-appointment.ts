import { appointmentSchema } from '@puente/contracts';
import { graphqlRequest } from '@/lib/api-client';

const linkAppointmentSchema = appointmentSchema.pick({ id: true, state: true, type: true, usDoctorNeeded: true, statusReason: true });
const QUERY = `query GetAppointment($appointmentId: ID!) { getAppointment(appointmentId: $appointmentId) { id state type usDoctorNeeded statusReason } }`;

/** GetAppointment (spec 7) with what the guest's routing needs: where the consultation is. */
export const getLinkAppointment = (appointmentId: string) => graphqlRequest(QUERY, { appointmentId }, 'getAppointment', linkAppointmentSchema);
