import {
  apiErrorSchema,
  APPOINTMENT_GQL,
  CALL_PATHS,
  GQL,
  guestLinkResponseSchema,
  guestLinkSessionSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@puente/contracts';
import { APPOINTMENT_STATE as S, REALTIME_EVENTS, type AppointmentState } from '@puente/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/secrets';
import { appointments, sessions, type UserRow } from '../../db/schema';
import { createMember, createSessionFor, graphql, readGuestLink, insertConsultation, request, startTestServer, type TestServer } from '../../test';

// Issue 8 "Security repairs": a guest-link session is a guest, however it is used. Its scope is
// stored on the session, every session made from it keeps it, and the services, the GraphQL
// resolvers and every socket handler check it against the appointment named.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({});
});
afterAll(async () => {
  await t?.close();
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sockets: ClientSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const open = async (token: string): Promise<ClientSocket> => {
  const socket: ClientSocket = connect(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
};
const emit = <A>(socket: ClientSocket, event: string, payload: unknown) =>
  new Promise<A>((resolve) => (socket.emit as (e: string, p: unknown, ack: (a: A) => void) => void)(event, payload, resolve));
const errorCode = (answer: unknown) => apiErrorSchema.parse(answer).error.code;
const settle = () => new Promise((r) => setTimeout(r, 300));

async function insertAppointment(memberId: string, coachId: string, state: AppointmentState) {
  const row = await insertConsultation(t.server, { memberId, mxDoctorId: coachId, state });
  return row!;
}

/**
 * A member with two consultations with the same coach; a guest link for the first one, asked by
 * the coach, texted to the member and opened: the guest session, the member's own session, and
 * the second appointment (same member) the guest must never reach.
 */
async function guestOfFirst(state: AppointmentState = S.S3_COACH_JOINS_CALL) {
  const member = await createMember(t.server, { timeZone: 'America/Mexico_City' });
  const coach = await createMember(t.server, { userType: 'mx-physician', firstName: 'Coach' });
  const linked = await insertAppointment(member.id, coach.id, state);
  const second = await insertAppointment(member.id, coach.id, S.S3_COACH_JOINS_CALL);
  const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
  const memberToken = (await createSessionFor(t.server, member.id)).sessionToken;
  const issued = await request(t.url, CALL_PATHS.guestLink(linked.id), { method: 'POST', token: coachToken });
  expect(issued.status).toBe(200);
  const link = await readGuestLink(t.url, member.phoneNumber!);
  const signed = await request(t.url, CALL_PATHS.guestSignIn, { body: { token: link.token, appointmentId: linked.id } });
  expect(signed.status).toBe(200);
  const guest = guestLinkSessionSchema.parse(signed.body);
  return { member, coach, linked, second, coachToken, memberToken, guestToken: guest.sessionToken, issued };
}

const sessionRow = async (token: string) => {
  const [row] = await t.server.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
};

/** What a full member session could do and a guest session must not: each answer must be a refusal. */
async function expectNoWiderThanGuest(token: string, g: Awaited<ReturnType<typeof guestOfFirst>>) {
  const history = await graphql(t.url, 'query H($m: ID!) { getAppointmentsHistory(memberId: $m) { id } }', { m: g.member.id }, token);
  expect(history.body.data ?? null).toBeNull();
  expect(history.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const other = await graphql(t.url, `query { getAppointment(appointmentId: "${g.second.id}") { id } }`, {}, token);
  expect(other.body.data ?? null).toBeNull();
  expect(other.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect((await request(t.url, `${CALL_PATHS.videoToken}?roomName=${g.second.id}`, { token })).status).toBe(404);
  // Still good for its own call.
  expect((await request(t.url, `${CALL_PATHS.videoToken}?roomName=${g.linked.id}`, { token })).status).toBe(200);
}

describe('the guest link is texted to the member, never handed to who asked', () => {
  it("a physician's answer carries no token or link; the member's phone gets the SMS in her language", async () => {
    const member = await createMember(t.server, { preferredLang: 'en' });
    const coach = await createMember(t.server, { userType: 'mx-physician', firstName: 'Coach' });
    const admin = await createMember(t.server, { userType: 'admin', firstName: 'Admin' });
    const row = await insertAppointment(member.id, coach.id, S.S2_COACH_IS_REVIEWING);
    for (const asker of [coach, admin]) {
      const token = (await createSessionFor(t.server, asker.id)).sessionToken;
      const res = await request(t.url, CALL_PATHS.guestLink(row.id), { method: 'POST', token });
      expect(res.status).toBe(200);
      const body = guestLinkResponseSchema.parse(res.body);
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'sent']);
      const link = await readGuestLink(t.url, member.phoneNumber!);
      expect(link.appointmentId).toBe(row.id);
      expect(link.url.startsWith(`${t.server.config.publicUrl}/link-to-consult?token=`)).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain(link.token);
      expect(JSON.stringify(res.body)).not.toContain('link-to-consult');
    }
    const outbox = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(member.phoneNumber!)}`);
    const texts = (outbox.body as { messages: { body: string; channel: string }[] }).messages.filter((m) => m.channel === 'sms');
    expect(texts).toHaveLength(2);
    expect(texts[0]!.body).toMatch(/^Join your Puente consultation: /);
    // A guest session cannot ask for another link.
    const g = await guestOfFirst();
    expect((await request(t.url, CALL_PATHS.guestLink(g.linked.id), { method: 'POST', token: g.guestToken })).status).toBe(403);
  });
});

describe('refreshing a guest session never widens it', () => {
  const TZ = 'America/Mexico_City';
  const forms: [string, (token: string) => { query: string; variables: Record<string, unknown> }][] = [
    ['variables', (token) => ({ query: GQL.refreshSession, variables: { sessionToken: token, timeZone: TZ } })],
    ['an inline argument', (token) => ({ query: `mutation { refreshSession(sessionToken: "${token}", timeZone: "${TZ}") { sessionToken } }`, variables: {} })],
    ['an aliased field', (token) => ({ query: `mutation { fresh: refreshSession(sessionToken: "${token}", timeZone: "${TZ}") { sessionToken } }`, variables: {} })],
    ['an inline fragment', (token) => ({ query: `mutation { ... on Mutation { refreshSession(sessionToken: "${token}", timeZone: "${TZ}") { sessionToken } } }`, variables: {} })],
    [
      'a named fragment with a variable',
      (token) => ({ query: `mutation M($s: String!) { ...R } fragment R on Mutation { refreshSession(sessionToken: $s, timeZone: "${TZ}") { sessionToken } }`, variables: { s: token } }),
    ],
  ];
  for (const [name, build] of forms) {
    it(`through ${name}, with or without the guest bearer: same scope, no later end`, async () => {
      const g = await guestOfFirst();
      const before = await sessionRow(g.guestToken);
      let token = g.guestToken;
      for (const bearer of [undefined, 'self'] as const) {
        const { query, variables } = build(token);
        const res = await graphql<Record<string, { sessionToken: string }>>(t.url, query, variables, bearer ? token : undefined);
        expect(res.body.errors).toBeUndefined();
        token = Object.values(res.body.data!)[0]!.sessionToken;
        const after = await sessionRow(token);
        expect(after.scopeKind).toBe('guest-call');
        expect(after.scopeAppointmentId).toBe(g.linked.id);
        expect(after.expiresAt.getTime()).toBeLessThanOrEqual(before.expiresAt.getTime());
        await expectNoWiderThanGuest(token, g);
      }
    });
  }
});

describe('GraphQL through fragments and aliases reaches nothing outside the appointment', () => {
  it('inline fragments on Query, named fragments and aliases get refusals and no data', async () => {
    const g = await guestOfFirst();
    const documents: [string, Record<string, unknown>, string][] = [
      [`query { ... on Query { getAppointmentsHistory(memberId: "${g.member.id}") { id } } }`, {}, 'FORBIDDEN'],
      [`query Q($m: ID!) { ...H } fragment H on Query { getAppointmentsHistory(memberId: $m) { id } }`, { m: g.member.id }, 'FORBIDDEN'],
      [`query { getMember: getAppointmentsHistory(memberId: "${g.member.id}") { id } }`, {}, 'FORBIDDEN'],
      [`query { ... on Query { getAppointment(appointmentId: "${g.second.id}") { id } } }`, {}, 'NOT_FOUND'],
      [`query Q($a: ID!) { ...A } fragment A on Query { appointmentDetails(appointmentId: $a) { id } }`, { a: g.second.id }, 'NOT_FOUND'],
      [`query { mine: getAppointment(appointmentId: "${g.second.id}") { id } }`, {}, 'NOT_FOUND'],
      [`query { ... on Query { getAppointmentQueue { id } } }`, {}, 'FORBIDDEN'],
      [`mutation { ... on Mutation { cancelAppointment(appointmentId: "${g.second.id}", reason: "canceled-by-socio") { id } } }`, {}, 'FORBIDDEN'],
      [`mutation { ...U } fragment U on Mutation { updateAppointment(appointment: { id: "${g.second.id}", state: "${S.S12_CANCELED}", statusReason: "canceled-by-socio" }) { id } }`, {}, 'NOT_FOUND'],
      [`mutation { ...M } fragment M on Mutation { updateMember(memberId: "${g.member.id}", data: { firstName: "Hacked" }) { id } }`, {}, 'FORBIDDEN'],
      [`mutation { ... on Mutation { acceptTerms } }`, {}, 'FORBIDDEN'],
    ];
    for (const [query, variables, code] of documents) {
      const res = await graphql(t.url, query, variables, g.guestToken);
      expect(res.body.data ?? null, query).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.code, query).toBe(code);
    }
    // Its own appointment, through a fragment: yes.
    const own = await graphql<{ getAppointment: { id: string } }>(t.url, `query { ... on Query { getAppointment(appointmentId: "${g.linked.id}") { id } } }`, {}, g.guestToken);
    expect(own.body.data?.getAppointment.id).toBe(g.linked.id);
    // The second appointment is untouched.
    const [second] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, g.second.id));
    expect(second!.state).toBe(S.S3_COACH_JOINS_CALL);
  });

  it('the services refuse a guest actor whatever the transport (REST included)', async () => {
    const g = await guestOfFirst();
    expect((await request(t.url, `/api/members/${g.member.id}`, { token: g.guestToken })).status).toBe(403);
    expect((await request(t.url, `/api/chat/conversations/${g.second.id}`, { token: g.guestToken })).status).toBe(404);
    expect((await request(t.url, `/api/chat/conversations/${g.linked.id}`, { token: g.guestToken })).status).toBe(200);
    expect((await request(t.url, CALL_PATHS.joinMethod(g.second.id, 'link'), { method: 'PATCH', token: g.guestToken })).status).toBe(404);
    // Straight to the services with the actor the bearer hook builds: the same answers.
    const ctx = (await t.server.services.auth.authenticateMany([g.guestToken])).get(g.guestToken)!;
    expect(ctx.user.sessionScope).toEqual({ kind: 'guest-call', appointmentId: g.linked.id });
    await expect(t.server.services.appointments.get(ctx.user, g.second.id, 'es')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.server.services.appointments.history(ctx.user, g.member.id, 'es')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.server.services.members.getMemberFor(ctx.user, g.member.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.server.services.accountDeletion.requestDeletion(ctx.user, g.member.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.server.services.chat.getConversation(ctx.user, g.second.id, {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.server.services.appointments.current(ctx.user, 'es'))?.id).toBe(g.linked.id);
  });
});

describe('a guest socket reaches its own appointment only', () => {
  it('appointment subscribe, chat send and read, call join and signaling: the second appointment of the same member is refused', async () => {
    const g = await guestOfFirst();
    const guest = await open(g.guestToken);
    const member = await open(g.memberToken);
    const alerts: { appointmentId: string }[] = [];
    const messages: { message: { conversationId: string } }[] = [];
    guest.on('appointment-alert', (a) => alerts.push(a as { appointmentId: string }));
    (guest.on as (e: string, f: (p: unknown) => void) => void)(REALTIME_EVENTS.chatMessage, (m) => messages.push(m as { message: { conversationId: string } }));

    // Appointment room.
    expect(errorCode(await emit(guest, 'appointment-subscribe', { appointmentId: g.second.id }))).toBe('NOT_FOUND');
    expect(await emit(guest, 'appointment-subscribe', { appointmentId: g.linked.id })).toMatchObject({ ok: true });
    expect(errorCode(await emit(guest, 'appointment-member-joined', { appointmentId: g.second.id }))).toBe('NOT_FOUND');
    expect(errorCode(await emit(guest, 'appointment-location-change', { appointmentId: g.second.id, country: 'MX', state: 'CDMX', city: 'X' }))).toBe('NOT_FOUND');
    expect(errorCode(await emit(guest, 'command-finish-appointment', { appointmentId: g.second.id }))).toBe('NOT_FOUND');

    // Chat: the member's own session writes in the second consultation; the guest neither writes
    // there nor hears it, but does hear its own.
    const secondConversation = (await request(t.url, '/api/chat/conversations', { method: 'POST', body: { appointmentId: g.second.id }, token: g.memberToken })).body as { id: string };
    const linkedConversation = (await request(t.url, '/api/chat/conversations', { method: 'POST', body: { appointmentId: g.linked.id }, token: g.guestToken })).body as { id: string };
    expect(errorCode(await emit(guest, REALTIME_EVENTS.chatSend, { conversationId: secondConversation.id, clientMessageId: randomUUID(), body: 'from the guest' }))).toBe('NOT_FOUND');
    expect(await emit(member, REALTIME_EVENTS.chatSend, { conversationId: secondConversation.id, clientMessageId: randomUUID(), body: 'private' })).toMatchObject({ ok: true });
    expect(await emit(guest, REALTIME_EVENTS.chatSend, { conversationId: linkedConversation.id, clientMessageId: randomUUID(), body: 'hola' })).toMatchObject({ ok: true });

    // Call: join and signal.
    const guestPeer = randomUUID();
    expect(errorCode(await emit(guest, 'call-join', { appointmentId: g.second.id, peerId: guestPeer }))).toBe('NOT_FOUND');
    const memberPeer = randomUUID();
    expect(await emit(member, 'call-join', { appointmentId: g.second.id, peerId: memberPeer })).toMatchObject({ ok: true });
    const relayed: unknown[] = [];
    member.on('call-signal', (s) => relayed.push(s));
    const offer = { appointmentId: g.second.id, from: guestPeer, to: memberPeer, description: { type: 'offer', sdp: 'v=0' } };
    expect(errorCode(await emit(guest, 'call-signal', offer))).toBe('NOT_FOUND');
    expect(await emit(guest, 'call-join', { appointmentId: g.linked.id, peerId: guestPeer })).toMatchObject({ ok: true, role: 'member' });

    // Something happens in the second consultation: the guest hears nothing of it.
    await t.server.services.appointments.cancel(g.member, g.second.id, 'canceled-by-socio', 'es').catch(() => undefined);
    await settle();
    expect(relayed).toEqual([]);
    expect(alerts.filter((a) => a.appointmentId !== g.linked.id)).toEqual([]);
    expect(messages.map((m) => m.message.conversationId)).toEqual([linkedConversation.id]);
  });
});

describe('a guest session lives only as long as its consultation', () => {
  const stillWorks = async (token: string, appointmentId: string) => (await request(t.url, `${CALL_PATHS.videoToken}?roomName=${appointmentId}`, { token })).status;

  it('is revoked when the consultation finishes (sockets too), and a refresh is refused', async () => {
    const g = await guestOfFirst(S.S3_COACH_JOINS_CALL);
    const socket = await open(g.guestToken);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    expect(await stillWorks(g.guestToken, g.linked.id)).toBe(200);
    await t.server.services.appointments.update(g.coach as UserRow, { id: g.linked.id, state: S.COACH_FINISH_VIDEO_CALL }, 'es');
    const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, g.linked.id));
    expect(row!.state).toBe(S.S11_FINISHED);
    expect(await stillWorks(g.guestToken, g.linked.id)).toBe(401);
    expect(await disconnected).toBe('io server disconnect');
    const refresh = await graphql(t.url, GQL.refreshSession, { sessionToken: g.guestToken, timeZone: 'America/Mexico_City' });
    expect(refresh.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    // The member's own session is untouched.
    expect((await graphql(t.url, GQL.getMember, {}, g.memberToken)).body.errors).toBeUndefined();
  });

  it('is revoked when the consultation is cancelled', async () => {
    const g = await guestOfFirst(S.S1_IN_QUEUE_FOR_COACH);
    const cancel = await graphql(t.url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: g.linked.id, reason: 'canceled-by-socio' }, g.memberToken);
    expect(cancel.body.errors).toBeUndefined();
    expect(await stillWorks(g.guestToken, g.linked.id)).toBe(401);
    expect((await graphql(t.url, GQL.getMember, {}, g.guestToken)).status).toBe(401);
  });

  it('expires at the end of the consultation day, not in 30 days', async () => {
    // 2026-03-10 22:30 in Mexico City (UTC-6): the guest session ends at midnight there.
    t.clock.set(new Date('2026-03-11T04:30:00Z'));
    const g = await guestOfFirst(S.S3_COACH_JOINS_CALL);
    expect((await sessionRow(g.guestToken)).expiresAt.toISOString()).toBe('2026-03-11T06:00:00.000Z');
    t.clock.set(new Date('2026-03-11T05:59:00Z'));
    expect(await stillWorks(g.guestToken, g.linked.id)).toBe(200);
    t.clock.set(new Date('2026-03-11T06:00:01Z'));
    expect(await stillWorks(g.guestToken, g.linked.id)).toBe(401);
    // The member's own session (30 days) still works.
    expect((await graphql(t.url, GQL.getMember, {}, g.memberToken)).body.errors).toBeUndefined();
  });
});
