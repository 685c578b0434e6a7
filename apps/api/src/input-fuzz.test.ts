import { randomUUID } from 'node:crypto';
import { fc, it } from '@fast-check/vitest';
import {
  addPhoneRequestSchema,
  apiErrorSchema,
  appointmentCancelSchema,
  appointmentLocationChangeSchema,
  appointmentMemberJoinedSchema,
  appointmentRefSchema,
  appointmentUpdateSchema,
  callJoinSchema,
  callLeaveSchema,
  callSignalSchema,
  calendarExceptionInputSchema,
  cancelAppointmentInputSchema,
  cancelScheduledQuerySchema,
  changeLanguageParamsSchema,
  channelParamsSchema,
  chatSendSchema,
  connectionStrengthParamsSchema,
  conversationQuerySchema,
  createAppointmentInputSchema,
  createConversationInputSchema,
  createSessionInputSchema,
  getPhysiciansArgsSchema,
  GQL,
  identityAuthorizeRequestSchema,
  identityVerifyRequestSchema,
  isBusyQuerySchema,
  joinMethodParamsSchema,
  onlinePhysiciansQuerySchema,
  outboxQuerySchema,
  pwdlessPhoneRequestSchema,
  pwdlessResetRequestSchema,
  pwdlessVerifyRequestSchema,
  putCalendarInputSchema,
  refreshSessionInputSchema,
  rescheduleAppointmentArgsSchema,
  restoreAccountRequestSchema,
  saveConsultationNoteInputSchema,
  saveMedicalRecordInputSchema,
  scheduleAppointmentInputSchema,
  scheduledChangeRequestSchema,
  SCHEDULING_GQL,
  sendPrescriptionInputSchema,
  setAvailabilityInputSchema,
  slotsQuerySchema,
  staffEmailStartRequestSchema,
  staffEmailVerifyRequestSchema,
  staffIdentityVerifyRequestSchema,
  staffTotpEnrolmentRequestSchema,
  staffTotpVerifyRequestSchema,
  topicsTemplateArgsSchema,
  updateAppointmentInputSchema,
  verifyEmailRequestSchema,
  videoTokenQuerySchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@puente/contracts';
import { CALL_EVENTS, isSafeText, memberUpdateSchema, REALTIME_EVENTS } from '@puente/domain';
import { Kind, parse, parseValue, print, visit, type TypeNode, type ValueNode } from 'graphql';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { createMember, createSessionFor, freePort, startTestServer, type TestServer } from './test';

/**
 * Issue 8: a property-based sweep of the live server. Inputs are generated from the contract
 * schemas (valid-looking values, hostile strings with NUL or lone surrogates, wrong types, huge
 * strings) and sent over REST, GraphQL (as variables and as inline literals) and socket events.
 * No answer may be a 5xx, every error body must be the catalogue shape with message keys only,
 * and a hostile string in a checked field is never accepted. One server for the file; a few
 * hundred inputs in all (the counts are printed at the end).
 */
let t: TestServer;
let token: string;
let memberId: string;
const sent = { rest: 0, graphqlVariables: 0, graphqlInline: 0, socket: 0 };

beforeAll(async () => {
  // On a known port, so PUBLIC_URL is the real address and the local identity provider answers.
  t = await startTestServer({ port: await freePort(), limits: { sendsPerPhonePerHour: 10_000, sendsPerIpPerHour: 10_000 } });
  const member = await createMember(t.server);
  memberId = member.id;
  token = (await createSessionFor(t.server, member.id)).sessionToken;
});
afterAll(async () => {
  const total = sent.rest + sent.graphqlVariables + sent.graphqlInline + sent.socket;
  console.info(`input fuzz: ${total} generated inputs sent (REST ${sent.rest}, GraphQL variables ${sent.graphqlVariables}, GraphQL inline ${sent.graphqlInline}, socket ${sent.socket})`);
  await t?.close();
});

// --- zod -> fast-check ------------------------------------------------------------------------

/** Strings no schema should accept anywhere. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.string({ maxLength: 8 }).map((s) => `${s}\uD800${s}`),
  fc.string({ maxLength: 8 }).map((s) => `\uDC00${s}`),
  fc.constant('x'.repeat(20_000)),
);
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }) },
  { weight: 2, arbitrary: hostileString },
);
/** Values of the wrong kind for any field. */
const wrongKind = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}), fc.constant({ $gt: '' }), fc.constant('__proto__'));

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** What a schema's checks say of it: length or value bounds and format (zod's `_zod.bag`). */
type Bag = { minimum?: number; maximum?: number; format?: string };
const bagOf = (schema: z.ZodMiniType): Bag => schema._zod.bag as Bag;

/** Real values that reach deeper than the shape check (an id that exists, a phone, a code). */
const known = () => fc.constantFrom(memberId, randomUUID(), '+525512345678', '123456', 'es', 'en', 'UTC', '2026-11-23');

function stringArb(schema: z.ZodMiniString): fc.Arbitrary<string> {
  const { minimum, maximum, format } = bagOf(schema);
  const min = minimum ?? 0;
  const max = Math.min(maximum ?? 40, 200);
  const shaped =
    format === 'uuid' || format === 'guid'
      ? fc.uuid()
      : format === 'email'
        ? fc.emailAddress()
        : format === 'datetime'
          ? fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString())
          : fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, max), unit: 'grapheme' });
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 2, arbitrary: known() }, { weight: 3, arbitrary: hostileString });
}

/** Inputs for a zod schema: mostly its shape (valid-looking), sometimes hostile or the wrong kind. */
function arb(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const def = defOf(schema);
  const inner = (s: unknown) => arb(s as z.ZodMiniType, depth + 1);
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return stringArb(schema as z.ZodMiniString);
      case 'number': {
        const { minimum, maximum, format } = bagOf(schema);
        const min = minimum !== undefined && Number.isFinite(minimum) ? minimum : -1_000;
        const max = maximum !== undefined && Number.isFinite(maximum) ? maximum : 1_000_000;
        return format === 'safeint' ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'undefined':
        return fc.constant(undefined);
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'optional':
        return fc.option(inner(def.innerType), { nil: undefined });
      case 'nullable':
        return fc.option(inner(def.innerType), { nil: null });
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return inner(def.innerType);
      case 'pipe':
        return inner(def.in);
      case 'lazy':
        return inner((def.getter as () => z.ZodMiniType)());
      case 'object': {
        const shape = def.shape as Record<string, z.ZodMiniType>;
        const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v)]));
        return fc.record(fields, { requiredKeys: [] });
      }
      case 'array':
        return fc.array(inner(def.element), { maxLength: 3 });
      case 'tuple':
        return fc.tuple(...(def.items as z.ZodMiniType[]).map(inner));
      case 'record':
        return fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), hostileString), inner(def.valueType), { maxKeys: 3 });
      case 'union':
        return fc.oneof(...(def.options as z.ZodMiniType[]).map(inner));
      case 'intersection':
        return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
      default:
        // unknown, any, custom...: any JSON.
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: wrongKind }, { weight: 1, arbitrary: anyString });
}

/** True when a string anywhere in the value holds a NUL or a lone surrogate. */
const hasUnsafeText = (value: unknown): boolean => {
  if (typeof value === 'string') return !isSafeText(value);
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => !isSafeText(k) || hasUnsafeText(v));
  return false;
};

/** The error body is the one error shape, with a status under 500 and message keys only. */
function expectCatalogue(body: unknown, where: string): z.infer<typeof apiErrorSchema>['error'] {
  const parsed = z.strictObject(apiErrorSchema.shape).safeParse(body);
  expect(parsed.success, `${where}: not the error shape: ${JSON.stringify(body)?.slice(0, 300)}`).toBe(true);
  const error = parsed.data!.error;
  expect(error.status, `${where}: ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(500);
  for (const key of Object.values(error.fields ?? {})) expect(key, `${where}: a field message that is not a key`).toMatch(/^[A-Za-z0-9_.-]+$/);
  return error;
}

// --- REST ---------------------------------------------------------------------------------------

interface RestTarget {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
}
const idParams = z.object({ id: z.string().check(z.minLength(1)) });
const REST: RestTarget[] = [
  { method: 'POST', path: '/api/auth/pwdless/phone', body: pwdlessPhoneRequestSchema },
  { method: 'POST', path: '/api/auth/pwdless/verify', body: pwdlessVerifyRequestSchema },
  { method: 'POST', path: '/api/auth/pwdless/reset', body: pwdlessResetRequestSchema },
  { method: 'POST', path: '/api/auth/send-recovery-code/:phone', params: z.object({ phone: z.string() }) },
  { method: 'POST', path: '/api/user/phone/reset', body: addPhoneRequestSchema },
  { method: 'GET', path: '/api/user/phone-taken/:phone', params: z.object({ phone: z.string() }), query: z.object({ resetToken: z.optional(z.string()) }) },
  { method: 'POST', path: '/api/member/:id/restore-account', params: idParams, body: restoreAccountRequestSchema },
  { method: 'GET', path: '/api/physicians/:id/isbusy', params: idParams, query: isBusyQuerySchema },
  { method: 'PATCH', path: '/api/appointments/:id/join-method/:method', params: joinMethodParamsSchema },
  { method: 'PATCH', path: '/api/appointments/:id/connection-strength/:value', params: connectionStrengthParamsSchema },
  { method: 'PATCH', path: '/api/appointments/:id/channel/:channel', params: channelParamsSchema },
  { method: 'GET', path: '/api/appointments/:id/exit-redirect-url', params: idParams },
  { method: 'POST', path: '/api/appointments/:id/rejoined', params: idParams },
  { method: 'GET', path: '/api/video/token', query: videoTokenQuerySchema },
  { method: 'POST', path: '/api/chat/conversations', body: createConversationInputSchema },
  { method: 'GET', path: '/api/chat/conversations/:id', params: idParams, query: conversationQuerySchema },
  { method: 'GET', path: '/api/chat/conversations/:id/attachments/:sid', params: z.object({ id: z.string(), sid: z.string() }) },
  { method: 'GET', path: '/api/releases/verify/:platform/:version', params: z.object({ platform: z.enum(['ios', 'android', 'web']), version: z.string() }) },
  { method: 'GET', path: '/api/dev/outbox', query: outboxQuerySchema },
  { method: 'GET', path: '/api/auth/identity-providers', query: z.object({ orgId: z.optional(z.string()), empCode: z.optional(z.string()) }) },
  { method: 'POST', path: '/api/auth/oidc/authorize', body: identityAuthorizeRequestSchema },
  { method: 'POST', path: '/api/auth/auth0/verify', body: identityVerifyRequestSchema },
  { method: 'GET', path: '/api/members/:id', params: idParams },
  { method: 'GET', path: '/api/online-physicians', query: onlinePhysiciansQuerySchema },
  { method: 'POST', path: '/api/users/:id/language/:lang', params: changeLanguageParamsSchema },
  { method: 'GET', path: '/api/zip-codes/:zip', params: z.object({ zip: z.string() }) },
  { method: 'POST', path: '/api/email-verification/verify', body: verifyEmailRequestSchema },
  { method: 'POST', path: '/api/staff/auth/email', body: staffEmailStartRequestSchema },
  { method: 'POST', path: '/api/staff/auth/email/verify', body: staffEmailVerifyRequestSchema },
  { method: 'POST', path: '/api/staff/auth/idp/verify', body: staffIdentityVerifyRequestSchema },
  { method: 'POST', path: '/api/staff/auth/totp/enrolment', body: staffTotpEnrolmentRequestSchema },
  { method: 'POST', path: '/api/staff/auth/totp/verify', body: staffTotpVerifyRequestSchema },
  // Scheduling (issue 13): scheduled appointments, slots, calendars (the coach's and the admin's).
  { method: 'POST', path: '/api/scheduled-appointments/:id/cancel', params: idParams, query: cancelScheduledQuerySchema },
  { method: 'GET', path: '/api/scheduled-appointments/mine' },
  { method: 'GET', path: '/api/scheduled-appointments/:id', params: idParams },
  { method: 'POST', path: '/api/scheduled-appointments/:id/join', params: idParams },
  { method: 'POST', path: '/api/scheduled-appointments/:id/support-request', params: idParams, body: scheduledChangeRequestSchema },
  { method: 'GET', path: '/api/physicians/:id/slots', params: idParams, query: slotsQuerySchema },
  { method: 'GET', path: '/api/physicians/:id/calendar', params: idParams },
  { method: 'PUT', path: '/api/physicians/:id/calendar', params: idParams, body: putCalendarInputSchema },
  { method: 'POST', path: '/api/physicians/:id/calendar/exceptions', params: idParams, body: calendarExceptionInputSchema },
  { method: 'DELETE', path: '/api/physicians/:id/calendar/exceptions/:exceptionId', params: z.object({ id: z.string(), exceptionId: z.string() }) },
  { method: 'GET', path: '/api/physicians/:id/scheduled-appointments', params: idParams },
  { method: 'PUT', path: '/api/admin/physicians/:id/calendar', params: idParams, body: putCalendarInputSchema },
  { method: 'POST', path: '/api/admin/physicians/:id/calendar/exceptions', params: idParams, body: calendarExceptionInputSchema },
];

/** A value as a URL segment or query value (a lone surrogate cannot be UTF-8: its CESU-8 bytes). */
const urlEncode = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return Array.from(text)
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      return encodeURIComponent(ch);
    })
    .join('');
};

const restInput = fc.integer({ min: 0, max: REST.length - 1 }).chain((index) => {
  const target = REST[index]!;
  return fc.record({
    index: fc.constant(index),
    params: target.params ? arb(target.params) : fc.constant(undefined),
    query: target.query ? arb(target.query) : fc.constant(undefined),
    body: target.body ? arb(target.body) : fc.constant(undefined),
    authenticated: fc.boolean(),
  });
});

describe('generated inputs over REST', () => {
  it.prop([restInput], { numRuns: 170 })(
    'no 5xx; every error is the catalogue shape; a hostile string in a body is refused',
    async ({ index, params, query, body, authenticated }) => {
      const target = REST[index]!;
      const p = params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
      const path = target.path.replace(/:(\w+)/g, (_m, name: string) => (p[name] === undefined || p[name] === '' ? 'x' : urlEncode(p[name])));
      const q = query && typeof query === 'object' && !Array.isArray(query) ? Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined) : [];
      const url = `${t.url}${path}${q.length ? `?${q.map(([k, v]) => `${urlEncode(k)}=${urlEncode(v)}`).join('&')}` : ''}`;
      const headers: Record<string, string> = { 'accept-language': 'en' };
      if (authenticated) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      sent.rest += 1;
      const res = await fetch(url, { method: target.method, headers, body: body !== undefined && target.method !== 'GET' ? JSON.stringify(body) : undefined });
      const text = await res.text();
      const where = `${target.method} ${target.path} -> ${res.status}`;
      expect(res.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
      if (res.status >= 400) expectCatalogue(JSON.parse(text), where);
      else if (target.body && body !== undefined && hasUnsafeText(body)) expect.fail(`${where}: a NUL or lone surrogate in the body was accepted`);
    },
    90_000,
  );
});

// --- GraphQL ------------------------------------------------------------------------------------

/** The contract schema of each GraphQL operation's arguments, by field name. */
const GRAPHQL_ARGS: Record<string, z.ZodMiniType> = {
  createSession: createSessionInputSchema,
  refreshSession: refreshSessionInputSchema,
  createAppointment: createAppointmentInputSchema,
  updateAppointment: updateAppointmentInputSchema,
  cancelAppointment: cancelAppointmentInputSchema,
  saveMedicalRecord: saveMedicalRecordInputSchema,
  sendPrescription: sendPrescriptionInputSchema,
  saveConsultationNote: saveConsultationNoteInputSchema,
  getPhysicians: getPhysiciansArgsSchema,
  setAvailability: setAvailabilityInputSchema,
  getConsultationTopicsTemplate: topicsTemplateArgsSchema,
  updateMember: z.object({ memberId: z.string(), data: memberUpdateSchema }),
  scheduleAppointment: z.object({ input: scheduleAppointmentInputSchema }),
  rescheduleAppointment: rescheduleAppointmentArgsSchema,
};

const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));
const byGraphqlType = (type: TypeNode): fc.Arbitrary<unknown> => {
  const name = namedType(type);
  const base =
    name === 'Int' ? fc.integer({ min: -1_000, max: 1_000_000 }) : name === 'Float' ? fc.double({ noNaN: true, noDefaultInfinity: true }) : name === 'Boolean' ? fc.boolean() : name === 'ID' || name === 'String' ? stringArb(z.string()) : fc.jsonValue({ maxDepth: 2 });
  return type.kind === Kind.LIST_TYPE ? fc.array(base, { maxLength: 3 }) : base;
};

const DOCUMENTS = [...Object.entries(GQL as Record<string, string>), ...Object.entries(SCHEDULING_GQL as Record<string, string>)];
const graphqlInput = fc.integer({ min: 0, max: DOCUMENTS.length - 1 }).chain((index) => {
  const [, document] = DOCUMENTS[index]!;
  const operation = parse(document).definitions[0]!;
  const definitions = operation.kind === Kind.OPERATION_DEFINITION ? (operation.variableDefinitions ?? []) : [];
  const field = operation.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
  const argsSchema = field?.kind === Kind.FIELD ? GRAPHQL_ARGS[field.name.value] : undefined;
  const shape = argsSchema && defOf(argsSchema).type === 'object' ? (defOf(argsSchema).shape as Record<string, z.ZodMiniType>) : {};
  const variables = fc.record(
    Object.fromEntries(definitions.map((d) => [d.variable.name.value, shape[d.variable.name.value] ? arb(shape[d.variable.name.value]!) : byGraphqlType(d.type)])),
    { requiredKeys: [] },
  );
  return fc.record({ index: fc.constant(index), variables, authenticated: fc.boolean() });
});

/** A JSON value as a GraphQL literal (object keys that are not GraphQL names are left out). */
const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .filter(([k]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(k))
    .map(([k, v]) => `${k}: ${literal(v)}`)
    .join(', ')}}`;
};

/** The document with each variable replaced by its value as an inline literal. */
const inlineDocument = (document: string, variables: Record<string, unknown>): string => {
  let failed = false;
  const inlined = visit(parse(document), {
    OperationDefinition: (node) => ({ ...node, variableDefinitions: [] }),
    Variable: (node) => {
      try {
        return parseValue(literal(variables[node.name.value])) as ValueNode;
      } catch {
        failed = true; // e.g. a lone surrogate escape: send the raw text instead (the server must refuse it).
        return node;
      }
    },
  });
  if (!failed) return print(inlined);
  return print(inlined).replace(/\$(\w+)/g, (_m, name: string) => literal(variables[name]));
};

async function postGraphql(body: unknown, authenticated: boolean): Promise<{ status: number; json: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] } }> {
  const res = await fetch(`${t.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(authenticated ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as never };
}

const checkGraphqlAnswer = (answer: Awaited<ReturnType<typeof postGraphql>>, where: string, hostile: boolean) => {
  expect(answer.status, `${where}: ${JSON.stringify(answer.json).slice(0, 300)}`).toBeLessThan(500);
  for (const error of answer.json.errors ?? []) {
    const body = expectCatalogue({ error: error.extensions?.error }, where);
    expect(error.message, `${where}: an internal message`).toBe(body.message);
  }
  if (hostile && answer.status === 200 && !answer.json.errors?.length) expect.fail(`${where}: a NUL or lone surrogate was accepted`);
};

describe('generated inputs over GraphQL', () => {
  it.prop([graphqlInput], { numRuns: 70 })(
    'as variables and as inline literals: no 5xx, every error the catalogue shape, never the internal message',
    async ({ index, variables, authenticated }) => {
      const [name, document] = DOCUMENTS[index]!;
      const hostile = hasUnsafeText(variables);
      sent.graphqlVariables += 1;
      checkGraphqlAnswer(await postGraphql({ query: document, variables }, authenticated), `GraphQL ${name} (variables)`, hostile);
      sent.graphqlInline += 1;
      checkGraphqlAnswer(await postGraphql({ query: inlineDocument(document, variables as Record<string, unknown>) }, authenticated), `GraphQL ${name} (inline)`, hostile);
    },
    90_000,
  );
});

// --- Socket events ------------------------------------------------------------------------------

const SOCKET_EVENTS: [string, z.ZodMiniType][] = [
  [REALTIME_EVENTS.chatSend, chatSendSchema],
  ['appointment-update', appointmentUpdateSchema],
  ['appointment-cancel', appointmentCancelSchema],
  ['appointment-location-change', appointmentLocationChangeSchema],
  ['appointment-subscribe', appointmentRefSchema],
  ['command-finish-appointment', appointmentRefSchema],
  ['appointment-member-joined', appointmentMemberJoinedSchema],
  [CALL_EVENTS.join, callJoinSchema],
  [CALL_EVENTS.signal, callSignalSchema],
  [CALL_EVENTS.leave, callLeaveSchema],
];
const socketInput = fc.integer({ min: 0, max: SOCKET_EVENTS.length - 1 }).chain((index) => fc.record({ index: fc.constant(index), payload: arb(SOCKET_EVENTS[index]![1]) }));

describe('generated inputs over socket events', () => {
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  beforeAll(async () => {
    socket = await new Promise((resolve, reject) => {
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  });
  afterAll(() => {
    socket?.disconnect();
  });

  it.prop([socketInput], { numRuns: 70 })(
    'every acknowledgement is ok or the catalogue shape (never UNKNOWN_ERROR); the connection survives',
    async ({ index, payload }) => {
      const [event] = SOCKET_EVENTS[index]!;
      sent.socket += 1;
      const emit = socket.timeout(5_000).emitWithAck as unknown as (event: string, payload: unknown) => Promise<unknown>;
      const ack = (await emit.call(socket.timeout(5_000), event, payload)) as Record<string, unknown> | undefined;
      const where = `socket ${event}`;
      if (ack && typeof ack === 'object' && 'error' in ack) expectCatalogue(ack, where);
      else if (hasUnsafeText(payload) && event !== CALL_EVENTS.leave && event !== 'appointment-unsubscribe') expect.fail(`${where}: a NUL or lone surrogate was accepted: ${JSON.stringify(ack)}`);
      expect(socket.connected, `${where}: the server dropped the connection`).toBe(true);
    },
    90_000,
  );
});
