import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryPresenceStore, RedisPresenceStore, type PresenceStore } from './presence';

// The online coaches poll caches its answer by the identity of the presence snapshot: the same
// object while nothing changed, a new one (seen at once by the node that changed it) when a set did.
async function behavesAsASnapshot(store: PresenceStore): Promise<void> {
  await store.resetAvailable(['coach-a']);
  const empty = await store.snapshot();
  expect([...empty.online]).toEqual([]);
  expect([...empty.available]).toEqual(['coach-a']);
  expect(await store.snapshot()).toBe(empty);

  await store.connect('coach-a', 'socket-1');
  const online = await store.snapshot();
  expect(online).not.toBe(empty);
  expect([...online.online]).toEqual(['coach-a']);
  // A second socket of an online coach changes nothing: the same snapshot, so cached answers stay.
  await store.connect('coach-a', 'socket-2');
  expect(await store.snapshot()).toBe(online);
  await store.disconnect('coach-a', 'socket-1');
  expect([...(await store.snapshot()).online]).toEqual(['coach-a']);

  await store.setAvailable('coach-a', false);
  const unavailable = await store.snapshot();
  expect(unavailable).not.toBe(online);
  expect(unavailable.available.has('coach-a')).toBe(false);

  await store.disconnect('coach-a', 'socket-2');
  const offline = await store.snapshot();
  expect(offline.online.has('coach-a')).toBe(false);
  // Without waiting: the snapshot just read (a store that must ask the network answers undefined
  // when its copy is old, never an older snapshot).
  expect(store.snapshotNow()).toBe(offline);
}

describe('presence snapshots', () => {
  it('in memory: one object per state, a new one on every real change', async () => {
    const store = new MemoryPresenceStore();
    await behavesAsASnapshot(store);
    // The same object, not merely equal contents, while nothing changes.
    await store.connect('coach-b', 's');
    const a = await store.snapshot();
    await store.connect('coach-b', 's2');
    expect(await store.snapshot()).toBe(a);
    await store.close();
  });

  it.runIf(process.env.REDIS_URL)('in Redis: a change made on this node is in its next snapshot, even with a read in flight', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    const store = new RedisPresenceStore(redis, `puente_t_${randomBytes(6).toString('hex')}:`);
    try {
      await behavesAsASnapshot(store);
      await store.connect('coach-c', 's');
      const inFlight = store.snapshot(); // started before the change below
      await store.setAvailable('coach-c', true);
      await inFlight;
      expect((await store.snapshot()).available.has('coach-c')).toBe(true);
      const steady = await store.snapshot();
      expect(await store.snapshot()).toBe(steady);
    } finally {
      await store.close();
      await redis.quit();
    }
  });
});

// Presence across nodes needs Redis: this runs in the PostgreSQL + Redis pass of `npm test`.
const redisUrl = process.env.REDIS_URL;
const presenceModule = fileURLToPath(new URL('./presence.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`not true within ${withinMs} ms`);
}

describe.skipIf(!redisUrl)('presence across nodes (Redis)', () => {
  const prefix = `test:${crypto.randomUUID()}:`;
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(redisUrl!);
    clients.push(c);
    return c;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('a coach connected to one node is online on another, and offline once her last socket leaves', async () => {
    const a = new RedisPresenceStore(client(), prefix);
    const b = new RedisPresenceStore(client(), prefix);
    try {
      await a.connect('coach-1', 's1');
      await a.connect('coach-1', 's2');
      await eventually(async () => (await b.snapshot()).online.has('coach-1'), 2000);
      await a.disconnect('coach-1', 's1');
      await sleep(600); // past the read snapshot
      expect((await b.snapshot()).online.has('coach-1')).toBe(true);
      await a.disconnect('coach-1', 's2');
      await eventually(async () => !(await b.snapshot()).online.has('coach-1'), 2000);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a node killed with SIGKILL leaves presence within the heartbeat window; a live node stays', async () => {
    const ttlMs = 1500;
    const survivor = new RedisPresenceStore(client(), prefix, { ttlMs, heartbeatMs: 300 });
    const observer = new RedisPresenceStore(client(), prefix, { ttlMs, heartbeatMs: 300 });
    // The other node is a real process holding a coach's socket, killed without any cleanup.
    const script = `
      const { Redis } = await import('ioredis');
      const { RedisPresenceStore } = await import(${JSON.stringify(presenceModule)});
      const store = new RedisPresenceStore(new Redis(${JSON.stringify(redisUrl)}), ${JSON.stringify(prefix)}, { ttlMs: ${ttlMs}, heartbeatMs: 300 });
      await store.connect('coach-on-dead-node', 'sock-x');
      console.log('ready');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`node exited early (${code})`)));
      });
      await survivor.connect('coach-on-live-node', 'sock-y');
      await eventually(async () => (await observer.snapshot()).online.has('coach-on-dead-node'), 2000);
      // Beats keep the dead node's coach online while it lives: past one TTL, still there.
      await sleep(ttlMs + 300);
      expect((await observer.snapshot()).online.has('coach-on-dead-node')).toBe(true);

      child.kill('SIGKILL');
      const gone = await eventually(async () => !(await observer.snapshot()).online.has('coach-on-dead-node'), ttlMs * 3);
      // Within the TTL after its last beat (a loaded machine may add a second or so of polling).
      expect(gone).toBeLessThanOrEqual(ttlMs * 2 + 500);
      expect((await observer.snapshot()).online.has('coach-on-live-node')).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await survivor.close();
      await observer.close();
    }
  });

  it('a node writes its coaches again on the next beat after Redis lost them', async () => {
    const redis = client();
    const a = new RedisPresenceStore(redis, prefix, { heartbeatMs: 200 });
    const b = new RedisPresenceStore(client(), prefix);
    try {
      await a.connect('coach-2', 's1');
      await eventually(async () => (await b.snapshot()).online.has('coach-2'), 2000);
      const keys = await redis.keys(`${prefix}presence:*`);
      await redis.del(...keys); // as after a Redis restart without persistence
      await eventually(async () => (await b.snapshot()).online.has('coach-2'), 2000);
    } finally {
      await a.close();
      await b.close();
    }
  });
});