// `npm run bench`: each hot path against a baseline measured in the same run, printed as a ratio.
// Every figure is measured out of process: the server in its own process (server-process.ts), the
// bare node:http baseline in another (bare-process.ts), the load generator (autocannon, sockets,
// Chromium) driven from this one. Each throughput figure also gives the CPU time the server process
// spent per request against the baseline's (robust when other work shares the machine).
// The server processes run built as production runs them (scripts/build-api.mjs; BENCH_TSX=1 runs
// them through tsx instead). With DATABASE_URL (and REDIS_URL) the servers use PostgreSQL (and the
// two-node accept run and the idle production node run); without, the embedded database.
// BENCH_ONLY=health|online-physicians|accept|call|web|capacity|scheduling runs one; BENCH_SOCKETS (10000) sizes the capacity run;
// BENCH_POLL_MEMBERS (8000) the waiting members of the fixed-rate poll; BENCH_SECONDS (2) and BENCH_ROUNDS (3) size
// the interleaved rounds; BENCH_RATE (2000) the fixed-rate run; BENCH_KEEP_LOGS=1 keeps the servers'
// logs; BENCH_CPU_PROF=<dir> writes V8 CPU profiles of the child processes there (BENCH_STEADY_PROF=<file>: of
// the server during one more online-physicians run only, without its fixture setup); BENCH_PIN=0 lets
// the online-physicians servers and the load generator share every CPU (see pinApart). The call needs
// `npm run build` first (the server serves apps/web/dist).
import { bareServer, compare, load, report, serverProcess, withCpu, type BenchProcess } from './lib';

/** Seconds of each interleaved round (BENCH_ROUNDS rounds, default 3, per comparison). */
const seconds = Number(process.env.BENCH_SECONDS ?? 2);

/** GET /api/health on `server` (any scenario's: health needs no fixtures), or on a server of its own. */
async function healthBench(shared?: BenchProcess<{ url: string }>): Promise<void> {
  const server = shared ?? (await serverProcess<{ url: string }>('health'));
  try {
    const url = `${server.info.url}/api/health`;
    const body = await (await fetch(url)).text();
    const bare = await bareServer(body);
    try {
      await load(url, 1); // warm-up
      await load(bare.info.url, 1);
      const { ours, base } = await compare(() => withCpu(server, () => load(url, seconds)), () => withCpu(bare, () => load(bare.info.url, seconds)));
      report('GET /api/health', ours, base);
    } finally {
      await bare.close();
    }
  } finally {
    if (!shared) await server.close();
  }
}

const only = process.env.BENCH_ONLY; // e.g. BENCH_ONLY=online-physicians

// Issue 4: the online coaches poll and the accept -> alert latency. Health runs on the same server
// process as the poll (one boot less).
const { acceptLatencyBench, acceptLatencyClusterBench, onlinePhysiciansBench } = await import('./appointments.bench');
if (!only || only === 'health' || only === 'online-physicians') {
  const server = await serverProcess<{ url: string; memberToken: string; pollers: string[] }>('online-physicians');
  try {
    if (!only || only === 'health') await healthBench(server);
    if (!only || only === 'online-physicians') await onlinePhysiciansBench(server, seconds);
  } finally {
    await server.close();
  }
}
if (!only || only === 'accept') {
  await acceptLatencyBench(Number(process.env.BENCH_ACCEPTS ?? 60));
  await acceptLatencyClusterBench(Number(process.env.BENCH_ACCEPTS ?? 60));
}

// Issue 5: the call, join -> first remote frame and offer -> connected (median of BENCH_CALLS calls).
const { callBench } = await import('./call');
if (!only || only === 'call') await callBench(Number(process.env.BENCH_CALLS ?? 10));

// Issue 10: the web app's first load (scripts per screen, Lighthouse mobile).
if (!only || only === 'web') {
  const { webBench } = await import('./web');
  await webBench();
}

// Issue 16: a node's capacity (memory per connected socket, an idle node's memory).
if (!only || only === 'capacity') {
  const { capacityBench, productionIdleBench } = await import('./capacity.bench');
  await productionIdleBench();
  await capacityBench();
}

// Issue 13: slots for 3 months of one coach with 500 bookings (target < 50 ms).
if (!only || only === 'scheduling') {
  const { schedulingBench } = await import('./scheduling.bench');
  schedulingBench();
}
