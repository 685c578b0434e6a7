import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { AppError } from '../../errors';
import type { CallService } from './call.service';

// The same graphql copy mercurius uses (see graphql.ts).
const { parse, Kind } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** GraphQL root fields a guest session may use; those naming an appointment must name its own. */
const GUEST_FIELDS = new Set(['getMember', 'getCurrentAppointment', 'getAppointment', 'appointmentDetails', 'updateAppointment', 'getPhysician']);
const APPOINTMENT_ARGS = ['appointmentId', 'id'];

const rootFields = (doc: DocumentNode): { name: string; args: Record<string, unknown> }[] =>
  doc.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .flatMap((op) => op.selectionSet.selections)
    .flatMap((s) => (s.kind === Kind.FIELD ? [s] : []))
    .map((f) => ({
      name: f.name.value,
      args: Object.fromEntries((f.arguments ?? []).map((a) => [a.name.value, a.value.kind === Kind.VARIABLE ? { variable: a.value.name.value } : a.value.kind === Kind.STRING ? a.value.value : a.value])),
    }));

const argValue = (arg: unknown, variables: Record<string, unknown>): unknown => {
  if (arg && typeof arg === 'object' && 'variable' in arg) {
    const v = variables[(arg as { variable: string }).variable];
    return v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
  }
  return arg;
};

const graphqlAllowed = (body: unknown, scope: string): boolean => {
  const { query, variables } = (body ?? {}) as { query?: unknown; variables?: Record<string, unknown> };
  if (typeof query !== 'string') return false;
  let fields;
  try {
    fields = rootFields(parse(query));
  } catch {
    return true; // not a valid document: GraphQL answers INVALID_DATA itself
  }
  return fields.every((f) => {
    if (!GUEST_FIELDS.has(f.name)) return false;
    return APPOINTMENT_ARGS.every((name) => !(name in f.args) || argValue(f.args[name], variables ?? {}) === scope);
  });
};

const PUBLIC_PREFIXES = ['/api/configs', '/api/system', '/api/physicians', '/api/health', '/api/releases', '/api/interactions'];

/** Whether a guest session scoped to `scope` may make this request. */
export function guestMayCall(method: string, url: string, query: unknown, body: unknown, scope: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path === '/api/auth/logout') return true;
  if (path === '/api/graphql') return method === 'POST' && graphqlAllowed(body, scope);
  if (path === '/api/video/token') return (query as { roomName?: unknown } | null)?.roomName === scope;
  // Anything about its own appointment (join method, connection strength, channel, chat...).
  if (path.includes(`/${scope}`)) return true;
  return method === 'GET' && PUBLIC_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * A session opened from a guest link reaches one appointment only (spec 2 "Link to consult"):
 * everything else is FORBIDDEN, and refreshSession hands out a session with the same scope.
 * Installed on the root instance right after the bearer hook, so it covers every route.
 */
export function installGuestScope(app: FastifyInstance, calls: CallService): void {
  /** request -> the scope a refreshed guest session must keep */
  const refreshing = new WeakMap<object, string>();
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0];
    if (path === '/api/graphql' && request.method === 'POST') {
      const { query, variables } = (request.body ?? {}) as { query?: unknown; variables?: Record<string, unknown> };
      if (typeof query === 'string' && query.includes('refreshSession')) {
        const token = variables?.sessionToken;
        const scope = typeof token === 'string' ? await calls.guestScopeOfToken(token) : null;
        if (scope) {
          if (!graphqlAllowed({ query: query.replace(/refreshSession/g, 'getMember'), variables }, scope)) throw new AppError('FORBIDDEN');
          refreshing.set(request, scope);
          return;
        }
      }
    }
    if (!request.auth) return;
    const scope = await calls.guestScope(request.auth.session.id);
    if (scope && !guestMayCall(request.method, request.url, request.query, request.body, scope)) throw new AppError('FORBIDDEN');
  });
  // A refreshed guest session keeps its scope: the new session is scoped before the answer leaves.
  app.addHook('onSend', async (request, _reply, payload) => {
    const scope = refreshing.get(request);
    if (!scope || typeof payload !== 'string') return payload;
    const token = (JSON.parse(payload) as { data?: { refreshSession?: { sessionToken?: string } } }).data?.refreshSession?.sessionToken;
    if (token) await calls.scopeSessionToken(token, scope);
    return payload;
  });
}
