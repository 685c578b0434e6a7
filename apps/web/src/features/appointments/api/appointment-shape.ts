/**
 * The appointment's shape and its GraphQL documents (contracts/appointments.ts, about 3 kB gzipped),
 * loaded by ./get-appointment.ts with the first appointment asked for: every signed-in screen has
 * the appointment's query, and most members open the app with no appointment (issue 10, first load).
 */
export { APPOINTMENT_GQL, appointmentSchema } from '@puente/contracts';
