import PgBoss from 'pg-boss';
import type { DeadLetter, DurableQueue, EnqueueOptions, JobHandler } from './queue.provider';

const deadQueue = (name: string): string => `${name}__dead`;
// Ours: nodes that start together retry the queue creation a few times (see ensureQueue).
const CREATE_QUEUE_ATTEMPTS = 8;

export interface PgBossQueueOptions {
  connectionString: string;
  /** Retries after the first attempt (default 2: three attempts, as the table queue). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (default 30). */
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  log: { error(obj: object, msg: string): void };
}

/**
 * The durable queue on PostgreSQL with pg-boss 10 (its own `pgboss` schema). pg-boss polls and
 * claims jobs with SKIP LOCKED, retries with backoff and moves a job that used its retries to the
 * `<name>__dead` queue, which is the dead-letter list. Time is the database's (real time): servers
 * with a controlled clock (tests) use the table queue instead.
 */
export class PgBossQueue implements DurableQueue {
  readonly name = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler>();
  private started = false;
  private readonly ensured = new Set<string>();

  constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({ connectionString: options.connectionString, schedule: false });
    this.boss.on('error', (err) => options.log.error({ err }, 'pg-boss error'));
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
    if (this.started) void this.subscribe(name, handler);
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const [name, handler] of this.handlers) await this.subscribe(name, handler);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }

  /**
   * Creates the queue and its dead-letter queue once per process. Several nodes starting at once
   * create the same queues concurrently, and pg-boss's DDL can then deadlock (40P01) or collide on
   * the queue row (23505): both mean another node is doing it, so wait a little and try again.
   */
  private async ensureQueue(name: string): Promise<void> {
    if (this.ensured.has(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(deadQueue(name));
        await this.boss.createQueue(name, {
          name,
          retryLimit: this.options.retryLimit ?? 2,
          retryDelay: this.options.retryDelaySeconds ?? 30,
          retryBackoff: true,
          deadLetter: deadQueue(name),
        });
        this.ensured.add(name);
        return;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (attempt >= CREATE_QUEUE_ATTEMPTS || (code !== '40P01' && code !== '23505')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.floor(Math.random() * 100)));
      }
    }
  }

  private async subscribe(name: string, handler: JobHandler): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.work<Record<string, unknown>>(name, { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      try {
        await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
      } catch (err) {
        this.options.log.error({ err, job: name, jobId: job.id, attempt: job.retryCount + 1 }, 'queued job failed');
        throw err;
      }
    });
  }

  async enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<void> {
    if (!this.started) await this.start();
    await this.ensureQueue(name);
    if (options.singletonKey) {
      const existing = await this.boss.getDb().executeSql('select 1 from pgboss.job where name = $1 and singleton_key = $2 limit 1', [name, options.singletonKey]);
      if (existing.rows.length > 0) return;
    }
    await this.boss.send(name, payload, {
      startAfter: options.runAt,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.maxAttempts ? { retryLimit: options.maxAttempts - 1 } : {}),
    });
  }

  async cancelByPrefix(prefix: string): Promise<number> {
    const { rows } = await this.boss
      .getDb()
      .executeSql("select name, id from pgboss.job where state in ('created', 'retry') and singleton_key like $1", [`${prefix.replace(/[%_\\]/g, '\\$&')}%`]);
    for (const row of rows as { name: string; id: string }[]) await this.boss.cancel(row.name, row.id);
    return rows.length;
  }

  /** pg-boss workers poll on their own. */
  async runDue(): Promise<number> {
    return 0;
  }

  async deadLetters(): Promise<DeadLetter[]> {
    const names = [...this.handlers.keys()].map(deadQueue);
    if (names.length === 0) return [];
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        'select id, name, singleton_key, retry_count, output, start_after, created_on from pgboss.job where name = any($1::text[]) union all select id, name, singleton_key, retry_count, output, start_after, created_on from pgboss.archive where name = any($1::text[]) order by created_on limit 500',
        [names],
      );
    return (rows as { id: string; name: string; singleton_key: string | null; retry_count: number; output: unknown; start_after: Date; created_on: Date }[]).map((r) => ({
      id: r.id,
      name: r.name.replace(/__dead$/, ''),
      singletonKey: r.singleton_key,
      attempts: r.retry_count,
      lastError: r.output ? JSON.stringify(r.output).slice(0, 500) : null,
      runAt: new Date(r.start_after),
      updatedAt: new Date(r.created_on),
    }));
  }
}
