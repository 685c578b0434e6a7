import { and, asc, eq, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobQueue } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DeadLetter, DurableQueue, EnqueueOptions, JobHandler } from './queue.provider';

/** How long a claimed job is leased to its worker before another may take it over. */
const LEASE_MS = 5 * 60_000;
/** Retry delay after the n-th failure: 30 s, 60 s, 120 s... */
const retryDelayMs = (attempt: number): number => 30_000 * 2 ** (attempt - 1);
const BATCH = 50;

/**
 * The table-backed queue (PGlite and PostgreSQL): `job_queue`. A worker claims due jobs in one
 * UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED), so two nodes never claim the same job;
 * a claimed job is marked 'done' after its handler succeeds and is never picked again. A worker
 * that died mid-job leaves a lease that expires, after which the job is retried (at-least-once
 * only in that crash window).
 */
export class TableQueue implements DurableQueue {
  readonly name = 'table';
  private readonly handlers = new Map<string, JobHandler>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insert(jobQueue)
      .values({ name, payload, runAt: options.runAt, singletonKey: options.singletonKey ?? null, maxAttempts: options.maxAttempts ?? 3, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  }

  async cancelByPrefix(prefix: string): Promise<number> {
    const rows = await this.db
      .update(jobQueue)
      .set({ state: 'canceled', updatedAt: this.clock.now() })
      .where(and(eq(jobQueue.state, 'pending'), like(jobQueue.singletonKey, `${prefix.replace(/[%_\\]/g, '\\$&')}%`)))
      .returning({ id: jobQueue.id });
    return rows.length;
  }

  async runDue(): Promise<number> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return 0;
    const now = this.clock.now();
    const due = this.db
      .select({ id: jobQueue.id })
      .from(jobQueue)
      .where(
        and(
          inArray(jobQueue.name, names),
          or(and(eq(jobQueue.state, 'pending'), lte(jobQueue.runAt, now)), and(eq(jobQueue.state, 'running'), lte(jobQueue.lockedUntil, now))),
        ),
      )
      .orderBy(asc(jobQueue.runAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(jobQueue)
      .set({ state: 'running', attempts: sql`${jobQueue.attempts} + 1`, lockedUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
      .where(inArray(jobQueue.id, due))
      .returning();
    for (const job of claimed) {
      const handler = this.handlers.get(job.name);
      try {
        await handler!(job.payload, { id: job.id, attempt: job.attempts });
        await this.db.update(jobQueue).set({ state: 'done', lockedUntil: null, updatedAt: this.clock.now() }).where(eq(jobQueue.id, job.id));
      } catch (err) {
        const dead = job.attempts >= job.maxAttempts;
        const message = err instanceof Error ? err.message.slice(0, 500) : 'failed';
        this.log.error({ err, job: job.name, jobId: job.id, attempt: job.attempts, dead }, 'queued job failed');
        await this.db
          .update(jobQueue)
          .set({ state: dead ? 'dead' : 'pending', lastError: message, lockedUntil: null, runAt: new Date(this.clock.now().getTime() + retryDelayMs(job.attempts)), updatedAt: this.clock.now() })
          .where(eq(jobQueue.id, job.id));
      }
    }
    return claimed.length;
  }

  async deadLetters(): Promise<DeadLetter[]> {
    const rows = await this.db.select().from(jobQueue).where(eq(jobQueue.state, 'dead')).orderBy(asc(jobQueue.updatedAt)).limit(500);
    return rows.map((r) => ({ id: r.id, name: r.name, singletonKey: r.singletonKey, attempts: r.attempts, lastError: r.lastError, runAt: r.runAt, updatedAt: r.updatedAt }));
  }
}
