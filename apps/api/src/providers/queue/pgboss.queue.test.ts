import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossQueue } from './pgboss.queue';

const base = process.env.DATABASE_URL;
const silent = { error: () => undefined };
const waitFor = async (check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condition not met');
};

// pg-boss runs on PostgreSQL only (DATABASE_URL); PGlite servers use the table queue.
describe.skipIf(!base)('pg-boss queue (PostgreSQL)', () => {
  const name = `puente_t_boss_${randomBytes(5).toString('hex')}`;
  let url = '';
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('runs a due job once across a restart, skips a cancelled one, retries and dead-letters a failing one', async () => {
    const sent: string[] = [];
    const make = () => {
      const q = new PgBossQueue({ connectionString: url, log: silent, retryLimit: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
      q.work('notify', async (payload) => {
        sent.push(String(payload.n));
      });
      q.work('broken', async () => {
        throw new Error('provider down');
      });
      return q;
    };
    let q = make();
    await q.start();
    await q.enqueue('notify', { n: 'later' }, { runAt: new Date(Date.now() + 1_500), singletonKey: 'sched:a:0:join' });
    await q.enqueue('notify', { n: 'later' }, { runAt: new Date(Date.now() + 1_500), singletonKey: 'sched:a:0:join' }); // same key: once
    await q.enqueue('notify', { n: 'cancelled' }, { runAt: new Date(Date.now() + 1_500), singletonKey: 'sched:b:0:join' });
    expect(await q.cancelByPrefix('sched:b:')).toBe(1);
    await q.stop();
    q = make(); // restart before the job is due
    await q.start();
    await q.enqueue('broken', {}, { runAt: new Date(), singletonKey: 'broken:1' });
    await waitFor(() => sent.length >= 1);
    await waitFor(async () => (await q.deadLetters()).length >= 1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sent).toEqual(['later']);
    expect((await q.deadLetters())[0]).toMatchObject({ name: 'broken' });
    await q.stop();
  }, 60_000);
  it('several nodes starting together on a fresh database all start (their concurrent queue creation is retried)', async () => {
    const fresh = `${name}_n`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${fresh}`);
    const u = new URL(base!);
    u.pathname = `/${fresh}`;
    const nodes = Array.from({ length: 4 }, () => {
      const q = new PgBossQueue({ connectionString: u.toString(), log: silent, pollingIntervalSeconds: 0.5 });
      for (const job of ['confirm', 'remind', 'join']) q.work(job, async () => undefined);
      return q;
    });
    try {
      const started = await Promise.allSettled(nodes.map((q) => q.start()));
      expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      await Promise.allSettled(nodes.map((q) => q.stop()));
      await admin.query(`drop database if exists ${fresh} with (force)`);
      await admin.end();
    }
  });
});
