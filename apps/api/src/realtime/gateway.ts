import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { REALTIME_EVENTS, socketAuthSchema, userRoom, type ClientToServerEvents, type ServerToClientEvents, type UserRegistered } from '@puente/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { AppError, languageFromHeader } from '../errors';
import type { SessionScope } from '@puente/domain';
import type { AuthContext, AuthService, SessionSocketControl } from '../modules/auth/auth.service';
import { guestRoom } from '../modules/auth/session-scope';
import { SocketBudget } from './socket-budget';

interface SocketData {
  userId: string;
  sessionId: string;
  userType: AuthContext['user']['userType'];
  /** The session's stored scope (a guest link's: one appointment), null for a full session. */
  scope: SessionScope | null;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type PuenteSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

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
  redis?: { pub: Redis; sub: Redis };
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
 * Once the socket is set up (authentication, rooms, the plugins' languages are read), its HTTP
 * upgrade request is no longer needed, yet Engine.IO keeps it (Socket.IO's memory-usage advice is
 * to drop it): the IncomingMessage, its raw headers and parser state cost a few kB per socket. The
 * handshake keeps a copy of the one header read later, the member's language.
 */
function forgetHandshakeRequest(socket: PuenteSocket): void {
  const conn = socket.conn as unknown as { request: Record<string, unknown> | null };
  const request = conn.request;
  conn.request = null;
  // Engine.IO's upgrade response keeps the request too (a close listener on the TCP socket): empty it.
  if (request) for (const field of ['headers', 'rawHeaders', 'trailers', 'rawTrailers', '_query', 'websocket', 'res', 'url']) request[field] = null;
  const language = socket.handshake.headers['accept-language'];
  socket.handshake.headers = language === undefined ? {} : { 'accept-language': language };
}

/** Socket.IO on the API's http server at /socket.io. */
export class RealtimeGateway implements SessionSocketControl {
  private io: RealtimeServer | undefined;
  private readonly plugins: ((socket: PuenteSocket) => void)[] = [];

  /** Per-user event budget and per-session socket cap (socket-budget.ts). */
  constructor(private readonly budget: SocketBudget = new SocketBudget()) {}

  /** Modules add their socket handlers here (before or after attach). */
  use(plugin: (socket: PuenteSocket) => void): void {
    this.plugins.push(plugin);
  }

  attach(httpServer: HttpServer, auth: AuthService, options: GatewayOptions): RealtimeServer {
    const io: RealtimeServer = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: (origin, cb) => cb(null, isAllowedOrigin(origin, undefined, options)), credentials: false },
    });
    if (options.redis) io.adapter(createAdapter(publishingSafely(options.redis.pub, options.log), options.redis.sub));

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
          // The listener keeps the id only, never the session and user rows (memory per socket).
          socket.once('disconnect', () => this.budget.release(sessionId));
          socket.data.userId = ctx.user.id;
          socket.data.sessionId = sessionId;
          socket.data.userType = ctx.user.userType;
          socket.data.scope = ctx.user.sessionScope ?? null;
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
    const { userId, sessionId, scope } = socket.data;
    socket.use(this.budget.guard(socket));
    // A guest-link socket hears about its own appointment only, never the member's other ones.
    void socket.join([scope ? guestRoom(scope.appointmentId) : userRoom(userId), sessionRoom(sessionId)]);
    const registered = (): UserRegistered => ({ userId, socketId: socket.id });
    socket.on(REALTIME_EVENTS.userRegister, (ack) => {
      if (typeof ack === 'function') ack(registered());
    });
    socket.on(REALTIME_EVENTS.socketIdUpdate, (ack) => {
      if (typeof ack === 'function') ack(registered());
    });
    socket.on(REALTIME_EVENTS.userUnregister, (ack) => {
      if (!scope) void socket.leave(userRoom(userId));
      if (typeof ack === 'function') ack({ ok: true });
    });
    for (const plugin of this.plugins) plugin(socket);
    forgetHandshakeRequest(socket);
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

  /** The client sees 'io server disconnect' and does not reconnect by itself. */
  disconnectSession(sessionId: string): void {
    // Locally first (the Redis adapter only publishes a request, which arrives later if at all
    // on this node), then on every other node.
    this.io?.in(sessionRoom(sessionId)).local.disconnectSockets(false);
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(false);
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
