/**
 * The in-process job runner (issue 9): the server's periodic work (appointment timeouts, email
 * reminders, account erasure) registered in one place. Each job runs every `everyMs`; a run
 * still going when the next is due is not doubled (the tick is skipped); errors are logged and
 * the job keeps its schedule; `stop` waits for runs in flight. `run(name)` runs one now, after
 * any run in flight (tests move the injectable clock and call it).
 */
export interface JobLog {
  error(obj: object, msg: string): void;
}

interface Job {
  name: string;
  everyMs: number;
  fn: () => Promise<unknown>;
  timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | undefined;
}

export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private started = false;

  constructor(private readonly log: JobLog) {}

  /** Adds a job; `everyMs <= 0` registers it without a timer (it runs only when asked). */
  register(name: string, everyMs: number, fn: () => Promise<unknown>): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} is already registered`);
    const job: Job = { name, everyMs, fn, timer: undefined, running: undefined };
    this.jobs.set(name, job);
    if (this.started) this.schedule(job);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Runs the job now, after any run in flight (never two at once); errors reach the caller. */
  async run(name: string): Promise<unknown> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    while (job.running) await job.running.catch(() => undefined);
    return this.launch(job);
  }

  /** Clears every timer and waits for the runs in flight. */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) {
      if (job.timer) clearInterval(job.timer);
      job.timer = undefined;
    }
    await Promise.all([...this.jobs.values()].map((job) => job.running?.catch(() => undefined)));
  }

  private schedule(job: Job): void {
    if (job.timer || job.everyMs <= 0) return;
    job.timer = setInterval(() => {
      // The previous run is still going: skip this tick rather than overlap.
      if (job.running) return;
      this.launch(job).catch((err: unknown) => this.log.error({ err, job: job.name }, `job ${job.name} failed`));
    }, job.everyMs);
    job.timer.unref();
  }

  private launch(job: Job): Promise<unknown> {
    const run = Promise.resolve()
      .then(() => job.fn())
      .finally(() => {
        if (job.running === run) job.running = undefined;
      });
    job.running = run;
    return run;
  }
}
