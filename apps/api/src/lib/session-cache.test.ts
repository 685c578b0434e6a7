import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../modules/auth/auth.service';
import { createControlledClock } from './clock';
import { LocalInvalidationBus } from './invalidation-bus';
import { SessionCache } from './session-cache';

const context = (sessionId: string, expiresAt: Date): AuthContext => ({ user: { id: `user-${sessionId}` }, session: { id: sessionId, expiresAt } }) as unknown as AuthContext;

describe('the session cache', () => {
  it('peek answers, without waiting, only a lookup it remembers that is still fresh; a revoked or expired session is not', async () => {
    const clock = createControlledClock(new Date('2026-11-23T16:00:00Z'));
    const bus = new LocalInvalidationBus();
    const sessions = new Map([
      ['token-a', context('session-a', new Date('2026-11-23T17:00:00Z'))],
      ['token-b', context('session-b', new Date('2026-11-23T16:00:10Z'))],
    ]);
    let lookups = 0;
    const cache = new SessionCache(
      async (token) => {
        lookups++;
        return sessions.get(token);
      },
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
});
