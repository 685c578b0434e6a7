import { Writable } from 'node:stream';
import type { Language } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createControlledClock } from './lib/clock';
import { memberWithSession, onlinePhysician, startTestServer, type TestServer, type TestSocket } from './test';

// A Monday 10:00 in Mexico City: inside working hours.
const MONDAY_10 = new Date('2026-11-23T16:00:00Z');
const ALLOWED_ORIGIN = 'http://localhost:5173';

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
  /** The access line's fields that do not change from one request to the next. */
  accessLine: Record<string, unknown> | undefined;
}

let t: TestServer;
let lines: string[] = [];
const sockets: TestSocket[] = [];
let member: { token: string };
let englishMember: { token: string };

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  t = await startTestServer({ clock: createControlledClock(MONDAY_10), config: { logLevel: 'info', allowedOrigins: [ALLOWED_ORIGIN] }, logStream: stream });
  for (const languages of [['es'], ['es', 'en']] satisfies Language[][]) sockets.push((await onlinePhysician(t.server, t.url, { languages })).socket);
  member = await memberWithSession(t.server);
  englishMember = await memberWithSession(t.server, { preferredLang: 'en' });
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function ask(path: string, init: { method?: string; headers?: Record<string, string> }): Promise<Answer> {
  lines = [];
  const res = await fetch(`${t.url}${path}`, { method: init.method ?? 'GET', headers: init.headers });
  const body = await res.text();
  // The access line is written once the answer is sent: wait for it.
  for (let i = 0; i < 50 && !lines.some((l) => l.includes('"msg":"request"')); i++) await new Promise((r) => setTimeout(r, 10));
  const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request');
  const accessLine = line && Object.fromEntries(Object.entries(line).filter(([k]) => !['time', 'reqId', 'ms'].includes(k)));
  if (line) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
  return { status: res.status, headers: [...res.headers].filter(([name]) => name !== 'date').sort(), body, accessLine };
}

/** The same request answered by the fast path (when it takes it) and by the Fastify route. */
async function both(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<{ fast: Answer; fastify: Answer; answeredFast: boolean }> {
  t.server.fastPaths.enabled = true;
  await ask(path, init); // the first poll of a variant fills the caches (through Fastify)
  const before = t.server.fastPaths.answered;
  const fast = await ask(path, init);
  const answeredFast = t.server.fastPaths.answered > before;
  t.server.fastPaths.enabled = false;
  try {
    return { fast, fastify: await ask(path, init), answeredFast };
  } finally {
    t.server.fastPaths.enabled = true;
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/online-physicians before Fastify', () => {
  it.each([
    ['a member, no Origin', '/api/online-physicians', () => bearer(member.token)],
    ['a member, a filter', '/api/online-physicians?tags=practice_health', () => bearer(member.token)],
    ['a member, two filters and a partner', '/api/online-physicians?tags=practice_health,lang_es&partnerId=acme', () => bearer(member.token)],
    ['a member, an empty query string', '/api/online-physicians?', () => bearer(member.token)],
    ['a member, an allowed Origin', '/api/online-physicians?tags=practice_health', () => ({ ...bearer(member.token), origin: ALLOWED_ORIGIN })],
    ['a member, another Origin', '/api/online-physicians?tags=practice_health', () => ({ ...bearer(member.token), origin: 'https://evil.example' })],
    ['an English-speaking member', '/api/online-physicians', () => bearer(englishMember.token)],
    ['Accept-Language (the member has no preference)', '/api/online-physicians', () => ({ ...bearer(member.token), 'accept-language': 'en-US,en;q=0.9' })],
  ])('%s: answers what the route answers, header for header, with the same access line', async (_name, path, headers) => {
    const { fast, fastify, answeredFast } = await both(path, { headers: headers() });
    expect(answeredFast).toBe(true);
    expect(fast.status).toBe(200);
    expect(fast).toEqual(fastify);
    expect(fast.body).toContain('"physicians":[{');
  });

  it.each([
    ['signed out', '/api/online-physicians', {}, 401],
    ['an unknown token', '/api/online-physicians', bearer('not-a-session-token'), 401],
    ['a malformed Authorization header', '/api/online-physicians', { authorization: 'Bearer' }, 401],
    ['a query the contract refuses (a repeated parameter)', '/api/online-physicians?tags=a&tags=b', 'member', 400],
    ['a query the contract refuses (too long)', `/api/online-physicians?tags=${'x'.repeat(201)}`, 'member', 400],
    ['a trailing slash', '/api/online-physicians/', 'member', 404],
    ['another path that starts the same', '/api/online-physicians-x', 'member', 404],
  ] as const)('%s: left to the route (%#)', async (_name, path, headers, status) => {
    const { fast, fastify, answeredFast } = await both(path, { headers: headers === 'member' ? bearer(member.token) : headers });
    expect(answeredFast).toBe(false);
    expect(fast.status).toBe(status);
    expect(fast).toEqual(fastify);
  });

  it('HEAD, OPTIONS (a CORS preflight) and a GET with a body are left to the route', async () => {
    for (const init of [
      { method: 'HEAD', headers: bearer(member.token) },
      { method: 'OPTIONS', headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } },
    ]) {
      const { fast, fastify, answeredFast } = await both('/api/online-physicians', init);
      expect(answeredFast).toBe(false);
      expect(fast).toEqual(fastify);
    }
    const before = t.server.fastPaths.answered;
    // fetch does not send a GET body: a raw request does.
    const { request } = await import('node:http');
    const withBody = await new Promise<number>((resolve, reject) => {
      const req = request(`${t.url}/api/online-physicians`, { method: 'GET', headers: { ...bearer(member.token), 'content-type': 'application/json', 'content-length': '2' } }, (r) => {
        r.resume();
        r.on('end', () => resolve(r.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(withBody).toBeLessThan(500);
    expect(t.server.fastPaths.answered).toBe(before);
  });

  it('a signed-out session is refused at once, never answered from the fast path', async () => {
    const leaving = await memberWithSession(t.server);
    const { answeredFast } = await both('/api/online-physicians', { headers: bearer(leaving.token) });
    expect(answeredFast).toBe(true);
    const out = await fetch(`${t.url}/api/auth/logout`, { method: 'POST', headers: bearer(leaving.token) });
    expect(out.status).toBeLessThan(300);
    const after = await ask('/api/online-physicians', { headers: bearer(leaving.token) });
    expect(after.status).toBe(401);
  });
});

describe('the fast path never answers from a stale list', () => {
  it('a coach who goes offline leaves the very next answer', async () => {
    const coach = await onlinePhysician(t.server, t.url, { languages: ['es'] });
    const poll = () => ask('/api/online-physicians', { headers: bearer(member.token) });
    // Her coming online reaches presence (through Redis on PostgreSQL + Redis) a moment after her
    // socket connects, and each change makes the next answer go through Fastify once: poll until the
    // fast path answers, with her in the list.
    let fast = false;
    let body = '';
    for (let i = 0; i < 50 && !fast; i++) {
      const before = t.server.fastPaths.answered;
      body = (await poll()).body;
      fast = t.server.fastPaths.answered === before + 1 && body.includes(coach.user.id);
    }
    expect(body).toContain(coach.user.id);
    expect(fast).toBe(true);
    coach.socket.disconnect();
    // Once the server has seen the socket close, the very next answer leaves her out.
    for (let i = 0; i < 200 && (await t.server.services.physicians.flags(coach.user.id)).isOnline; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await t.server.services.physicians.flags(coach.user.id)).isOnline).toBe(false);
    expect((await poll()).body).not.toContain(coach.user.id);
  });
});

describe("the route's hooks", () => {
  it('are the ones the fast path stands in for: a new one must be mirrored there (or the fast path dropped)', () => {
    // The fast path sets the security headers and CORS headers, checks the bearer session (not a
    // scoped one, so the scope gate has nothing to refuse) and never serves GraphQL. A hook added
    // in front of this route (a rate limit, a header, a metric) would be skipped by it.
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' });
    const entry = routes.slice(routes.indexOf('/api/online-physicians (GET)')).split('\n').slice(1);
    const hooks = entry.slice(0, entry.findIndex((line) => !line.includes('•')));
    expect(hooks.map((line) => line.replace(/^[│\s]*•\s*/, ''))).toEqual([
      '(onRequest) ["securityHeadersHook()","handleCors()","bearerSession()","sessionScopeGate()"]',
      '(preValidation) ["graphqlRequestCheck()"]',
    ]);
  });
});

describe('installFastPath', () => {
  it('answers from the fast path when it can, else from the listener it wraps; a fast path that throws is reported and never crashes the server', async () => {
    const { createServer } = await import('node:http');
    const { installFastPath } = await import('./online-physicians.fast-path');
    const server = createServer((_req, res) => res.end('route'));
    const errors: unknown[] = [];
    installFastPath(
      server,
      (req, res) => {
        if (req.url === '/throws') throw new Error('fast path bug');
        if (req.url !== '/fast') return false;
        res.end('fast');
        return true;
      },
      (err) => errors.push(err),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const text = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();
      expect(await text('/fast')).toBe('fast');
      expect(await text('/other')).toBe('route');
      expect(await text('/throws')).toBe('route');
      expect(errors).toEqual([new Error('fast path bug')]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a member whose scheduled appointment starts soon (spec 001 §8)', () => {
  it('is never answered by the fast path: the route answers CONFLICT scheduled-appointment', async () => {
    const scheduling = t.server.services.scheduling;
    const soon = await memberWithSession(t.server);
    const poll = () => ask('/api/online-physicians', { headers: bearer(soon.token) });
    await poll();
    const before = t.server.fastPaths.answered;
    expect((await poll()).status).toBe(200);
    expect(t.server.fastPaths.answered).toBe(before + 1);
    // Her booking is now within the hour (as the scheduling service would see it).
    const now = vi.spyOn(scheduling, 'hasScheduledSoonNow').mockReturnValue(true);
    const later = vi.spyOn(scheduling, 'hasScheduledSoon').mockResolvedValue(true);
    try {
      const refused = await poll();
      expect(refused.status).toBe(409);
      expect(refused.body).toContain('scheduled-appointment');
      expect(t.server.fastPaths.answered).toBe(before + 1);
      // Bookings not in memory: the fast path does not guess either.
      now.mockReturnValue(undefined);
      expect((await poll()).status).toBe(409);
      expect(t.server.fastPaths.answered).toBe(before + 1);
    } finally {
      now.mockRestore();
      later.mockRestore();
    }
  });
});
