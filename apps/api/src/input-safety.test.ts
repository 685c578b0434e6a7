import * as z from 'zod/mini';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { apiErrorSchema, CHAT_PATHS, chatSendAckSchema, createConversationResponseSchema, REALTIME_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@puente/contracts';
import { CHAT, TEXT_INVALID_CHARACTERS_KEY } from '@puente/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from './db/schema';
import { GRAPHQL_LIMITS } from './graphql';
import { createMember, createSessionFor, graphql, insertConsultation, request, startTestServer, type TestServer } from './test';

/**
 * Issue 8 "Security repairs": bad input gets a catalogue error, never a 500 and never the
 * database. NUL characters and lone UTF-16 surrogates are refused at the edge (400 INVALID_DATA
 * with the field's key) in every kind of input; malformed GraphQL bodies, multipart uploads and
 * the requests Fastify or Node's HTTP parser refuse all answer in the one error shape.
 */
let t: TestServer;
let member: UserRow;
let memberToken: string;
let appointmentId: string;
let conversationId: string;

beforeAll(async () => {
  // The API alone: with a web build present, its wildcard route answers an over-long /api path with
  // NOT_FOUND (still the catalogue shape) before the router can report the parameter's length.
  t = await startTestServer({ config: { webDist: path.join(tmpdir(), 'puente-no-web-build') } });
  member = await createMember(t.server);
  const coach = await createMember(t.server, { userType: 'mx-physician', languages: ['es'], practice: 'health' });
  memberToken = (await createSessionFor(t.server, member.id)).sessionToken;
  const row = await insertConsultation(t.server, { memberId: member.id, mxDoctorId: coach.id });
  appointmentId = row!.id;
  const created = await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId }, token: memberToken });
  conversationId = createConversationResponseSchema.parse(created.body).id;
});
afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = 'a\uDC00b';
const BAD_TEXTS = [
  ['NUL', NUL],
  ['a lone high surrogate', LONE_HIGH],
  ['a lone low surrogate', LONE_LOW],
] as const;

/** The body is the one error shape with this code and status, and no internal text. */
const catalogue = (body: unknown, status: number, code = 'INVALID_DATA') => {
  const error = z.strictObject(apiErrorSchema.shape).parse(body).error;
  expect(error).toMatchObject({ code, status });
  return error;
};
/** A GraphQL answer: errors[0].extensions.error is the one error shape. */
const gqlCatalogue = (body: { errors?: { message: string; extensions?: Record<string, unknown> }[] }, status: number, code = 'INVALID_DATA') => {
  const extensions = body.errors?.[0]?.extensions;
  const error = catalogue({ error: extensions?.error }, status, code);
  expect(body.errors?.[0]?.message).toBe(error.message);
  return error;
};

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const open = (token: string): Promise<ClientSocket> =>
  new Promise((resolve, reject) => {
    const socket: ClientSocket = connect(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

describe('NUL and lone surrogates are refused at the edge with INVALID_DATA and the field key', () => {
  it.each(BAD_TEXTS)('in a JSON body (%s)', async (_label, text) => {
    const res = await request(t.url, '/api/auth/pwdless/verify', { body: { code: '123456', pwdlessToken: text } });
    expect(catalogue(res.body, 400).fields).toEqual({ pwdlessToken: 'passwordless-invalid-token' });
    const chat = await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: text }, token: memberToken });
    expect(catalogue(chat.body, 400).fields).toEqual({ appointmentId: TEXT_INVALID_CHARACTERS_KEY });
  });

  it.each(BAD_TEXTS)('in a GraphQL variable (%s)', async (_label, text) => {
    const res = await graphql(t.url, 'mutation ($loginToken: String!) { createSession(loginToken: $loginToken, timeZone: "UTC") { sessionToken } }', { loginToken: text });
    expect(gqlCatalogue(res.body, 400).fields).toEqual({ loginToken: TEXT_INVALID_CHARACTERS_KEY });
    // Inside a JSON variable too (the profile update's whitelist schema).
    const nested = await graphql(t.url, 'mutation ($memberId: ID!, $data: MemberUpdateData!) { updateMember(memberId: $memberId, data: $data) { id } }', { memberId: member.id, data: { lastName: text } }, memberToken);
    expect(gqlCatalogue(nested.body, 400).fields).toEqual({ lastName: TEXT_INVALID_CHARACTERS_KEY });
  });

  it('in a GraphQL inline literal (an escaped NUL reaches the field rule; a lone surrogate cannot be written in GraphQL)', async () => {
    const nul = await graphql(t.url, 'mutation { createSession(loginToken: "a\\u0000b", timeZone: "UTC") { sessionToken } }');
    expect(gqlCatalogue(nul.body, 400).fields).toEqual({ loginToken: TEXT_INVALID_CHARACTERS_KEY });
    for (const literal of ['"a\\uD800b"', '"a\\uDC00b"', '"a\uD800b"', '"a\u0000b"']) {
      const res = await graphql(t.url, `mutation { createSession(loginToken: ${literal}, timeZone: "UTC") { sessionToken } }`);
      expect(gqlCatalogue(res.body, 400).fields, literal).toEqual({ query: TEXT_INVALID_CHARACTERS_KEY });
    }
  });

  it('in a query parameter', async () => {
    const res = await request(t.url, `/api/auth/identity-providers?orgId=${encodeURIComponent(NUL)}`);
    expect(catalogue(res.body, 400).fields).toEqual({ orgId: TEXT_INVALID_CHARACTERS_KEY });
    // A lone surrogate cannot be percent-encoded as UTF-8; its CESU-8 bytes decode to U+FFFD or are refused.
    const surrogate = await request(t.url, '/api/auth/identity-providers?orgId=a%ED%A0%80b');
    expect(surrogate.status).toBeLessThan(500);
    if (surrogate.status >= 400) catalogue(surrogate.body, surrogate.status);
  });

  it('in a path parameter', async () => {
    const res = await request(t.url, `/api/members/${encodeURIComponent(NUL)}`, { token: memberToken });
    expect(catalogue(res.body, 400).fields).toEqual({ id: TEXT_INVALID_CHARACTERS_KEY });
    const version = await request(t.url, '/api/releases/verify/web/v1%00');
    expect(catalogue(version.body, 400).fields).toEqual({ version: TEXT_INVALID_CHARACTERS_KEY });
    // A lone surrogate's CESU-8 bytes are not UTF-8: the URL itself is refused.
    const surrogate = await request(t.url, '/api/members/a%ED%A0%80b', { token: memberToken });
    expect(catalogue(surrogate.body, 400).fields).toEqual({ _: 'invalid_request_url' });
  });

  it.each(BAD_TEXTS)('in chat text over the socket (%s)', async (_label, text) => {
    const socket = await open(memberToken);
    try {
      const ack = chatSendAckSchema.parse(await socket.timeout(10_000).emitWithAck(REALTIME_EVENTS.chatSend, { conversationId, clientMessageId: randomUUID(), body: text }));
      expect(catalogue(ack, 400).fields).toEqual({ body: TEXT_INVALID_CHARACTERS_KEY });
    } finally {
      socket.disconnect();
    }
  });

  it.each(BAD_TEXTS)('in a socket payload (%s)', async (_label, text) => {
    const socket = await open(memberToken);
    try {
      const cancel = await socket.timeout(10_000).emitWithAck('appointment-cancel', { appointmentId, reason: text });
      expect(catalogue(cancel, 400).fields).toEqual({ reason: TEXT_INVALID_CHARACTERS_KEY });
      const subscribe = await socket.timeout(10_000).emitWithAck('appointment-subscribe', { appointmentId: text });
      expect(catalogue(subscribe, 400).fields).toEqual({ appointmentId: TEXT_INVALID_CHARACTERS_KEY });
    } finally {
      socket.disconnect();
    }
  });

  it('in a multipart field of a chat attachment', async () => {
    const form = new FormData();
    form.set('type', 'symptoms');
    form.set('clientMessageId', randomUUID());
    form.set('body', NUL);
    form.set('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'a.pdf');
    const res = await fetch(`${t.url}${CHAT_PATHS.attachments(conversationId)}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${memberToken}` } });
    expect(catalogue(await res.json(), 400).fields).toEqual({ body: TEXT_INVALID_CHARACTERS_KEY });
  });
});

describe('GraphQL bodies that are not a document answer 400 in the one error shape', () => {
  const post = async (body: string) => {
    const res = await fetch(`${t.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body });
    return { status: res.status, body: (await res.json()) as { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
  };

  it.each([
    ['a number', JSON.stringify({ query: 42 })],
    ['an object', JSON.stringify({ query: { a: 1 } })],
    ['missing', JSON.stringify({ variables: {} })],
    ['empty', JSON.stringify({ query: '' })],
    ['blank', JSON.stringify({ query: '  \n ' })],
    ['an array body', JSON.stringify([{ query: '{ _empty }' }])],
    ['null', 'null'],
  ])('a query that is %s', async (_label, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const error = gqlCatalogue(res.body, 400);
    expect(error.fields).toEqual({ query: 'invalid_graphql_request' });
    expect(error.message).toBe('Please check the information you sent.');
  });

  it('a document over the size or token limit, or nested deep enough to overflow the stack', async () => {
    const tooLong = `{ _empty ${' '.repeat(GRAPHQL_LIMITS.maxQueryChars)}}`;
    const tooManyTokens = `{ ${'_empty '.repeat(GRAPHQL_LIMITS.maxTokens)}}`;
    const deepList = `{ getPhysician(id: ${'['.repeat(60_000)}${']'.repeat(60_000)}) { id } }`;
    const deepSelection = `{ ${'a { '.repeat(3_000)}b${' }'.repeat(3_000)} }`;
    for (const query of [tooLong, tooManyTokens, deepList, deepSelection]) {
      const res = await post(JSON.stringify({ query }));
      expect(res.status).toBe(400);
      const error = gqlCatalogue(res.body, 400);
      expect(error.fields).toEqual({ query: 'invalid_graphql_request' });
      expect(JSON.stringify(res.body)).not.toMatch(/call stack|Syntax Error|maxTokens|Validation aborted/i);
    }
    const get = await fetch(`${t.url}/api/graphql?query=${encodeURIComponent(deepList.slice(0, 5_000))}`);
    expect(get.status).toBe(400);
    gqlCatalogue((await get.json()) as never, 400);
  });

  it('a document just under the limits still runs', async () => {
    const res = await post(JSON.stringify({ query: `{ ${'_empty '.repeat(GRAPHQL_LIMITS.maxTokens / 2)}}` }));
    expect(res.status).toBe(200);
  });

  it('a syntax or validation error shows the catalogue message, not graphql-js text', async () => {
    const res = await post(JSON.stringify({ query: '{ noSuchField }' }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toBe('Please check the information you sent.');
  });
});

describe('chat attachments: malformed multipart answers 400 or 413 in the one error shape', () => {
  const url = () => `${t.url}${CHAT_PATHS.attachments(conversationId)}`;
  const auth = () => ({ authorization: `Bearer ${memberToken}` });

  it('multipart without a boundary', async () => {
    const res = await fetch(url(), { method: 'POST', headers: { ...auth(), 'content-type': 'multipart/form-data' }, body: 'abc' });
    expect(res.status).toBe(400);
    catalogue(await res.json(), 400);
  });

  it('a truncated upload (no closing boundary)', async () => {
    const boundary = 'puente-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="type"',
      '',
      'symptoms',
      `--${boundary}`,
      `Content-Disposition: form-data; name="clientMessageId"`,
      '',
      randomUUID(),
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 and then the connection',
    ].join('\r\n');
    const res = await fetch(url(), { method: 'POST', headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(res.status).toBe(400);
    catalogue(await res.json(), 400);
  });

  it('a malformed part header', async () => {
    const boundary = 'b';
    const body = `--${boundary}\r\nnot a header\r\n\r\nx\r\n--${boundary}--\r\n`;
    const res = await fetch(url(), { method: 'POST', headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    catalogue(await res.json(), res.status);
  });

  it('an oversized file, and too many parts', async () => {
    const form = new FormData();
    form.set('type', 'symptoms');
    form.set('clientMessageId', randomUUID());
    form.set('file', new Blob([new Uint8Array(CHAT.attachmentMaxBytes + 10)], { type: 'application/pdf' }), 'big.pdf');
    const big = await fetch(url(), { method: 'POST', body: form, headers: auth() });
    expect(catalogue(await big.json(), 400).fields).toEqual({ file: 'chat_attachment_size_error' });

    const many = new FormData();
    for (let i = 0; i < 20; i++) many.append(`f${i}`, 'x');
    const res = await fetch(url(), { method: 'POST', body: many, headers: auth() });
    expect(res.status).toBe(413);
    catalogue(await res.json(), 413);
  });
});

describe("Fastify's and Node's own refusals answer in the one error shape", () => {
  const raw = (head: string): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const { hostname, port } = new URL(t.url);
      const socket = net.connect(Number(port), hostname, () => socket.write(head));
      let out = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (out += d));
      socket.on('error', reject);
      socket.on('close', () => {
        const [headers = '', ...rest] = out.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1]), body: JSON.parse(rest.join('\r\n\r\n')) as unknown });
      });
    });

  it('bad percent-encoding in the URL: 400', async () => {
    const res = await request(t.url, '/api/members/%E0%A4%A', { headers: { 'accept-language': 'en' } });
    const error = catalogue(res.body, 400);
    expect(error).toMatchObject({ fields: { _: 'invalid_request_url' }, message: 'Please check the information you sent.' });
  });

  it('a path parameter over the maximum length: 414', async () => {
    const res = await request(t.url, `/api/members/${'a'.repeat(500)}`);
    expect(catalogue(res.body, 414).fields).toEqual({ _: 'invalid_request_url' });
  });

  it('an unsupported media type: 415', async () => {
    const res = await request(t.url, '/api/auth/pwdless/verify', { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(catalogue(res.body, 415).fields).toEqual({ _: 'unsupported_media_type' });
  });

  it('a body that is not an object (text/plain) is the body key, never zod English', async () => {
    const res = await request(t.url, '/api/auth/pwdless/verify', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(catalogue(res.body, 400).fields).toEqual({ _: 'invalid_request_body' });
  });

  it('a body over the limit: 413', async () => {
    const res = await request(t.url, '/api/auth/pwdless/verify', { rawBody: JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(catalogue(res.body, 413).fields).toEqual({ _: 'request_too_large' });
  });

  it('malformed JSON: 400', async () => {
    const res = await request(t.url, '/api/auth/pwdless/verify', { rawBody: '{"code":' });
    expect(catalogue(res.body, 400).fields).toEqual({ _: 'invalid_request_body' });
  });

  it('headers over the size limit: 431', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(catalogue(res.body, 431).fields).toEqual({ _: 'request_headers_too_large' });
  });

  it('a request line the HTTP parser refuses: 400', async () => {
    const res = await raw('GET /api/he\u0000alth HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(catalogue(res.body, 400).fields).toEqual({ _: 'invalid_request_body' });
  });
});
