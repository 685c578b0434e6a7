// The server under test, in its own process (`node --import tsx bench/src/server-process.ts <scenario>`):
// boots the real server on PGlite with the scenario's fixtures, sends { ready, info } to the parent
// over IPC, then answers the parent's commands. The load always comes from another process.
// Logs go to this process's stdout at LOG_LEVEL (default info, as in production).
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { createControlledClock, createMember, createSessionFor, memberWithSession, onlinePhysician, startTestServer, type TestServer, type TestSocket } from '@puente/api/test';
import { sql } from 'drizzle-orm';

// A Monday 10:00 in Mexico City: inside working hours whatever day the bench runs.
const MONDAY_10 = new Date('2026-11-23T16:00:00Z');
const logLevel = (process.env.LOG_LEVEL ?? 'info') as 'info';

type Command = { id: number; cmd: string; args?: unknown };
type Handler = (args: unknown) => Promise<unknown>;

const sockets: TestSocket[] = [];
let server: TestServer;
let handlers: Record<string, Handler> = {};

/** A consultation in S3 (coach joins the call) between a new member and a new coach, with their sessions. */
async function consultation(): Promise<{ id: string; member: string; coach: string }> {
  const s = server.server;
  const member = await createMember(s, { countryCode: '52', phoneNumber: `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}` });
  const coach = await createMember(s, { userType: 'mx-physician', languages: ['es'], practice: 'health' });
  const now = server.clock.now().toISOString();
  const result = await s.database.db.execute(
    sql`insert into appointments (member_id, mx_doctor_id, state, type, channel, practice, language, service_scope, location, pre_join_step, start_date, created_at, updated_at)
        values (${member.id}, ${coach.id}, ${S.S3_COACH_JOINS_CALL}, 'on-demand', 'video-call', 'health', 'es', 'full-care', '{"country":"MX","state":"CDMX","city":"CDMX"}'::jsonb, 3, ${now}, ${now}, ${now}) returning id`,
  );
  const id = String((result as unknown as { rows: { id: string }[] }).rows[0]!.id);
  return { id, member: (await createSessionFor(s, member.id)).sessionToken, coach: (await createSessionFor(s, coach.id)).sessionToken };
}

const scenarios: Record<string, () => Promise<Record<string, unknown>>> = {
  health: async () => {
    server = await startTestServer({ config: { logLevel } });
    return { url: server.url };
  },
  /** Three coaches online (their sockets live here, as fixtures) and a member session that polls. */
  'online-physicians': async () => {
    server = await startTestServer({ clock: createControlledClock(MONDAY_10), config: { logLevel } });
    // The waiting members of the fixed-rate run, each polling with a session of their own (made
    // before the coaches' sockets connect, which a long setup could otherwise time out).
    const pollers: string[] = [];
    for (let i = 0; i < Number(process.env.BENCH_POLL_MEMBERS ?? 8000); i++) {
      const m = await createMember(server.server, { phoneNumber: `+1415${String(3_000_000 + i)}` });
      pollers.push((await createSessionFor(server.server, m.id)).sessionToken);
    }
    for (let i = 0; i < 3; i++) {
      const coach = await onlinePhysician(server.server, server.url, { languages: ['es', 'en'] });
      sockets.push(coach.socket);
    }
    const member = await memberWithSession(server.server);
    handlers = {
      // The log level of later requests ('silent' measures the handler without the access log).
      'log-level': async (level) => {
        server.app.log.level = String(level);
        return server.app.log.level;
      },
      // As after a restart: no session lookup remembered (a revocation of all, through the bus).
      'forget-sessions': async () => {
        server.server.bus.publish('session');
        return true;
      },
    };
    return { url: server.url, memberToken: member.token, pollers };
  },
  /** One coach online (socket here) and a member; the parent accepts and listens from its own process. */
  accept: async () => {
    server = await startTestServer({ clock: createControlledClock(MONDAY_10), config: { logLevel } });
    const coach = await onlinePhysician(server.server, server.url, { languages: ['es'] });
    sockets.push(coach.socket);
    const member = await memberWithSession(server.server);
    return { url: server.url, coachToken: coach.token, memberToken: member.token };
  },
  /**
   * A node's capacity: BENCH_CAPACITY_SESSIONS member sessions for the socket load process (one
   * socket each), and the process's memory on request (after a full GC).
   * On PostgreSQL when DATABASE_URL is set (a production node), else the embedded database.
   */
  capacity: async () => {
    server = await startTestServer({ db: process.env.DATABASE_URL ? 'postgres' : 'pglite', config: { logLevel } });
    const count = Number(process.env.BENCH_CAPACITY_SESSIONS ?? 2000);
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const member = await createMember(server.server, { phoneNumber: `+1415${String(2_000_000 + i)}` });
      tokens.push((await createSessionFor(server.server, member.id)).sessionToken);
    }
    handlers = {
      memory: async () => {
        const gc = (globalThis as { gc?: () => void }).gc;
        for (let i = 0; i < 3 && gc; i++) {
          gc();
          await new Promise((r) => setTimeout(r, 50));
        }
        return process.memoryUsage();
      },
      sockets: async () => server.server.io.engine.clientsCount,
    };
    return { url: server.url, tokens, database: server.server.database.kind };
  },
  /**
   * One node of two on one PostgreSQL database and one Redis (BENCH_CLUSTER_DATABASE_URL,
   * BENCH_CLUSTER_PREFIX, REDIS_URL). BENCH_CLUSTER_ROLE=coach: this node holds an online coach's
   * socket (a fixture) and makes the coach and a member; the other node ('member') only serves.
   */
  'cluster-node': async () => {
    const databaseUrl = process.env.BENCH_CLUSTER_DATABASE_URL;
    const redisKeyPrefix = process.env.BENCH_CLUSTER_PREFIX;
    if (!databaseUrl || !redisKeyPrefix || !process.env.REDIS_URL) throw new Error('cluster-node needs BENCH_CLUSTER_DATABASE_URL, BENCH_CLUSTER_PREFIX and REDIS_URL');
    server = await startTestServer({ clock: createControlledClock(MONDAY_10), config: { logLevel }, cluster: { databaseUrl, redisKeyPrefix } });
    if (process.env.BENCH_CLUSTER_ROLE !== 'coach') return { url: server.url, database: server.server.database.kind };
    const coach = await onlinePhysician(server.server, server.url, { languages: ['es'] });
    sockets.push(coach.socket);
    const member = await memberWithSession(server.server);
    return { url: server.url, coachToken: coach.token, memberToken: member.token, database: server.server.database.kind };
  },
  /** The built web app and the call; `consultation` makes a fresh consultation per call. */
  call: async () => {
    server = await startTestServer({ config: { logLevel } });
    handlers = { consultation: () => consultation() };
    return { url: server.url };
  },
};

// A CPU profile of a stretch of the run ('profile-start' ... 'profile-stop' <file>), for every
// scenario: BENCH_CPU_PROF profiles the whole process, whose fixture setup can hide the steady state.
let inspector: import('node:inspector/promises').Session | undefined;
const profiling: Record<string, Handler> = {
  'profile-start': async () => {
    const { Session } = await import('node:inspector/promises');
    inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    return true;
  },
  'profile-stop': async (file) => {
    if (!inspector) throw new Error('no profile started');
    const { profile } = await inspector.post('Profiler.stop');
    inspector.disconnect();
    inspector = undefined;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(String(file), JSON.stringify(profile));
    return file;
  },
};

let closing = false;
async function close(code: number): Promise<never> {
  if (!closing) {
    closing = true;
    for (const s of sockets) s.disconnect();
    await server?.close().catch(() => undefined);
  }
  process.exit(code);
}

const scenario = scenarios[process.argv[2] ?? ''];
if (!scenario) {
  console.error(`server-process: unknown scenario ${process.argv[2]}`);
  process.exit(2);
}
try {
  const info = await scenario();
  process.on('message', (m: Command) => {
    if (m.cmd === 'close') {
      void close(0);
      return;
    }
    const handler = m.cmd === 'cpu' ? async () => process.cpuUsage() : (profiling[m.cmd] ?? handlers[m.cmd]);
    if (!handler) {
      process.send!({ id: m.id, error: `unknown command ${m.cmd}` });
      return;
    }
    handler(m.args).then(
      (result) => process.send!({ id: m.id, result }),
      (err: unknown) => process.send!({ id: m.id, error: String(err) }),
    );
  });
  process.once('disconnect', () => void close(0));
  process.send!({ ready: true, info });
} catch (err) {
  console.error('server-process: could not start', err);
  await close(1);
}
