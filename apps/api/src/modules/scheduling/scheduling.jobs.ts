import type { JobRunner } from '../../lib/jobs';
import type { SchedulingService } from './scheduling.service';

/** The reminders' queue is polled by the in-process runner (every `everyMs`; 0 = only when asked). */
export function registerSchedulingJobs(jobs: JobRunner, scheduling: SchedulingService, everyMs: number): void {
  jobs.register('scheduling-reminders', everyMs, () => scheduling.runDue());
}
