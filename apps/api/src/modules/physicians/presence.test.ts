import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
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
  expect((await store.snapshot()).online.has('coach-a')).toBe(false);
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
