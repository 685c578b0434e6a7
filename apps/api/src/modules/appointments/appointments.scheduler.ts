import type { JobRunner } from '../../lib/jobs';
import type { AppointmentsService } from './appointments.service';

// Not in the spec: how often the server looks for waiting phases that are over. The shortest
// timeout is 90 s, so a second of lateness is invisible.
export const APPOINTMENT_SWEEP_MS = 1_000;
export const APPOINTMENT_TIMEOUTS_JOB = 'appointment-timeouts';

/**
 * The appointment timeouts, as a job of the server's runner (lib/jobs.ts). The deadlines are read
 * against the injectable clock, so tests advance the clock and call `tick()`; on several nodes
 * each runs its own sweep and the conditional UPDATE lets exactly one of them move a given
 * appointment.
 */
export class AppointmentScheduler {
  constructor(
    private readonly jobs: JobRunner,
    appointments: AppointmentsService,
    everyMs: number = APPOINTMENT_SWEEP_MS,
  ) {
    jobs.register(APPOINTMENT_TIMEOUTS_JOB, everyMs, () => appointments.runDueTimeouts());
  }

  /** One sweep that reads the clock now (it waits for a sweep already running; never two at once). */
  async tick(): Promise<number> {
    return (await this.jobs.run(APPOINTMENT_TIMEOUTS_JOB)) as number;
  }
}
