import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AUTH } from '@puente/domain';
import type { BuildServerOptions } from './app';
import type { Config } from './config';
import type { Db } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { InvalidationBus } from './lib/invalidation-bus';
import type { JobRunner } from './lib/jobs';
import type { RealtimeGateway } from './realtime/gateway';
import { AccountDeletionService } from './modules/account-deletion/account-deletion.service';
import { AdminService } from './modules/admin/admin.service';
import { AppointmentsRepository } from './modules/appointments/appointments.repository';
import { SocketAppointmentNotifier } from './modules/appointments/appointments.realtime';
import { AppointmentScheduler } from './modules/appointments/appointments.scheduler';
import { AppointmentsService } from './modules/appointments/appointments.service';
import { DEFAULT_APPOINTMENT_TIMEOUTS } from './modules/appointments/appointments.timeouts';
import { AuditService } from './modules/audit/audit.service';
import { AuthService, type SessionSocketControl, type SignInOrganization } from './modules/auth/auth.service';
import { CallService } from './modules/call/call.service';
import { chatConfig } from './modules/chat/chat.config';
import { ChatRepository } from './modules/chat/chat.repository';
import { ChatService } from './modules/chat/chat.service';
import { ConfigsService } from './modules/configs/configs.service';
import { loadConfigsSettings } from './modules/configs/configs.settings';
import { DevService } from './modules/dev/dev.service';
import { FamilyService } from './modules/family/family.service';
import { IdentityService } from './modules/identity/identity.service';
import { InteractionsRepository } from './modules/interactions/interactions.repository';
import { InteractionsService } from './modules/interactions/interactions.service';
import { MembersRepository } from './modules/members/members.repository';
import { MembersService } from './modules/members/members.service';
import { MembershipRepository } from './modules/membership/membership.repository';
import { MembershipService } from './modules/membership/membership.service';
import { loadMembershipSettings } from './modules/membership/membership.settings';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { OrganizationsService } from './modules/organizations/organizations.service';
import { PaymentsRepository } from './modules/payments/payments.repository';
import { PaymentsService } from './modules/payments/payments.service';
import { loadPaymentsSettings } from './modules/payments/payments.settings';
import { StorePurchasesService } from './modules/payments/store-purchases.service';
import { loadStoreSettings } from './modules/payments/store.settings';
import { loadVisitPrices, VisitPaymentsService } from './modules/payments/visit-payments.service';
import { PhysiciansRepository } from './modules/physicians/physicians.repository';
import { PhysiciansService } from './modules/physicians/physicians.service';
import { MemoryPresenceStore, RedisPresenceStore, type PresenceStore } from './modules/physicians/presence';
import { buildPrescribing, type PrescribingServices } from './modules/prescribing/prescribing.wiring';
import { ProfileService } from './modules/profile/profile.service';
import { RecordsService } from './modules/records/records.service';
import { RecoveryService } from './modules/recovery/recovery.service';
import { buildScheduling } from './modules/scheduling/scheduling.module';
import type { SchedulingService } from './modules/scheduling/scheduling.service';
import { StaffAuthService } from './modules/staff-auth/staff-auth.service';
import { SupportRepository } from './modules/support/support.repository';
import { SupportService } from './modules/support/support.service';
import { TopicsRepository } from './modules/topics/topics.repository';
import { TopicsService } from './modules/topics/topics.service';
import { OutboxEmailProvider } from './providers/email/outbox.email';
import type { IdentityProvider } from './providers/identity/identity.provider';
import { OidcIdentityProvider } from './providers/identity/oidc.identity';
import { medicationDirectoryFromEnv } from './providers/medications/from-env';
import { OutboxRepository } from './providers/outbox.repository';
import { LocalCardPaymentProvider } from './providers/payments/local.card-payment';
import { LogPushProvider } from './providers/push/push.provider';
import { vapidFromEnv, WebPushProvider } from './providers/push/web-push.provider';
import { MemoryRateLimiter } from './providers/rate-limit/memory.rate-limiter';
import { RedisRateLimiter } from './providers/rate-limit/redis.rate-limiter';
import { OutboxSmsProvider } from './providers/sms/outbox.sms';
import { TwilioSmsProvider } from './providers/sms/twilio.sms';
import { LocalDiskStorage } from './providers/storage/local-disk.storage';
import type { StorageProvider } from './providers/storage/storage.provider';
import { AppleStoreVerifier, RealAppleDecoder } from './providers/store/apple.store-verifier';
import { installationAppleTestChain } from './providers/store/apple-test-chain';
import { GooglePlayStoreVerifier, RealPlayBackend } from './providers/store/google-play.store-verifier';
import { LocalAppleDecoder, LocalPlayBackend } from './providers/store/local.store-verifier';
import { NoopTelephonyProvider, type TelephonyProvider } from './providers/telephony/telephony.provider';
import { translationFromEnv } from './providers/translation/translation.provider';
import { IceServersProvider, loadVideoSettings } from './providers/video/ice-servers';

/** Every module's service, as buildServices makes them for the composition root (app.ts). */
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
  storePurchases: StorePurchasesService;
  visitPayments: VisitPaymentsService;
  support: SupportService;
  records: RecordsService;
  notifications: NotificationsService;
  prescribing: PrescribingServices['prescribing'];
  pharmacies: PrescribingServices['pharmacies'];
  scheduling: SchedulingService;
  family: FamilyService;
  organizations: OrganizationsService;
  admin: AdminService;
}

/** What the composition root (app.ts) hands the services: configuration and the server's shared infrastructure. */
export interface ServiceWiring {
  options: BuildServerOptions;
  config: Config;
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  redis?: { main: Redis };
  redisPrefix: string;
  /** Per-node caches dropped on every node (lib/invalidation-bus.ts). */
  bus: InvalidationBus;
  realtime: RealtimeGateway;
  /** The server's periodic work (lib/jobs.ts); app.ts starts it once everything is registered. */
  jobs: JobRunner;
  /** Registers a step of the server's shutdown (the last registered runs first). */
  onClose: (close: () => Promise<unknown>) => void;
}

/** Builds the providers, repositories and every module's service, wired to each other (issue 9: modules talk through services). */
export async function buildServices(wiring: ServiceWiring): Promise<Services> {
  const { options, config, clock, db, log, redis, redisPrefix, bus, realtime, jobs, onClose } = wiring;
  const outbox = new OutboxRepository(db);
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
    (redis ? new RedisRateLimiter(redis.main, redisPrefix, (err) => log.warn({ err }, 'rate limits: Redis unreachable, counting on this node')) : new MemoryRateLimiter());
  onClose(() => limiter.close());

  // A revoked session's sockets close and its cached lookups go, on every node (this node's at
  // once: the bus delivers here first; the gateway listens on it).
  const sessionsRevoked: SessionSocketControl = { disconnectSession: (sessionId) => bus.publish('session', sessionId) };
  const audit = new AuditService({ db, clock });
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
    new MembersRepository(db),
    audit,
    { hasCareRelationship: (physicianId, memberId): Promise<boolean> => appointments.hasCareRelationship(physicianId, memberId) },
    {
      // A new member a live roster lists joins its organization as she signs in (issue 15): no trial first.
      startSignUpTrial: async (member, tx) => {
        if (member.userType === 'member' && !member.organizationId && (await services.organizations.rosterListed(member, tx))) return;
        await membership.startSignUpTrial(member, tx);
      },
    },
    // Organizations and family plans are their modules' tables (built below).
    { enabledOrganization: (input, tx) => services.organizations.findEnabled(input, tx), acceptedReferrerId: (memberId) => services.family.acceptedReferrerId(memberId), partnerOf: (organizationId) => services.organizations.partnerOf(organizationId) },
    { memberChanged: (memberId, member) => realtime.emitToUser(memberId, 'member-data-update', { member }) },
  );
  // Membership (issue 14): the plans and the entitlement ledger.
  const paymentsSettings = loadPaymentsSettings(options.env ?? process.env);
  const cardProvider = paymentsSettings.provider === 'stripe' ? new (await import('./providers/payments/stripe.card-payment')).StripeCardPaymentProvider(paymentsSettings, () => clock.now()) : new LocalCardPaymentProvider();
  const membership: MembershipService = new MembershipService({ repository: new MembershipRepository(db), clock, settings: loadMembershipSettings(options.env ?? process.env), members, audit });
  const recovery = new RecoveryService({ db, clock, limiter, sms, codePepper: config.codePepper, sockets: sessionsRevoked, sessions, members });
  const family = new FamilyService({ db, clock, sms, publicUrl: config.publicUrl, membership, members, organizations: { findEnabled: (input, tx) => services.organizations.findEnabled(input, tx) } });
  const accountDeletion = new AccountDeletionService({ db, clock, audit, sockets: sessionsRevoked, sessions, recovery, members, outbox, family, log });
  const configs = new ConfigsService({ settings: loadConfigsSettings(options.env ?? process.env), publicUrl: config.publicUrl, mapTileUrl: config.mapTileUrl });
  const identityProviders: Partial<Record<keyof Config['identity']['providers'], IdentityProvider>> = Object.fromEntries(
    Object.entries(config.identity.providers).map(([name, c]) => [name, new OidcIdentityProvider(name as keyof Config['identity']['providers'], c)]),
  );
  // Issue 15: which organization a sign-in's orgId/empCode joins is the organizations service's rule (built below).
  const signInOrganization: SignInOrganization = (input, tx) => services.organizations.signInOrganization(input, tx);
  const identity = new IdentityService({ db, clock, providers: identityProviders, limiter, log, members, auth: sessions, signInOrganization });
  const staffLimits = { sendsPerPhonePerHour: options.limits?.sendsPerPhonePerHour ?? AUTH.sendsPerPhonePerHour, sendsPerIpPerHour: options.limits?.sendsPerIpPerHour ?? AUTH.sendsPerIpPerHour };
  const staffAuth = new StaffAuthService({ db, clock, email, limiter, codePepper: config.codePepper, totpKey: config.staffTotpKey, limits: staffLimits, identity, members, auth: sessions });
  const presence: PresenceStore = redis
    ? new RedisPresenceStore(redis.main, redisPrefix, {
        ...options.presence,
        onError: (err) => log.warn({ err }, 'presence: Redis unreachable, listing this node only'),
        // Redis may have lost the available set while it was away: the database has it.
        onHealed: (): Promise<void> => physicians.init(),
      })
    : new MemoryPresenceStore();
  onClose(() => presence.close());
  const physicians = new PhysiciansService({
    repository: new PhysiciansRepository(db),
    accounts: members,
    presence,
    clock,
    bus,
    slotSource: (record, date, zone) => services.scheduling.slotsOn(record, date, zone),
    scheduledSoon: (memberId) => services.scheduling.hasScheduledSoon(memberId),
    scheduledSoonNow: (memberId) => services.scheduling.hasScheduledSoonNow(memberId),
  });
  const topics = new TopicsService({ repository: new TopicsRepository(db), clock, bus });
  const appointmentsRepository = new AppointmentsRepository(db);
  const socketNotifier = new SocketAppointmentNotifier(realtime, log);
  // The medication directory (issue 12): prescriptions name only its entries.
  const medications = options.providers?.medications ?? medicationDirectoryFromEnv(options.env ?? process.env);
  // The chat's tables (issue 5); the appointments ask the chat service for the handoff's summary (issue 11).
  const chatRepository = new ChatRepository(db);
  const appointments = new AppointmentsService({
    repository: appointmentsRepository,
    physicians,
    clock,
    // Realtime alerts, and the member's push for the changes spec 4 names (issue 12).
    notifier: {
      appointmentAlert: (target, alert): void => {
        socketNotifier.appointmentAlert(target, alert);
        services.notifications.onAppointmentAlert(alert).catch((err: unknown) => log.warn({ err }, 'push failed'));
      },
      recordChanged: (appointmentId, userIds): void => socketNotifier.recordChanged(appointmentId, userIds),
    },
    timeouts: { ...DEFAULT_APPOINTMENT_TIMEOUTS, ...options.appointmentTimeouts },
    workingHours: options.workingHours ?? (() => configs.publicConfig('es').workingHours),
    publicUrl: config.publicUrl,
    log,
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
  const appointmentScheduler = new AppointmentScheduler(jobs, appointments, options.appointmentSweepMs);
  // Chat (issue 5): conversations in the database, attachments on local disk (ATTACHMENTS_DIR).
  const chatSettings = chatConfig(options.env ?? process.env, { dataDir: config.dataDir, emailFrom: config.email.from, inboundEmailSecret: config.inboundEmailSecret });
  const storage: StorageProvider = options.providers?.storage ?? (chatSettings.attachmentsDir ? new LocalDiskStorage(chatSettings.attachmentsDir) : await LocalDiskStorage.temporary());
  onClose(async () => storage.close?.());
  const chat = new ChatService({ repo: chatRepository, appointments, audit, accounts: members, physicians, clock, storage, email, realtime, config: chatSettings, log });
  // The call (issue 5): ICE servers from STUN_URLS/TURN_URLS/TURN_SECRET, signaling on the gateway.
  const telephony: TelephonyProvider = options.providers?.telephony ?? new NoopTelephonyProvider();
  const call = new CallService({ db, clock, ice: new IceServersProvider(loadVideoSettings(options.env ?? process.env)), telephony, sms, auth: sessions, members, appointments, realtime, sessionSecret: config.sessionSecret, publicUrl: config.publicUrl });
  // What the member keeps (issue 12): surveys, complaints, support requests and her record.
  // Organizations and partners (issue 15): employer codes, sites, partner themes, eligibility rosters.
  const organizations = new OrganizationsService({ db, clock, limiter, membership, members, audit, topics });
  const support = new SupportService({ repository: new SupportRepository(db), appointments, members, audit, clock });
  const services: Services = {
    auth: new AuthService({
      db,
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
      members,
      clock,
      email,
      publicUrl: config.publicUrl,
      log,
      audit,
      memberChanged: (memberId, member) => realtime.emitToUser(memberId, 'member-data-update', { member }),
    }),
    audit,
    recovery,
    accountDeletion,
    configs,
    interactions: new InteractionsService({ repository: new InteractionsRepository(db), clock, limiter }),
    membership,
    payments: new PaymentsService({
      repository: new PaymentsRepository(db),
      clock,
      card: cardProvider,
      // The offline test card page would give access for free: never in production.
      cardAvailable: cardProvider.name !== 'local' || !config.isProduction,
      membership,
      publicUrl: config.publicUrl,
    }),
    storePurchases: ((store) =>
      new StorePurchasesService({
        repository: new PaymentsRepository(db),
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
        log,
      }))(loadStoreSettings(options.env ?? process.env)),
    visitPayments: new VisitPaymentsService({
      repository: new PaymentsRepository(db),
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
      repository: new NotificationsRepository(db),
      provider: options.providers?.push ?? ((vapid) => (vapid ? new WebPushProvider(vapid) : new LogPushProvider(log)))(vapidFromEnv(options.env ?? process.env)),
      members,
      clock,
      log,
    }),
    records: new RecordsService({
      appointments,
      support,
      physicians,
      topics,
      translation: options.providers?.translation ?? (await translationFromEnv(options.env ?? process.env)),
      prescriptionDocument: (appointmentId) => services.prescribing.documentAvailable(appointmentId),
    }),
    // Prescribing and pharmacies (issues 11/12): directories, e-prescribing, the signed PDF.
    ...buildPrescribing({ db, clock, dataDir: config.dataDir, storage, audit, realtime, appointments, physicians, members, profile: () => services.profile, providers: { ...options.providers, medications }, env: options.env ?? process.env }),
    // Scheduling (issue 13): calendars, bookings, reminders on the durable queue.
    // The admin console (issue 15): staff, a member's audit log, usage.
    admin: new AdminService({
      db,
      members,
      physicians,
      staffAuth,
      appointments,
      support,
      audit,
      clock,
      revokeSessionsOfUser: (userId, now, tx) => services.auth.revokeSessionsOfUser(userId, now, tx),
      disconnectSession: (sessionId) => sessionsRevoked.disconnectSession(sessionId),
      physiciansChanged: () => physicians.invalidate(),
    }),
    // Family plans (issue 15): dependants on the referrer's plan.
    family,
    organizations,
    scheduling: buildScheduling({ db, physicians, members, appointments, clock, sms, email, jobs, config, log, everyMs: options.appointmentSweepMs ?? 1000, realTime: clock === systemClock, realtime, support, audit, telephony, entitlements: membership, bus }),
  };
  return services;
}
