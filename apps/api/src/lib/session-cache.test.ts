import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../modules/auth/auth.service';
import { createControlledClock } from './clock';
import { LocalInvalidationBus } from './invalidation-bus';
import { SessionCache } from './session-cache';
import { SessionLookups } from './session-lookups';

const context = (sessionId: string, expiresAt: Date): AuthContext => ({ user: { id: `user-${sessionId}` }, session: { id: sessionId, expiresAt } }) as unknown as AuthContext;

/** Lookups from one token's: many at once are each looked up, and the batches are noted. */
const lookupsOf = (one: (token: string) => Promise<AuthContext | undefined>, { batches = [] as string[][], laterWaitMs = 0 } = {}): SessionLookups =>
  new SessionLookups(
    {
      authenticateMany: async (tokens) => {
        batches.push([...tokens]);
        return new Map(await Promise.all(tokens.map(async (token) => [token, await one(token)] as const)));
      },
    },
    { laterWaitMs },
  );

describe('the session cache', () => {
  afterEach(() => vi.useRealTimers());

  it('peek answers, without waiting, only a lookup it remembers that is still fresh; a revoked or expired session is not', async () => {
    const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
    const bus = new LocalInvalidationBus();
    const sessions = new Map([
      ['token-a', context('session-a', new Date('2026-11-23T17:00:00Z'))],
      ['token-b', context('session-b', new Date('2026-11-23T16:00:10Z'))],
    ]);
    let lookups = 0;
    const cache = new SessionCache(
      lookupsOf(async (token) => {
        lookups++;
        return sessions.get(token);
      }),
      clock,
      bus,
    );

    // Nothing remembered yet: peek does not look the session up.
    expect(cache.peek('token-a')).toBeUndefined();
    expect(lookups).toBe(0);
    expect(await cache.get('token-a')).toBe(sessions.get('token-a'));
    expect(cache.peek('token-a')).toBe(sessions.get('token-a'));
    expect(lookups).toBe(1);

    // An unknown token is never remembered.
    expect(await cache.get('token-x')).toBeUndefined();
    expect(cache.peek('token-x')).toBeUndefined();

    // A session past its expiry is not answered from memory.
    await cache.get('token-b');
    expect(cache.peek('token-b')).toBeDefined();
    clock.advance(11_000);
    expect(cache.peek('token-b')).toBeUndefined();

    // A revocation (on this node or another, through the bus) forgets it at once.
    bus.publish('session', 'session-a');
    expect(cache.peek('token-a')).toBeUndefined();
  });

  it('past its time, peek answers the remembered lookup for one more TTL while it is looked up again once, in the background; not when the bus is down, nor later', async () => {
    vi.useFakeTimers({ toFake: ['performance'] }); // the cache's own time (performance.now)
    const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
    const bus = new LocalInvalidationBus();
    const ttl = 200;
    const first = context('session-a', new Date('2026-11-23T17:00:00Z'));
    const second = context('session-a', new Date('2026-11-23T17:00:00Z'));
    let current: AuthContext | undefined = first;
    let lookups = 0;
    let release: (() => void) | undefined;
    const cache = new SessionCache(
      lookupsOf(async () => {
        lookups++;
        await new Promise<void>((resolve) => (release = resolve));
        return current;
      }),
      clock,
      bus,
      { ttlMs: ttl },
    );
    const remember = cache.get('token-a');
    await batched();
    release!();
    expect(await remember).toBe(first);
    later(ttl + 20);

    // Past its time: answered at once, and looked up again once however often it is peeked.
    current = second;
    expect(cache.peek('token-a')).toBe(first);
    expect(cache.peek('token-a')).toBe(first);
    await batched();
    expect(lookups).toBe(2);
    release!();
    await settled();
    expect(cache.peek('token-a')).toBe(second); // the new lookup, fresh
    expect(lookups).toBe(2);

    // A lookup that finds the session gone forgets it.
    later(ttl + 20);
    current = undefined;
    expect(cache.peek('token-a')).toBe(second);
    await batched();
    release!();
    await settled();
    expect(cache.peek('token-a')).toBeUndefined();

    // Past two TTLs nothing is answered from memory.
    current = first;
    const again = cache.get('token-a');
    await batched();
    release!();
    await again;
    later(2 * ttl + 20);
    expect(cache.peek('token-a')).toBeUndefined();
    expect(lookups).toBe(4);

    // While the bus is not live a revocation elsewhere might not arrive: only fresh lookups answer.
    const down = new (class extends LocalInvalidationBus {
      override get live(): boolean {
        return false;
      }
    })();
    const unshared = new SessionCache(lookupsOf(async () => first), clock, down, { ttlMs: ttl });
    await unshared.get('token-a');
    expect(unshared.peek('token-a')).toBe(first);
    later(ttl + 20);
    expect(unshared.peek('token-a')).toBeUndefined();
  });

  it('looks sessions up together: the requests that arrive together, and the stale ones peeked within the wait; at most 64 a batch and 256 stale ones waiting at once; the others answer and are looked up on a later peek', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
    const ttl = 200;
    const ctx = (i: number) => context(`session-${i}`, new Date('2026-11-23T17:00:00Z'));
    let hold = false;
    const waiting: (() => void)[] = [];
    const batches: string[][] = [];
    const cache = new SessionCache(
      lookupsOf(async (token) => {
        if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
        return ctx(Number(token));
      }, { batches, laterWaitMs: 20 }),
      clock,
      new LocalInvalidationBus(),
      { ttlMs: ttl },
    );
    // Requests that arrive together are looked up together (a restart: nothing is remembered).
    const first = await Promise.all(Array.from({ length: 300 }, (_, i) => cache.get(String(i))));
    expect(first.map((c) => c?.session.id)).toEqual(Array.from({ length: 300 }, (_, i) => `session-${i}`));
    expect(batches.map((b) => b.length)).toEqual([64, 64, 64, 64, 44]);
    batches.length = 0;
    later(ttl + 20);

    // Ten peeked within the wait: one batch, once the wait is over.
    for (let i = 0; i < 10; i++) expect(cache.peek(String(i))?.session.id).toBe(`session-${i}`);
    expect(batches).toEqual([]);
    await batched(30);
    expect(batches).toEqual([Array.from({ length: 10 }, (_, i) => String(i))]);
    await settled();
    expect(cache.peek('0')?.session.id).toBe('session-0'); // fresh again: not queued
    await batched(30);
    expect(batches).toHaveLength(1);

    // While lookups are slow: a full batch leaves at once, and no more than 256 tokens wait.
    batches.length = 0;
    hold = true;
    for (let i = 10; i < 300; i++) expect(cache.peek(String(i))?.session.id).toBe(`session-${i}`);
    expect(batches.map((b) => b.length)).toEqual([64, 64, 64, 64]);
    await batched(30);
    expect(batches).toHaveLength(4);
    for (const release of waiting.splice(0)) release();
    await settled();
    // The 34 beyond the bound still answered; their turn comes at their next peek.
    for (let i = 266; i < 300; i++) expect(cache.peek(String(i))?.session.id).toBe(`session-${i}`);
    hold = false;
    await batched(30);
    expect(batches.map((b) => b.length)).toEqual([64, 64, 64, 64, 34]);
    expect(batches.flat()).toEqual(Array.from({ length: 290 }, (_, i) => String(i + 10)));
  });

  it('a request waits for the lookup of its token already under way; one that fails fails each request waiting for it, and is not remembered', async () => {
    const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
    const batches: string[][] = [];
    let failing = true;
    const cache = new SessionCache(
      lookupsOf(async (token) => {
        if (failing) throw new Error('connection terminated');
        return context(`session-${token}`, new Date('2026-11-23T17:00:00Z'));
      }, { batches }),
      clock,
      new LocalInvalidationBus(),
    );
    const answers = await Promise.allSettled([cache.get('a'), cache.get('a'), cache.get('b')]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(batches).toEqual([['a', 'b']]);
    expect(cache.peek('a')).toBeUndefined();
    failing = false;
    const [a, again] = await Promise.all([cache.get('a'), cache.get('a')]);
    expect(a?.session.id).toBe('session-a');
    expect(again).toBe(a);
    expect(batches).toEqual([['a', 'b'], ['a']]);
    expect(cache.peek('a')).toBe(a);
  });

  it('a background lookup that fails is reported, and the remembered one still expires as usual', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
    const ttl = 200;
    const first = context('session-a', new Date('2026-11-23T17:00:00Z'));
    let failing = false;
    const reported: unknown[] = [];
    const cache = new SessionCache(
      lookupsOf(async () => {
        if (failing) throw new Error('connection terminated');
        return first;
      }),
      clock,
      new LocalInvalidationBus(),
      { ttlMs: ttl, onBackgroundError: (error) => reported.push(error) },
    );
    await cache.get('token-a');
    later(ttl + 20);
    failing = true;
    expect(cache.peek('token-a')).toBe(first);
    await batched();
    await settled();
    expect(reported).toEqual([new Error('connection terminated')]);
    expect(cache.peek('token-a')).toBe(first); // stale still, for the rest of its second TTL
    later(ttl);
    expect(cache.peek('token-a')).toBeUndefined();
  });
});

/** The cache's time moves on (performance.now, faked). */
const later = (ms: number) => vi.advanceTimersByTime(ms);
/** The background lookups released so far have finished. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The batch's wait (real time: the cache's timer) is over and its lookups have started. */
const batched = (ms = 5) => new Promise<void>((resolve) => setTimeout(resolve, ms));
