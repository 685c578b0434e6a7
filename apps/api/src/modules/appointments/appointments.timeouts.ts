// The timeouts are a life-cycle rule: they live in the domain (appointment-lifecycle.ts).
export { DEFAULT_APPOINTMENT_TIMEOUTS, type AppointmentTimeouts } from '@puente/domain';
