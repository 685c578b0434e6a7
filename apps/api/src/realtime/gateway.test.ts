import { apiErrorSchema, REALTIME_EVENTS, userRegisteredSchema, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@puente/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSessionFor, request, startTestServer, type TestServer } from '../test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ config: { publicUrl: 'http://app.puente.test', allowedOrigins: ['http://localhost:5173'] } });
});
afterAll(async () => {
  await t.close();
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const open = (auth: Record<string, unknown> | undefined, origin?: string): ClientSocket =>
  connect(t.url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: origin ? { origin } : {} });

const refusal = (socket: ClientSocket) =>
  new Promise<unknown>((resolve, reject) => {
    socket.on('connect', () => reject(new Error('connected, but should have been refused')));
    socket.on('connect_error', (err) => resolve((err as Error & { data?: unknown }).data));
  }).finally(() => socket.close());

const connected = (socket: ClientSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });

async function memberSession() {
  const member = await createMember(t.server);
  const session = await createSessionFor(t.server, member.id);
  return { member, token: session.sessionToken };
}

describe('socket handshake', () => {
  it('is refused without a token, with the catalogue error as data', async () => {
    const data = await refusal(open(undefined));
    expect(apiErrorSchema.parse(data).error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('is refused with a forged token', async () => {
    const data = await refusal(open({ token: 'forged' }));
    expect(apiErrorSchema.parse(data).error.code).toBe('UNAUTHORIZED');
  });

  it('is refused from a foreign origin even with a valid session', async () => {
    const { token } = await memberSession();
    const data = await refusal(open({ token }, 'https://evil.example'));
    expect(apiErrorSchema.parse(data).error.code).toBe('FORBIDDEN');
  });

  it('is accepted from the public URL and the listed origins', async () => {
    const { token } = await memberSession();
    for (const origin of ['http://app.puente.test', 'http://localhost:5173']) {
      const socket = open({ token }, origin);
      await connected(socket);
      socket.close();
    }
  });
});

describe('a connected member', () => {
  it('registers, joins her user room, and is disconnected when she logs out', async () => {
    const { member, token } = await memberSession();
    const socket = open({ token }, 'http://app.puente.test');
    await connected(socket);

    const registered = userRegisteredSchema.parse(await socket.emitWithAck(REALTIME_EVENTS.userRegister));
    expect(registered).toEqual({ userId: member.id, socketId: socket.id });

    const received = new Promise((resolve) => socket.on(REALTIME_EVENTS.memberDataUpdate, resolve));
    t.server.realtime.emitToUser(member.id, REALTIME_EVENTS.memberDataUpdate, { member: { firstName: 'Nueva' } });
    expect(await received).toEqual({ member: { firstName: 'Nueva' } });

    const disconnected = new Promise((resolve) => socket.on('disconnect', resolve));
    expect((await request(t.url, '/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('holds no closure per event and not her session token: one shared listener for every socket (issue 16)', async () => {
    const a = await memberSession();
    const b = await memberSession();
    const [sa, sb] = [open({ token: a.token }), open({ token: b.token })];
    try {
      await Promise.all([connected(sa), connected(sb)]);
      const server = [...t.server.io.of('/').sockets.values()];
      const [x, y] = [server.find((s) => s.id === sa.id)!, server.find((s) => s.id === sb.id)!];
      expect(x.listenersAny()).toHaveLength(1);
      expect(x.listenersAny()[0]).toBe(y.listenersAny()[0]);
      expect(x.listeners('disconnect')).toEqual(y.listeners('disconnect'));
      // Socket.IO's own no-op 'error' listener, and ours for disconnect: no listener per event.
      expect(x.eventNames().sort()).toEqual(['disconnect', 'error']);
      expect(JSON.stringify(x.handshake)).not.toContain(a.token);
      // One frozen handshake and one empty acks map for every socket, not an object and a Map each.
      expect(x.handshake).toBe(y.handshake);
      expect(Object.isFrozen(x.handshake)).toBe(true);
      const acks = (s: typeof x) => (s as unknown as { acks: Map<number, unknown> }).acks;
      expect(acks(x)).toBe(acks(y));
      expect(acks(x).size).toBe(0);
      // The server never emits with an acknowledgement: doing so fails loudly instead of growing it.
      const untypedEmit = x.emit.bind(x) as unknown as (event: string, ...args: unknown[]) => boolean;
      expect(() => untypedEmit(REALTIME_EVENTS.memberDataUpdate, { member: {} }, () => undefined)).toThrow(/acknowledgement/);
      // No room per session: her user room and the socket's own room only.
      expect([...x.rooms].sort()).toEqual([x.id, userRoom(a.member.id)].sort());
      // What the WebSocket upgrade left behind is gone: the HTTP request, the upgrade response's
      // close listener on the TCP socket, the upgrade-time error listener, the headers closure.
      type Listening = { name: string; listener?: { name: string } };
      const engine = x.conn as unknown as { request: unknown; transport: { listenerCount(e: string): number; socket: { listeners(e: string): Listening[]; _socket: { rawListeners(e: string): Listening[] } } } };
      expect(engine.request).toBeNull();
      expect(engine.transport.listenerCount('headers')).toBe(0);
      expect(engine.transport.socket.listeners('error').map((l) => l.name)).not.toContain('onUpgradeError');
      expect(engine.transport.socket._socket.rawListeners('close').map((l) => l.listener?.name ?? l.name)).toEqual(['socketOnClose']);
      expect(t.server.io.engine.opts.perMessageDeflate).toBe(false);
      // The events still reach their handlers, in the socket's language.
      expect(userRegisteredSchema.parse(await sa.emitWithAck(REALTIME_EVENTS.userRegister)).userId).toBe(a.member.id);
    } finally {
      sa.close();
      sb.close();
    }
  });

  it("does not receive another member's events", async () => {
    const a = await memberSession();
    const b = await memberSession();
    const socket = open({ token: a.token });
    await connected(socket);
    let got = false;
    socket.on(REALTIME_EVENTS.memberDataUpdate, () => {
      got = true;
    });
    t.server.realtime.emitToUser(b.member.id, REALTIME_EVENTS.memberDataUpdate, { member: { firstName: 'B' } });
    await socket.emitWithAck(REALTIME_EVENTS.socketIdUpdate); // a round trip after the emit
    expect(got).toBe(false);
    socket.close();
  });
});
