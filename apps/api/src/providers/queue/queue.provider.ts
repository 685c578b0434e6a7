/**
 * A durable job queue (issue 13 reminders). Jobs survive a restart (they live in the database),
 * a job with a singleton key is enqueued once, a finished job never runs again, a failure is
 * retried (up to maxAttempts, with a growing delay) and then kept as a dead letter the admin reads.
 */
export interface EnqueueOptions {
  runAt: Date;
  /** Enqueued at most once per key (a second send with the same key is ignored). */
  singletonKey?: string;
  maxAttempts?: number;
}

export interface DeadLetter {
  id: string;
  name: string;
  singletonKey: string | null;
  attempts: number;
  lastError: string | null;
  runAt: Date;
  updatedAt: Date;
}

export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempt: number }) => Promise<void>;

export interface DurableQueue {
  readonly name: string;
  /** Registers the handler of a job name. */
  work(name: string, handler: JobHandler): void;
  enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<void>;
  /** Cancels the pending jobs whose singleton key starts with `prefix`. */
  cancelByPrefix(prefix: string): Promise<number>;
  /** Runs the jobs due now (the periodic tick; tests call it after moving the clock). */
  runDue(): Promise<number>;
  deadLetters(): Promise<DeadLetter[]>;
  /** Adapters with their own workers (pg-boss) start and stop with the server. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
