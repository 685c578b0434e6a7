// Issue 4 benchmarks: the online coaches poll against a bare server, and accept -> member alert latency.
import { APPOINTMENT_GQL, type AppointmentAlert } from '@puente/contracts';
import { appointmentData, createControlledClock, graphql, memberWithSession, onlinePhysician, openSocket, startTestServer } from '@puente/api/test';
import { bareServer, load, report } from './lib';

// A Monday 10:00 in Mexico City: inside working hours whatever day the bench runs.
const MONDAY_10 = new Date('2026-11-23T16:00:00Z');

/** GET /api/online-physicians with a member's session vs a bare node:http server answering the same body. */
export async function onlinePhysiciansBench(seconds: number): Promise<boolean> {
  const server = await startTestServer({ clock: createControlledClock(MONDAY_10) });
  const coaches = [];
  try {
    for (let i = 0; i < 3; i++) coaches.push(await onlinePhysician(server.server, server.url, { languages: ['es', 'en'] }));
    const member = await memberWithSession(server.server);
    const url = `${server.url}/api/online-physicians?tags=practice_health`;
    const headers = { authorization: `Bearer ${member.token}` };
    const body = await (await fetch(url, { headers })).text();
    const bare = await bareServer(body);
    try {
      await load(url, 1, headers); // warm-up
      const ours = await load(url, seconds, headers);
      const base = await load(bare.url, seconds);
      return report('GET /api/online-physicians (member session, 3 coaches online)', ours, base, { minRatio: 0.5 });
    } finally {
      await bare.close();
    }
  } finally {
    for (const c of coaches) c.socket.disconnect();
    await server.close();
  }
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** From the moment a coach sends acceptAppointment to the member's socket receiving the alert. */
export async function acceptLatencyBench(rounds: number): Promise<boolean> {
  const server = await startTestServer({ clock: createControlledClock(MONDAY_10) });
  const coach = await onlinePhysician(server.server, server.url, { languages: ['es'] });
  const member = await memberWithSession(server.server);
  const socket = await openSocket(server.url, member.token);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < rounds + 5; i++) {
      const created = await graphql<{ createAppointment: { id: string } }>(server.url, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: false }, member.token);
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
      const accepted = await graphql(server.url, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, coach.token);
      if (accepted.body.errors) throw new Error(`accept failed: ${JSON.stringify(accepted.body.errors)}`);
      const end = await alerted;
      if (i >= 5) latencies.push(end - start); // the first five warm up
      await graphql(server.url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: id, reason: 'canceled-by-socio' }, member.token);
    }
  } finally {
    socket.disconnect();
    coach.socket.disconnect();
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
