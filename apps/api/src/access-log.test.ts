import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createControlledClock } from './lib/clock';
import { asyncLogDestination } from './logger';
import { memberWithSession, onlinePhysician, request, startTestServer } from './test';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  status?: number;
  ms?: number;
}

describe('the access log', () => {
  it('writes one line per request (id, method, route pattern, status, ms) to an asynchronous destination, flushed on close; never health checks, URLs, query strings or tokens', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'puente-log-'));
    const file = path.join(dir, 'api.log');
    // What production uses on stdout, on a file: asynchronous and batched; closing the server
    // writes what is still waiting, so the file is complete when close resolves.
    const destination = asyncLogDestination(file);
    const t = await startTestServer({ clock: createControlledClock(new Date('2026-11-23T16:00:00Z')), config: { logLevel: 'info' }, logStream: destination });
    const phone = '+525512340000';
    let secrets: string[] = [];
    try {
      const member = await memberWithSession(t.server);
      const coach = await onlinePhysician(t.server, t.url, { languages: ['es'] });
      coach.socket.disconnect();
      secrets = [member.token, coach.token, phone, phone.slice(1), 'secret-in-query'];
      expect((await request(t.url, '/api/health')).status).toBe(200);
      expect((await request(t.url, '/api/health?probe=secret-in-query')).status).toBe(200);
      expect((await request(t.url, `/api/online-physicians?tags=practice_health&token=secret-in-query`, { token: member.token })).status).toBe(200);
      expect((await request(t.url, '/api/online-physicians?tags=%zz')).status).toBe(401);
      expect((await request(t.url, `/api/user/phone-taken/${encodeURIComponent(phone)}?phone=${encodeURIComponent(phone)}`, { token: member.token })).status).toBeLessThan(500);
      expect((await request(t.url, `/api/no-such-route/${encodeURIComponent(phone)}?token=secret-in-query`)).status).toBe(404);
    } finally {
      await t.close();
    }
    // Read right after close: the buffered lines were flushed by it.
    const text = readFileSync(file, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const access = lines.filter((l) => l.msg === 'request');

    expect(access.map((l) => [l.method, l.route, l.status])).toEqual([
      ['GET', '/api/online-physicians', 200],
      ['GET', '/api/online-physicians', 401],
      ['GET', '/api/user/phone-taken/:phone', expect.any(Number)],
      ['GET', null, 404],
    ]);
    for (const l of access) {
      expect(l.level).toBe(30);
      expect(l.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof l.ms).toBe('number');
      expect(Object.keys(l).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
    }
    // Fastify's two lines per request are gone, and health checks leave no trace at all.
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
    expect(text).not.toContain('/api/health');
    expect(text).not.toContain('?');
    for (const secret of secrets) expect(text).not.toContain(secret);
  }, 120_000); // a server of its own (the log destination is the subject), booted on a busy machine
});

describe('request loggers', () => {
  it('are made on first use: a request that logs nothing costs no pino child, one that logs is bound to its id', async () => {
    const { lazyRequestLogger } = await import('./logger');
    const lines: string[] = [];
    const parent = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children++;
      return child(...args);
    }) as typeof parent.child;

    const quiet = lazyRequestLogger(parent, { reqId: 'quiet-request' }, {});
    expect(quiet.level).toBe('info'); // the access log reads the level: no child for that
    expect(lazyRequestLogger(parent, { reqId: 'other' }, { level: 'warn' }).level).toBe('warn');
    expect(children).toBe(0);

    const used = lazyRequestLogger(parent, { reqId: 'logging-request' }, {});
    used.warn({ detail: 1 }, 'something');
    used.error(new Error('boom'));
    used.debug('below the level');
    expect(children).toBe(1);
    const logged = lines.map((l) => JSON.parse(l) as { reqId: string; msg: string; level: number });
    expect(logged.map((l) => [l.reqId, l.level, l.msg])).toEqual([
      ['logging-request', 40, 'something'],
      ['logging-request', 50, 'boom'],
    ]);
    expect(used.child({ extra: true })).toBeTruthy();
  });
});
