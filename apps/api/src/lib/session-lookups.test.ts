import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../modules/auth/auth.service';
import { createMember, createSessionFor, openSocket, request, startTestServer } from '../test';
import { SessionLookups, type SessionLookup } from './session-lookups';

const context = (token: string): AuthContext => ({ user: { id: `user-${token}` }, session: { id: `session-${token}`, expiresAt: new Date('2026-11-23T17:00:00Z') } }) as unknown as AuthContext;

/** A database of sessions that notes each batch, and can hold or fail them. */
const fakeDatabase = () => {
  const batches: string[][] = [];
  let failing = false;
  const lookup: SessionLookup = {
    authenticateMany: async (tokens) => {
      batches.push([...tokens]);
      if (failing) throw new Error('connection terminated');
      return new Map(tokens.map((token) => [token, token.startsWith('unknown') ? undefined : context(token)]));
    },
  };
  return { lookup, batches, fail: (on: boolean) => (failing = on) };
};

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('session lookups, sent together', () => {
  it('those asked in the same turn go in one batch (at most 64), each token once; one alone leaves in the next turn', async () => {
    const db = fakeDatabase();
    const lookups = new SessionLookups(db.lookup);
    const tokens = Array.from({ length: 70 }, (_, i) => `t${i}`);
    const answers = await Promise.all([...tokens, 't0', 'unknown-1'].map((token) => lookups.authenticate(token)));
    expect(db.batches.map((b) => b.length)).toEqual([64, 7]);
    expect(db.batches.flat()).toEqual([...tokens, 'unknown-1']);
    expect(answers.slice(0, 70).map((a) => a?.session.id)).toEqual(tokens.map((t) => `session-${t}`));
    expect(answers[70]).toBe(answers[0]);
    expect(answers[71]).toBeUndefined();
    expect(lookups.size).toBe(0);

    db.batches.length = 0;
    const alone = lookups.authenticate('t1');
    expect(lookups.has('t1')).toBe(true);
    await tick();
    expect(db.batches).toEqual([['t1']]);
    expect((await alone)?.user.id).toBe('user-t1');
  });

  it('one no one waits for waits for others (later), and goes with the first batch someone waits for', async () => {
    const db = fakeDatabase();
    const lookups = new SessionLookups(db.lookup, { laterWaitMs: 30 });
    const later = [lookups.lookUp('a', 'later'), lookups.lookUp('b', 'later')];
    await wait(10);
    expect(db.batches).toEqual([]);
    await wait(40);
    expect(db.batches).toEqual([['a', 'b']]);
    const answers = await Promise.all(later);
    expect(answers.map((a) => a.ctx?.user.id)).toEqual(['user-a', 'user-b']);
    expect(answers[0]!.sentAt).toBeLessThanOrEqual(performance.now());

    const c = lookups.lookUp('c', 'later');
    const d = lookups.authenticate('d');
    await tick();
    expect(db.batches).toEqual([['a', 'b'], ['c', 'd']]);
    expect((await c).ctx?.user.id).toBe('user-c');
    expect((await d)?.user.id).toBe('user-d');
  });

  it('a failed batch fails everyone waiting in it; the next lookup of the same token is asked again', async () => {
    const db = fakeDatabase();
    const lookups = new SessionLookups(db.lookup);
    db.fail(true);
    const failed = await Promise.allSettled([lookups.authenticate('a'), lookups.authenticate('a'), lookups.authenticate('b')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(db.batches).toEqual([['a', 'b']]);
    db.fail(false);
    expect((await lookups.authenticate('a'))?.user.id).toBe('user-a');
    expect(db.batches).toEqual([['a', 'b'], ['a']]);
  });

  it('the server authenticates every request and socket handshake through them (the auth service has no one-token lookup)', async () => {
    const t = await startTestServer();
    try {
      const auth = t.server.services.auth;
      const batches: number[] = [];
      const authenticateMany = auth.authenticateMany.bind(auth);
      auth.authenticateMany = (tokens) => {
        batches.push(tokens.length);
        return authenticateMany(tokens);
      };
      const members = await Promise.all(Array.from({ length: 3 }, () => createMember(t.server)));
      const tokens = await Promise.all(members.map(async (m) => (await createSessionFor(t.server, m.id)).sessionToken));
      // Requests (a route that reads the session from the database, not from the cache).
      const answers = await Promise.all(tokens.map((token, i) => request(t.url, `/api/members/${members[i]!.id}/recovery-code`, { token })));
      expect(answers.map((a) => a.status)).not.toContain(401);
      expect(batches.length).toBeGreaterThan(0);
      expect(batches.reduce((a, b) => a + b, 0)).toBe(3);
      // A socket's handshake.
      const socket = await openSocket(t.url, tokens[0]!);
      socket.close();
      expect(batches.reduce((a, b) => a + b, 0)).toBe(4);
      // An unknown token is refused, as before.
      expect((await request(t.url, `/api/members/${members[0]!.id}/recovery-code`, { token: 'x'.repeat(43) })).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
