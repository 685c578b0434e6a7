import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL for `seconds`, with the given headers. */
export async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const r = await autocannon({ url, duration: seconds, connections: 20, pipelining: 1, headers });
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** A bare node:http server answering every request with the same body: the baseline. */
export async function bareServer(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function report(name: string, ours: LoadResult, base: LoadResult, target?: { minRatio: number }): boolean {
  const ratio = ours.requestsPerSecond / base.requestsPerSecond;
  const ok = target ? ratio >= target.minRatio : true;
  console.log(
    `${name}: ${ours.requestsPerSecond.toFixed(0)} req/s (p50 ${ours.p50Ms} ms, p99 ${ours.p99Ms} ms) vs bare node:http ` +
      `${base.requestsPerSecond.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)}` +
      (target ? ` (target >= ${target.minRatio}: ${ok ? 'met' : 'NOT met'})` : '') +
      (ours.errors || ours.non2xx ? ` [errors ${ours.errors}, non-2xx ${ours.non2xx}]` : ''),
  );
  return ok;
}
