// Issue 16: a node's capacity. Memory per connected member at BENCH_SOCKETS sockets (heap and
// resident, after a full GC, against the same process before the sockets), and the resident memory
// of an idle node. The sockets come from a load process of their own.
import { forkChild, serverProcess } from './lib';

const MB = 1024 * 1024;

interface Memory {
  heapUsed: number;
  rss: number;
}

export async function capacityBench(): Promise<void> {
  const socketsWanted = Number(process.env.BENCH_SOCKETS ?? 10_000);
  // The server caps sockets per session (12): members hold a few each, as phones and tabs do.
  const perToken = 5;
  const sessions = Math.ceil(socketsWanted / perToken);
  const server = await serverProcess<{ url: string; tokens: string[]; database: string }>('capacity', { BENCH_CAPACITY_SESSIONS: String(sessions), LOG_LEVEL: 'warn' }, ['--expose-gc']);
  try {
    // Warm the paths a socket uses (handshake, authentication) before measuring the baseline.
    const warm = await forkChild<{ connected: number }>('socket-load-process.ts', [], {}, { url: server.info.url, tokens: server.info.tokens.slice(0, 20), perToken: 1 });
    await warm.close();
    await new Promise((r) => setTimeout(r, 500));
    const idle = await server.call<Memory>('memory');
    console.log(`idle node (${server.info.database}, ${sessions} members in the database): resident ${(idle.rss / MB).toFixed(0)} MB, heap ${(idle.heapUsed / MB).toFixed(0)} MB` + (server.info.database === 'postgres' ? ` (target < 200 MB resident: ${idle.rss < 200 * MB ? 'met' : 'NOT met'})` : ' (the target is for a node on PostgreSQL: set DATABASE_URL)'));

    const started = Date.now();
    const load = await forkChild<{ connected: number; failed: number }>('socket-load-process.ts', [], {}, { url: server.info.url, tokens: server.info.tokens, perToken });
    try {
      const seconds = (Date.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 1000));
      const held = await server.call<number>('sockets');
      const busy = await server.call<Memory>('memory');
      const n = Math.max(1, held);
      const heapPer = (busy.heapUsed - idle.heapUsed) / n;
      const rssPer = (busy.rss - idle.rss) / n;
      console.log(
        `${held} sockets connected in ${seconds.toFixed(1)} s (${load.info.failed} refused): heap ${(heapPer / 1024).toFixed(1)} kB and resident ${(rssPer / 1024).toFixed(1)} kB per socket; ` +
          `node at ${(busy.rss / MB).toFixed(0)} MB resident (target <= 10 kB heap per socket: ${heapPer <= 10 * 1024 ? 'met' : 'NOT met'})`,
      );
    } finally {
      await load.close();
    }
  } finally {
    await server.close();
  }
}
