// Issue 4 benchmarks: the online coaches poll against a bare server, and accept -> member alert latency.
// The server runs in its own process (server-process.ts), the baseline in a third; the load and the
// member's socket come from this process.
import { APPOINTMENT_GQL, type AppointmentAlert } from '@puente/contracts';
import { appointmentData, graphql, openSocket } from '@puente/api/test';
import { bareServer, compare, load, report, reportAtRate, serverProcess, withCpu, type BenchProcess } from './lib';

/** The offered rate of the fixed-rate run (members poll every 4 s: 2,000 req/s is 8,000 waiting members). */
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 2_000);

/**
 * GET /api/online-physicians with a member's session vs a bare node:http server answering the same
 * body: throughput with the default log level (info) and without the log (silent), each the median
 * of interleaved rounds of `seconds`, then p50/p99 at a fixed rate for 5 s. `server` runs the
 * 'online-physicians' scenario of server-process.ts.
 */
export async function onlinePhysiciansBench(server: BenchProcess<{ url: string; memberToken: string }>, seconds = 2): Promise<boolean> {
  const url = `${server.info.url}/api/online-physicians?tags=practice_health`;
  const headers = { authorization: `Bearer ${server.info.memberToken}` };
  const body = await (await fetch(url, { headers })).text();
  if (!body.includes('"physicians":[{')) throw new Error(`unexpected online-physicians body: ${body.slice(0, 200)}`);
  const bare = await bareServer(body);
  try {
    await load(url, 1, { headers }); // warm-up
    await load(bare.info.url, 1);
    const { ours, base } = await compare(() => withCpu(server, () => load(url, seconds, { headers })), () => withCpu(bare, () => load(bare.info.url, seconds)));
    const ok = report('GET /api/online-physicians (member session, 3 coaches online, log level info)', ours, base, { minRatio: 0.8 });
    await server.call('log-level', 'silent');
    const { ours: quiet, base: base2 } = await compare(() => withCpu(server, () => load(url, seconds, { headers })), () => withCpu(bare, () => load(bare.info.url, seconds)));
    report('GET /api/online-physicians (same, log level silent)', quiet, base2);
    console.log(`  access log: ${ours.cpuUsPerRequest && quiet.cpuUsPerRequest ? `${(ours.cpuUsPerRequest - quiet.cpuUsPerRequest).toFixed(1)} µs of server CPU per request` : 'n/a'}`);
    await server.call('log-level', 'info');
    const fixed = await load(url, 5, { headers, overallRate: FIXED_RATE });
    const fixedBase = await load(bare.info.url, 5, { overallRate: FIXED_RATE });
    reportAtRate('GET /api/online-physicians (log level info)', FIXED_RATE, fixed, fixedBase);
    return ok;
  } finally {
    await bare.close();
  }
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** From the moment a coach sends acceptAppointment to the member's socket receiving the alert. */
export async function acceptLatencyBench(rounds: number): Promise<boolean> {
  const server = await serverProcess<{ url: string; coachToken: string; memberToken: string }>('accept');
  const { url, coachToken, memberToken } = server.info;
  const socket = await openSocket(url, memberToken);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < rounds + 5; i++) {
      const created = await graphql<{ createAppointment: { id: string } }>(url, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: false }, memberToken);
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
      const accepted = await graphql(url, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, coachToken);
      if (accepted.body.errors) throw new Error(`accept failed: ${JSON.stringify(accepted.body.errors)}`);
      const end = await alerted;
      if (i >= 5) latencies.push(end - start); // the first five warm up
      await graphql(url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: id, reason: 'canceled-by-socio' }, memberToken);
    }
  } finally {
    socket.disconnect();
    await server.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const ok = p95 < 100;
  console.log(
    `coach accept -> member alert over ${sorted.length} accepts: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target p95 < 100 ms: ${ok ? 'met' : 'NOT met'})`,
  );
  return ok;
}
