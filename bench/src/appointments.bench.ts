// Issue 4 benchmarks: the online coaches poll against a bare server, and accept -> member alert latency.
// The server runs in its own process (server-process.ts), the baseline in a third; the load and the
// member's socket come from this process.
import { APPOINTMENT_GQL, type AppointmentAlert } from '@puente/contracts';
import { appointmentData, createTemporaryDatabase, graphql, openSocket, SESSION_CACHE_TTL_MS } from '@puente/api/test';
import { bareServer, compare, load, pinApart, report as reportRatio, reportAtRate, serverProcess, withCpu, type BenchProcess } from './lib';

/** The offered rate of the fixed-rate run (members poll every 4 s: 2,000 req/s is 8,000 waiting members). */
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 2_000);

/**
 * GET /api/online-physicians with a member's session vs a bare node:http server answering the same
 * body: throughput with the default log level (info) and without the log (silent), each the median
 * of interleaved rounds of `seconds`, then p50/p99 at a fixed rate for 5 s. `server` runs the
 * 'online-physicians' scenario of server-process.ts.
 */
export async function onlinePhysiciansBench(server: BenchProcess<{ url: string; memberToken: string; pollers: string[] }>, seconds = 2): Promise<boolean> {
  const url = `${server.info.url}/api/online-physicians?tags=practice_health`;
  const headers = { authorization: `Bearer ${server.info.memberToken}` };
  const answer = await fetch(url, { headers });
  const body = await answer.text();
  if (!body.includes('"physicians":[{')) throw new Error(`unexpected online-physicians body: ${body.slice(0, 200)}`);
  const bare = await bareServer(body);
  // The same body with the answer's own headers (security headers, CORS, cache): what node:http
  // alone spends on this answer, so the ratio against it is the server's overhead only.
  const own: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name)) own[name] = value;
  });
  const bareWithHeaders = await bareServer(body, own);
  const unpin = pinApart([server, bare, bareWithHeaders]);
  try {
    await load(url, 1, { headers }); // warm-up
    await load(bare.info.url, 1);
    // BENCH_STEADY_PROF=<file>: a CPU profile of the server during one more run at the default log level.
    const steady = process.env.BENCH_STEADY_PROF;
    if (steady) {
      await server.call('profile-start');
      await load(url, seconds, { headers });
      console.log(`  CPU profile of the server's steady state: ${await server.call<string>('profile-stop', steady)}`);
    }
    const { ours, base } = await compare(() => withCpu(server, () => load(url, seconds, { headers })), () => withCpu(bare, () => load(bare.info.url, seconds)));
    const ok = reportRatio('GET /api/online-physicians (member session, 3 coaches online, log level info)', ours, base, { minRatio: 0.8 });
    await server.call('log-level', 'silent');
    const { ours: quiet, base: base2 } = await compare(() => withCpu(server, () => load(url, seconds, { headers })), () => withCpu(bare, () => load(bare.info.url, seconds)));
    reportRatio('GET /api/online-physicians (same, log level silent)', quiet, base2);
    console.log(`  access log: ${ours.cpuUsPerRequest && quiet.cpuUsPerRequest ? `${(ours.cpuUsPerRequest - quiet.cpuUsPerRequest).toFixed(1)} µs of server CPU per request` : 'n/a'}`);
    await server.call('log-level', 'info');
    await load(bareWithHeaders.info.url, 1); // warm-up
    const { ours: same, base: base3 } = await compare(() => withCpu(server, () => load(url, seconds, { headers })), () => withCpu(bareWithHeaders, () => load(bareWithHeaders.info.url, seconds)));
    reportRatio(`GET /api/online-physicians (log level info) vs bare node:http sending the same ${Object.keys(own).length + 2} headers`, same, base3);
    // Every waiting member with a session of their own, in turn (the session lookups are real).
    const pollers = server.info.pollers;
    // The steady state of members who keep waiting: each one's session lookup is remembered for
    // SESSION_CACHE_TTL_MS, so a member polling every 4 s finds it remembered 7 polls in 8, and
    // the members' lookups expire at an even rate (about pollers / TTL a second), each at its own
    // moment. To get there: the first polls (a lookup each) spread evenly over one TTL, in a
    // shuffled order (the runs after it poll in the list's order, so when a lookup expires is not
    // tied to when its member polls), then one TTL at the fixed rate, unmeasured, then the
    // measured run. Measured right after first polls made as fast as the server answers, every
    // lookup would still be remembered, or, had they taken longer than the TTL, the first ones would
    // expire in one wave.
    const firstPolls = performance.now();
    // A whole number: autocannon takes a fractional rate below its 20 connections as the number of
    // connections, and with 400 members (13.3/s) never finished.
    const lookupRate = Math.max(1, Math.round(pollers.length / (SESSION_CACHE_TTL_MS / 1000)));
    const shuffled = pollers.map((token) => ({ token, key: Math.random() })).sort((a, b) => a.key - b.key).map(({ token }) => token);
    await load(url, 0, { bearerTokens: shuffled, amount: pollers.length, overallRate: lookupRate });
    console.log(`  ${pollers.length} members' first polls, offered at ${lookupRate}/s: ${((performance.now() - firstPolls) / 1000).toFixed(1)} s`);
    await load(url, SESSION_CACHE_TTL_MS / 1000, { bearerTokens: pollers, overallRate: FIXED_RATE });
    // With the server's CPU: at a fixed rate, what the members' session lookups add shows there.
    const fixed = await withCpu(server, () => load(url, 5, { bearerTokens: pollers, overallRate: FIXED_RATE }));
    const fixedBase = await withCpu(bare, () => load(bare.info.url, 5, { overallRate: FIXED_RATE }));
    const fast = reportAtRate(`GET /api/online-physicians (${pollers.length} waiting members, each polling with their own session, log level info)`, FIXED_RATE, fixed, fixedBase, { maxP99Ms: 20 });
    // The node restarts (a deploy): nothing is remembered, and every member's next poll, within 4 s,
    // looks her session up.
    await server.call('forget-sessions');
    const restarted = await withCpu(server, () => load(url, 5, { bearerTokens: pollers, overallRate: FIXED_RATE }));
    reportAtRate(`GET /api/online-physicians (the same, on a node that remembers no session: ${pollers.length} lookups in 4 s)`, FIXED_RATE, restarted, fixedBase);
    return ok && fast;
  } finally {
    unpin();
    await bare.close();
    await bareWithHeaders.close();
  }
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** From the moment a coach sends acceptAppointment to the member's socket receiving the alert. */
export async function acceptLatencyBench(rounds: number): Promise<boolean> {
  const server = await serverProcess<{ url: string; coachToken: string; memberToken: string }>('accept');
  try {
    const { url, coachToken, memberToken } = server.info;
    return report('coach accept -> member alert', await acceptLatencies(url, url, coachToken, memberToken, rounds));
  } finally {
    await server.close();
  }
}

/**
 * The same with two nodes, each its own process, on one PostgreSQL database and one Redis: the
 * member's socket and requests on node A, the coach's socket and accept on node B (the alert
 * crosses Redis). Needs DATABASE_URL and REDIS_URL.
 */
export async function acceptLatencyClusterBench(rounds: number): Promise<boolean> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('coach accept -> member alert, two nodes: skipped (set DATABASE_URL and REDIS_URL)');
    return true;
  }
  const database = await createTemporaryDatabase(process.env.DATABASE_URL);
  const env = { BENCH_CLUSTER_DATABASE_URL: database.url, BENCH_CLUSTER_PREFIX: `bench:${crypto.randomUUID()}:` };
  try {
    // The coach's node first: it migrates the new database and makes the people.
    const b = await serverProcess<{ url: string; coachToken: string; memberToken: string }>('cluster-node', { ...env, BENCH_CLUSTER_ROLE: 'coach' });
    try {
      const a = await serverProcess<{ url: string }>('cluster-node', { ...env, BENCH_CLUSTER_ROLE: 'member' });
      try {
        const { coachToken, memberToken } = b.info;
        return report('coach accept (node B) -> member alert (node A), PostgreSQL + Redis', await acceptLatencies(a.info.url, b.info.url, coachToken, memberToken, rounds));
      } finally {
        await a.close();
      }
    } finally {
      await b.close();
    }
  } finally {
    await database.drop();
  }
}

/** accept -> alert latencies in ms: the member asks and listens on `memberUrl`, the coach accepts on `coachUrl`. */
async function acceptLatencies(memberUrl: string, coachUrl: string, coachToken: string, memberToken: string, rounds: number): Promise<number[]> {
  const socket = await openSocket(memberUrl, memberToken);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < rounds + 5; i++) {
      const created = await graphql<{ createAppointment: { id: string } }>(memberUrl, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: false }, memberToken);
      const id = created.body.data?.createAppointment.id;
      if (!id) throw new Error(`createAppointment failed: ${JSON.stringify(created.body.errors)}`);
      const alerted = new Promise<number>((resolve) => {
        const onAlert = (alert: AppointmentAlert) => {
          if (alert.appointmentId !== id || alert.state !== '2-coach-is-reviewing') return;
          socket.off('appointment-alert', onAlert);
          resolve(performance.now());
        };
        socket.on('appointment-alert', onAlert);
      });
      const start = performance.now();
      const accepted = await graphql(coachUrl, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, coachToken);
      if (accepted.body.errors) throw new Error(`accept failed: ${JSON.stringify(accepted.body.errors)}`);
      const end = await alerted;
      if (i >= 5) latencies.push(end - start); // the first five warm up
      await graphql(memberUrl, APPOINTMENT_GQL.cancelAppointment, { appointmentId: id, reason: 'canceled-by-socio' }, memberToken);
    }
  } finally {
    socket.disconnect();
  }
  return latencies;
}

function report(name: string, latencies: number[]): boolean {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const ok = p95 < 100;
  console.log(
    `${name} over ${sorted.length} accepts: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target p95 < 100 ms: ${ok ? 'met' : 'NOT met'})`,
  );
  return ok;
}
