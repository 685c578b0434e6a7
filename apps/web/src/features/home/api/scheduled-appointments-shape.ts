/**
 * The scheduled appointments' shape and GraphQL documents (contracts/scheduling.ts, with the
 * calendar editor's checks and the coach's shape), loaded by ./get-my-scheduled-appointments.ts when
 * the list is first asked for, after home has painted (issue 10, first load).
 */
export { memberScheduledAppointmentsSchema, SCHEDULING_GQL } from '@puente/contracts';
