import type { AdminCoachDto, CalendarDto, CoachScheduledAppointmentDto, ScheduledAppointmentDto, SlotsResponse } from '@puente/contracts';
import { type APPOINTMENT_STATE, type CalendarExceptionInput, type Language, type ScheduledCancelReason } from '@puente/domain';
import type { ScheduledAppointmentRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { DurableQueue } from '../../providers/queue/queue.provider';
import type { TelephonyProvider } from '../../providers/telephony/telephony.provider';
import type { SmsProvider } from '../../providers/sms/sms.provider';
import type { AuditService } from '../audit/audit.service';
import type { MembersService } from '../members/members.service';
import type { SupportService } from '../support/support.service';
import type { PhysicianRecord, PhysiciansService } from '../physicians/physicians.service';
import { CoachCalendars, type CalendarInput } from './scheduling.calendar';
import { BookingCommands, type ScheduleInput } from './scheduling.commands';
import { SchedulingNotices } from './scheduling.notices';
import { assertAdmin, type Actor } from './scheduling.policy';
import { SchedulingQueries } from './scheduling.queries';
import type { SchedulingRepository } from './scheduling.repository';
import { ScheduledSoon } from './scheduling.soon';

export type FullActor = import('../auth/session-scope').Actor;

/** Starts the live consultation of a scheduled appointment (the appointments service, wired in app.ts). */
export type StartLive = (actor: FullActor, row: ScheduledAppointmentRow) => Promise<{ appointmentId: string; isBusy: boolean }>;

export interface SchedulingServiceDeps {
  repository: SchedulingRepository;
  physicians: PhysiciansService;
  /** The accounts (the users table is the members module's): members' and coaches' contacts, a member's organization flags. */
  members: Pick<MembersService, 'account' | 'findById' | 'organizationOf'>;
  clock: Clock;
  queue: DurableQueue;
  sms: SmsProvider;
  email: EmailProvider;
  publicUrl: string;
  secret: string;
  emailFrom: string;
  startLive?: StartLive;
  /** The support inbox (spec 4: a US-physician coach's booking is changed through a support message). */
  support?: Pick<SupportService, 'requestForMember'>;
  /** Admins' reads and changes of a coach's calendar are audited. */
  audit: Pick<AuditService, 'record'>;
  /** Issue 15: spoken reminders for members of organizations with VOICE_REMINDERS (none without it). */
  telephony?: TelephonyProvider;
  /** Issue 14: a member without access (no organization, no live entitlement) gets PAYMENT_REQUIRED on booking. */
  entitlements?: { assertCanConsult(actor: Actor): Promise<void> };
  /** Realtime: scheduled-started to the member's open apps (the gateway's emitToUser). */
  scheduledStarted?: (memberId: string, payload: { scheduledAppointmentId: string; appointmentId: string }) => void;
  /** Tells every node that bookings changed (their `soon` caches). */
  bus?: InvalidationBus;
}

/**
 * Scheduling (issue 13): the module's one entry point for routes, resolvers and other modules.
 * Its seams live in their own files: queries (slots, the bookings an actor may see), the coach's
 * calendar (and the admin's editor), booking commands (book, move, cancel, join), the notices on
 * the durable queue (reminders, the texted cancel link) and the `soon` cache the on-demand call
 * reads; the rules of who may do what are the policy's.
 */
export class SchedulingService {
  private readonly queries: SchedulingQueries;
  private readonly calendars: CoachCalendars;
  private readonly notices: SchedulingNotices;
  private readonly commands: BookingCommands;
  private readonly soon: ScheduledSoon;

  constructor(deps: SchedulingServiceDeps) {
    this.soon = new ScheduledSoon(deps);
    this.queries = new SchedulingQueries(deps);
    this.notices = new SchedulingNotices(deps, this.queries);
    this.calendars = new CoachCalendars(deps, this.queries);
    this.commands = new BookingCommands(deps, this.queries, this.notices, this.soon);
  }

  // Slots (the physicians module asks for one day's; members for a range)
  slotsOn(record: PhysicianRecord, date: string, memberTimeZone: string): Promise<string[]> {
    return this.queries.slotsOn(record, date, memberTimeZone);
  }
  slots(id: string, from: string, to: string, memberTimeZone: string): Promise<SlotsResponse> {
    return this.queries.slots(id, from, to, memberTimeZone);
  }
  /** hasScheduledSoon's answer when it needs no query (the cache is fresh); else undefined. */
  hasScheduledSoonNow(memberId: string): boolean | undefined {
    return this.soon.hasScheduledSoonNow(memberId);
  }
  /** spec 001 §8: the member's scheduled appointment starts soon (the online coaches call refuses her). */
  hasScheduledSoon(memberId: string): Promise<boolean> {
    return this.soon.hasScheduledSoon(memberId);
  }

  // A coach's calendar
  calendar(actor: Actor, physicianId: string): Promise<CalendarDto> {
    return this.calendars.calendar(actor, physicianId);
  }
  putCalendar(actor: Actor, physicianId: string, input: CalendarInput): Promise<CalendarDto> {
    return this.calendars.putCalendar(actor, physicianId, input);
  }
  addException(actor: Actor, physicianId: string, input: CalendarExceptionInput): Promise<CalendarDto> {
    return this.calendars.addException(actor, physicianId, input);
  }
  removeException(actor: Actor, physicianId: string, exceptionId: string): Promise<CalendarDto> {
    return this.calendars.removeException(actor, physicianId, exceptionId);
  }

  // The admin's calendar editor and job queue: admins only, anyone else NOT_FOUND; audited.
  /** Routes call it before reading a body, so a non-admin never sees a 400. */
  asAdmin(actor: Actor): void {
    assertAdmin(actor);
  }
  adminCoaches(actor: Actor): Promise<AdminCoachDto[]> {
    return this.calendars.adminCoaches(actor);
  }
  adminCalendar(actor: Actor, physicianId: string): Promise<CalendarDto> {
    return this.calendars.adminCalendar(actor, physicianId);
  }
  adminPutCalendar(actor: Actor, physicianId: string, input: CalendarInput): Promise<CalendarDto> {
    return this.calendars.adminPutCalendar(actor, physicianId, input);
  }
  adminAddException(actor: Actor, physicianId: string, input: CalendarExceptionInput): Promise<CalendarDto> {
    return this.calendars.adminAddException(actor, physicianId, input);
  }
  adminRemoveException(actor: Actor, physicianId: string, exceptionId: string): Promise<CalendarDto> {
    return this.calendars.adminRemoveException(actor, physicianId, exceptionId);
  }
  deadLetters(actor: Actor): ReturnType<SchedulingNotices['deadLetters']> {
    return this.notices.deadLetters(actor);
  }

  // Bookings: reading
  mine(actor: Actor, lang: Language): Promise<ScheduledAppointmentDto[]> {
    return this.queries.mine(actor, lang);
  }
  get(actor: Actor, id: string, lang: Language): Promise<ScheduledAppointmentDto> {
    return this.queries.get(actor, id, lang);
  }
  forCoach(actor: Actor, physicianId: string, lang: Language): Promise<CoachScheduledAppointmentDto[]> {
    return this.queries.forCoach(actor, physicianId, lang);
  }

  // Bookings: changing
  schedule(actor: Actor, input: ScheduleInput, lang: Language): Promise<ScheduledAppointmentDto> {
    return this.commands.schedule(actor, input, lang);
  }
  reschedule(actor: Actor, id: string, input: ScheduleInput, lang: Language): Promise<ScheduledAppointmentDto> {
    return this.commands.reschedule(actor, id, input, lang);
  }
  cancel(actor: Actor | null, id: string, reason: ScheduledCancelReason, token: string | undefined): Promise<{ id: string; state: typeof APPOINTMENT_STATE.SCHEDULED_CANCELED }> {
    return this.commands.cancel(actor, id, reason, token);
  }
  requestChangeViaSupport(actor: Actor, id: string, action: 'cancel' | 'reschedule'): Promise<{ supportRequestId: string }> {
    return this.commands.requestChangeViaSupport(actor, id, action);
  }
  join(actor: FullActor, id: string): Promise<{ appointmentId: string; isBusy: boolean }> {
    return this.commands.join(actor, id);
  }
  /** The appointments module: a booking's live consultation is over. */
  liveEnded(appointmentId: string): Promise<void> {
    return this.commands.liveEnded(appointmentId);
  }

  // Notices on the durable queue
  /** The texted cancel link's token (tests build the link with it). */
  cancelToken(id: string): string {
    return this.notices.cancelToken(id);
  }
  start(): Promise<void> {
    return this.notices.start();
  }
  stop(): Promise<void> {
    return this.notices.stop();
  }
  /** Runs the due reminders (the periodic job; tests call it after moving the clock). */
  runDue(): Promise<number> {
    return this.notices.runDue();
  }
}
