/**
 * How long each waiting phase may last before the server moves the appointment on (spec 4
 * "timeout-by-coach", "timeout-by-doctor", "no-coaches", "no-doctors"). The spec names the
 * reasons but not the times; these are ours.
 */
export interface AppointmentTimeouts {
  /** S1: nobody took the request. spec 9 shows a 300 s countdown and then "a few more minutes", so the queue outlives the countdown: 10 minutes, then no-coaches. */
  coachQueueMs: number;
  /** S2: a coach took the request but did not join the call: 90 s, then back to the queue (timeout-by-coach). */
  coachJoinMs: number;
  /** S6: no US doctor took the escalation: 5 minutes, then no-doctors and the coach continues alone. */
  doctorQueueMs: number;
  /** S7: a US doctor took it but did not join: 90 s, then back to the doctors' queue (timeout-by-doctor). */
  doctorJoinMs: number;
}

export const DEFAULT_APPOINTMENT_TIMEOUTS: AppointmentTimeouts = {
  coachQueueMs: 10 * 60_000,
  coachJoinMs: 90_000,
  doctorQueueMs: 5 * 60_000,
  doctorJoinMs: 90_000,
};
