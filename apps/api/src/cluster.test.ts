import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APPOINTMENT_GQL,
  CHAT_PATHS,
  chatMessageEventSchema,
  chatSendAckSchema,
  createConversationResponseSchema,
  onlinePhysiciansResponseSchema,
  REALTIME_EVENTS,
  type AppointmentAlert,
  type CallSignalRelay,
  type ChatMessageDto,
} from '@puente/contracts';
import { APPOINTMENT_STATE as S, CALL_EVENTS } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from './db/schema';
import { appointmentData, createPhysician, createSessionFor, graphql, memberWithSession, openSocket, request, startTestServer, type TestServer, type TestSocket } from './test';
import { nodeUrl } from './test/node-process';

/**
 * Two API nodes, each its own process, on one PostgreSQL and one Redis: a member on node A and a
 * coach on node B hold a whole consultation; then node B is killed with SIGKILL mid-call, the coach
 * reconnects to node A and the call and chat go on; B's coaches leave the online list by themselves.
 * Runs in the PostgreSQL + Redis pass of `npm test`.
 */
const pgUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const PRESENCE_TTL_MS = 2_000;
const nodeScript = fileURLToPath(new URL('./test/cluster-node.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Node {
  url: string;
  process: ChildProcess;
  /** What the node printed on stdout so far (its log lines at LOG_LEVEL). */
  output(): string;
}

async function startNode(databaseUrl: string, redisPrefix: string, env: Record<string, string> = {}): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puente-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', nodeScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      TEST_REDIS_PREFIX: redisPrefix,
      TEST_PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
      DATA_DIR: dataDir,
      ATTACHMENTS_DIR: path.join(dataDir, 'attachments'),
      LOG_LEVEL: 'warn',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await nodeUrl(child);
  return { url, process: child, output: () => out };
}

function nextEvent<T>(socket: TestSocket, event: string, match: (payload: T) => boolean, ms = 5000): Promise<T> {
  const s = socket as unknown as { on(e: string, h: (p: T) => void): void; off(e: string, h: (p: T) => void): void };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      s.off(event, handler);
      resolve(payload);
    };
    s.on(event, handler);
  });
}
const alert = (socket: TestSocket, id: string, state: string) => nextEvent<AppointmentAlert>(socket, 'appointment-alert', (a) => a.appointmentId === id && a.state === state);

async function gqlOk<T>(url: string, document: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await graphql<Record<string, T>>(url, document, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return Object.values(res.body.data!)[0]!;
}

async function onlineIds(url: string, token: string): Promise<string[]> {
  const res = await request(url, '/api/online-physicians', { token });
  expect(res.status).toBe(200);
  return onlinePhysiciansResponseSchema.parse(res.body).physicians.map((p) => p.id);
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not true within ${ms} ms`);
}

describe.skipIf(!pgUrl || !redisUrl)('two nodes on one PostgreSQL and one Redis', () => {
  let control: TestServer;
  const nodes: Node[] = [];
  const sockets: TestSocket[] = [];
  const track = (s: TestSocket) => (sockets.push(s), s);

  beforeAll(async () => {
    // The in-process server only prepares the database (migrations, people and sessions).
    control = await startTestServer({ db: 'postgres' });
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const n of nodes) n.process.kill('SIGKILL');
    await control?.close();
  });

  it('a member on node A and a coach on node B consult; node B dies mid-call; the coach carries on through node A', async () => {
    const coach = await createPhysician(control.server, { languages: ['es'], practice: 'health' });
    const idleCoach = await createPhysician(control.server, { languages: ['es'], practice: 'health' });
    const doctor = await createPhysician(control.server, { userType: 'us-physician', languages: ['es', 'en'], licenses: ['CA'] });
    const member = await memberWithSession(control.server, { address: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const token = async (id: string) => (await createSessionFor(control.server, id)).sessionToken;
    const tokens = { coach: await token(coach.id), idleCoach: await token(idleCoach.id), doctor: await token(doctor.id), member: member.token };

    const prefix = `cluster:${randomUUID()}:`;
    const databaseUrl = control.server.config.databaseUrl!;
    const [a, b] = await Promise.all([startNode(databaseUrl, prefix), startNode(databaseUrl, prefix)]);
    nodes.push(a!, b!);
    const A = a!.url;
    const B = b!.url;

    const memberSocket = track(await openSocket(A, tokens.member));
    const doctorSocket = track(await openSocket(A, tokens.doctor));
    const coachOnB = track(await openSocket(B, tokens.coach));
    track(await openSocket(B, tokens.idleCoach));

    // Presence is shared: node A lists the coaches whose sockets are on node B.
    await waitFor(async () => {
      const ids = await onlineIds(A, tokens.member);
      return ids.includes(coach.id) && ids.includes(idleCoach.id);
    }, 5000);

    // Request on A, offered and accepted on B, the member alerted on A.
    const offered = nextEvent<AppointmentAlert>(coachOnB, 'appointment-alert', (x) => x.state === S.S1_IN_QUEUE_FOR_COACH);
    const created = await gqlOk<{ id: string }>(A, APPOINTMENT_GQL.createAppointment, { data: appointmentData({ location: { country: 'US', state: 'CA', city: 'San Francisco' } }), returnNewDocument: false }, tokens.member);
    const id = created.id;
    expect((await offered).appointmentId).toBe(id);
    const reviewing = alert(memberSocket, id, S.S2_COACH_IS_REVIEWING);
    await gqlOk(B, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, tokens.coach);
    await reviewing;
    const joined = alert(memberSocket, id, S.S3_COACH_JOINS_CALL);
    await gqlOk(B, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S3_COACH_JOINS_CALL } }, tokens.coach);
    await joined;

    // Call signaling across nodes.
    const peers = { member: randomUUID(), coach: randomUUID(), coachAgain: randomUUID() };
    expect(await memberSocket.emitWithAck(CALL_EVENTS.join, { appointmentId: id, peerId: peers.member })).toMatchObject({ ok: true });
    expect(await coachOnB.emitWithAck(CALL_EVENTS.join, { appointmentId: id, peerId: peers.coach })).toMatchObject({ ok: true });
    const offer = nextEvent<CallSignalRelay>(memberSocket, CALL_EVENTS.signal, (x) => x.from === peers.coach);
    expect(await coachOnB.emitWithAck(CALL_EVENTS.signal, { appointmentId: id, from: peers.coach, to: peers.member, description: { type: 'offer', sdp: 'v=0 from B' } })).toEqual({ ok: true });
    expect((await offer).description?.sdp).toBe('v=0 from B');

    // Chat across nodes, both ways.
    const conversation = await request(A, CHAT_PATHS.conversations, { body: { appointmentId: id }, token: tokens.member });
    const conversationId = createConversationResponseSchema.parse(conversation.body).id;
    const delivered = { member: [] as ChatMessageDto[], coach: [] as ChatMessageDto[] };
    memberSocket.on(REALTIME_EVENTS.chatMessage, (p) => delivered.member.push(chatMessageEventSchema.parse(p).message));
    coachOnB.on(REALTIME_EVENTS.chatMessage, (p) => delivered.coach.push(chatMessageEventSchema.parse(p).message));
    const send = async (socket: TestSocket, body: string, clientMessageId = randomUUID()) =>
      chatSendAckSchema.parse(await socket.timeout(10_000).emitWithAck(REALTIME_EVENTS.chatSend, { conversationId, clientMessageId, body }));
    expect(await send(memberSocket, 'Hola, me duele la garganta')).toMatchObject({ ok: true });
    expect(await send(coachOnB, 'Hola, ¿desde cuándo?')).toMatchObject({ ok: true });
    await waitFor(async () => delivered.coach.some((m) => m.body === 'Hola, me duele la garganta') && delivered.member.some((m) => m.body === 'Hola, ¿desde cuándo?'), 5000);

    // Escalation on B, offered to and accepted by the US doctor on A.
    await gqlOk(B, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: id, medicalRecord: { internalNotes: 'Faringitis probable; requiere antibiótico.' } }, tokens.coach);
    const escalated = nextEvent<AppointmentAlert>(doctorSocket, 'appointment-alert', (x) => x.appointmentId === id && x.state === S.S6_IN_QUEUE_FOR_ER);
    await gqlOk(B, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.COACH_REQUEST_US_DR } }, tokens.coach);
    await escalated;
    expect(await gqlOk<{ state: string }>(A, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, tokens.doctor)).toMatchObject({ state: S.S7_ER_IS_REVIEWING });
    expect(await gqlOk<{ state: string }>(A, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S8_ER_JOINS_CALL } }, tokens.doctor)).toMatchObject({ state: S.S8_ER_JOINS_CALL });

    // Node B dies without a word.
    b!.process.kill('SIGKILL');
    await new Promise<void>((resolve) => b!.process.once('exit', () => resolve()));

    // The coach's app reconnects to the surviving node and rejoins the call.
    const coachOnA = track(await openSocket(A, tokens.coach));
    coachOnA.on(REALTIME_EVENTS.chatMessage, (p) => delivered.coach.push(chatMessageEventSchema.parse(p).message));
    expect(await coachOnA.emitWithAck(CALL_EVENTS.join, { appointmentId: id, peerId: peers.coachAgain })).toMatchObject({ ok: true, role: 'mx-physician' });
    const again = nextEvent<CallSignalRelay>(memberSocket, CALL_EVENTS.signal, (x) => x.from === peers.coachAgain);
    expect(await coachOnA.emitWithAck(CALL_EVENTS.signal, { appointmentId: id, from: peers.coachAgain, to: peers.member, description: { type: 'offer', sdp: 'v=0 from A' } })).toEqual({ ok: true });
    expect((await again).description?.sdp).toBe('v=0 from A');

    // A message the coach's app was not sure was sent (B died) is sent again: stored once.
    const retriedId = randomUUID();
    expect(await send(coachOnA, 'Le enviaré una receta', retriedId)).toMatchObject({ ok: true });
    expect(await send(coachOnA, 'Le enviaré una receta', retriedId)).toMatchObject({ ok: true });
    expect(await send(memberSocket, 'Gracias')).toMatchObject({ ok: true });
    await waitFor(async () => delivered.member.some((m) => m.body === 'Le enviaré una receta') && delivered.coach.some((m) => m.body === 'Gracias'), 5000);

    // B's idle coach is out of the online list within the heartbeat window; the reconnected coach is in.
    const gone = await waitFor(async () => !(await onlineIds(A, tokens.member)).includes(idleCoach.id), PRESENCE_TTL_MS * 4);
    expect(gone).toBeLessThanOrEqual(PRESENCE_TTL_MS + 1500);
    expect(await onlineIds(A, tokens.member)).toContain(coach.id);

    // The US doctor finishes on A; the member hears it.
    const rx = [{ code: '197361', codeSystem: 'RxNorm', name: 'Amoxicillin 500 MG', qty: '21' }];
    await gqlOk(A, APPOINTMENT_GQL.finishAppointment, { appointmentId: id }, tokens.doctor);
    await gqlOk(A, APPOINTMENT_GQL.sendPrescription, { appointmentId: id, prescriptions: rx }, tokens.doctor);
    const finished = alert(memberSocket, id, S.S11_FINISHED);
    await gqlOk(A, APPOINTMENT_GQL.finishAppointment, { appointmentId: id }, tokens.doctor);
    await finished;

    // Four distinct messages sent, four stored, none doubled.
    const stored = await control.server.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
    expect(stored.map((m) => m.body).sort()).toEqual(['Gracias', 'Hola, me duele la garganta', 'Hola, ¿desde cuándo?', 'Le enviaré una receta']);
  }, 120_000);

  it('SIGTERM: the node stops accepting, its sockets are told to reconnect, a request in flight finishes, the process exits', async () => {
    const member = await memberWithSession(control.server);
    const node = await startNode(control.server.config.databaseUrl!, `cluster:${randomUUID()}:`);
    nodes.push(node);
    const { port } = new URL(node.url);

    // An app with automatic reconnection, as the web app has.
    const socket = connectSocket(node.url, { path: '/socket.io', auth: { token: member.token }, transports: ['websocket'], reconnectionDelay: 60_000, forceNew: true });
    sockets.push(socket as unknown as TestSocket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ query: '{ __typename }' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/api/graphql', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${member.token}` } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((r) => setTimeout(r, 300));

    const exited = new Promise<number | null>((resolve) => node.process.once('exit', (code) => resolve(code)));
    node.process.kill('SIGTERM');

    // Clients are told to reconnect (a transport close, not a server disconnect that ends the session).
    expect(await disconnected).toBe('transport close');
    expect(socket.active).toBe(true);
    socket.disconnect();
    // No new connections.
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${node.url}/api/health`)).rejects.toThrow();
    // The request in flight got its answer.
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toEqual({ data: { __typename: 'Query' } });
    expect(await exited).toBe(0);
  }, 60_000);

  it('SIGTERM with SHUTDOWN_TIMEOUT_MS=500: a request that never finishes is cut at the bound and logged, and the process exits', async () => {
    const member = await memberWithSession(control.server);
    const node = await startNode(control.server.config.databaseUrl!, `cluster:${randomUUID()}:`, { SHUTDOWN_TIMEOUT_MS: '500' });
    nodes.push(node);
    const { port } = new URL(node.url);
    // A request whose body never finishes arriving (a slow or stuck client).
    const cut = new Promise<string>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/api/graphql', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 1000, authorization: `Bearer ${member.token}` } }, (res) =>
        resolve(`answered ${res.statusCode}`),
      );
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      req.write('{"query":');
    });
    await new Promise((r) => setTimeout(r, 300));

    const exited = new Promise<number | null>((resolve) => node.process.once('exit', (code) => resolve(code)));
    const signalled = performance.now();
    node.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    const ms = performance.now() - signalled;
    // It waited for the request the whole bound, then cut it; what follows (the jobs, Redis and the
    // database saying goodbye) is bounded by main.ts's own 5 s on top.
    expect(ms).toBeGreaterThanOrEqual(450);
    expect(ms).toBeLessThan(500 + 5_000);
    expect(await cut).toBe('ECONNRESET');
    expect(node.output()).toContain('requests still in flight at shutdown; closing their connections');
  }, 60_000);
});
