import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { onlinePhysiciansQuerySchema, type OnlinePhysiciansQuery } from '@puente/contracts';
import type { Language } from '@puente/domain';
import { parse as parseQueryString } from 'fast-querystring';
import { languageFromHeader } from './errors';
import { bearerToken } from './http';
import type { AuthContext } from './modules/auth/auth.service';

const PATH = '/api/online-physicians';
const QUESTION_MARK = 0x3f;
// Not in the spec: how many distinct query strings are remembered parsed (they are free text).
const MAX_QUERIES = 200;

export interface OnlinePhysiciansFastPathDeps {
  /** The session remembered for this bearer token, if any (SessionCache.peek: never waits). */
  session: (token: string) => AuthContext | undefined;
  /** The route's body when it is ready in memory (PhysiciansService.onlinePhysiciansBodyNow). */
  body: (query: OnlinePhysiciansQuery, lang: Language, memberId: string | undefined) => string | undefined;
  /** The security headers of an API answer, no-store included (apiSecurityHeaders: what the hook sets). */
  apiHeaders: Readonly<Record<string, string>>;
  /** The CORS origins (@fastify/cors's `origin` list). */
  allowedOrigins: readonly string[];
  /** Writes the access line (AccessLog.answered at the server logger's level). */
  accessLog: (reqId: string, method: string, route: string, status: number, ms: number) => void;
  /** Request ids as the server makes them (its genReqId). */
  requestId: () => string;
}

/**
 * GET /api/online-physicians answered before Fastify when everything it needs is in memory: spec
 * 7's poll, every 4 s from every waiting member, is the server's hottest request, and Fastify's
 * request cycle (routing, hooks, reply, the CORS plugin) cost three times the answer itself.
 *
 * It answers only the plain case: a GET (no body) on the exact path, a remembered session that is
 * not a scoped (guest-link) one, a query the contract accepts, and a body the physicians service
 * already serialized for this variant with its inputs current (presence, profiles, the member's
 * scheduled appointments). The answer is the route's, header for header: the same security
 * headers (the API's, no-store included, as the hook sets them), CORS as @fastify/cors answers a
 * simple request (Vary: Origin; Access-Control-Allow-Origin for an allowed origin), the same
 * Content-Type, and the same access line. Anything else (HEAD, OPTIONS, another path, no or an
 * unknown token, a bad query, a cold cache, a member about to start a scheduled call) returns
 * false and goes through Fastify, whose answer the test compares with this one.
 */
export function onlinePhysiciansFastPath(deps: OnlinePhysiciansFastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const origins = new Set(deps.allowedOrigins);
  // The raw query string -> the contract's parse (null: refused, Fastify answers the 400).
  const queries = new Map<string, OnlinePhysiciansQuery | null>();
  const parseQuery = (raw: string): OnlinePhysiciansQuery | null => {
    let query = queries.get(raw);
    if (query === undefined) {
      // As Fastify's router parses it (find-my-way: fast-querystring), then the route's schema.
      const parsed = onlinePhysiciansQuerySchema.safeParse(raw.length === 0 ? {} : parseQueryString(raw));
      query = parsed.success ? parsed.data : null;
      if (queries.size >= MAX_QUERIES) queries.clear();
      queries.set(raw, query);
    }
    return query;
  };
  // Every header of the answer but CORS's origin and the length, built once.
  const fixedHeaders = Object.freeze({ ...deps.apiHeaders, vary: 'Origin', 'content-type': 'application/json; charset=utf-8' });
  // The last body and its headers with its length, built when the body changes (not per request).
  let lastBody = '';
  let lastHeaders: Readonly<Record<string, string | number>> = fixedHeaders;

  return (req, res) => {
    const start = performance.now();
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(PATH)) return false;
    if (url.length !== PATH.length && url.charCodeAt(PATH.length) !== QUESTION_MARK) return false;
    const headers = req.headers;
    // A GET with a body (or asking to send one) is Fastify's to judge.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined || headers.expect !== undefined) return false;
    const token = bearerToken(headers.authorization);
    if (!token) return false;
    const auth = deps.session(token);
    if (!auth || auth.user.sessionScope) return false;
    const query = parseQuery(url.length === PATH.length ? '' : url.slice(PATH.length + 1));
    if (!query) return false;
    const lang = auth.user.preferredLang ?? languageFromHeader(headers['accept-language']);
    const body = deps.body(query, lang, auth.user.userType === 'member' ? auth.user.id : undefined);
    if (body === undefined) return false;

    if (body !== lastBody) {
      lastBody = body;
      lastHeaders = Object.freeze({ ...fixedHeaders, 'content-length': Buffer.byteLength(body) });
    }
    const origin = headers.origin;
    // One writeHead with every header (no setHeader before it: Node then takes the object as it is).
    res.writeHead(200, origin !== undefined && origins.has(origin) ? { ...lastHeaders, 'access-control-allow-origin': origin } : lastHeaders);
    res.end(body);
    deps.accessLog(deps.requestId(), 'GET', PATH, 200, Math.round((performance.now() - start) * 10) / 10);
    return true;
  };
}

/**
 * Puts `fastPath` in front of the server's request listener (Fastify's): a request it answers
 * never reaches Fastify. Called before Socket.IO attaches (it wraps the listeners the same way).
 * While the server closes, everything goes to Fastify (which answers 503 and closes connections).
 * A fast path that throws is reported to `onError` and its request goes to Fastify (or, had it
 * begun to answer, the connection is closed): it can never crash the process.
 */
export function installFastPath(server: Server, fastPath: (req: IncomingMessage, res: ServerResponse) => boolean, onError: (err: unknown) => void): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length !== 1) throw new Error(`installFastPath: expected one request listener (Fastify's), found ${listeners.length}`);
  const fastify = listeners[0]!;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (server.listening && fastPath(req, res)) return;
    } catch (err) {
      onError(err);
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    fastify(req, res);
  });
}
