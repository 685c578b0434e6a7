// `npm run bench`: each hot path against a baseline measured in the same run, printed as a ratio.
import { startTestServer } from '@puente/api/test';
import { bareServer, load, report } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function healthBench(): Promise<void> {
  const server = await startTestServer({});
  try {
    const body = await (await fetch(`${server.url}/api/health`)).text();
    const bare = await bareServer(body);
    try {
      await load(`${server.url}/api/health`, 1); // warm-up
      const ours = await load(`${server.url}/api/health`, seconds);
      const base = await load(bare.url, seconds);
      report('GET /api/health', ours, base);
    } finally {
      await bare.close();
    }
  } finally {
    await server.close();
  }
}

await healthBench();

// Issue 4: the online coaches poll and the accept -> alert latency.
const { acceptLatencyBench, onlinePhysiciansBench } = await import('./appointments.bench');
await onlinePhysiciansBench(seconds);
await acceptLatencyBench(Number(process.env.BENCH_ACCEPTS ?? 60));

// Issue 5: the call, join -> first remote frame and offer -> connected (median of BENCH_CALLS calls).
const { callBench } = await import('./call');
await callBench(Number(process.env.BENCH_CALLS ?? 10));

// Issue 10: the web app's first load (scripts per screen, Lighthouse mobile).
const { webBench } = await import('./web');
await webBench();
