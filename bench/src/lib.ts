import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** CPU time (user + system) the server process spent per request, in µs, when measured. */
  cpuUsPerRequest?: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  /** A fixed request rate over all connections (open model: latencies include coordinated omission). */
  overallRate?: number;
  /** Bearer tokens taken in turn, one per request (many members polling, each with their session). */
  bearerTokens?: readonly string[];
  /** Send this many requests (as fast as the server answers) instead of running for `seconds`. */
  amount?: number;
}

/** Runs autocannon (in this process, never the server's) against one URL for `seconds`. */
export async function load(url: string, seconds: number, options: LoadOptions = {}): Promise<LoadResult> {
  const tokens = options.bearerTokens;
  let next = 0;
  const rotating = tokens?.length
    ? {
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]!}` } }),
          },
        ],
      }
    : {};
  const r = await autocannon({ url, ...(options.amount ? { amount: options.amount } : { duration: seconds }), connections: 20, pipelining: 1, headers: options.headers ?? {}, ...(options.overallRate ? { overallRate: options.overallRate } : {}), ...rotating });
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
}

export interface BenchProcess<I> {
  info: I;
  pid: number | undefined;
  /** Sends a command to the child and resolves with its answer. */
  call<T = unknown>(cmd: string, args?: unknown): Promise<T>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
let logDir: string | undefined;

/**
 * Forks `file` (TypeScript, through tsx) with its own stdout: the child's log lines go to a file
 * under a temporary folder, removed on close (BENCH_KEEP_LOGS=1 keeps it and prints its path).
 */
export async function forkChild<I>(file: string, args: string[], env: Record<string, string> = {}, first?: unknown, extraExecArgv: string[] = [], built = false): Promise<BenchProcess<I>> {
  logDir ??= mkdtempSync(path.join(tmpdir(), 'puente-bench-'));
  const logFile = path.join(logDir, `${path.basename(file, '.ts')}-${args.join('-') || 'main'}-${Date.now()}.log`);
  const out = openSync(logFile, 'a');
  const child: ChildProcess = fork(built ? await builtScript(file) : path.join(here, file), args, {
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each child in that folder (node --cpu-prof).
    execArgv: [...(built ? [] : ['--import', 'tsx']), ...extraExecArgv, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  closeSync(out);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const info = await new Promise<I>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; info?: I; id?: number; result?: unknown; error?: string }) => {
      if (m.ready) return resolve(m.info as I);
      const p = m.id === undefined ? undefined : pending.get(m.id);
      if (!p) return;
      pending.delete(m.id!);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.result);
    });
    child.once('exit', (code) => reject(new Error(`${file} ${args.join(' ')} exited with ${code} before it was ready (log: ${logFile})`)));
    if (first !== undefined) child.send(first as object);
  });
  return {
    info,
    pid: child.pid,
    call: <T>(cmd: string, a?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, cmd, args: a });
      }),
    close: async () => {
      if (child.connected) child.send({ cmd: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      if (process.env.BENCH_KEEP_LOGS) console.log(`  (server log: ${logFile})`);
      else rmSync(logFile, { force: true });
    },
  };
}

const built = new Map<string, Promise<string>>();

/**
 * `file` bundled as production runs the API (scripts/build-api.mjs: plain JavaScript, no TypeScript
 * transformer in the process), once per run, in a temporary folder; resolves with the script.
 */
export function builtScript(file: string): Promise<string> {
  let script = built.get(file);
  if (!script) {
    script = (async () => {
      // Inside the repository (bench/dist, ignored by git), so the npm packages resolve from node_modules.
      mkdirSync(path.join(here, '../dist'), { recursive: true });
      const outdir = mkdtempSync(path.join(here, '../dist/build-'));
      const { buildServerBundle } = (await import(pathToFileURL(path.join(here, '../../scripts/build-api.mjs')).href)) as { buildServerBundle: (entries: Record<string, string>, outdir: string) => Promise<void> };
      const name = path.basename(file, '.ts');
      await buildServerBundle({ [name]: path.join(here, file) }, outdir);
      process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
      return path.join(outdir, `${name}.js`);
    })();
    built.set(file, script);
  }
  return script;
}

/**
 * The real server in its own process, booted with one of the scenarios of server-process.ts; built
 * as production runs it (no TypeScript transformer) unless BENCH_TSX=1.
 */
export function serverProcess<I extends { url: string }>(scenario: string, env: Record<string, string> = {}, execArgv: string[] = []): Promise<BenchProcess<I>> {
  return forkChild<I>('server-process.ts', [scenario], env, undefined, execArgv, !process.env.BENCH_TSX);
}

/**
 * A bare node:http server in its own process answering every request with the same body (and
 * `headers`, e.g. the real answer's, besides Content-Type and Content-Length): the baseline.
 */
export function bareServer(body: string, headers?: Record<string, string>): Promise<BenchProcess<{ url: string }>> {
  return forkChild<{ url: string }>('bare-process.ts', [], {}, { body, headers });
}

/**
 * Pins the servers (every thread of each) to CPU 0 and this process, the load generator, to the
 * other CPUs (Linux with taskset, 2 CPUs or more; BENCH_PIN=0 leaves the scheduler alone): on two
 * cores the load generator and the server otherwise take turns on both, and the CPU each request
 * costs the server swung by half between runs of the same code. Returns what undoes this process's pin.
 */
export function pinApart(servers: readonly BenchProcess<unknown>[]): () => void {
  const cpus = availableParallelism();
  const taskset = (args: string[]) => execFileSync('taskset', args, { stdio: 'ignore' });
  if (process.env.BENCH_PIN === '0' || cpus < 2 || process.platform !== 'linux') return () => undefined;
  try {
    for (const server of servers) if (server.pid) taskset(['-a', '-cp', '0', String(server.pid)]);
    taskset(['-a', '-cp', `1-${cpus - 1}`, String(process.pid)]);
  } catch {
    console.log('  (taskset not available: the load generator and the servers share every CPU)');
    return () => undefined;
  }
  return () => taskset(['-a', '-cp', `0-${cpus - 1}`, String(process.pid)]);
}

/** Runs `run` and adds the CPU time `target` spent per request meanwhile (robust to a busy machine). */
export async function withCpu(target: BenchProcess<unknown>, run: () => Promise<LoadResult>): Promise<LoadResult> {
  const before = await target.call<{ user: number; system: number }>('cpu');
  const result = await run();
  const after = await target.call<{ user: number; system: number }>('cpu');
  const spent = after.user + after.system - before.user - before.system;
  return { ...result, cpuUsPerRequest: result.requests ? spent / result.requests : undefined };
}

/**
 * Ours against the baseline in interleaved rounds (ours, base, ours, base, ...), so a burst of load
 * from elsewhere on the machine hits both sides alike; returns the round with the median of the
 * ratio a target is judged on (the CPU ratio when both sides measured it, see report).
 */
export async function compare(ours: () => Promise<LoadResult>, base: () => Promise<LoadResult>, rounds = Number(process.env.BENCH_ROUNDS ?? 3)): Promise<{ ours: LoadResult; base: LoadResult }> {
  const results: { ours: LoadResult; base: LoadResult }[] = [];
  for (let i = 0; i < rounds; i++) results.push({ ours: await ours(), base: await base() });
  const judged = (round: { ours: LoadResult; base: LoadResult }): number => cpuRatioOf(round.ours, round.base) ?? ratioOf(round.ours, round.base);
  results.sort((a, b) => judged(a) - judged(b));
  return results[Math.floor(results.length / 2)]!;
}

export const ratioOf = (ours: LoadResult, base: LoadResult): number => ours.requestsPerSecond / base.requestsPerSecond;

/** bare µs per request / our µs per request: the throughput ratio a CPU-bound server would reach alone. */
export const cpuRatioOf = (ours: LoadResult, base: LoadResult): number | undefined =>
  ours.cpuUsPerRequest && base.cpuUsPerRequest ? base.cpuUsPerRequest / ours.cpuUsPerRequest : undefined;

/**
 * Prints both ratios. A target is judged on the CPU ratio when it was measured: on a machine shared
 * with other work the throughput ratio swings with whatever else runs (0.3 to 1.6 between two runs
 * of the same code here), the CPU spent per request hardly does.
 */
export function report(name: string, ours: LoadResult, base: LoadResult, target?: { minRatio: number }): boolean {
  const ratio = ratioOf(ours, base);
  const cpu = cpuRatioOf(ours, base);
  const ok = target ? (cpu ?? ratio) >= target.minRatio : true;
  console.log(
    `${name}: ${ours.requestsPerSecond.toFixed(0)} req/s (p50 ${ours.p50Ms} ms, p99 ${ours.p99Ms} ms) vs bare node:http ` +
      `${base.requestsPerSecond.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)}` +
      (cpu ? `; server CPU ${ours.cpuUsPerRequest!.toFixed(0)} µs/request vs bare ${base.cpuUsPerRequest!.toFixed(0)} µs -> CPU ratio ${cpu.toFixed(2)}` : '') +
      (target ? ` (target >= ${target.minRatio}${cpu ? ' on CPU' : ''}: ${ok ? 'met' : 'NOT met'})` : '') +
      (ours.errors || ours.non2xx ? ` [errors ${ours.errors}, non-2xx ${ours.non2xx}]` : ''),
  );
  return ok;
}

/** A fixed-rate run: p50/p99 of ours and of the baseline at the same offered rate. */
export function reportAtRate(name: string, rate: number, ours: LoadResult, base: LoadResult, target?: { maxP99Ms: number }): boolean {
  const ok = target ? ours.p99Ms <= target.maxP99Ms && !ours.errors && !ours.non2xx : true;
  console.log(
    `${name} at a fixed ${rate} req/s: p50 ${ours.p50Ms} ms, p99 ${ours.p99Ms} ms (served ${ours.requestsPerSecond.toFixed(0)} req/s` +
      (ours.cpuUsPerRequest ? `, server CPU ${ours.cpuUsPerRequest.toFixed(0)} µs/request` : '') +
      `) vs bare node:http p50 ${base.p50Ms} ms, p99 ${base.p99Ms} ms` +
      (base.cpuUsPerRequest ? ` (CPU ${base.cpuUsPerRequest.toFixed(0)} µs/request)` : '') +
      (target ? ` (target p99 <= ${target.maxP99Ms} ms: ${ok ? 'met' : 'NOT met'})` : '') +
      (ours.errors || ours.non2xx ? ` [errors ${ours.errors}, non-2xx ${ours.non2xx}]` : ''),
  );
  return ok;
}
