import { randomUUID } from 'node:crypto';
import { apiErrorSchema, chatSendAckSchema, CHAT_PATHS, createConversationResponseSchema, REALTIME_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@puente/contracts';
import { CALL_EVENTS, ERROR_MESSAGES } from '@puente/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSessionFor, insertConsultation, request, startTestServer, type TestServer } from '../test';
import { MAX_SOCKETS_PER_SESSION, SOCKET_BUDGETS } from './socket-budget';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sockets: ClientSocket[] = [];
const socketFor = (token: string, lang = 'es'): ClientSocket => {
  const socket: ClientSocket = connect(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'accept-language': lang } });
  sockets.push(socket);
  return socket;
};
const open = (token: string, lang = 'es'): Promise<ClientSocket> =>
  new Promise((resolve, reject) => {
    const socket = socketFor(token, lang);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
afterAll(() => {
  for (const s of sockets) s.close();
});

/** A member and her coach in a video call (S3), with the chat conversation of the consultation. */
async function consultation() {
  const suffix = randomUUID().slice(0, 8);
  const member = await createMember(t.server, { email: `ana.${suffix}@example.com` });
  const coach = await createMember(t.server, { userType: 'mx-physician', email: `maria.${suffix}@example.com`, languages: ['es'], practice: 'health' });
  const row = await insertConsultation(t.server, { memberId: member.id, mxDoctorId: coach.id });
  const memberToken = (await createSessionFor(t.server, member.id)).sessionToken;
  const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
  const res = await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: row!.id }, token: memberToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { appointmentId: row!.id, conversationId: createConversationResponseSchema.parse(res.body).id, memberToken, coachToken };
}

const isLimit = (ack: unknown): boolean => apiErrorSchema.safeParse(ack).success && apiErrorSchema.parse(ack).error.code === 'LIMIT_EXCEEDED';

describe('the per-user socket budget', () => {
  it('a flood of 500 chat messages from one socket is refused after the budget, with LIMIT_EXCEEDED in the ack; the other person still chats', async () => {
    const c = await consultation();
    const member = await open(c.memberToken);
    const acks = await Promise.all(
      Array.from({ length: 500 }, (_, i) => member.timeout(20_000).emitWithAck(REALTIME_EVENTS.chatSend, { conversationId: c.conversationId, clientMessageId: randomUUID(), body: `hola ${i}` })),
    );
    const parsed = acks.map((a) => chatSendAckSchema.parse(a));
    const stored = parsed.filter((a) => 'ok' in a);
    const refused = parsed.filter(isLimit);
    expect(stored.length).toBeGreaterThanOrEqual(SOCKET_BUDGETS.chat.burst);
    expect(stored.length).toBeLessThan(SOCKET_BUDGETS.chat.burst + 20); // a few refill while the flood arrives
    expect(stored.length + refused.length).toBe(500);
    const refusal = apiErrorSchema.parse(refused[0]).error;
    expect(refusal).toMatchObject({ code: 'LIMIT_EXCEEDED', status: 429, message: ERROR_MESSAGES.LIMIT_EXCEEDED.es });

    // Only the accepted ones reached the conversation.
    const history = await request(t.url, `${CHAT_PATHS.conversations}/${c.conversationId}`, { token: c.memberToken });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body).match(/hola \d+/g)?.length).toBe(stored.length);

    // The coach's budget is her own.
    const coach = await open(c.coachToken);
    const answer = chatSendAckSchema.parse(await coach.timeout(10_000).emitWithAck(REALTIME_EVENTS.chatSend, { conversationId: c.conversationId, clientMessageId: randomUUID(), body: 'aquí sigo' }));
    expect('ok' in answer).toBe(true);
  });

  it('is per user, not per socket: two sockets of one member flooding together share one budget', async () => {
    const c = await consultation();
    const [first, second] = [await open(c.memberToken), await open(c.memberToken, 'en')];
    const flood = (socket: ClientSocket) =>
      Array.from({ length: 100 }, () => socket.timeout(20_000).emitWithAck(REALTIME_EVENTS.chatSend, { conversationId: c.conversationId, clientMessageId: randomUUID(), body: 'otra vez' }));
    const acks = (await Promise.all([...flood(first!), ...flood(second!)])).map((a) => chatSendAckSchema.parse(a));
    expect(acks.filter((a) => 'ok' in a).length).toBeLessThan(SOCKET_BUDGETS.chat.burst + 20);
    expect(acks.slice(100).some((a) => isLimit(a) && apiErrorSchema.parse(a).error.message === ERROR_MESSAGES.LIMIT_EXCEEDED.en)).toBe(true);
  });

  it("a real call's worth of signaling (hundreds of ICE candidates) stays within the budget; subscriptions have their own", async () => {
    const c = await consultation();
    const coach = await open(c.coachToken);
    // 3 peers x (offer + answer + 60 candidates) x 2 renegotiations, all at once.
    const signals = await Promise.all(
      Array.from({ length: 372 }, () => coach.timeout(20_000).emitWithAck(CALL_EVENTS.signal as 'call-signal', { appointmentId: c.appointmentId, to: randomUUID(), data: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54321 typ host' } } as never)),
    );
    expect(signals.filter(isLimit)).toHaveLength(0);

    const subscribes = await Promise.all(Array.from({ length: 200 }, () => coach.timeout(20_000).emitWithAck('appointment-subscribe', { appointmentId: c.appointmentId })));
    const refused = subscribes.filter(isLimit).length;
    expect(200 - refused).toBeGreaterThanOrEqual(SOCKET_BUDGETS.subscriptions.burst);
    expect(refused).toBeGreaterThan(100);
  });
});

describe('sockets per session', () => {
  it(`are capped at ${MAX_SOCKETS_PER_SESSION}: the next handshake gets LIMIT_EXCEEDED; closing one makes room`, async () => {
    const member = await createMember(t.server);
    const { sessionToken } = await createSessionFor(t.server, member.id);
    const opened: ClientSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) opened.push(await open(sessionToken));

    const refusal = await new Promise<unknown>((resolve, reject) => {
      const extra = socketFor(sessionToken, 'en');
      extra.on('connect', () => reject(new Error('connected past the cap')));
      extra.on('connect_error', (err) => resolve((err as Error & { data?: unknown }).data));
    });
    expect(apiErrorSchema.parse(refusal).error).toMatchObject({ code: 'LIMIT_EXCEEDED', status: 429, message: ERROR_MESSAGES.LIMIT_EXCEEDED.en });

    // Another session of the same member is counted apart.
    const other = (await createSessionFor(t.server, member.id)).sessionToken;
    (await open(other)).close();

    opened[0]!.close();
    await expect.poll(async () => {
      try {
        const s = await open(sessionToken);
        s.close();
        return true;
      } catch {
        return false;
      }
    }).toBe(true);
  });
});
