import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { identityConfig, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDemoData } from './db/seed';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './error-handler';
import { AppError } from './errors';
import { registerGraphql } from './graphql';
import { bearerToken, sendError } from './http';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { AccessLog, flushLog, lazyRequestLogger, loggerOptions, stdoutLog } from './logger';
import { installSecurityHeaders } from './security-headers';
import { installFastPath, onlinePhysiciansFastPath } from './online-physicians.fast-path';
import type { AuthLimits } from './modules/auth/auth.service';
import { loadPaymentsSettings } from './modules/payments/payments.settings';
import type { EmailProvider } from './providers/email/email.provider';
import type { RateLimiter } from './providers/rate-limit/rate-limiter';
import type { SmsProvider } from './providers/sms/sms.provider';
import { RealtimeGateway, type RealtimeServer } from './realtime/gateway';
import { GUEST_GRAPHQL_FIELDS, installSessionScopeGate } from './modules/auth/session-scope.gate';
import type { TelephonyProvider } from './providers/telephony/telephony.provider';
import type { StorageProvider } from './providers/storage/storage.provider';
import { SessionCache } from './lib/session-cache';
import { SessionLookups } from './lib/session-lookups';
import { LocalInvalidationBus, RedisInvalidationBus, type InvalidationBus } from './lib/invalidation-bus';
import { JobRunner } from './lib/jobs';
import type { WorkingHoursSource } from './modules/appointments/appointments.service';
import type { AppointmentTimeouts } from './modules/appointments/appointments.timeouts';
import type { RedisPresenceOptions } from './modules/physicians/presence';
import type { TranslationProvider } from './providers/translation/translation.provider';
import type { PushProvider } from './providers/push/push.provider';
import { createDevIdentityProvider } from './providers/identity/dev-idp';
import { inlineScriptSources, shellFor, webStaticOptions } from './web-static';
import { API_MODULES, GRAPHQL_TYPE_DEFS, type ModuleContext } from './modules';
import { buildServices, type Services } from './services';
import type { PrescribingProviders } from './modules/prescribing/prescribing.wiring';

export { GRAPHQL_TYPE_DEFS };
export type { Services };

export interface BuildServerOptions {
  /** Overrides on top of the environment (process.env unless `env` is given). */
  config?: Partial<Config>;
  env?: Record<string, string | undefined>;
  clock?: Clock;
  providers?: { sms?: SmsProvider; email?: EmailProvider; rateLimiter?: RateLimiter; storage?: StorageProvider; translation?: TranslationProvider; push?: PushProvider; telephony?: TelephonyProvider } & PrescribingProviders;
  /** Per-phone and per-IP send limits; the spec constants unless a test or benchmark raises them. */
  limits?: Partial<AuthLimits>;
  /** Where pino writes (tests capture logs here). */
  logStream?: DestinationStream;
  /** Seed demo data on an empty database; defaults to config.seed. */
  seed?: boolean;
  /** Prefix for Redis keys, so parallel test servers sharing one Redis do not share counters. */
  redisKeyPrefix?: string;
  /** Working hours for on-demand requests (default: the public configuration's). */
  workingHours?: WorkingHoursSource;
  /** Appointment waiting-phase timeouts (default DEFAULT_APPOINTMENT_TIMEOUTS). */
  appointmentTimeouts?: Partial<AppointmentTimeouts>;
  /** Sweep appointment timeouts every this many ms (default 1 s; 0 = never, tests call tick()). */
  appointmentSweepMs?: number;
  /** Run the account erasure job every this many ms (default ERASURE_JOB.intervalMs; 0 = never). */
  erasureIntervalMs?: number;
  /** Presence heartbeat and expiry across nodes (Redis only; tests shorten them). */
  presence?: Pick<RedisPresenceOptions, 'ttlMs' | 'heartbeatMs'>;
  /** An in-memory database starts from this PGlite dump (tests: a migrated empty database, made once). */
  pgliteTemplate?: Blob;
}

export interface PuenteServer {
  app: FastifyInstance;
  io: RealtimeServer;
  config: Config;
  clock: Clock;
  database: Database;
  services: Services;
  realtime: RealtimeGateway;
  /** Requests answered before Fastify (online-physicians.fast-path.ts); tests switch them off to compare. */
  fastPaths: { enabled: boolean; answered: number };
  /** Per-node caches dropped on every node (lib/invalidation-bus.ts); the bench forgets sessions as a restart would. */
  bus: InvalidationBus;
  close(): Promise<void>;
}

// Request ids are random so a log line cannot be linked to a person by counting.
const newRequestId = (): string => crypto.randomUUID();

function isUnderPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

export async function buildServer(options: BuildServerOptions = {}): Promise<PuenteServer> {
  const env = options.env ?? process.env;
  // A DATA_DIR override (tests: memory://) also decides where the development secrets live.
  const config: Config = { ...loadConfig(options.config?.dataDir ? { ...env, DATA_DIR: options.config.dataDir } : env), ...options.config };
  // Identity providers follow the final PUBLIC_URL (tests and benchmarks override it).
  if (!options.config?.identity) config.identity = identityConfig(options.env ?? process.env, config.publicUrl, config.isProduction);
  const clock = options.clock ?? systemClock;
  const logStream = options.logStream ?? stdoutLog();
  const accessLog = new AccessLog(logStream);
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: accessLog,
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Bad URLs, over-long path parameters and requests the HTTP parser refuses answer in the one error shape.
    frameworkErrors,
    clientErrorHandler,
    genReqId: newRequestId,
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    memoryTemplate: options.pgliteTemplate,
    onPoolError: (err) => app.log.warn({ err }, 'database connection lost; reconnecting on next use'),
  });
  const cleanups: (() => Promise<unknown>)[] = [];
  cleanups.push(() => database.close());
  app.addHook('onClose', () => flushLog(logStream));
  try {
    let redis: { main: Redis; pub: Redis; sub: Redis } | undefined;
    if (config.redisUrl) {
      const main = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      redis = { main, pub: main.duplicate(), sub: main.duplicate() };
      const r = redis;
      for (const client of [r.main, r.pub, r.sub]) client.on('error', (err: Error) => app.log.error({ err }, 'redis error'));
      cleanups.unshift(() => Promise.all([r.main.quit(), r.pub.quit(), r.sub.quit()]));
    }
    const redisPrefix = options.redisKeyPrefix ?? 'puente:';
    // Per-node caches (physician profiles, session lookups) dropped on every node (lib/invalidation-bus.ts).
    const bus: InvalidationBus = redis
      ? new RedisInvalidationBus(redis.main, redis.main.duplicate(), redisPrefix, (err) => app.log.warn({ err }, 'invalidation: Redis unreachable, caches of other nodes not told'))
      : new LocalInvalidationBus();
    if (bus instanceof RedisInvalidationBus) await bus.start();
    cleanups.unshift(() => bus.close());

    const realtime = new RealtimeGateway();
    // The server's periodic work, in process on the injectable clock (lib/jobs.ts); started below.
    const jobs = new JobRunner(app.log);
    // Providers, repositories and every module's service (services.ts).
    const services = await buildServices({ options, config, clock, db: database.db, log: app.log, redis, redisPrefix, bus, realtime, jobs, onClose: (close) => cleanups.unshift(close) });

    // Reference data (topic and note templates) before the demo seed, which links to it.
    await services.topics.ensureDefaults(clock.now());
    await services.appointments.ensureReferenceData();

    if (options.seed ?? config.seed) {
      const seeded = await seedDemoData(database.db, clock.now());
      if (seeded) app.log.info('seeded demo data');
    }

    installErrorHandler(app);
    const apiHeaders = await installSecurityHeaders(app, config, {
      stripe: loadPaymentsSettings(options.env ?? process.env).provider === 'stripe',
      // The pages' inline scripts (the web build's: every page's early requests, /login's first-visit check), allowed by their hashes.
      inlineScripts: inlineScriptSources(config.webDist),
    });
    const allowedOrigins = [new URL(config.publicUrl).origin, ...config.allowedOrigins];
    await app.register(fastifyCors, { origin: allowedOrigins, credentials: false, maxAge: 600 });

    // Every bearer session lookup of this node (requests, socket handshakes, the cache's) goes
    // through one batcher: under load, lookups that arrive together are one pair of queries.
    const sessionLookups = new SessionLookups(services.auth);
    const sessionCache = new SessionCache(sessionLookups, clock, bus, {
      // The error alone: never the token or who it is.
      onBackgroundError: (err) => app.log.warn({ err }, 'session lookup in the background failed; the remembered one expires as usual'),
    });
    app.decorateRequest('auth', null);
    // Synchronous when it can be (no token, or a remembered session on a cachedAuth route): a
    // polled route then costs no promise here.
    app.addHook('onRequest', function bearerSession(request, _reply, done) {
      if (!isUnderPrefix(request.url, '/api') || isUnderPrefix(request.url, '/api/health')) return done();
      const token = bearerToken(request.headers.authorization);
      if (!token) return done();
      const cached = request.routeOptions.config.cachedAuth === true;
      const remembered = cached ? sessionCache.peek(token) : undefined;
      if (remembered) {
        request.auth = remembered;
        return done();
      }
      (cached ? sessionCache.get(token) : sessionLookups.authenticate(token)).then((auth) => {
        request.auth = auth ?? null;
        done();
      }, done);
    });
    installSessionScopeGate(app);

    // Every module's routes, GraphQL part, socket handlers and jobs (modules/index.ts).
    const moduleContext: ModuleContext = { services, gateway: realtime, jobs, log: app.log, isProduction: config.isProduction, intervals: { erasureMs: options.erasureIntervalMs } };
    const modules = API_MODULES.filter((m) => m.when?.(moduleContext) ?? true);
    for (const m of modules) if (m.routes) await app.register(m.routes(moduleContext));
    // The local OpenID provider: development and tests only, never in production.
    if (config.identity.devProvider && !config.isProduction) {
      await createDevIdentityProvider({ publicUrl: config.publicUrl, cookieSecret: config.sessionSecret }).register(app);
    }
    await registerGraphql(app, {
      typeDefs: [...GRAPHQL_TYPE_DEFS],
      resolvers: modules.flatMap((m) => (m.graphql ? [m.graphql.resolvers(moduleContext)] : [])),
      depthLimit: config.graphqlDepthLimit,
      introspection: !config.isProduction,
      guestRootFields: GUEST_GRAPHQL_FIELDS,
    });

    // The built web app on the same origin, with the SPA fallback to index.html.
    const serveWeb = existsSync(path.join(config.webDist, 'index.html'));
    // An entry screen's own shell (its chunks preloaded by the HTML), else index.html.
    const pageFor = shellFor(config.webDist);
    if (serveWeb) {
      // Precompressed, long-cached hashed assets, a revalidated shell, no source maps (web-static.ts).
      await app.register(fastifyStatic, webStaticOptions(config.webDist));
    } else if (config.isProduction) {
      app.log.warn({ webDist: config.webDist }, 'web build not found; only the API is served');
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        serveWeb &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isUnderPrefix(pathname, '/api') &&
        !isUnderPrefix(pathname, '/socket.io') &&
        !path.extname(pathname);
      if (isPage) return reply.header('cache-control', 'no-cache').sendFile(pageFor(pathname));
      return sendError(request, reply, new AppError('NOT_FOUND'));
    });

    for (const m of modules) {
      if (m.socket) realtime.use(m.socket(moduleContext));
      m.jobs?.(moduleContext);
    }
    for (const m of modules) {
      if (!m.start) continue;
      const stop = await m.start(moduleContext);
      cleanups.unshift(stop);
    }
    jobs.start();
    cleanups.unshift(() => jobs.stop());
    // spec 7's poll answered before Fastify when all it needs is in memory (online-physicians.fast-path.ts).
    const fastPaths = { enabled: true, answered: 0 };
    const onlinePhysicians = onlinePhysiciansFastPath({
      session: (token) => sessionCache.peek(token),
      body: (query, lang, memberId) => services.physicians.onlinePhysiciansBodyNow(query, lang, memberId),
      apiHeaders,
      allowedOrigins,
      accessLog: (reqId, method, route, status, ms) => accessLog.answered(app.log.level, reqId, method, route, status, ms),
      requestId: newRequestId,
    });
    installFastPath(
      app.server,
      (req, res) => fastPaths.enabled && onlinePhysicians(req, res) && ++fastPaths.answered > 0,
      (err) => app.log.error({ err }, 'fast path failed; answered by the route'),
    );
    const io = realtime.attach(app.server, sessionLookups, {
      publicUrl: config.publicUrl,
      allowedOrigins: config.allowedOrigins,
      redis: redis ? { pub: redis.pub, sub: redis.sub, keyPrefix: redisPrefix } : undefined,
      bus,
      log: app.log,
    });
    cleanups.unshift(() => realtime.close());

    await app.ready();
    let closed = false;
    return {
      app,
      io,
      config,
      clock,
      database,
      services,
      realtime,
      fastPaths,
      bus,
      close: async () => {
        if (closed) return;
        closed = true;
        // Graceful: stop accepting connections (a load balancer sends new ones elsewhere), close the
        // sockets so their clients reconnect to another node, let requests in flight finish (at most
        // SHUTDOWN_TIMEOUT_MS), then close the jobs, Redis and the database.
        const listening = app.server.listening;
        const drained = listening ? new Promise<void>((resolve) => app.server.close(() => resolve())) : Promise.resolve();
        await realtime.close();
        let timer: NodeJS.Timeout | undefined;
        const overdue = new Promise<'overdue'>((resolve) => {
          timer = setTimeout(() => resolve('overdue'), config.shutdownTimeoutMs);
        });
        if ((await Promise.race([drained, overdue])) === 'overdue') {
          app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'requests still in flight at shutdown; closing their connections');
          app.server.closeAllConnections();
        }
        clearTimeout(timer);
        await app.close();
        for (const cleanup of cleanups.slice(1)) await cleanup();
      },
    };
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw error;
  }
}
