import { createHmac } from 'node:crypto';
import {
  apiErrorSchema,
  CALL_PATHS,
  GQL,
  guestLinkResponseSchema,
  guestLinkSessionSchema,
  videoTokenResponseSchema,
  type CallJoinAck,
  type CallSignalAck,
  type CallSignalRelay,
  type ChannelChange,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@puente/contracts';
import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, callEvents } from '../../db/schema';
import { createMember, createSessionFor, graphql, readGuestLink, request, startTestServer, type TestServer } from '../../test';
import { eq } from 'drizzle-orm';

const TURN_SECRET = 'test-turn-secret';
let t: TestServer;
beforeAll(async () => {
  process.env.TURN_URLS = 'turn:turn.puente.test:3478?transport=udp,turns:turn.puente.test:5349';
  process.env.TURN_SECRET = TURN_SECRET;
  process.env.STUN_URLS = 'stun:stun.puente.test:3478';
  t = await startTestServer({});
});
afterAll(async () => {
  await t?.close();
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sockets: ClientSocket[] = [];
const open = async (token: string): Promise<ClientSocket> => {
  const socket: ClientSocket = connect(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
};
afterAll(() => sockets.forEach((s) => s.close()));

const join = (socket: ClientSocket, appointmentId: string, peerId: string) =>
  new Promise<CallJoinAck>((resolve) => socket.emit('call-join', { appointmentId, peerId }, resolve));
const signal = (socket: ClientSocket, payload: Parameters<ClientToServerEvents['call-signal']>[0]) =>
  new Promise<CallSignalAck>((resolve) => socket.emit('call-signal', payload, resolve));
/** Everything a socket receives of one event, for asserting that nothing arrived. */
const collect = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Parameters<ServerToClientEvents[E]>[0][] => {
  const got: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => got.push(payload)) as never);
  return got;
};
const settle = () => new Promise((r) => setTimeout(r, 300));
const waitFor = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A consultation in `state` with a member, a coach and (optionally) a US doctor. */
async function consultation(state: AppointmentState = S.S3_COACH_JOINS_CALL, withDoctor = true) {
  const member = await createMember(t.server);
  const coach = await createMember(t.server, { userType: 'mx-physician', firstName: 'Coach' });
  const doctor = await createMember(t.server, { userType: 'us-physician', firstName: 'Doctor' });
  const outsider = await createMember(t.server, { userType: 'mx-physician', firstName: 'Other' });
  const now = t.clock.now();
  const [row] = await t.server.database.db
    .insert(appointments)
    .values({
      memberId: member.id,
      mxDoctorId: coach.id,
      usDoctorId: withDoctor ? doctor.id : null,
      state,
      type: 'on-demand',
      channel: 'video-call',
      practice: 'health',
      language: 'es',
      serviceScope: 'full-care',
      location: { country: 'US', state: 'CA', city: 'Los Angeles' },
      startDate: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const tokens = {
    member: (await createSessionFor(t.server, member.id)).sessionToken,
    coach: (await createSessionFor(t.server, coach.id)).sessionToken,
    doctor: (await createSessionFor(t.server, doctor.id)).sessionToken,
    outsider: (await createSessionFor(t.server, outsider.id)).sessionToken,
  };
  return { id: row!.id, member, coach, doctor, outsider, tokens };
}

describe('GET /api/video/token (spec 7 twilio/token, ours)', () => {
  it('gives a participant STUN and TURN with a coturn shared-secret credential that expires', async () => {
    const c = await consultation();
    const res = await request(t.url, `${CALL_PATHS.videoToken}?roomName=${c.id}`, { token: c.tokens.member });
    expect(res.status).toBe(200);
    const body = videoTokenResponseSchema.parse(res.body);
    expect(body.identity).toBe(c.member.id);
    expect(body.iceServers[0]).toEqual({ urls: ['stun:stun.puente.test:3478'] });
    const turn = body.iceServers[1]!;
    expect(turn.urls).toEqual(['turn:turn.puente.test:3478?transport=udp', 'turns:turn.puente.test:5349']);
    const [expiry, userId] = turn.username!.split(':');
    expect(userId).toBe(c.member.id);
    expect(Number(expiry)).toBe(Math.floor(t.clock.now().getTime() / 1000) + 3600);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'));
  });

  it('refuses without a session, with a bad room name, and to a non-participant (not found)', async () => {
    const c = await consultation();
    expect((await request(t.url, `${CALL_PATHS.videoToken}?roomName=${c.id}`)).status).toBe(401);
    const bad = await request(t.url, `${CALL_PATHS.videoToken}?roomName=nope`, { token: c.tokens.member });
    expect(apiErrorSchema.parse(bad.body).error.code).toBe('INVALID_DATA');
    const other = await request(t.url, `${CALL_PATHS.videoToken}?roomName=${c.id}`, { token: c.tokens.outsider });
    expect(other.status).toBe(404);
    expect(apiErrorSchema.parse(other.body).error.code).toBe('NOT_FOUND');
  });
});

describe('signaling between the participants of one appointment', () => {
  it('relays offers and candidates member <-> coach <-> US doctor; a fourth user gets nothing and NOT_FOUND', async () => {
    const c = await consultation(S.S8_ER_JOINS_CALL);
    const [m, co, dr, out] = await Promise.all([open(c.tokens.member), open(c.tokens.coach), open(c.tokens.doctor), open(c.tokens.outsider)]);
    const peers = { m: randomUUID(), co: randomUUID(), dr: randomUUID(), out: randomUUID() };
    const memberSignals = collect(m, 'call-signal');
    const memberJoins = collect(m, 'call-peer-joined');
    const outsiderEvents = [...['call-signal', 'call-peer-joined', 'call-peer-left', 'call-channel-changed'].map((e) => collect(out, e as 'call-signal'))];

    expect(await join(m, c.id, peers.m)).toMatchObject({ ok: true, role: 'member', state: S.S8_ER_JOINS_CALL, channel: 'video-call' });
    expect(await join(co, c.id, peers.co)).toMatchObject({ ok: true, role: 'mx-physician' });
    expect(await join(dr, c.id, peers.dr)).toMatchObject({ ok: true, role: 'us-physician' });
    await waitFor(() => memberJoins.length === 2);
    expect(memberJoins.map((p) => p.role).sort()).toEqual(['mx-physician', 'us-physician']);

    // The outsider cannot join, and cannot address a peer of the call.
    const refused = await join(out, c.id, peers.out);
    expect(apiErrorSchema.parse(refused).error.code).toBe('NOT_FOUND');
    const forged = await signal(out, { appointmentId: c.id, from: peers.out, to: peers.m, description: { type: 'offer', sdp: 'v=0' } });
    expect(apiErrorSchema.parse(forged).error.code).toBe('NOT_FOUND');

    expect(await signal(co, { appointmentId: c.id, from: peers.co, to: peers.m, description: { type: 'offer', sdp: 'v=0 coach' } })).toEqual({ ok: true });
    expect(await signal(dr, { appointmentId: c.id, from: peers.dr, to: peers.m, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } })).toEqual({ ok: true });
    await waitFor(() => memberSignals.length === 2);
    const fromCoach = memberSignals.find((s) => s.from === peers.co) as CallSignalRelay;
    expect(fromCoach).toMatchObject({ fromUserId: c.coach.id, role: 'mx-physician', to: peers.m, description: { type: 'offer', sdp: 'v=0 coach' } });
    expect(memberSignals.find((s) => s.from === peers.dr)?.candidate?.candidate).toContain('typ host');

    // A peer cannot pretend to be another peer of the call.
    const spoof = await signal(co, { appointmentId: c.id, from: peers.dr, to: peers.m, description: { type: 'offer', sdp: 'x' } });
    expect(apiErrorSchema.parse(spoof).error.code).toBe('NOT_FOUND');

    await settle();
    expect(outsiderEvents.every((list) => list.length === 0)).toBe(true);
    expect(memberSignals).toHaveLength(2);

    // Leaving tells the others.
    const left = collect(m, 'call-peer-left');
    co.close();
    await waitFor(() => left.length === 1);
    expect(left[0]).toMatchObject({ peerId: peers.co, role: 'mx-physician', reason: 'disconnected' });
  });

  it('stops relaying once a physician is no longer on the appointment (checked on every event)', async () => {
    const c = await consultation(S.S3_COACH_JOINS_CALL, false);
    const [m, co] = await Promise.all([open(c.tokens.member), open(c.tokens.coach)]);
    const peers = { m: randomUUID(), co: randomUUID() };
    await join(m, c.id, peers.m);
    await join(co, c.id, peers.co);
    await t.server.database.db.update(appointments).set({ mxDoctorId: null }).where(eq(appointments.id, c.id));
    const got = collect(m, 'call-signal');
    const ack = await signal(co, { appointmentId: c.id, from: peers.co, to: peers.m, description: { type: 'offer', sdp: 'v=0' } });
    expect(apiErrorSchema.parse(ack).error.code).toBe('NOT_FOUND');
    await settle();
    expect(got).toHaveLength(0);
  });

  it('has no call for a finished appointment', async () => {
    const c = await consultation(S.S11_FINISHED);
    const m = await open(c.tokens.member);
    expect(apiErrorSchema.parse(await join(m, c.id, randomUUID())).error.code).toBe('APPOINTMENT_ALREADY_FINISHED');
  });
});

describe('channels: video -> phone -> chat keeps the record', () => {
  it('switches with previousChannel, tells the other participants, and refuses outsiders', async () => {
    const c = await consultation(S.S3_COACH_JOINS_CALL, false);
    const co = await open(c.tokens.coach);
    await join(co, c.id, randomUUID());
    const told = collect(co, 'call-channel-changed');
    const toPhone = await request(t.url, CALL_PATHS.channel(c.id, 'phone-call'), { method: 'PATCH', token: c.tokens.member });
    expect(toPhone.status).toBe(200);
    expect(toPhone.body).toEqual({ appointmentId: c.id, channel: 'phone-call', previousChannel: 'video-call', phoneCallPlaced: false } satisfies ChannelChange);
    const toChat = await request(t.url, CALL_PATHS.channel(c.id, 'chat'), { method: 'PATCH', token: c.tokens.coach });
    expect(toChat.body).toMatchObject({ channel: 'chat', previousChannel: 'phone-call' });
    await waitFor(() => told.length === 2);
    const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, c.id));
    expect(row).toMatchObject({ channel: 'chat', previousChannel: 'phone-call', state: S.S3_COACH_JOINS_CALL });
    const events = await t.server.database.db.select().from(callEvents).where(eq(callEvents.appointmentId, c.id));
    expect(events.map((e) => e.detail)).toEqual(['video-call->phone-call', 'phone-call->chat']);
    expect((await request(t.url, CALL_PATHS.channel(c.id, 'video-call'), { method: 'PATCH', token: c.tokens.outsider })).status).toBe(404);
    expect(apiErrorSchema.parse((await request(t.url, CALL_PATHS.channel(c.id, 'fax'), { method: 'PATCH', token: c.tokens.member })).body).error.fields).toEqual({ channel: 'invalid_channel' });
  });
});

describe('return to call (spec 4: accepting marks the consultation rejoined)', () => {
  it('records each rejoin of the member; physicians and outsiders get not found', async () => {
    const c = await consultation();
    const first = await request(t.url, CALL_PATHS.rejoined(c.id), { method: 'POST', token: c.tokens.member });
    expect(first.body).toEqual({ ok: true, rejoinedCount: 1 });
    expect((await request(t.url, CALL_PATHS.rejoined(c.id), { method: 'POST', token: c.tokens.member })).body).toEqual({ ok: true, rejoinedCount: 2 });
    expect((await request(t.url, CALL_PATHS.rejoined(c.id), { method: 'POST', token: c.tokens.coach })).status).toBe(404);
    expect((await request(t.url, CALL_PATHS.rejoined(c.id), { method: 'POST', token: c.tokens.outsider })).status).toBe(404);
  });
});

describe('guest link (spec 2 "Link to consult")', () => {
  it('a physician issues it; it becomes a session that reaches that appointment only', async () => {
    const c = await consultation(S.S2_COACH_IS_REVIEWING);
    const other = await consultation(S.S3_COACH_JOINS_CALL);
    expect((await request(t.url, CALL_PATHS.guestLink(c.id), { method: 'POST', token: c.tokens.outsider })).status).toBe(404);
    guestLinkResponseSchema.parse((await request(t.url, CALL_PATHS.guestLink(c.id), { method: 'POST', token: c.tokens.coach })).body);
    // The link goes to the member's phone (call.guest-scope.test.ts: never to who asked).
    const issued = await readGuestLink(t.url, c.member.phoneNumber!);
    expect(issued.url).toContain(`/link-to-consult?token=`);
    expect(issued.appointmentId).toBe(c.id);

    // The token names its appointment: it does not open another one.
    const wrong = await request(t.url, CALL_PATHS.guestSignIn, { body: { token: issued.token, appointmentId: other.id } });
    expect(apiErrorSchema.parse(wrong.body).error.code).toBe('TOKEN_INVALID');
    const tampered = await request(t.url, CALL_PATHS.guestSignIn, { body: { token: `${issued.token.slice(0, -3)}abc`, appointmentId: c.id } });
    expect(apiErrorSchema.parse(tampered.body).error.code).toBe('TOKEN_INVALID');

    const signed = await request(t.url, CALL_PATHS.guestSignIn, { body: { token: issued.token, appointmentId: c.id } });
    expect(signed.status).toBe(200);
    const guest = guestLinkSessionSchema.parse(signed.body);
    expect(guest.member.id).toBe(c.member.id);

    // Its own appointment: yes. Anything else: no.
    expect((await request(t.url, `${CALL_PATHS.videoToken}?roomName=${c.id}`, { token: guest.sessionToken })).status).toBe(200);
    expect((await request(t.url, CALL_PATHS.rejoined(c.id), { method: 'POST', token: guest.sessionToken })).status).toBe(200);
    const ownGet = await graphql(t.url, GQL.getMember, {}, guest.sessionToken);
    expect(ownGet.body.errors).toBeUndefined();
    const history = await graphql(t.url, 'query H($memberId: ID!) { getAppointmentsHistory(memberId: $memberId) { id } }', { memberId: c.member.id }, guest.sessionToken);
    expect(history.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Refreshing keeps the scope: the new session is a guest session too.
    const refresh = await graphql<{ refreshSession: { sessionToken: string } }>(t.url, GQL.refreshSession, { sessionToken: guest.sessionToken, timeZone: 'America/Mexico_City' });
    const renewed = refresh.body.data!.refreshSession.sessionToken;
    const again = await graphql(t.url, 'query H($memberId: ID!) { getAppointmentsHistory(memberId: $memberId) { id } }', { memberId: c.member.id }, renewed);
    expect(again.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await request(t.url, `${CALL_PATHS.videoToken}?roomName=${c.id}`, { token: renewed })).status).toBe(200);
    // A member who owns two appointments: the guest session still joins only the linked one.
    const mine = await consultation(S.S3_COACH_JOINS_CALL);
    await t.server.database.db.update(appointments).set({ memberId: c.member.id }).where(eq(appointments.id, mine.id));
    const g = await open(renewed);
    expect(await join(g, c.id, randomUUID())).toMatchObject({ ok: true, role: 'member' });
    expect(apiErrorSchema.parse(await join(g, mine.id, randomUUID())).error.code).toBe('NOT_FOUND');
  });

  it('expires', async () => {
    const c = await consultation(S.S1_IN_QUEUE_FOR_COACH);
    guestLinkResponseSchema.parse((await request(t.url, CALL_PATHS.guestLink(c.id), { method: 'POST', token: c.tokens.member })).body);
    const issued = await readGuestLink(t.url, c.member.phoneNumber!);
    t.clock.advance(2 * 60 * 60_000 + 1_000);
    const late = await request(t.url, CALL_PATHS.guestSignIn, { body: { token: issued.token, appointmentId: c.id } });
    expect(apiErrorSchema.parse(late.body).error.code).toBe('TOKEN_EXPIRED');
  });
});
