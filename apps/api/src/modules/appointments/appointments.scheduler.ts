import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentsService } from './appointments.service';

// Not in the spec: how often the server looks for waiting phases that are over. The shortest
// timeout is 90 s, so a second of lateness is invisible.
export const APPOINTMENT_SWEEP_MS = 1_000;

/**
 * Runs the appointment timeouts in-process. The deadlines are read against the injectable clock,
 * so tests advance the clock and call `tick()`; on several nodes each runs its own sweep and the
 * conditional UPDATE lets exactly one of them move a given appointment.
 */
export class AppointmentScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly appointments: AppointmentsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number = APPOINTMENT_SWEEP_MS): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.log.error({ err }, 'appointment timeouts failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** One sweep that reads the clock now (it waits for a sweep already running; never two at once). */
  async tick(): Promise<number> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.appointments.runDueTimeouts().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
