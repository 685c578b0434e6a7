import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { AUTH } from '@puente/domain';
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
import { accountDeletionRoutes } from './modules/account-deletion/account-deletion.routes';
import { AccountDeletionService, registerAccountErasure } from './modules/account-deletion/account-deletion.service';
import { AuditService } from './modules/audit/audit.service';
import { authResolvers, authTypeDefs } from './modules/auth/auth.resolvers';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService, type AuthLimits, type SessionSocketControl } from './modules/auth/auth.service';
import { configsRoutes } from './modules/configs/configs.routes';
import { ConfigsService } from './modules/configs/configs.service';
import { loadConfigsSettings } from './modules/configs/configs.settings';
import { devRoutes } from './modules/dev/dev.routes';
import { DevService } from './modules/dev/dev.service';
import { healthRoutes } from './modules/health/health.routes';
import { InteractionsRepository } from './modules/interactions/interactions.repository';
import { interactionsRoutes } from './modules/interactions/interactions.routes';
import { InteractionsService } from './modules/interactions/interactions.service';
import { identityRoutes } from './modules/identity/identity.routes';
import { IdentityService } from './modules/identity/identity.service';
import { membersResolvers, membersTypeDefs } from './modules/members/members.resolvers';
import { MembersRepository } from './modules/members/members.repository';
import { membersRoutes } from './modules/members/members.routes';
import { MembersService } from './modules/members/members.service';
import { membershipResolvers, membershipTypeDefs } from './modules/membership/membership.resolvers';
import { MembershipRepository } from './modules/membership/membership.repository';
import { membershipRoutes } from './modules/membership/membership.routes';
import { MembershipService } from './modules/membership/membership.service';
import { loadMembershipSettings } from './modules/membership/membership.settings';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { PaymentsService } from './modules/payments/payments.service';
import { loadPaymentsSettings } from './modules/payments/payments.settings';
import { LocalCardPaymentProvider } from './providers/payments/local.card-payment';
import { StripeCardPaymentProvider } from './providers/payments/stripe.card-payment';
import { profileResolvers, profileTypeDefs } from './modules/profile/profile.resolvers';
import { ProfileRepository } from './modules/profile/profile.repository';
import { profileRoutes } from './modules/profile/profile.routes';
import { ProfileService, registerEmailReminders } from './modules/profile/profile.service';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { RecoveryService } from './modules/recovery/recovery.service';
import type { EmailProvider } from './providers/email/email.provider';
import { OutboxEmailProvider } from './providers/email/outbox.email';
import { SmtpEmailProvider } from './providers/email/smtp.email';
import { OutboxRepository } from './providers/outbox.repository';
import { MemoryRateLimiter } from './providers/rate-limit/memory.rate-limiter';
import type { RateLimiter } from './providers/rate-limit/rate-limiter';
import { RedisRateLimiter } from './providers/rate-limit/redis.rate-limiter';
import { OutboxSmsProvider } from './providers/sms/outbox.sms';
import type { SmsProvider } from './providers/sms/sms.provider';
import { TwilioSmsProvider } from './providers/sms/twilio.sms';
import { RealtimeGateway, type RealtimeServer } from './realtime/gateway';
import { GUEST_GRAPHQL_FIELDS, installSessionScopeGate } from './modules/auth/session-scope.gate';
import { callRoutes } from './modules/call/call.routes';
import { CallService } from './modules/call/call.service';
import { callSocketHandlers } from './modules/call/call.socket';
import { NoopTelephonyProvider } from './providers/telephony/telephony.provider';
import { IceServersProvider, loadVideoSettings } from './providers/video/ice-servers';
import { chatConfig } from './modules/chat/chat.config';
import { ChatRepository } from './modules/chat/chat.repository';
import { chatRoutes } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { chatSocketHandlers } from './modules/chat/chat.socket';
import { LocalDiskStorage } from './providers/storage/local-disk.storage';
import type { StorageProvider } from './providers/storage/storage.provider';
import { SessionCache } from './lib/session-cache';
import { LocalInvalidationBus, RedisInvalidationBus, type InvalidationBus } from './lib/invalidation-bus';
import { JobRunner } from './lib/jobs';
import { appointmentsResolvers, appointmentsTypeDefs } from './modules/appointments/appointments.resolvers';
import { AppointmentsRepository } from './modules/appointments/appointments.repository';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { AppointmentScheduler } from './modules/appointments/appointments.scheduler';
import { appointmentsSocketPlugin, SocketAppointmentNotifier } from './modules/appointments/appointments.realtime';
import { AppointmentsService, type WorkingHoursSource } from './modules/appointments/appointments.service';
import { DEFAULT_APPOINTMENT_TIMEOUTS, type AppointmentTimeouts } from './modules/appointments/appointments.timeouts';
import type { SchedulingService } from './modules/scheduling/scheduling.service';
import { physiciansResolvers, physiciansTypeDefs } from './modules/physicians/physicians.resolvers';
import { PhysiciansRepository } from './modules/physicians/physicians.repository';
import { physiciansRoutes } from './modules/physicians/physicians.routes';
import { PhysiciansService } from './modules/physicians/physicians.service';
import { MemoryPresenceStore, RedisPresenceStore, type PresenceStore, type RedisPresenceOptions } from './modules/physicians/presence';
import { topicsResolvers, topicsTypeDefs } from './modules/topics/topics.resolvers';
import { TopicsRepository } from './modules/topics/topics.repository';
import { TopicsService } from './modules/topics/topics.service';
import { staffAuthRoutes } from './modules/staff-auth/staff-auth.routes';
import { StaffAuthService } from './modules/staff-auth/staff-auth.service';
import { recordsRoutes } from './modules/records/records.routes';
import { RecordsService } from './modules/records/records.service';
import { supportResolvers, supportTypeDefs } from './modules/support/support.resolvers';
import { SupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { SupportService } from './modules/support/support.service';
import { translationFromEnv, type TranslationProvider } from './providers/translation/translation.provider';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { LogPushProvider, type PushProvider } from './providers/push/push.provider';
import { vapidFromEnv, WebPushProvider } from './providers/push/web-push.provider';
import { createDevIdentityProvider } from './providers/identity/dev-idp';
import type { IdentityProvider } from './providers/identity/identity.provider';
import { OidcIdentityProvider } from './providers/identity/oidc.identity';
import { webStaticOptions } from './web-static';
import { LocalMedicationDirectory } from './providers/medications/local.medication-directory';
import { buildPrescribing, pharmaciesRoutes, prescribingRoutes, type PrescribingProviders, type PrescribingServices } from './modules/prescribing/prescribing.wiring';
import { buildScheduling } from './modules/scheduling/scheduling.module';
import { schedulingResolvers, schedulingTypeDefs } from './modules/scheduling/scheduling.resolvers';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes';

/** The modules' GraphQL type definitions, as served (a test checks them against the contracts). */
export const GRAPHQL_TYPE_DEFS = [
  membersTypeDefs,
  profileTypeDefs,
  authTypeDefs,
  physiciansTypeDefs,
  topicsTypeDefs,
  appointmentsTypeDefs,
  membershipTypeDefs,
  supportTypeDefs,
  schedulingTypeDefs,
] as const;

export interface BuildServerOptions {
  /** Overrides on top of the environment (process.env unless `env` is given). */
  config?: Partial<Config>;
  env?: Record<string, string | undefined>;
  clock?: Clock;
  providers?: { sms?: SmsProvider; email?: EmailProvider; rateLimiter?: RateLimiter; storage?: StorageProvider; translation?: TranslationProvider; push?: PushProvider } & PrescribingProviders;
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
}

export interface Services {
  auth: AuthService;
  members: MembersService;
  physicians: PhysiciansService;
  topics: TopicsService;
  appointments: AppointmentsService;
  appointmentScheduler: AppointmentScheduler;
  dev: DevService;
  audit: AuditService;
  recovery: RecoveryService;
  accountDeletion: AccountDeletionService;
  configs: ConfigsService;
  identity: IdentityService;
  staffAuth: StaffAuthService;
  call: CallService;
  profile: ProfileService;
  chat: ChatService;
  interactions: InteractionsService;
  membership: MembershipService;
  payments: PaymentsService;
  support: SupportService;
  records: RecordsService;
  notifications: NotificationsService;
  prescribing: PrescribingServices['prescribing'];
  pharmacies: PrescribingServices['pharmacies'];
  scheduling: SchedulingService;
}

export interface PuenteServer {
  app: FastifyInstance;
  io: RealtimeServer;
  config: Config;
  clock: Clock;
  database: Database;
  services: Services;
  realtime: RealtimeGateway;
  close(): Promise<void>;
}

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
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: new AccessLog(logStream),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Bad URLs, over-long path parameters and requests the HTTP parser refuses answer in the one error shape.
    frameworkErrors,
    clientErrorHandler,
    // Request ids are random so a log line cannot be linked to a person by counting.
    genReqId: () => crypto.randomUUID(),
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
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

    const outbox = new OutboxRepository(database.db);
    const sms =
      options.providers?.sms ??
      (config.sms.provider === 'twilio'
        ? new TwilioSmsProvider({ accountSid: config.sms.accountSid, authToken: config.sms.authToken, from: config.sms.from })
        : new OutboxSmsProvider(outbox, clock));
    // Email is wired now so later issues (verification reminders, support) find it ready.
    const email = options.providers?.email ?? (config.email.provider === 'smtp' ? new SmtpEmailProvider(config.email.url, config.email.from) : new OutboxEmailProvider(outbox, clock));
    void email;
    const limiter =
      options.providers?.rateLimiter ??
      (redis ? new RedisRateLimiter(redis.main, redisPrefix, (err) => app.log.warn({ err }, 'rate limits: Redis unreachable, counting on this node')) : new MemoryRateLimiter());
    cleanups.unshift(() => limiter.close());

    const realtime = new RealtimeGateway();
    // A revoked session's sockets close and its cached lookups go, on every node.
    const sessionsRevoked: SessionSocketControl = {
      disconnectSession: (sessionId) => {
        realtime.disconnectSession(sessionId);
        bus.publish('session', sessionId);
      },
    };
    const audit = new AuditService({ db: database.db, clock });
    // Sessions and login tokens are the auth service's (built below, with the other services).
    const sessions: Pick<AuthService, 'revokeSessionsOfUser' | 'issueLoginToken' | 'consumeLoginToken' | 'createSession'> = {
      revokeSessionsOfUser: (userId, now, tx) => services.auth.revokeSessionsOfUser(userId, now, tx),
      issueLoginToken: (input, tx) => services.auth.issueLoginToken(input, tx),
      consumeLoginToken: (loginToken, now, tx) => services.auth.consumeLoginToken(loginToken, now, tx),
      createSession: (input) => services.auth.createSession(input),
    };
    // Member accounts are the members service's; care relationships the appointments service's (built below).
    const members: MembersService = new MembersService(
      new MembersRepository(database.db),
      audit,
      { hasCareRelationship: (physicianId, memberId): Promise<boolean> => appointments.hasCareRelationship(physicianId, memberId) },
      { startSignUpTrial: (member, tx) => membership.startSignUpTrial(member, tx) },
    );
    // Membership (issue 14): the plans and the entitlement ledger.
    const paymentsSettings = loadPaymentsSettings(options.env ?? process.env);
    const cardProvider = paymentsSettings.provider === 'stripe' ? new StripeCardPaymentProvider(paymentsSettings, () => clock.now()) : new LocalCardPaymentProvider();
    const membership: MembershipService = new MembershipService({ repository: new MembershipRepository(database.db), clock, settings: loadMembershipSettings(options.env ?? process.env), members, audit });
    const recovery = new RecoveryService({ db: database.db, clock, limiter, sms, codePepper: config.codePepper, sockets: sessionsRevoked, sessions });
    const accountDeletion = new AccountDeletionService({ db: database.db, clock, audit, sockets: sessionsRevoked, sessions, log: app.log });
    const configs = new ConfigsService({ settings: loadConfigsSettings(options.env ?? process.env), publicUrl: config.publicUrl, mapTileUrl: config.mapTileUrl });
    const identityProviders: Partial<Record<keyof Config['identity']['providers'], IdentityProvider>> = Object.fromEntries(
      Object.entries(config.identity.providers).map(([name, c]) => [name, new OidcIdentityProvider(name as keyof Config['identity']['providers'], c)]),
    );
    const identity = new IdentityService({ db: database.db, clock, providers: identityProviders, limiter, log: app.log, members, auth: sessions });
    const staffLimits = { sendsPerPhonePerHour: options.limits?.sendsPerPhonePerHour ?? AUTH.sendsPerPhonePerHour, sendsPerIpPerHour: options.limits?.sendsPerIpPerHour ?? AUTH.sendsPerIpPerHour };
    const staffAuth = new StaffAuthService({ db: database.db, clock, email, limiter, codePepper: config.codePepper, totpKey: config.staffTotpKey, limits: staffLimits, identity, members, auth: sessions });
    const presence: PresenceStore = redis
      ? new RedisPresenceStore(redis.main, redisPrefix, {
          ...options.presence,
          onError: (err) => app.log.warn({ err }, 'presence: Redis unreachable, listing this node only'),
          // Redis may have lost the available set while it was away: the database has it.
          onHealed: (): Promise<void> => physicians.init(),
        })
      : new MemoryPresenceStore();
    cleanups.unshift(() => presence.close());
    const physicians = new PhysiciansService({
      repository: new PhysiciansRepository(database.db),
      presence,
      clock,
      bus,
      slotSource: (record, date, zone) => services.scheduling.slotsOn(record, date, zone),
      scheduledSoon: (memberId) => services.scheduling.hasScheduledSoon(memberId),
    });
    const topics = new TopicsService({ repository: new TopicsRepository(database.db), clock });
    const appointmentsRepository = new AppointmentsRepository(database.db);
    const socketNotifier = new SocketAppointmentNotifier(realtime, app.log);
    // The medication directory (issue 12): prescriptions name only its entries.
    const medications = options.providers?.medications ?? new LocalMedicationDirectory();
    const appointments = new AppointmentsService({
      repository: appointmentsRepository,
      physicians,
      clock,
      // Realtime alerts, and the member's push for the changes spec 4 names (issue 12).
      notifier: {
        appointmentAlert: (target, alert): void => {
          socketNotifier.appointmentAlert(target, alert);
          services.notifications.onAppointmentAlert(alert).catch((err: unknown) => app.log.warn({ err }, 'push failed'));
        },
      },
      timeouts: { ...DEFAULT_APPOINTMENT_TIMEOUTS, ...options.appointmentTimeouts },
      workingHours: options.workingHours ?? (() => configs.publicConfig('es').workingHours),
      publicUrl: config.publicUrl,
      log: app.log,
      audit,
      accounts: members,
      sessions: { revokeSessionsScopedTo: (appointmentId) => services.auth.revokeSessionsScopedTo(appointmentId) },
      entitlements: membership,
      exit: {
        organizationHomePage: async (organizationId): Promise<string | null> => (await members.findOrganization({ orgId: organizationId }))?.homePageUrl ?? null,
        surveyAnswered: (appointmentId): Promise<boolean> => services.support.surveyAnswered(appointmentId),
      },
      medications,
    });
    // The server's periodic work, in process on the injectable clock (lib/jobs.ts); started below.
    const jobs = new JobRunner(app.log);
    const appointmentScheduler = new AppointmentScheduler(jobs, appointments, options.appointmentSweepMs);
    // Chat (issue 5): conversations in the database, attachments on local disk (ATTACHMENTS_DIR).
    const chatSettings = chatConfig(options.env ?? process.env, { dataDir: config.dataDir, emailFrom: config.email.from, inboundEmailSecret: config.inboundEmailSecret });
    const storage: StorageProvider = options.providers?.storage ?? (chatSettings.attachmentsDir ? new LocalDiskStorage(chatSettings.attachmentsDir) : await LocalDiskStorage.temporary());
    cleanups.unshift(async () => storage.close?.());
    const chat = new ChatService({ repo: new ChatRepository(database.db), appointments, audit, clock, storage, email, realtime, config: chatSettings, log: app.log });
    // The call (issue 5): ICE servers from STUN_URLS/TURN_URLS/TURN_SECRET, signaling on the gateway.
    const call = new CallService({ db: database.db, clock, ice: new IceServersProvider(loadVideoSettings(options.env ?? process.env)), telephony: new NoopTelephonyProvider(), sms, auth: sessions, members, appointments, realtime, sessionSecret: config.sessionSecret, publicUrl: config.publicUrl });
    // What the member keeps (issue 12): surveys, complaints, support requests and her record.
    const support = new SupportService({ repository: new SupportRepository(database.db), appointments, members, audit, clock });
    const services: Services = {
      auth: new AuthService({
        db: database.db,
        clock,
        sms,
        limiter,
        codePepper: config.codePepper,
        limits: {
          sendsPerPhonePerHour: options.limits?.sendsPerPhonePerHour ?? AUTH.sendsPerPhonePerHour,
          sendsPerIpPerHour: options.limits?.sendsPerIpPerHour ?? AUTH.sendsPerIpPerHour,
        },
        sockets: sessionsRevoked,
        phoneChange: recovery,
        members,
      }),
      members,
      physicians,
      topics,
      appointments,
      appointmentScheduler,
      chat,
      dev: new DevService(outbox),
      identity,
      staffAuth,
      call,
      profile: new ProfileService({
        profiles: new ProfileRepository(database.db),
        members,
        clock,
        email,
        publicUrl: config.publicUrl,
        log: app.log,
        audit,
      }),
      audit,
      recovery,
      accountDeletion,
      configs,
      interactions: new InteractionsService({ repository: new InteractionsRepository(database.db), clock, limiter }),
      membership,
      payments: new PaymentsService({
        repository: new PaymentsRepository(database.db),
        clock,
        card: cardProvider,
        // The offline test card page would give access for free: never in production.
        cardAvailable: cardProvider.name !== 'local' || !config.isProduction,
        membership,
        publicUrl: config.publicUrl,
      }),
      support,
      notifications: new NotificationsService({
        repository: new NotificationsRepository(database.db),
        provider: options.providers?.push ?? ((vapid) => (vapid ? new WebPushProvider(vapid) : new LogPushProvider(app.log)))(vapidFromEnv(options.env ?? process.env)),
        members,
        clock,
        log: app.log,
      }),
      records: new RecordsService({ appointments, support, physicians, translation: options.providers?.translation ?? (await translationFromEnv(options.env ?? process.env)) }),
      // Prescribing and pharmacies (issues 11/12): directories, e-prescribing, the signed PDF.
      ...buildPrescribing({ db: database.db, clock, dataDir: config.dataDir, storage, audit, realtime, appointments, physicians, members, profile: () => services.profile, providers: { ...options.providers, medications } }),
      // Scheduling (issue 13): calendars, bookings, reminders on the durable queue.
      scheduling: buildScheduling({ db: database.db, physicians, members, appointments, clock, sms, email, jobs, config, log: app.log, everyMs: options.appointmentSweepMs ?? 1000, realTime: clock === systemClock, realtime }),
    };
    registerAccountErasure(jobs, accountDeletion, options.erasureIntervalMs);

    // Reference data (topic and note templates) before the demo seed, which links to it.
    await topics.ensureDefaults(clock.now());
    await appointments.ensureReferenceData();

    if (options.seed ?? config.seed) {
      const seeded = await seedDemoData(database.db, clock.now());
      if (seeded) app.log.info('seeded demo data');
    }

    installErrorHandler(app);
    await installSecurityHeaders(app, config);
    const allowedOrigins = [new URL(config.publicUrl).origin, ...config.allowedOrigins];
    await app.register(fastifyCors, { origin: allowedOrigins, credentials: false, maxAge: 600 });

    const sessionCache = new SessionCache((token) => services.auth.authenticate(token), clock, bus);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!isUnderPrefix(request.url, '/api') || isUnderPrefix(request.url, '/api/health')) return;
      const token = bearerToken(request.headers.authorization);
      if (token) request.auth = (request.routeOptions.config.cachedAuth ? await sessionCache.get(token) : await services.auth.authenticate(token)) ?? null;
    });
    installSessionScopeGate(app);

    await app.register(healthRoutes);
    await app.register(authRoutes(services.auth));
    await app.register(membersRoutes(services.members));
    await app.register(physiciansRoutes(services.physicians));
    await app.register(appointmentsRoutes(services.appointments));
    await app.register(callRoutes(services.call));
    await app.register(chatRoutes(services.chat));
    await app.register(profileRoutes(services.profile));
    await app.register(recoveryRoutes(services.recovery));
    await app.register(accountDeletionRoutes(services.accountDeletion));
    await app.register(configsRoutes(services.configs));
    await app.register(interactionsRoutes(services.interactions));
    await app.register(membershipRoutes(services.membership));
    await app.register(paymentsRoutes(services.payments));
    await app.register(supportRoutes(services.support));
    await app.register(recordsRoutes(services.records));
    await app.register(notificationsRoutes(services.notifications));
    await app.register(prescribingRoutes(services.prescribing));
    await app.register(pharmaciesRoutes(services.pharmacies));
    await app.register(schedulingRoutes(services.scheduling));
    if (!config.isProduction) await app.register(devRoutes(services.dev));
    await app.register(identityRoutes(services.identity));
    await app.register(staffAuthRoutes(services.staffAuth));
    // The local OpenID provider: development and tests only, never in production.
    if (config.identity.devProvider && !config.isProduction) {
      await createDevIdentityProvider({ publicUrl: config.publicUrl, cookieSecret: config.sessionSecret }).register(app);
    }
    await registerGraphql(app, {
      typeDefs: [...GRAPHQL_TYPE_DEFS],
      resolvers: [
        membersResolvers(services.members),
        profileResolvers(services.profile),
        authResolvers(services.auth),
        physiciansResolvers(services.physicians),
        topicsResolvers(services.topics),
        appointmentsResolvers(services.appointments),
        membershipResolvers(services.membership),
        supportResolvers(services.support),
        schedulingResolvers(services.scheduling),
      ],
      depthLimit: config.graphqlDepthLimit,
      introspection: !config.isProduction,
      guestRootFields: GUEST_GRAPHQL_FIELDS,
    });

    // The built web app on the same origin, with the SPA fallback to index.html.
    const serveWeb = existsSync(path.join(config.webDist, 'index.html'));
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
      if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return sendError(request, reply, new AppError('NOT_FOUND'));
    });

    // spec 4/9: the email verification reminder after 24 hours, swept in process on the injectable clock.
    registerEmailReminders(jobs, services.profile);

    await physicians.init();
    realtime.use(appointmentsSocketPlugin({ appointments, physicians, accounts: members, gateway: realtime, log: app.log }));
    realtime.use(chatSocketHandlers(services.chat, app.log));
    realtime.use(callSocketHandlers(services.call, app.log));
    jobs.start();
    cleanups.unshift(() => jobs.stop());
    await services.scheduling.start();
    cleanups.unshift(() => services.scheduling.stop());
    const io = realtime.attach(app.server, services.auth, {
      publicUrl: config.publicUrl,
      allowedOrigins: config.allowedOrigins,
      redis: redis ? { pub: redis.pub, sub: redis.sub } : undefined,
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
