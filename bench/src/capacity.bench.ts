// Issue 16: a node's capacity. Memory per connected member at BENCH_SOCKETS sockets (heap and
// resident, after a full GC, against the same process before the sockets), and the resident memory
// of an idle node. The sockets come from a load process of their own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDatabase, freePort } from '@puente/api/test';
import { builtScript, forkChild, serverProcess } from './lib';

const MB = 1024 * 1024;

interface Memory {
  heapUsed: number;
  rss: number;
}

export async function capacityBench(): Promise<void> {
  const socketsWanted = Number(process.env.BENCH_SOCKETS ?? 10_000);
  // One socket per session (one member each): what a member costs (her session, her user room,
  // her budgets) shows in the figure, not only what a socket costs.
  const perToken = 1;
  const sessions = socketsWanted;
  const server = await serverProcess<{ url: string; tokens: string[]; database: string }>('capacity', { BENCH_CAPACITY_SESSIONS: String(sessions), LOG_LEVEL: 'warn' }, ['--expose-gc']);
  try {
    // Warm the paths a socket uses (handshake, authentication) before measuring the baseline.
    const warm = await forkChild<{ connected: number }>('socket-load-process.ts', [], {}, { url: server.info.url, tokens: server.info.tokens.slice(0, 20), perToken: 1 });
    await warm.close();
    await new Promise((r) => setTimeout(r, 500));
    const idle = await server.call<Memory>('memory');
    console.log(`idle bench node (${server.info.database}, ${sessions} members in the database): resident ${(idle.rss / MB).toFixed(0)} MB, heap ${(idle.heapUsed / MB).toFixed(0)} MB` + (server.info.database === 'postgres' ? ` (target < 200 MB resident: ${idle.rss < 200 * MB ? 'met' : 'NOT met'})` : ' (the target is for a node on PostgreSQL: set DATABASE_URL)'));

    const started = Date.now();
    const load = await forkChild<{ connected: number; failed: number }>('socket-load-process.ts', [], {}, { url: server.info.url, tokens: server.info.tokens, perToken });
    let ours: PerSocket;
    try {
      const seconds = (Date.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 1000));
      ours = await perSocket(server, idle);
      console.log(
        `${ours.held} sockets connected in ${seconds.toFixed(1)} s (${load.info.failed} refused): heap ${(ours.heap / 1024).toFixed(1)} kB and resident ${(ours.rss / 1024).toFixed(1)} kB per socket; ` +
          `node at ${(ours.busyRss / MB).toFixed(0)} MB resident (target <= 10 kB heap per socket: ${ours.heap <= 10 * 1024 ? 'met' : 'NOT met'})`,
      );
    } finally {
      await load.close();
    }
    // The same load on a bare Socket.IO server in the same run: the library's own floor.
    const bare = await forkChild<{ url: string }>('bare-socketio-process.ts', [], {}, undefined, ['--expose-gc']);
    try {
      const bareIdle = await bare.call<Memory>('memory');
      const bareLoad = await forkChild<{ connected: number; failed: number }>('socket-load-process.ts', [], {}, { url: bare.info.url, tokens: server.info.tokens, perToken });
      try {
        await new Promise((r) => setTimeout(r, 1000));
        const floor = await perSocket(bare, bareIdle);
        console.log(
          `bare Socket.IO (same versions, no handlers) at ${floor.held} sockets: heap ${(floor.heap / 1024).toFixed(1)} kB per socket -> ours / bare ${(ours.heap / floor.heap).toFixed(2)}; ` +
            `what our handlers, rooms and session add: ${((ours.heap - floor.heap) / 1024).toFixed(1)} kB per socket`,
        );
      } finally {
        await bareLoad.close();
      }
    } finally {
      await bare.close();
    }
  } finally {
    await server.close();
  }
}

interface PerSocket {
  held: number;
  heap: number;
  rss: number;
  busyRss: number;
}

/** Heap and resident memory per held socket, against the same process's `idle` figures. */
async function perSocket(process: { call<T>(cmd: string): Promise<T> }, idle: Memory): Promise<PerSocket> {
  const held = await process.call<number>('sockets');
  const busy = await process.call<Memory>('memory');
  const n = Math.max(1, held);
  return { held, heap: (busy.heapUsed - idle.heapUsed) / n, rss: (busy.rss - idle.rss) / n, busyRss: busy.rss };
}

/** Resident memory of a process, from /proc (Linux). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS');
  return Number(kb) * 1024;
}

/**
 * An idle production node: `main.ts` as production starts it (NODE_ENV=production, PostgreSQL from
 * DATABASE_URL on a database of its own, Redis when REDIS_URL is set), built (`npm run build`) and,
 * for comparison in the same run, through tsx (how `npm run serve` ran it before). Resident memory
 * after 5 s of idling past the first health check.
 */
export async function productionIdleBench(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.log('idle production node: skipped (set DATABASE_URL: the target is for a node on PostgreSQL)');
    return;
  }
  const database = await createTemporaryDatabase(base);
  const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/src/main.ts');
  try {
    const measure = async (argv: string[]): Promise<number> => {
      const port = await freePort();
      const secret = () => randomBytes(32).toString('base64');
      const child = spawn(process.execPath, argv, {
        env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: secret(), CODE_PEPPER: secret(), STAFF_TOTP_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'info' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise((r) => child.once('exit', r));
      try {
        for (let i = 0; ; i++) {
          if (child.exitCode !== null) throw new Error(`the node exited with ${child.exitCode}`);
          if (i > 300) throw new Error('the node did not answer /api/health in 60 s');
          const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
          if (up) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        await new Promise((r) => setTimeout(r, 5_000));
        return await residentBytes(child.pid!);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    };
    const viaTsx = await measure(['--import', 'tsx', main]);
    const builtRss = await measure([await builtScript('../../apps/api/src/main.ts')]);
    console.log(
      `idle production node on PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}: resident ${(builtRss / MB).toFixed(0)} MB built (npm run build; node apps/api/dist/main.js) vs ${(viaTsx / MB).toFixed(0)} MB through tsx -> ratio ${(builtRss / viaTsx).toFixed(2)} (target < 200 MB: ${builtRss < 200 * MB ? 'met' : 'NOT met'})`,
    );
  } finally {
    await database.drop();
  }
}
