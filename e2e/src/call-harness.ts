import { createMember, createSessionFor, type TestServer } from '@puente/api/test';
import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { signedInPage as signedIn } from './harness';

/**
 * Helpers for the call journeys (issue 5). People and the appointment are made on the server the
 * test started; the appointment moves through the appointments service as its physicians would.
 */

type Row = Record<string, unknown>;

export interface Consultation {
  id: string;
  member: { id: string; token: string; phone: string };
  coach: { id: string; token: string; row: Awaited<ReturnType<typeof createMember>> };
  doctor: { id: string; token: string; row: Awaited<ReturnType<typeof createMember>> };
}

/** A member (Mexico, complete profile), a coach and a US doctor, and an appointment the coach is reviewing. */
export async function createConsultation(server: TestServer, state: AppointmentState = S.S2_COACH_IS_REVIEWING): Promise<Consultation> {
  const s = server.server;
  const phone = `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
  const member = await createMember(s, { firstName: 'Ana', lastName: 'Prueba', phoneNumber: phone, countryCode: '52' });
  const coach = await createMember(s, { userType: 'mx-physician', firstName: 'María', lastName: 'Coach', languages: ['es'], practice: 'health' });
  const doctor = await createMember(s, { userType: 'us-physician', firstName: 'Emily', lastName: 'Doctor', languages: ['es', 'en'], practice: 'health' });
  const { sql } = await import('drizzle-orm');
  const now = server.clock.now().toISOString();
  const result = await s.database.db.execute(
    sql`insert into appointments (member_id, mx_doctor_id, state, type, channel, practice, language, service_scope, location, start_date, created_at, updated_at)
        values (${member.id}, ${coach.id}, ${state}, 'on-demand', 'video-call', 'health', 'es', 'full-care', '{"country":"MX","state":"CDMX","city":"Ciudad de México"}'::jsonb, ${now}, ${now}, ${now}) returning id`,
  );
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    id: String(row!.id),
    member: { id: member.id, token: (await createSessionFor(s, member.id)).sessionToken, phone },
    coach: { id: coach.id, token: (await createSessionFor(s, coach.id)).sessionToken, row: coach },
    doctor: { id: doctor.id, token: (await createSessionFor(s, doctor.id)).sessionToken, row: doctor },
  };
}

/** Moves the appointment as another service would (the escalation flow, a finished call). */
export async function setAppointment(server: TestServer, id: string, patch: { state?: AppointmentState; usDoctorId?: string; mxDoctorId?: string | null }): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const db = server.server.database.db;
  if (patch.state) await db.execute(sql`update appointments set state = ${patch.state} where id = ${id}`);
  if (patch.usDoctorId) await db.execute(sql`update appointments set us_doctor_id = ${patch.usDoctorId}, us_doctor_needed = true where id = ${id}`);
}

export async function readAppointment(server: TestServer, id: string): Promise<Row> {
  const { sql } = await import('drizzle-orm');
  const result = await server.server.database.db.execute(sql`select * from appointments where id = ${id}`);
  return (result as unknown as { rows: Row[] }).rows[0]!;
}

export async function countCallEvents(server: TestServer, id: string, kind: string): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const result = await server.server.database.db.execute(sql`select count(*)::int as n from call_events where appointment_id = ${id} and kind = ${kind}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** A signed-in tab (harness.ts signedInPage, Spanish), watched with CALL_DEBUG=1. */
export async function signedInPage(ctx: BrowserContext, token: string, appointment?: { id: string; state: AppointmentState }): Promise<Page> {
  return watch(await signedIn(ctx, token, { language: 'es', ...(appointment ? { appointment } : {}) }), token.slice(0, 4));
}

/** With CALL_DEBUG=1, prints the page's console and navigations (for looking at a failing journey). */
export function watch(page: Page, label: string): Page {
  if (process.env.CALL_DEBUG) {
    page.on('console', (m) => console.log(`[${label}] ${m.type()}: ${m.text()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && console.log(`[${label}] -> ${f.url()}`));
  }
  return page;
}

/** Remote video frames decoded per peer, read from the page's call (RTCPeerConnection.getStats). */
export const remoteFrames = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(async () => {
    const probe = (window as unknown as { __puenteCall?: { mesh: { framesDecoded(): Promise<Record<string, number>> } } }).__puenteCall;
    return probe ? probe.mesh.framesDecoded() : {};
  });

/** Evaluates in the page against its call probe (window.__puenteCall). */
export const probe = <T>(page: Page, fn: string): Promise<T> => page.evaluate(`(async () => { const c = window.__puenteCall; return ${fn}; })()`) as Promise<T>;

/** Waits until the page receives decoded video from `peers` remote participants. */
export async function waitForRemoteVideo(page: Page, peers: number, timeoutMs = 60_000): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let last: Record<string, number> = {};
  while (Date.now() < deadline) {
    last = await remoteFrames(page).catch(() => ({}));
    const values = Object.values(last);
    if (values.length === peers && values.every((n) => n > 0)) return last;
    await page.waitForTimeout(250);
  }
  throw new Error(`no remote video from ${peers} peers: ${JSON.stringify(last)}`);
}

/** Closes the transport of every socket of `userId` on the server, as a network drop would. */
export function dropSockets(server: TestServer, userId: string): number {
  let dropped = 0;
  for (const socket of server.server.io.sockets.sockets.values()) {
    if (socket.data.userId === userId) {
      socket.conn.close();
      dropped++;
    }
  }
  return dropped;
}
