import { apiErrorSchema, type AppointmentAlert, type AppointmentDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S, type AppointmentState, type Practice } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import { appointmentEvents, appointments, type AppointmentRow, type NewAppointmentRow } from '../../db/schema';
import { graphql, memberWithSession, openSocket, startTestServer, type Participant, type TestServer, type TestSocket } from '../../test';

/** A Monday, 10:00 in Mexico City (inside the default working hours). */
export const MONDAY_10 = new Date('2026-11-23T16:00:00Z');

export interface GqlResult<T> {
  status: number;
  data: T | undefined;
  code: string | undefined;
  error: ReturnType<typeof apiErrorSchema.parse>['error'] | undefined;
}

/** Runs a document and returns the first field's data or the catalogue error. */
export async function gql<T = AppointmentDto>(t: TestServer, document: string, variables: Record<string, unknown>, token?: string): Promise<GqlResult<T>> {
  const res = await graphql<Record<string, T>>(t.url, document, variables, token);
  const first = res.body.errors?.[0];
  const error = first ? apiErrorSchema.parse(first.extensions).error : undefined;
  const data = res.body.data ? Object.values(res.body.data)[0] : undefined;
  return { status: res.status, data: data ?? undefined, code: error?.code, error };
}

/** Resolves with the next appointment alert matching `match` (rejects after `ms`). */
export function nextAlert(socket: TestSocket, match: (a: AppointmentAlert) => boolean, ms = 3000): Promise<AppointmentAlert> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('appointment-alert', handler);
      reject(new Error('no matching appointment alert'));
    }, ms);
    const handler = (alert: AppointmentAlert) => {
      if (!match(alert)) return;
      clearTimeout(timer);
      socket.off('appointment-alert', handler);
      resolve(alert);
    };
    socket.on('appointment-alert', handler);
  });
}

/** Collects every alert a socket receives (to assert what did not arrive). */
export function collectAlerts(socket: TestSocket): AppointmentAlert[] {
  const seen: AppointmentAlert[] = [];
  socket.on('appointment-alert', (a) => seen.push(a));
  return seen;
}

/** Inserts an appointment straight in a given state (to test transitions from anywhere). */
export async function insertAppointment(
  t: TestServer,
  values: { memberId: string; state?: AppointmentState; mxDoctorId?: string | null; usDoctorId?: string | null; practice?: Practice; location?: { country: string; state: string; city: string } } & Partial<NewAppointmentRow>,
): Promise<AppointmentRow> {
  const now = t.clock.now();
  const location = values.location ?? { country: 'US', state: 'CA', city: 'San Francisco' };
  const [row] = await t.server.database.db
    .insert(appointments)
    .values({
      state: S.S1_IN_QUEUE_FOR_COACH,
      type: 'on-demand',
      channel: 'video-call',
      practice: 'health',
      language: 'es',
      serviceScope: ['AZ', 'CA', 'TX', 'FL'].includes(location.state) || location.country === 'MX' ? 'full-care' : 'coaching-only',
      startDate: now,
      createdAt: now,
      updatedAt: now,
      ...values,
      location,
    })
    .returning();
  return row!;
}

export async function readAppointment(t: TestServer, id: string): Promise<AppointmentRow> {
  const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

/**
 * The recorded transitions in order. Events of one call share a timestamp (the test clock stands
 * still), so ties are ordered by following the chain: each starts where the previous one ended.
 */
export async function transitionsOf(t: TestServer, id: string): Promise<[string | null, string, string | null][]> {
  const rows = await t.server.database.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id)).orderBy(appointmentEvents.at);
  const pending = [...rows];
  const ordered: typeof rows = [];
  while (pending.length > 0) {
    const at = pending[0]!.at.getTime();
    const last = ordered.at(-1)?.toState;
    const index = pending.findIndex((r) => r.at.getTime() === at && r.fromState === last);
    ordered.push(pending.splice(index >= 0 ? index : 0, 1)[0]!);
  }
  return ordered.map((r) => [r.fromState, r.toState, r.reason]);
}

export const expectError = (r: GqlResult<unknown>, code: string) => {
  expect([r.code, r.error?.status]).toEqual([code, expect.any(Number)]);
  expect(r.error!.status).toBeLessThan(500);
};

/**
 * One test server per file, on a Monday at 10:00 (inside working hours), with the sockets the
 * file opens closed at the end. Call at the top of a test file; read `env.t` inside tests.
 */
export function appointmentsTestServer() {
  const sockets: TestSocket[] = [];
  const env = {
    t: undefined as unknown as TestServer,
    /** Remembers a participant's socket so it is closed after the file. */
    track: <T extends { socket?: TestSocket }>(p: T): T => {
      if (p.socket) sockets.push(p.socket);
      return p;
    },
    /** A member with a session and a connected socket. */
    memberOnline: async (overrides: Parameters<typeof memberWithSession>[1] = {}): Promise<Required<Participant>> => {
      const m = await memberWithSession(env.t.server, overrides);
      const socket = await openSocket(env.t.url, m.token);
      sockets.push(socket);
      return { ...m, socket };
    },
  };
  beforeAll(async () => {
    env.t = await startTestServer({ clock: createControlledClock(MONDAY_10) });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await env.t.close();
  });
  return env;
}
