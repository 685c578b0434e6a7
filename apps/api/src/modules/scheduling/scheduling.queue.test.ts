import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outboxResponseSchema, SCHEDULING_GQL } from '@puente/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import { TableQueue } from '../../providers/queue/table.queue';
import { createPhysician, createSessionFor, graphql, memberWithSession, request, startTestServer, type TestServer } from '../../test';

const MONDAY_08 = new Date('2026-11-23T14:00:00Z');
const silent = { error: () => undefined };

/** A database that outlives one server: a PGlite directory, or a PostgreSQL database when DATABASE_URL is set. */
async function durableDatabase(): Promise<{ config: { dataDir?: string; databaseUrl?: string }; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(path.join(tmpdir(), 'puente-queue-'));
    return { config: { dataDir: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `puente_t_q_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    config: { databaseUrl: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('reminders on the durable queue', () => {
  it('survive a restart between booking and reminder, and are sent exactly once', async () => {
    const store = await durableDatabase();
    cleanups.push(() => store.drop());
    const clock = createControlledClock(MONDAY_08);
    const boot = () => startTestServer({ db: 'pglite', clock, config: store.config });
    let t: TestServer = await boot();
    const coach = await createPhysician(t.server, { hours: { starts: '09:00', ends: '12:00', slotMinutes: 45 }, isAvailable: false });
    const member = await memberWithSession(t.server);
    const booked = await graphql<{ scheduleAppointment: { id: string } }>(
      t.url,
      SCHEDULING_GQL.scheduleAppointment,
      { input: { physicianId: coach.id, language: 'es', startDate: '2026-11-24T15:00:00.000Z', timezone: 'America/Mexico_City' } },
      member.token,
    );
    expect(booked.body.errors).toBeUndefined();
    await t.close();

    const joinTexts = async (server: TestServer) => {
      const res = await request(server.url, `/api/dev/outbox?to=${encodeURIComponent(member.user.phoneNumber!)}`);
      return outboxResponseSchema.parse(res.body).messages.filter((m) => m.body.includes('empieza en 5 minutos'));
    };
    clock.set('2026-11-24T14:55:00Z');
    t = await boot();
    await t.server.services.scheduling.runDue();
    await t.server.services.scheduling.runDue();
    expect(await joinTexts(t)).toHaveLength(1);
    await t.close();

    clock.set('2026-11-24T15:30:00Z');
    t = await boot();
    // A third node after the start: nothing left to send.
    await t.server.services.scheduling.runDue();
    expect(await joinTexts(t)).toHaveLength(1);
    // The session of the member still works on the restarted server (same database).
    const { sessionToken } = await createSessionFor(t.server, member.user.id);
    expect((await request(t.url, '/api/scheduled-appointments/mine', { token: sessionToken })).status).toBe(200);
    await t.close();
  });

  it('a worker that dies between the send and marking the job done does not send again after a restart', async () => {
    const store = await durableDatabase();
    cleanups.push(() => store.drop());
    const clock = createControlledClock(MONDAY_08);
    const boot = () => startTestServer({ db: 'pglite', clock, config: store.config });
    let t: TestServer = await boot();
    const coach = await createPhysician(t.server, { hours: { starts: '09:00', ends: '12:00', slotMinutes: 45 }, isAvailable: false });
    const member = await memberWithSession(t.server);
    const booked = await graphql<{ scheduleAppointment: { id: string } }>(
      t.url,
      SCHEDULING_GQL.scheduleAppointment,
      { input: { physicianId: coach.id, language: 'es', startDate: '2026-11-24T15:00:00.000Z', timezone: 'America/Mexico_City' } },
      member.token,
    );
    expect(booked.body.errors).toBeUndefined();
    const id = booked.body.data!.scheduleAppointment.id;
    const texts = async (server: TestServer, what: string) => {
      const res = await request(server.url, `/api/dev/outbox?to=${encodeURIComponent(member.user.phoneNumber!)}`);
      return outboxResponseSchema.parse(res.body).messages.filter((m) => m.body.includes(what));
    };
    // The confirmation goes out; then the worker "dies" before marking its job done: the job is
    // left claimed ('running') with a lease that has run out, as a killed process leaves it.
    await t.server.services.scheduling.runDue();
    expect(await texts(t, 'quedó agendada')).toHaveLength(1);
    const db = t.server.database.db;
    await db.execute(sql`update job_queue set state = 'running', locked_until = ${new Date(MONDAY_08.getTime() - 1000).toISOString()} where singleton_key = ${`sched:${id}:0:confirm`}`);
    await t.close();

    clock.set('2026-11-24T14:55:00Z');
    t = await boot();
    // The restarted node takes the abandoned job over (and sends the join link once).
    await t.server.services.scheduling.runDue();
    await t.server.services.scheduling.runDue();
    const rows = await t.server.database.db.execute(sql`select state, attempts from job_queue where singleton_key = ${`sched:${id}:0:confirm`}`);
    expect((rows as unknown as { rows: { state: string; attempts: number }[] }).rows[0]).toMatchObject({ state: 'done', attempts: 2 });
    expect(await texts(t, 'quedó agendada')).toHaveLength(1);
    expect(await texts(t, 'empieza en 5 minutos')).toHaveLength(1);
    await t.close();
  });

  it('retries a failing job with a growing delay, then keeps it as a dead letter; a job with a key is enqueued once', async () => {
    const clock = createControlledClock(MONDAY_08);
    const t = await startTestServer({ clock });
    cleanups.push(() => t.close());
    const queue = new TableQueue(t.server.database.db, clock, silent);
    const calls: string[] = [];
    queue.work('always-fails', async (payload) => {
      calls.push(`fail:${String(payload.n)}`);
      throw new Error('provider down');
    });
    let flaky = 0;
    queue.work('flaky', async () => {
      flaky += 1;
      if (flaky === 1) throw new Error('once');
    });
    await queue.enqueue('always-fails', { n: 1 }, { runAt: clock.now(), singletonKey: 'k1' });
    await queue.enqueue('always-fails', { n: 2 }, { runAt: clock.now(), singletonKey: 'k1' }); // ignored
    await queue.enqueue('flaky', {}, { runAt: clock.now() });

    expect(await queue.runDue()).toBe(2);
    expect(calls).toEqual(['fail:1']);
    expect(await queue.runDue()).toBe(0); // not due again before the retry delay
    clock.advance(30_000);
    expect(await queue.runDue()).toBe(2);
    expect(flaky).toBe(2);
    clock.advance(60_000);
    await queue.runDue();
    expect(calls).toEqual(['fail:1', 'fail:1', 'fail:1']);
    clock.advance(10 * 60_000);
    await queue.runDue();
    expect(calls).toHaveLength(3);
    expect(flaky).toBe(2);
    const dead = await queue.deadLetters();
    expect(dead).toEqual([expect.objectContaining({ name: 'always-fails', singletonKey: 'k1', attempts: 3, lastError: 'provider down' })]);

    // The admin reads the same list over HTTP.
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const res = await request(t.url, '/api/admin/job-queue/dead', { token: admin.token });
    expect((res.body as { jobs: { singletonKey: string }[] }).jobs.map((j) => j.singletonKey)).toContain('k1');
  });
});
