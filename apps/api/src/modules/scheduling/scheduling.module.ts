import { consultationLanguageWith } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { JobRunner } from '../../lib/jobs';
import type { RealtimeGateway } from '../../realtime/gateway';
import type { EmailProvider } from '../../providers/email/email.provider';
import { PgBossQueue } from '../../providers/queue/pgboss.queue';
import type { DurableQueue } from '../../providers/queue/queue.provider';
import { TableQueue } from '../../providers/queue/table.queue';
import type { SmsProvider } from '../../providers/sms/sms.provider';
import type { TelephonyProvider } from '../../providers/telephony/telephony.provider';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { AuditService } from '../audit/audit.service';
import type { MembersService } from '../members/members.service';
import type { SupportService } from '../support/support.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import { registerSchedulingJobs } from './scheduling.jobs';
import { SchedulingRepository } from './scheduling.repository';
import { SchedulingService } from './scheduling.service';

/** Builds the scheduling service (issue 13) and registers its reminder tick. */
export function buildScheduling(deps: {
  db: Db;
  physicians: PhysiciansService;
  members: Pick<MembersService, 'account' | 'findById' | 'organizationOf'>;
  appointments: AppointmentsService;
  clock: Clock;
  sms: SmsProvider;
  email: EmailProvider;
  jobs: JobRunner;
  config: Config;
  log: FastifyBaseLogger;
  everyMs: number;
  /** pg-boss needs real time (it schedules by the database clock): false with a controlled clock. */
  realTime: boolean;
  realtime: RealtimeGateway;
  support?: Pick<SupportService, 'requestForMember'>;
  audit: Pick<AuditService, 'record'>;
  telephony?: TelephonyProvider;
  entitlements?: { assertCanConsult(actor: UserRow): Promise<void> };
  bus?: InvalidationBus;
}): SchedulingService {
  const repository = new SchedulingRepository(deps.db);
  // pg-boss 10 on PostgreSQL; the table-backed queue on PGlite (and under a controlled clock).
  const queue: DurableQueue =
    deps.config.databaseUrl && deps.realTime ? new PgBossQueue({ connectionString: deps.config.databaseUrl, log: deps.log }) : new TableQueue(deps.db, deps.clock, deps.log);
  const scheduling = new SchedulingService({
    repository,
    physicians: deps.physicians,
    members: deps.members,
    clock: deps.clock,
    queue,
    sms: deps.sms,
    email: deps.email,
    publicUrl: deps.config.publicUrl,
    secret: deps.config.sessionSecret,
    emailFrom: deps.config.email.from,
    support: deps.support,
    audit: deps.audit,
    telephony: deps.telephony,
    entitlements: deps.entitlements,
    bus: deps.bus,
    scheduledStarted: (memberId, payload) => deps.realtime.emitToUser(memberId, 'scheduled-started', payload),
    // Joining: the live appointment (type scheduled, S1) asked of that coach; the on-demand life cycle follows.
    // The booking's language is the member's (her texts and emails); the consultation's is one the
    // coach speaks (a coach sees and takes requests only in her languages), hers when they share it.
    startLive: async (actor, row) => {
      const record = await deps.physicians.record(row.physicianId);
      const member = await deps.members.account(actor.id);
      const address = member?.address ?? {};
      const created = await deps.appointments.create(
        actor,
        {
          practice: record?.user.practice ?? 'health',
          language: consultationLanguageWith(record?.user.languages ?? [], null, row.language),
          topic: row.topic,
          timezone: row.timezone,
          mxDoctorId: row.physicianId,
          location: { country: address.country ?? 'MX', state: address.state ?? 'CMX', city: address.city ?? '' },
        },
        false,
        row.language,
        { scheduled: true },
      );
      return { appointmentId: created.id, isBusy: await deps.appointments.isBusy(row.physicianId, created.id) };
    },
  });
  registerSchedulingJobs(deps.jobs, scheduling, deps.everyMs);
  return scheduling;
}
