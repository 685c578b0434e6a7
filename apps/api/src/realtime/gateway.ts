import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { REALTIME_EVENTS, socketAuthSchema, userRoom, type ClientToServerEvents, type ServerToClientEvents, type UserRegistered } from '@puente/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { AppError, languageFromHeader } from '../errors';
import type { InvalidationBus } from '../lib/invalidation-bus';
import type { CallRole, Language, SessionScope } from '@puente/domain';
import type { SessionLookups } from '../lib/session-lookups';
import type { AuthContext, SessionSocketControl } from '../modules/auth/auth.service';
import { guestRoom } from '../modules/auth/session-scope';
import { budgetKindOf, SocketBudget } from './socket-budget';

interface SocketData {
  userId: string;
  sessionId: string;
  userType: AuthContext['user']['userType'];
  /** The session's stored scope (a guest link's: one appointment), null for a full session. */
  scope: SessionScope | null;
  /** The language of this socket's answers: the handshake's Accept-Language, then the account's. */
  lang: Language;
  /** The calls this socket has joined (call module): appointment id -> its peer. Made on the first join. */
  calls?: Map<string, { peerId: string; role: CallRole }>;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type PuenteSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * A module's part of the realtime gateway, made once for the server (issue 16: memory per socket).
 * Every socket shares these functions: a socket holds one catch-all listener and one disconnect
 * listener, never a closure per event, and its own state is in `socket.data`.
 */
export interface SocketHandlers {
  /** Once the socket is connected and authenticated (rooms, presence). */
  connected?: (socket: PuenteSocket) => void;
  /** The module's client events, each with its socket and the event's arguments. */
  events?: { [E in keyof ClientToServerEvents]?: (socket: PuenteSocket, ...args: Parameters<ClientToServerEvents[E]>) => void };
  /** After the socket has gone (its rooms are already left). */
  disconnected?: (socket: PuenteSocket) => void;
}
type EventHandler = (socket: PuenteSocket, ...args: unknown[]) => void;

/** An Error whose `data` reaches the client's connect_error in the one error shape. */
class HandshakeError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

export interface GatewayOptions {
  publicUrl: string;
  allowedOrigins: string[];
  /**
   * The nodes' shared Redis. `keyPrefix` (the deployment's, as its other keys) names the adapter's
   * channels, so nodes of another deployment or test on the same Redis are neither asked nor
   * waited for (a node's cross-node lookup waits for every subscriber of its channel).
   */
  redis?: { pub: Redis; sub: Redis; keyPrefix: string };
  /**
   * Revoked sessions (topic 'session'): every node disconnects its own sockets of the session.
   * Without it, `disconnectSession` reaches this node's sockets only.
   */
  bus?: InvalidationBus;
  log: FastifyBaseLogger;
}

/**
 * Decides whether a browser Origin may open a socket: the public URL, the listed extra origins, or
 * the very host the request reached (same origin). Requests without an Origin (same-origin polling,
 * native clients) still need a valid session token, which is what protects the socket.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, options: Pick<GatewayOptions, 'publicUrl' | 'allowedOrigins'>): boolean {
  if (!origin) return true;
  const normalised = origin.replace(/\/$/, '');
  if (normalised === new URL(options.publicUrl).origin || options.allowedOrigins.includes(normalised)) return true;
  try {
    return host !== undefined && new URL(normalised).host === host;
  } catch {
    return false;
  }
}

/**
 * The Redis adapter publishes without waiting for the answer: while Redis is down each publish
 * would reject with nobody to catch it (an unhandled rejection ends the process). Sockets on this
 * node still get their events (the adapter delivers locally first); other nodes miss them until
 * Redis is back (degraded cross-node delivery, logged).
 */
function publishingSafely(pub: Redis, log: FastifyBaseLogger): Redis {
  let lastLogged = 0;
  return new Proxy(pub, {
    get(target, property) {
      if (property === 'publish') {
        return (...args: Parameters<Redis['publish']>) =>
          target.publish(...args).catch((err: unknown) => {
            // One line every 10 s at most, not one per event.
            if (Date.now() - lastLogged > 10_000) {
              lastLogged = Date.now();
              log.warn({ err }, 'realtime: Redis unreachable, events reach this node only');
            }
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * What a socket's handshake is once it is read (issue 16: memory per socket). One frozen object for
 * every socket: the language and the session's id are on socket.data; the session token, headers
 * and query are not kept for the socket's lifetime.
 */
const READ_HANDSHAKE = Object.freeze({
  headers: Object.freeze({}),
  time: '',
  address: '',
  xdomain: false,
  secure: false,
  issued: 0,
  url: '',
  query: Object.freeze({}),
  auth: Object.freeze({}),
}) as unknown as PuenteSocket['handshake'];

/**
 * The acknowledgements a socket awaits from its client: the server never emits with an ack, so
 * every socket shares this one empty map instead of a Map each. Emitting with an ack (socket.emit
 * with a callback, emitWithAck, a timeout broadcast) throws here rather than growing a map that
 * every socket shares.
 */
class NoAcks extends Map<number, unknown> {
  override set(): this {
    throw new Error('realtime: the server does not emit with an acknowledgement (sockets share one empty acks map)');
  }
}
export const SHARED_ACKS: ReadonlyMap<number, unknown> = new NoAcks();

interface Listening {
  listener?: (...args: unknown[]) => void;
  name?: string;
}
interface EngineLeftovers {
  request: Record<string, unknown> | null;
  transport?: {
    removeAllListeners(event: string): void;
    socket?: {
      listeners(event: string): Listening[];
      removeListener(event: string, listener: unknown): void;
      _socket?: { rawListeners(event: string): Listening[]; removeListener(event: string, listener: unknown): void };
    };
  };
}

/**
 * Once the socket is set up (authentication, rooms, the modules' connected hooks), what the HTTP
 * upgrade left behind is no longer needed, yet Engine.IO keeps it (Socket.IO's memory-usage advice
 * is to drop the request): the IncomingMessage with its raw headers and parser state; the upgrade's
 * WebSocketResponse, kept alive by a once('close') on the TCP socket that nothing listens to; the
 * upgrade-time no-op 'error' listener on the WebSocket (the transport's own handles errors); the
 * transport's 'headers' listener (a closure over the server, used for the HTTP answer only); the
 * handshake object; the acks map.
 */
function forgetHandshakeRequest(socket: PuenteSocket): void {
  const conn = socket.conn as unknown as EngineLeftovers;
  const request = conn.request;
  conn.request = null;
  if (request) {
    const response = request.res as { req?: unknown } | null | undefined;
    if (response && typeof response === 'object') response.req = null;
    for (const field of ['headers', 'rawHeaders', 'trailers', 'rawTrailers', '_query', 'websocket', 'res', 'url']) request[field] = null;
  }
  const transport = conn.transport;
  transport?.removeAllListeners('headers');
  const websocket = transport?.socket;
  if (websocket && typeof websocket.listeners === 'function') {
    for (const listener of websocket.listeners('error')) if (listener.name === 'onUpgradeError') websocket.removeListener('error', listener);
    const tcp = websocket._socket;
    if (tcp) {
      for (const raw of tcp.rawListeners('close')) {
        if (raw.listener && raw.listener.name === '' && String(raw.listener).includes('this.emit("close")')) tcp.removeListener('close', raw.listener);
      }
    }
  }
  (socket as { handshake: PuenteSocket['handshake'] }).handshake = READ_HANDSHAKE;
  (socket as unknown as { acks: ReadonlyMap<number, unknown> }).acks = SHARED_ACKS;
}

/**
 * The sockets in a room on every node (Socket.IO's fetchSockets asks the other nodes through
 * Redis). While Redis is unreachable, the sockets on this node only (degraded cross-node delivery),
 * at once when the adapter's connection is known to be down, else when the request fails.
 */
export async function socketsInRoom(socket: PuenteSocket, room: string, log: FastifyBaseLogger): Promise<{ data: SocketData; emit: PuenteSocket['emit'] }[]> {
  const local = () => socket.nsp.local.in(room).fetchSockets();
  const pub = (socket.nsp.adapter as { pubClient?: { status?: unknown } }).pubClient;
  if (pub && typeof pub.status === 'string' && pub.status !== 'ready') return local();
  try {
    return await socket.nsp.in(room).fetchSockets();
  } catch (err) {
    log.warn({ err }, 'realtime: Redis unreachable, looking for sockets on this node only');
    return local();
  }
}

/** The gateway's own events (spec: user-register, socket-id-update, user-unregister). */
const GATEWAY_EVENTS: Record<string, (socket: PuenteSocket, args: unknown[]) => void> = {
  [REALTIME_EVENTS.userRegister]: (socket, [ack]) => {
    if (typeof ack === 'function') ack(registered(socket));
  },
  [REALTIME_EVENTS.socketIdUpdate]: (socket, [ack]) => {
    if (typeof ack === 'function') ack(registered(socket));
  },
  [REALTIME_EVENTS.userUnregister]: (socket, [ack]) => {
    if (!socket.data.scope) void socket.leave(userRoom(socket.data.userId));
    if (typeof ack === 'function') ack({ ok: true });
  },
};
const registered = (socket: PuenteSocket): UserRegistered => ({ userId: socket.data.userId, socketId: socket.id });

/** Socket.IO on the API's http server at /socket.io. */
export class RealtimeGateway implements SessionSocketControl {
  private io: RealtimeServer | undefined;
  private readonly events = new Map<string, EventHandler>();
  private readonly onConnected: ((socket: PuenteSocket) => void)[] = [];
  private readonly onDisconnected: ((socket: PuenteSocket) => void)[] = [];
  /** The one catch-all listener every socket shares (Socket.IO calls it with the socket as `this`). */
  private readonly dispatch: (...args: unknown[]) => void;
  /** The one disconnect listener every socket shares. */
  private readonly disconnected: () => void;

  /** Per-user event budget and per-session socket cap (socket-budget.ts). */
  constructor(private readonly budget: SocketBudget = new SocketBudget()) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the listeners' `this` is the socket
    const gateway = this;
    this.dispatch = function (this: PuenteSocket, ...args: unknown[]) {
      gateway.route(this, args);
    };
    this.disconnected = function (this: PuenteSocket) {
      gateway.budget.release(this.data.sessionId);
      for (const hook of gateway.onDisconnected) hook(this);
    };
  }

  /** Modules add their socket handlers here, before attach. An event has one owner. */
  use(handlers: SocketHandlers): void {
    for (const [event, handler] of Object.entries(handlers.events ?? {})) {
      if (this.events.has(event)) throw new Error(`socket event ${event} has two handlers`);
      this.events.set(event, handler as EventHandler);
    }
    if (handlers.connected) this.onConnected.push(handlers.connected);
    if (handlers.disconnected) this.onDisconnected.push(handlers.disconnected);
  }

  attach(httpServer: HttpServer, auth: Pick<SessionLookups, 'authenticate'>, options: GatewayOptions): RealtimeServer {
    const io: RealtimeServer = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: (origin, cb) => cb(null, isAllowedOrigin(origin, undefined, options)), credentials: false },
      // No compression per socket (Engine.IO's default, said here): a zlib context costs far more
      // than a socket's whole budget, and realtime payloads are small.
      perMessageDeflate: false,
    });
    // A revoked session (here or on another node): this node's sockets of it close.
    options.bus?.subscribe('session', (sessionId) => {
      if (sessionId !== undefined) this.disconnectLocalSession(sessionId);
    });
    if (options.redis) io.adapter(createAdapter(publishingSafely(options.redis.pub, options.log), options.redis.sub, { key: `${options.redis.keyPrefix}socket.io` }));

    io.use((socket, next) => {
      const lang = languageFromHeader(socket.handshake.headers['accept-language']);
      const refuse = (error: AppError) => next(new HandshakeError(error.toBody(lang).message, error.toJSONBody(lang)));
      if (!isAllowedOrigin(socket.handshake.headers.origin, socket.handshake.headers.host, options)) return refuse(new AppError('FORBIDDEN'));
      const parsed = socketAuthSchema.safeParse(socket.handshake.auth);
      if (!parsed.success) return refuse(new AppError('UNAUTHORIZED'));
      auth.authenticate(parsed.data.token).then(
        (ctx: AuthContext | undefined) => {
          if (!ctx) return refuse(new AppError('UNAUTHORIZED'));
          const sessionId = ctx.session.id;
          if (!this.budget.admit(sessionId)) return refuse(new AppError('LIMIT_EXCEEDED'));
          // The socket keeps ids only, never the session and user rows (memory per socket); the
          // shared disconnect listener releases the session's place.
          socket.data.userId = ctx.user.id;
          socket.data.sessionId = sessionId;
          socket.data.userType = ctx.user.userType;
          socket.data.scope = ctx.user.sessionScope ?? null;
          socket.data.lang = lang;
          next();
        },
        (err: unknown) => {
          options.log.error({ err }, 'socket authentication failed');
          refuse(new AppError('UNKNOWN_ERROR'));
        },
      );
    });

    io.on('connection', (socket: PuenteSocket) => this.onConnection(socket));
    this.io = io;
    return io;
  }

  private onConnection(socket: PuenteSocket): void {
    const { userId, scope } = socket.data;
    socket.onAny(this.dispatch);
    socket.on('disconnect', this.disconnected);
    // A guest-link socket hears about its own appointment only, never the member's other ones.
    // No room per session (memory per socket): a revoked session's sockets are found by scanning.
    void socket.join(scope ? guestRoom(scope.appointmentId) : userRoom(userId));
    for (const hook of this.onConnected) hook(socket);
    forgetHandshakeRequest(socket);
  }

  /**
   * One client event: the user's budget first (an event over it never reaches its handler; its
   * acknowledgement, if asked for, gets 429 LIMIT_EXCEEDED in her language), then the event's
   * handler; an event nobody handles is ignored, as Socket.IO ignores one without listeners.
   */
  private route(socket: PuenteSocket, args: unknown[]): void {
    const [event, ...rest] = args;
    if (typeof event !== 'string') return;
    if (!this.budget.take(socket.data.userId, budgetKindOf(event))) {
      const ack = rest.at(-1);
      if (typeof ack === 'function') (ack as (answer: unknown) => void)(new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: 1 }).toJSONBody(socket.data.lang));
      return;
    }
    const own = GATEWAY_EVENTS[event];
    if (own) return own(socket, rest);
    this.events.get(event)?.(socket, ...rest);
  }

  /** Emits to every socket of a user (services call this after their policy check). */
  emitToUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.io?.to(userRoom(userId)).emit(event, ...args);
  }

  /** Emits to the union of rooms (each socket once). Callers run their policy check first. */
  emitToRooms<E extends keyof ServerToClientEvents>(rooms: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (rooms.length > 0) this.io?.to(rooms).emit(event, ...args);
  }

  /** Every socket in `fromRoom` (e.g. a user's room) leaves `room`, on every node. */
  leaveRoom(fromRoom: string, room: string): void {
    // Locally at once (the Redis adapter applies its own request later, after an emit that
    // follows), then on every other node.
    this.io?.in(fromRoom).local.socketsLeave(room);
    this.io?.in(fromRoom).socketsLeave(room);
  }

  /**
   * The session's sockets on this node close; the client sees 'io server disconnect' and does not
   * reconnect by itself. Other nodes close theirs when the revocation reaches them on the bus
   * (`GatewayOptions.bus`): the caller publishes it (app.ts).
   */
  disconnectSession(sessionId: string): void {
    this.disconnectLocalSession(sessionId);
  }

  /** A scan of this node's sockets (a logout is rare; a room per session would cost every socket). */
  private disconnectLocalSession(sessionId: string): void {
    const sockets = this.io?.of('/').sockets;
    if (!sockets) return;
    const doomed: PuenteSocket[] = [];
    for (const socket of sockets.values()) if (socket.data.sessionId === sessionId) doomed.push(socket);
    for (const socket of doomed) socket.disconnect(false);
  }

  /**
   * Closes every connection at the transport level, without Socket.IO's disconnect packet: clients
   * see 'transport close' and reconnect by themselves (to another node, once this one has stopped
   * listening), where 'io server disconnect' would leave them disconnected.
   */
  async close(): Promise<void> {
    const io = this.io;
    if (!io) return;
    this.io = undefined;
    // io.close() would also close the http server, which fastify owns; close the connections only.
    io.engine.close();
  }
}
