import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onlinePhysiciansResponseSchema, PHYSICIAN_GQL, SCHEDULING_GQL, TOPICS_GQL, topicTemplateSchema, type PhysicianDto } from '@puente/contracts';
import { AUTH } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from './db/schema';
import { createControlledClock } from './lib/clock';
import type { PhysicianProfileChanges } from './modules/physicians/physicians.service';
import { createMember, createOrganization, createPhysician, createSessionFor, createTemporaryDatabase, graphql, memberWithSession, openSocket, randomUsPhone, request, startTestServer, type TestServer, type TestSocket } from './test';
import { nodeUrl } from './test/node-process';

/**
 * Two API nodes, each its own process, on one PostgreSQL and one Redis: what one node changes, the
 * other's in-memory caches drop within seconds (physician profiles, availability, session
 * lookups of the online list). Runs in the PostgreSQL + Redis pass of `npm test`.
 */
const pgUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const nodeScript = fileURLToPath(new URL('./test/cluster-node.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// The invalidation usually lands in a few milliseconds. The tests wait up to five seconds, which
// only the bus can meet: without it each cache keeps its copy far longer (physician profiles until
// restart, session lookups 30 s, an organization's template 5 minutes, "scheduled soon" 15 s on a
// clock that never moves here). How fast it lands is the bench's business, not a test's: a timed
// bound of one second failed under a loaded CI machine.
const WITHIN_MS = 5_000;

interface Node {
  url: string;
  process: ChildProcess;
  updatePhysicianProfile(physicianId: string, changes: PhysicianProfileChanges): Promise<PhysicianDto>;
}

async function startNode(databaseUrl: string, redisPrefix: string): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puente-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', nodeScript], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, TEST_REDIS_PREFIX: redisPrefix, DATA_DIR: dataDir, ATTACHMENTS_DIR: path.join(dataDir, 'attachments'), LOG_LEVEL: 'warn', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await nodeUrl(child);
  let nextId = 1;
  return {
    url,
    process: child,
    updatePhysicianProfile: (physicianId, changes) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        const onMessage = (m: { id: number; result?: PhysicianDto; error?: string }) => {
          if (m.id !== id) return;
          child.off('message', onMessage);
          if (m.error) reject(new Error(m.error));
          else resolve(m.result!);
        };
        child.on('message', onMessage);
        child.send({ id, cmd: 'update-physician-profile', args: { physicianId, changes } });
      }),
  };
}

async function online(url: string, token: string): Promise<PhysicianDto[]> {
  const res = await request(url, '/api/online-physicians', { token });
  expect(res.status).toBe(200);
  return onlinePhysiciansResponseSchema.parse(res.body).physicians;
}

/** How long until `check` holds, polling every 25 ms; fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not seen within ${ms} ms`);
}

describe.skipIf(!pgUrl || !redisUrl)('caches across two nodes on one PostgreSQL and one Redis', () => {
  let control: TestServer;
  let A: Node;
  let B: Node;
  const sockets: TestSocket[] = [];
  let coaches: { user: UserRow; token: string }[];

  beforeAll(async () => {
    // The in-process server only prepares the database (migrations, people and sessions); the
    // physicians exist before the nodes start (the admin console that adds one will tell them).
    control = await startTestServer({ db: 'postgres' });
    coaches = [];
    for (let i = 0; i < 2; i++) {
      const user = await createPhysician(control.server, { languages: ['es'] });
      coaches.push({ user, token: (await createSessionFor(control.server, user.id)).sessionToken });
    }
    const prefix = `invalidation:${randomUUID()}:`;
    [A, B] = await Promise.all([startNode(control.server.config.databaseUrl!, prefix), startNode(control.server.config.databaseUrl!, prefix)]);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const n of [A, B]) n?.process.kill('SIGKILL');
    await control?.close();
  });

  it('a coach profile changed through node A is listed changed by node B within seconds', async () => {
    const { user: coach, token: coachToken } = coaches[0]!;
    const member = await memberWithSession(control.server);
    sockets.push(await openSocket(B.url, coachToken));
    // Node B has the profile cached (and serves it from that cache from now on).
    await within(5_000, async () => (await online(B.url, member.token)).some((p) => p.id === coach.id));
    expect((await online(B.url, member.token)).find((p) => p.id === coach.id)).toMatchObject({ nickName: null, bio: 'Perfil de prueba' });

    const changed = await A.updatePhysicianProfile(coach.id, { nickName: 'Dra. Ana', bio: { es: 'Medicina familiar, 10 años', en: 'Family medicine, 10 years' } });
    expect(changed).toMatchObject({ id: coach.id, nickName: 'Dra. Ana', bio: 'Medicina familiar, 10 años' });
    await within(WITHIN_MS, async () => (await online(B.url, member.token)).find((p) => p.id === coach.id)?.nickName === 'Dra. Ana');
    expect((await online(B.url, member.token)).find((p) => p.id === coach.id)).toMatchObject({ nickName: 'Dra. Ana', bio: 'Medicina familiar, 10 años' });

    // Only physicians have a public profile to change.
    await expect(A.updatePhysicianProfile(member.user.id, { nickName: 'x' })).rejects.toThrow(/NOT_FOUND/);
  });

  it("a coach's availability switched off on node A leaves node B's online list within seconds", async () => {
    const { user: coach, token: coachToken } = coaches[1]!;
    const member = await memberWithSession(control.server);
    sockets.push(await openSocket(B.url, coachToken));
    await within(5_000, async () => (await online(B.url, member.token)).some((p) => p.id === coach.id));

    const res = await graphql<{ setAvailability: { isAvailable: boolean } }>(A.url, PHYSICIAN_GQL.setAvailability, { isAvailable: false }, coachToken);
    expect(res.body.data?.setAvailability.isAvailable).toBe(false);
    await within(WITHIN_MS, async () => !(await online(B.url, member.token)).some((p) => p.id === coach.id));
  });

  it('a session signed out on node A stops reading the online list on node B within seconds', async () => {
    const member = await memberWithSession(control.server);
    // Node B remembers the session lookup (the online list authenticates from a cache).
    await online(B.url, member.token);
    await online(B.url, member.token);

    expect((await request(A.url, '/api/auth/logout', { method: 'POST', token: member.token })).status).toBe(200);
    await within(WITHIN_MS, async () => (await request(B.url, '/api/online-physicians', { token: member.token })).status === 401);
  });

  it("a session signed out on node A loses its socket on node B within seconds (no room per session: B scans its own sockets)", async () => {
    const member = await memberWithSession(control.server);
    const other = await createSessionFor(control.server, member.user.id);
    const [socket, kept] = [await openSocket(B.url, member.token), await openSocket(B.url, other.sessionToken)];
    sockets.push(socket, kept);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    expect((await request(A.url, '/api/auth/logout', { method: 'POST', token: member.token })).status).toBe(200);
    const reason = await Promise.race([disconnected, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not disconnected within ${WITHIN_MS} ms`)), WITHIN_MS))]);
    expect(reason).toBe('io server disconnect');
    // Her other session's socket on node B stays.
    expect((await kept.timeout(2_000).emitWithAck('user-register')).userId).toBe(member.user.id);
  });

  it("an organization's topics template changed through the admin API on node A is served by node B within seconds", async () => {
    const admin = await createMember(control.server, { userType: 'admin', email: `cache.admin.${randomUUID().slice(0, 8)}@puente.test` });
    const adminToken = (await createSessionFor(control.server, admin.id)).sessionToken;
    const org = await createOrganization(control.server);
    const member = await memberWithSession(control.server, { organizationId: org.id });
    const template = async (url: string) => {
      const res = await graphql<{ getConsultationTopicsTemplate: unknown }>(url, TOPICS_GQL.getConsultationTopicsTemplate, {}, member.token);
      return topicTemplateSchema.parse(res.body.data?.getConsultationTopicsTemplate).id;
    };
    // Node B keeps the organization's template (the default) for 5 minutes otherwise.
    const before = await template(B.url);
    expect(before).not.toBe('acme');
    const changed = await request(A.url, `/api/admin/organizations/${org.id}`, { method: 'PATCH', body: { topicsTemplateId: 'acme' }, token: adminToken });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await within(WITHIN_MS, async () => (await template(B.url)) === 'acme');
  });

  it('a rate limit counted on both nodes answers 429 at the shared count', async () => {
    // Codes sent from one address (this test's), half through each node: the next is refused on either.
    const send = (url: string) => request(url, '/api/auth/pwdless/phone', { body: { phoneNumber: randomUsPhone() } });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH.sendsPerIpPerHour; i++) statuses.push((await send(i % 2 === 0 ? A.url : B.url)).status);
    expect(statuses).toEqual(Array.from({ length: AUTH.sendsPerIpPerHour }, () => 200));
    expect((await send(A.url)).status).toBe(429);
    expect((await send(B.url)).status).toBe(429);
  });
});

describe.skipIf(!pgUrl || !redisUrl)('bookings starting soon, on two nodes with one clock', () => {
  it("a booking made through node A blocks the member's on-demand request on node B within seconds (B's 15 s cache is dropped)", async () => {
    // Two in-process nodes on one database and one Redis prefix, sharing a controlled clock
    // (Monday 08:00 in Mexico City): B's cache would never expire by itself.
    const database = await createTemporaryDatabase(pgUrl!);
    const clock = createControlledClock(new Date('2026-11-23T14:00:00Z'));
    const cluster = { databaseUrl: database.url, redisKeyPrefix: `soon:${randomUUID()}:` };
    const nodeA = await startTestServer({ clock, cluster });
    const nodeB = await startTestServer({ clock, cluster });
    try {
      const coach = await createPhysician(nodeA.server, { hours: { starts: '08:00', ends: '12:00', slotMinutes: 45 }, isAvailable: false });
      const member = await memberWithSession(nodeA.server);
      expect(await nodeB.server.services.scheduling.hasScheduledSoon(member.user.id)).toBe(false);
      const booked = await graphql(
        nodeA.url,
        SCHEDULING_GQL.scheduleAppointment,
        { input: { physicianId: coach.id, language: 'es', startDate: '2026-11-23T14:45:00.000Z', timezone: 'America/Mexico_City', topic: { topicId: 'mh', topicText: 'Ansiedad' } } },
        member.token,
      );
      expect(booked.body.errors).toBeUndefined();
      await within(WITHIN_MS, () => nodeB.server.services.scheduling.hasScheduledSoon(member.user.id));
    } finally {
      await nodeA.close();
      await nodeB.close();
      await database.drop();
    }
  }, 120_000);
});

describe.skipIf(!pgUrl || !redisUrl)('the realtime channels of a deployment', () => {
  it("a node counts its own deployment's nodes only: another deployment (or test) on the same Redis is neither asked nor waited for", async () => {
    // A cross-node lookup (the call's signal relay: socketsInRoom) waits for an answer from every
    // subscriber of its channel; a node of another deployment on the shared default channel, busy
    // or closing, held a signal past the call's 5 s (cluster.test failed so, 2 full runs).
    const database = await createTemporaryDatabase(pgUrl!);
    const ours = { databaseUrl: database.url, redisKeyPrefix: `ours:${randomUUID()}:` };
    const theirs = { databaseUrl: database.url, redisKeyPrefix: `theirs:${randomUUID()}:` };
    const nodes = [await startTestServer({ cluster: ours }), await startTestServer({ cluster: ours }), await startTestServer({ cluster: theirs })];
    try {
      const count = (node: TestServer) => (node.server.io.of('/').adapter as unknown as { serverCount(): Promise<number> }).serverCount();
      expect(await Promise.all(nodes.map(count))).toEqual([2, 2, 1]);
    } finally {
      for (const node of nodes) await node.close();
      await database.drop();
    }
  }, 120_000);
});
