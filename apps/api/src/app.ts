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
import { AdminRepository } from './modules/admin/admin.repository';
import { AdminService } from './modules/admin/admin.service';
import { AccountDeletionService } from './modules/account-deletion/account-deletion.service';
import { AuditService } from './modules/audit/audit.service';
import { AuthService, type AuthLimits, type SessionSocketControl, type SignInOrganization } from './modules/auth/auth.service';
import { ConfigsService } from './modules/configs/configs.service';
import { loadConfigsSettings } from './modules/configs/configs.settings';
import { DevService } from './modules/dev/dev.service';
import { InteractionsRepository } from './modules/interactions/interactions.repository';
import { InteractionsService } from './modules/interactions/interactions.service';
import { IdentityService } from './modules/identity/identity.service';
import { MembersRepository } from './modules/members/members.repository';
import { MembersService } from './modules/members/members.service';
import { MembershipRepository } from './modules/membership/membership.repository';
import { MembershipService } from './modules/membership/membership.service';
import { loadMembershipSettings } from './modules/membership/membership.settings';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { StorePurchasesService } from './modules/payments/store-purchases.service';
import { loadStoreSettings } from './modules/payments/store.settings';
import { loadVisitPrices, VisitPaymentsService } from './modules/payments/visit-payments.service';
import { PaymentsService } from './modules/payments/payments.service';
import { loadPaymentsSettings } from './modules/payments/payments.settings';
import { LocalCardPaymentProvider } from './providers/payments/local.card-payment';
import { AppleStoreVerifier, RealAppleDecoder } from './providers/store/apple.store-verifier';
import { GooglePlayStoreVerifier, RealPlayBackend } from './providers/store/google-play.store-verifier';
import { installationAppleTestChain } from './providers/store/apple-test-chain';
import { LocalAppleDecoder, LocalPlayBackend } from './providers/store/local.store-verifier';
import { ProfileRepository } from './modules/profile/profile.repository';
import { ProfileService } from './modules/profile/profile.service';
import { RecoveryService } from './modules/recovery/recovery.service';
import type { EmailProvider } from './providers/email/email.provider';
import { OutboxEmailProvider } from './providers/email/outbox.email';
import { OutboxRepository } from './providers/outbox.repository';
import { MemoryRateLimiter } from './providers/rate-limit/memory.rate-limiter';
import type { RateLimiter } from './providers/rate-limit/rate-limiter';
import { RedisRateLimiter } from './providers/rate-limit/redis.rate-limiter';
import { OutboxSmsProvider } from './providers/sms/outbox.sms';
import type { SmsProvider } from './providers/sms/sms.provider';
import { TwilioSmsProvider } from './providers/sms/twilio.sms';
import { RealtimeGateway, type RealtimeServer } from './realtime/gateway';
import { GUEST_GRAPHQL_FIELDS, installSessionScopeGate } from './modules/auth/session-scope.gate';
import { CallService } from './modules/call/call.service';
import { NoopTelephonyProvider, type TelephonyProvider } from './providers/telephony/telephony.provider';
import { IceServersProvider, loadVideoSettings } from './providers/video/ice-servers';
import { chatConfig } from './modules/chat/chat.config';
import { ChatRepository } from './modules/chat/chat.repository';
import { ChatService } from './modules/chat/chat.service';
import { LocalDiskStorage } from './providers/storage/local-disk.storage';
import type { StorageProvider } from './providers/storage/storage.provider';
import { SessionCache } from './lib/session-cache';
import { LocalInvalidationBus, RedisInvalidationBus, type InvalidationBus } from './lib/invalidation-bus';
import { JobRunner } from './lib/jobs';
import { AppointmentsRepository } from './modules/appointments/appointments.repository';
import { AppointmentScheduler } from './modules/appointments/appointments.scheduler';
import { SocketAppointmentNotifier } from './modules/appointments/appointments.realtime';
import { AppointmentsService, type WorkingHoursSource } from './modules/appointments/appointments.service';
import { DEFAULT_APPOINTMENT_TIMEOUTS, type AppointmentTimeouts } from './modules/appointments/appointments.timeouts';
import { PhysiciansRepository } from './modules/physicians/physicians.repository';
import { PhysiciansService } from './modules/physicians/physicians.service';
import { MemoryPresenceStore, RedisPresenceStore, type PresenceStore, type RedisPresenceOptions } from './modules/physicians/presence';
import { TopicsRepository } from './modules/topics/topics.repository';
import { TopicsService } from './modules/topics/topics.service';
import { StaffAuthService } from './modules/staff-auth/staff-auth.service';
import { RecordsService } from './modules/records/records.service';
import { SupportRepository } from './modules/support/support.repository';
import { SupportService } from './modules/support/support.service';
import { translationFromEnv, type TranslationProvider } from './providers/translation/translation.provider';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { LogPushProvider, type PushProvider } from './providers/push/push.provider';
import { vapidFromEnv, WebPushProvider } from './providers/push/web-push.provider';
import { createDevIdentityProvider } from './providers/identity/dev-idp';
import type { IdentityProvider } from './providers/identity/identity.provider';
import { OidcIdentityProvider } from './providers/identity/oidc.identity';
import { webStaticOptions } from './web-static';
import { API_MODULES, GRAPHQL_TYPE_DEFS, type ModuleContext } from './modules';
import type { Services } from './services';
import { medicationDirectoryFromEnv } from './providers/medications/from-env';
import { buildPrescribing, type PrescribingProviders } from './modules/prescribing/prescribing.wiring';
import { buildScheduling } from './modules/scheduling/scheduling.module';
import { FamilyService } from './modules/family/family.service';
import { OrganizationsService } from './modules/organizations/organizations.service';

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

    const outbox = new OutboxRepository(database.db);
    const sms =
      options.providers?.sms ??
      (config.sms.provider === 'twilio'
        ? new TwilioSmsProvider({ accountSid: config.sms.accountSid, authToken: config.sms.authToken, from: config.sms.from })
        : new OutboxSmsProvider(outbox, clock));
    // Email is wired now so later issues (verification reminders, support) find it ready.
    const email = options.providers?.email ?? (config.email.provider === 'smtp' ? new (await import('./providers/email/smtp.email')).SmtpEmailProvider(config.email.url, config.email.from) : new OutboxEmailProvider(outbox, clock));
    void email;
    const limiter =
      options.providers?.rateLimiter ??
      (redis ? new RedisRateLimiter(redis.main, redisPrefix, (err) => app.log.warn({ err }, 'rate limits: Redis unreachable, counting on this node')) : new MemoryRateLimiter());
    cleanups.unshift(() => limiter.close());

    const realtime = new RealtimeGateway();
    // A revoked session's sockets close and its cached lookups go, on every node (this node's at
    // once: the bus delivers here first; the gateway listens on it).
    const sessionsRevoked: SessionSocketControl = { disconnectSession: (sessionId) => bus.publish('session', sessionId) };
    const audit = new AuditService({ db: database.db, clock });
    // Sessions and login tokens are the auth service's (built below, with the other services).
    const sessions: Pick<AuthService, 'revokeSessionsOfUser' | 'issueLoginToken' | 'consumeLoginToken' | 'createSession' | 'eraseUser'> = {
      revokeSessionsOfUser: (userId, now, tx) => services.auth.revokeSessionsOfUser(userId, now, tx),
      eraseUser: (user, tx) => services.auth.eraseUser(user, tx),
      issueLoginToken: (input, tx) => services.auth.issueLoginToken(input, tx),
      consumeLoginToken: (loginToken, now, tx) => services.auth.consumeLoginToken(loginToken, now, tx),
      createSession: (input) => services.auth.createSession(input),
    };
    // Member accounts are the members service's; care relationships the appointments service's (built below).
    const members: MembersService = new MembersService(
      new MembersRepository(database.db),
      audit,
      { hasCareRelationship: (physicianId, memberId): Promise<boolean> => appointments.hasCareRelationship(physicianId, memberId) },
      {
        // A new member a live roster lists joins its organization as she signs in (issue 15): no trial first.
        startSignUpTrial: async (member, tx) => {
          if (member.userType === 'member' && !member.organizationId && (await services.organizations.rosterListed(member, tx))) return;
          await membership.startSignUpTrial(member, tx);
        },
      },
    );
    // Membership (issue 14): the plans and the entitlement ledger.
    const paymentsSettings = loadPaymentsSettings(options.env ?? process.env);
    const cardProvider = paymentsSettings.provider === 'stripe' ? new (await import('./providers/payments/stripe.card-payment')).StripeCardPaymentProvider(paymentsSettings, () => clock.now()) : new LocalCardPaymentProvider();
    const membership: MembershipService = new MembershipService({ repository: new MembershipRepository(database.db), clock, settings: loadMembershipSettings(options.env ?? process.env), members, audit });
    const recovery = new RecoveryService({ db: database.db, clock, limiter, sms, codePepper: config.codePepper, sockets: sessionsRevoked, sessions, members });
    const family = new FamilyService({ db: database.db, clock, sms, publicUrl: config.publicUrl, membership });
    const accountDeletion = new AccountDeletionService({ db: database.db, clock, audit, sockets: sessionsRevoked, sessions, recovery, family, log: app.log });
    const configs = new ConfigsService({ settings: loadConfigsSettings(options.env ?? process.env), publicUrl: config.publicUrl, mapTileUrl: config.mapTileUrl });
    const identityProviders: Partial<Record<keyof Config['identity']['providers'], IdentityProvider>> = Object.fromEntries(
      Object.entries(config.identity.providers).map(([name, c]) => [name, new OidcIdentityProvider(name as keyof Config['identity']['providers'], c)]),
    );
    // Issue 15: which organization a sign-in's orgId/empCode joins is the organizations service's rule (built below).
    const signInOrganization: SignInOrganization = (input, tx) => services.organizations.signInOrganization(input, tx);
    const identity = new IdentityService({ db: database.db, clock, providers: identityProviders, limiter, log: app.log, members, auth: sessions, signInOrganization });
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
      accounts: members,
      presence,
      clock,
      bus,
      slotSource: (record, date, zone) => services.scheduling.slotsOn(record, date, zone),
      scheduledSoon: (memberId) => services.scheduling.hasScheduledSoon(memberId),
    });
    const topics = new TopicsService({ repository: new TopicsRepository(database.db), clock, bus });
    const appointmentsRepository = new AppointmentsRepository(database.db);
    const socketNotifier = new SocketAppointmentNotifier(realtime, app.log);
    // The medication directory (issue 12): prescriptions name only its entries.
    const medications = options.providers?.medications ?? medicationDirectoryFromEnv(options.env ?? process.env);
    // The chat's tables (issue 5); the appointments ask the chat service for the handoff's summary (issue 11).
    const chatRepository = new ChatRepository(database.db);
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
      organizations: {
        assertPracticeOffered: (actor, practice) => services.organizations.assertPracticeOffered(actor, practice),
        partnerProducts: (memberId) => services.organizations.partnerProducts(memberId),
      },
      exit: {
        organizationHomePage: async (organizationId): Promise<string | null> => (await members.findOrganization({ orgId: organizationId }))?.homePageUrl ?? null,
        surveyAnswered: (appointmentId): Promise<boolean> => services.support.surveyAnswered(appointmentId),
      },
      medications,
      onScheduledEnded: (appointmentId) => services.scheduling.liveEnded(appointmentId),
      usDoctorPayments: { holdEscalation: (row) => services.visitPayments.holdEscalation(row), awaitingPayment: (row) => services.visitPayments.awaitingPayment(row) },
      callPresence: { memberInCall: (appointmentId): Promise<boolean> => call.memberInCall(appointmentId) },
      chatSummary: (appointmentId, last) => services.chat.summary(appointmentId, last),
    });
    // The server's periodic work, in process on the injectable clock (lib/jobs.ts); started below.
    const jobs = new JobRunner(app.log);
    const appointmentScheduler = new AppointmentScheduler(jobs, appointments, options.appointmentSweepMs);
    // Chat (issue 5): conversations in the database, attachments on local disk (ATTACHMENTS_DIR).
    const chatSettings = chatConfig(options.env ?? process.env, { dataDir: config.dataDir, emailFrom: config.email.from, inboundEmailSecret: config.inboundEmailSecret });
    const storage: StorageProvider = options.providers?.storage ?? (chatSettings.attachmentsDir ? new LocalDiskStorage(chatSettings.attachmentsDir) : await LocalDiskStorage.temporary());
    cleanups.unshift(async () => storage.close?.());
    const chat = new ChatService({ repo: chatRepository, appointments, audit, accounts: members, physicians, clock, storage, email, realtime, config: chatSettings, log: app.log });
    // The call (issue 5): ICE servers from STUN_URLS/TURN_URLS/TURN_SECRET, signaling on the gateway.
    const telephony: TelephonyProvider = options.providers?.telephony ?? new NoopTelephonyProvider();
    const call = new CallService({ db: database.db, clock, ice: new IceServersProvider(loadVideoSettings(options.env ?? process.env)), telephony, sms, auth: sessions, members, appointments, realtime, sessionSecret: config.sessionSecret, publicUrl: config.publicUrl });
    // What the member keeps (issue 12): surveys, complaints, support requests and her record.
    // Organizations and partners (issue 15): employer codes, sites, partner themes, eligibility rosters.
    const organizations = new OrganizationsService({ db: database.db, clock, limiter, membership, members, audit, topics });
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
        onMemberSignIn: (member) => organizations.joinFromRoster(member),
        signInOrganization,
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
      storePurchases: ((store) =>
        new StorePurchasesService({
          repository: new PaymentsRepository(database.db),
          clock,
          verifiers: {
            applestore: new AppleStoreVerifier(store.apple.verifier === 'apple' ? new RealAppleDecoder({ ...store.apple, bundleId: store.bundleId }) : new LocalAppleDecoder(installationAppleTestChain(config.dataDir), store.bundleId), store.bundleId),
            playstore: new GooglePlayStoreVerifier(
              store.play.verifier === 'google' ? new RealPlayBackend({ ...store.play, packageName: store.packageName }) : new LocalPlayBackend(store.localSecret),
              store.packageName,
            ),
          },
          production: config.isProduction,
          storeProductPrefix: loadMembershipSettings(options.env ?? process.env).storeProductPrefix,
          membership,
          members: { exists: async (id) => (await members.findById(id))?.userType === 'member' },
          log: app.log,
        }))(loadStoreSettings(options.env ?? process.env)),
      visitPayments: new VisitPaymentsService({
        repository: new PaymentsRepository(database.db),
        clock,
        card: cardProvider,
        cardAvailable: cardProvider.name !== 'local' || !config.isProduction,
        prices: loadVisitPrices(options.env ?? process.env),
        currency: loadMembershipSettings(options.env ?? process.env).currency,
        publicUrl: config.publicUrl,
        memberOrganization: async (memberId) => {
          const member = await members.findById(memberId);
          const org = member?.organizationId ? await members.organizationOf(member.organizationId) : null;
          return org ? { id: org.id, flags: org.settings } : null;
        },
        membership,
        appointments: {
          resumeEscalation: (id) => appointments.resumeEscalation(id),
          declineEscalation: (id) => appointments.declineEscalation(id),
          currentOf: async (actor) => (await appointments.current(actor, 'es'))?.id ?? null,
        },
        notify: {
          paymentRequested: (memberId, payload) => realtime.emitToUser(memberId, 'payment-requested', payload),
          paymentStatus: (memberId, payload) => realtime.emitToUser(memberId, 'payment-status-update', payload),
        },
      }),
      support,
      notifications: new NotificationsService({
        repository: new NotificationsRepository(database.db),
        provider: options.providers?.push ?? ((vapid) => (vapid ? new WebPushProvider(vapid) : new LogPushProvider(app.log)))(vapidFromEnv(options.env ?? process.env)),
        members,
        clock,
        log: app.log,
      }),
      records: new RecordsService({
        appointments,
        support,
        physicians,
        translation: options.providers?.translation ?? (await translationFromEnv(options.env ?? process.env)),
        prescriptionDocument: (appointmentId) => services.prescribing.documentAvailable(appointmentId),
      }),
      // Prescribing and pharmacies (issues 11/12): directories, e-prescribing, the signed PDF.
      ...buildPrescribing({ db: database.db, clock, dataDir: config.dataDir, storage, audit, realtime, appointments, physicians, members, profile: () => services.profile, providers: { ...options.providers, medications }, env: options.env ?? process.env }),
      // Scheduling (issue 13): calendars, bookings, reminders on the durable queue.
      // The admin console (issue 15): staff, a member's audit log, usage.
      admin: new AdminService({
        db: database.db,
        repository: new AdminRepository(database.db),
        audit,
        clock,
        revokeSessionsOfUser: (userId, now, tx) => services.auth.revokeSessionsOfUser(userId, now, tx),
        disconnectSession: (sessionId) => sessionsRevoked.disconnectSession(sessionId),
        physiciansChanged: () => physicians.invalidate(),
      }),
      // Family plans (issue 15): dependants on the referrer's plan.
      family,
      organizations,
      scheduling: buildScheduling({ db: database.db, physicians, members, appointments, clock, sms, email, jobs, config, log: app.log, everyMs: options.appointmentSweepMs ?? 1000, realTime: clock === systemClock, realtime, support, audit, telephony, entitlements: membership, bus }),
    };

    // Reference data (topic and note templates) before the demo seed, which links to it.
    await topics.ensureDefaults(clock.now());
    await appointments.ensureReferenceData();

    if (options.seed ?? config.seed) {
      const seeded = await seedDemoData(database.db, clock.now());
      if (seeded) app.log.info('seeded demo data');
    }

    installErrorHandler(app);
    await installSecurityHeaders(app, config, { stripe: loadPaymentsSettings(options.env ?? process.env).provider === 'stripe' });
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
    const io = realtime.attach(app.server, services.auth, {
      publicUrl: config.publicUrl,
      allowedOrigins: config.allowedOrigins,
      redis: redis ? { pub: redis.pub, sub: redis.sub } : undefined,
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
