import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GQL, memberSchema, outboxResponseSchema, pwdlessPhoneResponseSchema, pwdlessVerifyResponseSchema, sessionPayloadSchema, type PwdlessVerifyResponse, type SessionPayload } from '@puente/contracts';
import type { Language } from '@puente/domain';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildServer, type BuildServerOptions, type PuenteServer } from '../app';
import type { Config } from '../config';
import { createControlledClock, type ControlledClock } from '../lib/clock';

export * from './factories';
export { DEMO_LOGINS, DEMO_ORGANIZATION, DEMO_PARTNER } from '../db/seed';
export { SESSION_CACHE_TTL_MS } from '../lib/session-cache';

export interface StartTestServerOptions {
  /** Default: 'postgres' when DATABASE_URL is set, else in-memory 'pglite'. */
  db?: 'pglite' | 'postgres';
  clock?: ControlledClock;
  /** Seed the demo data (default false). */
  seed?: boolean;
  config?: Partial<Config>;
  limits?: BuildServerOptions['limits'];
  providers?: BuildServerOptions['providers'];
  logStream?: DestinationStream;
  /** On-demand working hours; default: no hours check, so journeys run on any day and hour. */
  workingHours?: BuildServerOptions['workingHours'];
  appointmentTimeouts?: BuildServerOptions['appointmentTimeouts'];
  /** Default 0: tests advance the clock and call server.services.appointmentScheduler.tick(). */
  appointmentSweepMs?: number;
  /** Presence heartbeat and expiry (Redis only). */
  presence?: BuildServerOptions['presence'];
  /**
   * Listen on this port and use http://127.0.0.1:<port> as PUBLIC_URL (identity-provider redirects
   * need the real address before the server starts). Default: a random port, PUBLIC_URL unused.
   */
  port?: number;
  /**
   * Join an existing PostgreSQL database and Redis key prefix instead of a database of its own
   * (several test nodes of one cluster, e.g. the benchmarks' two-node runs).
   */
  cluster?: { databaseUrl: string; redisKeyPrefix: string };
}

/** A free TCP port on 127.0.0.1 (for startTestServer({ port })). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestServer {
  url: string;
  app: PuenteServer['app'];
  server: PuenteServer;
  clock: ControlledClock;
  close(): Promise<void>;
}

/** Creates `puente_t_<random>` on the server of DATABASE_URL; returns its URL and a dropper. */
export async function createTemporaryDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `puente_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // The pool's clients are still saying goodbye when pool.end() resolves; a forced drop would
        // kill them mid-goodbye (57P01, an unhandled error in the test run). Wait for them first.
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
let template: Promise<Blob> | undefined;

/**
 * An empty, migrated in-memory database as a PGlite dump: a new PGlite runs initdb and then every
 * migration, most of a test server's start. Made once per set of migrations and kept in the temp
 * directory for every test process of the run (and the next runs); a new migration makes a new one.
 * Each server still runs the migrations on it (nothing left to apply), so a stale dump cannot hide one.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256');
    // The PGlite build the dump is for (its data directory format), then every migration file.
    hash.update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = join(dir, entry.name);
        hash.update(entry.name);
        if (entry.isDirectory()) walk(full);
        else hash.update(readFileSync(full));
      }
    };
    walk(MIGRATIONS);
    const file = join(tmpdir(), `puente-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const { openDatabase } = await import('../db/client');
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      const client = (fresh.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      // Written aside then renamed: another process reading it never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await fresh.close();
    }
  })();
  return template;
}

/**
 * Boots the real server on a random port with a fresh database: in-memory PGlite, or a new
 * PostgreSQL database (dropped on close) when DATABASE_URL is set or db: 'postgres' is asked.
 * Redis (REDIS_URL) is used with a random key prefix. The clock is controllable.
 */
export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const kind = options.cluster ? 'postgres' : (options.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite'));
  let temporary: { url: string; drop(): Promise<void> } | undefined;
  if (kind === 'postgres' && !options.cluster) {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error("startTestServer({ db: 'postgres' }) needs DATABASE_URL");
    temporary = await createTemporaryDatabase(base);
  }
  const clock = options.clock ?? createControlledClock();
  try {
    const server = await buildServer({
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'test' },
      config: {
        databaseUrl: options.cluster?.databaseUrl ?? temporary?.url,
        dataDir: 'memory://',
        seed: false,
        publicUrl: options.port ? `http://127.0.0.1:${options.port}` : 'http://localhost:0',
        ...options.config,
      },
      clock,
      seed: options.seed ?? false,
      limits: options.limits,
      providers: options.providers,
      logStream: options.logStream,
      workingHours: options.workingHours ?? (() => undefined),
      appointmentTimeouts: options.appointmentTimeouts,
      appointmentSweepMs: options.appointmentSweepMs ?? 0,
      presence: options.presence,
      pgliteTemplate: kind === 'pglite' && !options.config?.dataDir ? await pgliteTemplate() : undefined,
      redisKeyPrefix: options.cluster?.redisKeyPrefix ?? `puente_t_${randomBytes(6).toString('hex')}:`,
    });
    await server.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      app: server.app,
      server,
      clock,
      close: async () => {
        try {
          await server.close();
        } finally {
          await temporary?.drop();
        }
      },
    };
  } catch (error) {
    await temporary?.drop();
    throw error;
  }
}

/** Reads the newest 6-digit code sent to `phone` from the dev outbox. */
export async function readLatestCode(url: string, phone: string): Promise<string> {
  const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const { messages } = outboxResponseSchema.parse(await res.json());
  const sms = messages.find((m) => m.channel === 'sms');
  const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** The newest guest link texted to `phone` (dev outbox): its URL, token and appointment id. */
export async function readGuestLink(url: string, phone: string): Promise<{ url: string; token: string; appointmentId: string }> {
  const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const { messages } = outboxResponseSchema.parse(await res.json());
  for (const m of messages) {
    if (m.channel !== 'sms') continue;
    const link = /(https?:\/\/\S+\/link-to-consult\?\S+)/.exec(m.body)?.[1];
    if (!link) continue;
    const parsed = new URL(link);
    return { url: link, token: parsed.searchParams.get('token') ?? '', appointmentId: parsed.searchParams.get('appointmentId') ?? '' };
  }
  throw new Error(`no guest link in the outbox for ${phone}`);
}

export async function graphql<T = unknown>(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<{ status: number; body: { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] } }> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

/** The member's current access as getMember answers it (the one subscription the ledger derives). */
export async function memberSubscription(url: string, token: string) {
  const res = await graphql<{ getMember: unknown }>(url, GQL.getMember, {}, token);
  if (res.body.errors) throw new Error(`getMember failed: ${JSON.stringify(res.body.errors)}`);
  return memberSchema.parse(res.body.data!.getMember).subscription;
}

export interface LoginResult extends SessionPayload {
  status: PwdlessVerifyResponse['status'];
}

/**
 * The whole phone login over HTTP, as the web app does it: ask for a code, read it from the dev
 * outbox, verify, then createSession. Works against any non-production server.
 */
export async function loginByPhone(url: string, phone: string, options: { lang?: Language; timeZone?: string; ip?: string } = {}): Promise<LoginResult> {
  const lang = options.lang ?? 'es';
  const sendRes = await fetch(`${url}/api/auth/pwdless/phone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: phone, language: lang }),
  });
  if (!sendRes.ok) throw new Error(`pwdless/phone failed: ${sendRes.status} ${await sendRes.text()}`);
  const { pwdlessToken } = pwdlessPhoneResponseSchema.parse(await sendRes.json());
  const code = await readLatestCode(url, phone);
  const verifyRes = await fetch(`${url}/api/auth/pwdless/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, pwdlessToken, lang }),
  });
  if (!verifyRes.ok) throw new Error(`pwdless/verify failed: ${verifyRes.status} ${await verifyRes.text()}`);
  const verified = pwdlessVerifyResponseSchema.parse(await verifyRes.json());
  const { status, body } = await graphql<{ createSession: unknown }>(url, GQL.createSession, {
    loginToken: verified.loginToken,
    timeZone: options.timeZone ?? 'America/Mexico_City',
  });
  if (status !== 200 || !body.data) throw new Error(`createSession failed: ${status} ${JSON.stringify(body.errors)}`);
  return { ...sessionPayloadSchema.parse(body.data.createSession), status: verified.status };
}

/** A small JSON client for tests: returns the status and the parsed body (or the text). */
export async function request(url: string, path: string, init: { method?: string; body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}
export { signInAtDevIdp } from './identity';
export * from './appointments'; // physicians, sockets and appointment data (issue 4)
