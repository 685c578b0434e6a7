import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdminCoachDto, CalendarDto, CoachScheduledAppointmentDto, PhysicianDto, ScheduledAppointmentDto, SlotsResponse } from '@puente/contracts';
import {
  APPOINTMENT_STATE,
  buildPath,
  CALENDAR,
  CANCEL_BY_SMS,
  computeSlots,
  hasOrgFlag,
  organizationOffers,
  formatSlot,
  isFreeSlot,
  scheduledDayBucket,
  SCHEDULED_BLOCKS_ON_DEMAND_MS,
  SCHEDULED_DURATION_MINUTES,
  slotDateIn,
  TIMERS,
  WORKING_HOURS,
  type CalendarExceptionInput,
  type Language,
  type ScheduledCancelReason,
  type WeeklyHours,
} from '@puente/domain';
import type { z } from 'zod';
import type { putCalendarInputSchema, scheduleAppointmentInputSchema } from '@puente/contracts';
import type { ScheduledAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
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
import { invitation } from './scheduling.ics';
import { schedulingText } from './scheduling.messages';
import { presentScheduled } from './scheduling.presenter';
import type { Contact, SchedulingRepository } from './scheduling.repository';

type ScheduleInput = z.output<typeof scheduleAppointmentInputSchema>;
type CalendarInput = z.output<typeof putCalendarInputSchema>;
type Actor = Pick<UserRow, 'id' | 'userType' | 'preferredLang' | 'timeZone'>;
type FullActor = import('../auth/session-scope').Actor;

export const REMINDER_JOB = 'scheduling-notify';
type NotifyKind = 'confirm' | 'reschedule' | 'cancel' | 'join' | 'coach-booked' | 'coach-reminder';

/** Starts the live consultation of a scheduled appointment (the appointments service, wired in app.ts). */
export type StartLive = (actor: FullActor, row: ScheduledAppointmentRow) => Promise<{ appointmentId: string; isBusy: boolean }>;

export interface SchedulingServiceDeps {
  repository: SchedulingRepository;
  physicians: PhysiciansService;
  /** The member's organization flags (SchedulingAvailable); no check without it. */
  members?: Pick<MembersService, 'findById' | 'organizationOf'>;
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

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Scheduling (issue 13): coaches' calendars, free slots, booking, rescheduling, cancelling, the
 * texted cancel link and the reminders on the durable queue.
 */
export class SchedulingService {
  /**
   * Members' live bookings starting soon, read in one query and kept SOON_CACHE_MS (clock time),
   * so the online coaches poll (every 4 s per waiting member) costs no query of its own. Dropped
   * on every booking change, on every node (the invalidation bus), else within SOON_CACHE_MS.
   */
  private soon: { at: number; byMember: Map<string, { start: number; end: number }[]> } | undefined;
  private static readonly SOON_CACHE_MS = 15_000;

  constructor(private readonly deps: SchedulingServiceDeps) {
    // A booking changed on any node drops `soon` on every node (issue 16: caches across nodes).
    deps.bus?.subscribe('scheduled', () => (this.soon = undefined));
    deps.bus?.onResync(() => (this.soon = undefined));
    deps.queue.work(REMINDER_JOB, (payload) => this.notify(payload as { id: string; kind: NotifyKind; sequence: number }));
  }

  // -------------------------------------------------------------------------------------------
  // Calendars and slots

  private async slotInputs(record: PhysicianRecord, after: Date, db?: Parameters<SchedulingRepository['bookings']>[2]) {
    const [calendar, exceptions, bookings] = await Promise.all([
      this.deps.repository.calendar(record.user.id, db),
      this.deps.repository.exceptions(record.user.id, after, db),
      this.deps.repository.bookings(record.user.id, after, db),
    ]);
    const hours: WeeklyHours[] = record.hours.map((h) => ({ weekday: h.weekday, starts: h.starts, ends: h.ends, timeZone: h.timeZone, slotMinutes: h.slotMinutes }));
    return {
      hours,
      weekdays: calendar?.weekdays ?? WORKING_HOURS.weekdays,
      exceptions: exceptions.map((e) => ({ kind: e.kind, startsAt: e.startsAt.toISOString(), endsAt: e.endsAt.toISOString() })),
      bookings,
      timeZone: calendar?.timeZone ?? hours[0]?.timeZone ?? record.user.timeZone ?? CALENDAR.fallbackTimeZone,
    };
  }

  /** A coach with a calendar (spec 6: US doctors have none). */
  private async coach(id: string): Promise<PhysicianRecord> {
    const record = await this.deps.physicians.record(id);
    if (!record || record.user.userType !== 'mx-physician') throw new AppError('NOT_FOUND');
    return record;
  }

  /** A coach or a US physician (an admin's booking). */
  private async anyPhysician(id: string): Promise<PhysicianRecord> {
    const record = await this.deps.physicians.record(id);
    if (!record || (record.user.userType !== 'mx-physician' && record.user.userType !== 'us-physician')) throw new AppError('NOT_FOUND');
    return record;
  }

  /** Whether a booking is held with a US-physician coach (no calendar: changed through support). */
  private async withUsPhysician(row: ScheduledAppointmentRow): Promise<PhysicianRecord | undefined> {
    const record = await this.deps.physicians.record(row.physicianId);
    return record?.user.userType === 'us-physician' ? record : undefined;
  }

  /** Free slots of one day (yyyy-MM-dd in memberTimeZone): getPhysicians(...).availableSlots(date). */
  async slotsOn(record: PhysicianRecord, date: string, memberTimeZone: string): Promise<string[]> {
    if (record.user.userType !== 'mx-physician') return [];
    const now = this.deps.clock.now();
    const inputs = await this.slotInputs(record, now);
    return computeSlots({ ...inputs, now, memberTimeZone, from: date, to: date })[date] ?? [];
  }

  /** GET /api/physicians/{id}/slots: free slots by day from `from` to `to` in the member's zone. */
  async slots(id: string, from: string, to: string, memberTimeZone: string): Promise<SlotsResponse> {
    const record = await this.deps.physicians.record(id);
    if (!record || (record.user.userType !== 'mx-physician' && record.user.userType !== 'us-physician')) throw new AppError('NOT_FOUND');
    if (record.user.userType === 'us-physician') return { timeZone: memberTimeZone, physicianTimeZone: null, slots: {} };
    const now = this.deps.clock.now();
    const inputs = await this.slotInputs(record, now);
    return { timeZone: memberTimeZone, physicianTimeZone: inputs.timeZone, slots: computeSlots({ ...inputs, now, memberTimeZone, from, to }) };
  }

  private canEditCalendar(actor: Actor, physicianId: string): void {
    if (actor.userType === 'admin') return;
    if (actor.userType === 'mx-physician' && actor.id === physicianId) return;
    if (actor.userType === 'mx-physician' || actor.userType === 'us-physician') throw new AppError('FORBIDDEN');
    throw new AppError('NOT_FOUND');
  }

  async calendar(actor: Actor, physicianId: string): Promise<CalendarDto> {
    this.canEditCalendar(actor, physicianId);
    const record = await this.coach(physicianId);
    const now = this.deps.clock.now();
    const [calendar, exceptions] = await Promise.all([this.deps.repository.calendar(physicianId), this.deps.repository.exceptions(physicianId, now)]);
    return {
      physicianId,
      timeZone: calendar?.timeZone ?? record.hours[0]?.timeZone ?? record.user.timeZone ?? CALENDAR.fallbackTimeZone,
      weekdays: calendar?.weekdays ?? [...WORKING_HOURS.weekdays],
      slotMinutes: record.hours[0]?.slotMinutes ?? SCHEDULED_DURATION_MINUTES,
      hours: record.hours.map((h) => ({ weekday: h.weekday, starts: h.starts, ends: h.ends })).sort((a, b) => a.weekday - b.weekday || a.starts.localeCompare(b.starts)),
      exceptions: exceptions.map((e) => ({ id: e.id, kind: e.kind, startsAt: e.startsAt.toISOString(), endsAt: e.endsAt.toISOString() })),
    };
  }

  async putCalendar(actor: Actor, physicianId: string, input: CalendarInput): Promise<CalendarDto> {
    this.canEditCalendar(actor, physicianId);
    await this.coach(physicianId);
    const weekdays = input.weekdays ?? [...WORKING_HOURS.weekdays];
    await this.deps.repository.saveCalendar(physicianId, { timeZone: input.timeZone, weekdays, slotMinutes: input.slotMinutes, hours: input.hours }, this.deps.clock.now());
    this.deps.physicians.invalidate();
    return this.calendar(actor, physicianId);
  }

  async addException(actor: Actor, physicianId: string, input: CalendarExceptionInput): Promise<CalendarDto> {
    this.canEditCalendar(actor, physicianId);
    await this.coach(physicianId);
    await this.deps.repository.addException({ userId: physicianId, kind: input.kind, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt), createdBy: actor.id, createdAt: this.deps.clock.now() });
    return this.calendar(actor, physicianId);
  }

  async removeException(actor: Actor, physicianId: string, exceptionId: string): Promise<CalendarDto> {
    this.canEditCalendar(actor, physicianId);
    if (!(await this.deps.repository.removeException(physicianId, exceptionId))) throw new AppError('NOT_FOUND');
    return this.calendar(actor, physicianId);
  }

  // -------------------------------------------------------------------------------------------
  // The admin's calendar editor (issue 13 "the admin can edit them"): admins only, anyone else
  // NOT_FOUND; every read and change is audited against the coach.

  /** Admins only; anyone else is NOT_FOUND (routes call it before reading a body, so a non-admin never sees a 400). */
  asAdmin(actor: Actor): void {
    if (actor.userType !== 'admin') throw new AppError('NOT_FOUND');
  }

  /** GET /api/admin/coaches: the coaches who keep a calendar (US doctors have none). */
  async adminCoaches(actor: Actor): Promise<AdminCoachDto[]> {
    this.asAdmin(actor);
    // Every admin action is audited (issue 15); no member is its subject.
    await this.deps.audit.record({ actor, action: 'read', resource: 'coach-directory' });
    return (await this.deps.physicians.allRecords())
      .filter((r) => r.user.userType === 'mx-physician')
      .map((r) => ({ id: r.user.id, firstName: r.user.firstName ?? '', lastName: r.user.lastName ?? '' }))
      .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
  }

  private async audited(actor: Actor, action: 'read' | 'update' | 'create' | 'delete', physicianId: string, fields?: readonly string[], recordId?: string): Promise<void> {
    await this.deps.audit.record({ actor, action, resource: 'physician-calendar', subjectId: physicianId, ...(recordId ? { recordId } : {}), ...(fields ? { fields } : {}) });
  }

  async adminCalendar(actor: Actor, physicianId: string): Promise<CalendarDto> {
    this.asAdmin(actor);
    const calendar = await this.calendar(actor, physicianId);
    await this.audited(actor, 'read', physicianId);
    return calendar;
  }

  async adminPutCalendar(actor: Actor, physicianId: string, input: CalendarInput): Promise<CalendarDto> {
    this.asAdmin(actor);
    const calendar = await this.putCalendar(actor, physicianId, input);
    await this.audited(actor, 'update', physicianId, ['timeZone', 'weekdays', 'slotMinutes', 'hours']);
    return calendar;
  }

  async adminAddException(actor: Actor, physicianId: string, input: CalendarExceptionInput): Promise<CalendarDto> {
    this.asAdmin(actor);
    const calendar = await this.addException(actor, physicianId, input);
    await this.audited(actor, 'create', physicianId, ['kind', 'startsAt', 'endsAt']);
    return calendar;
  }

  async adminRemoveException(actor: Actor, physicianId: string, exceptionId: string): Promise<CalendarDto> {
    this.asAdmin(actor);
    const calendar = await this.removeException(actor, physicianId, exceptionId);
    await this.audited(actor, 'delete', physicianId, undefined, exceptionId);
    return calendar;
  }

  // -------------------------------------------------------------------------------------------
  // Booking

  private memberFor(actor: Actor, memberId: string | null | undefined): string {
    if (actor.userType === 'member') {
      if (memberId && memberId !== actor.id) throw new AppError('NOT_FOUND');
      return actor.id;
    }
    if (actor.userType === 'admin') {
      if (!memberId) throw new AppError('INVALID_DATA', { fields: { memberId: 'required' } });
      return memberId;
    }
    throw new AppError('FORBIDDEN');
  }

  /**
   * Books `input.startDate` with the coach when it is a free slot. The coach's calendar row is
   * locked for the transaction and the partial unique index (physician, start) refuses a second
   * live booking: two members racing for one slot get one booking and one NO_SLOTS_AVAILABLE.
   */
  private async book(actor: Actor, memberId: string, input: ScheduleInput, replacing?: ScheduledAppointmentRow): Promise<ScheduledAppointmentRow> {
    // spec 6: US-physician coaches have no calendar; only support (an admin) books them, at a time
    // agreed with the member (in the future, no overlap with another of their bookings).
    const record = actor.userType === 'admin' ? await this.anyPhysician(input.physicianId) : await this.coach(input.physicianId);
    if (record.user.userType === 'us-physician') await this.assertUspSchedulingAvailable(memberId);
    const now = this.deps.clock.now();
    const start = new Date(input.startDate);
    const end = new Date(start.getTime() + SCHEDULED_DURATION_MINUTES * 60_000);
    try {
      return await this.deps.repository.transaction(async (tx) => {
        await this.deps.repository.lockCalendar(tx, record.user.id, now);
        const inputs = await this.slotInputs(record, now, tx);
        const bookings = replacing ? inputs.bookings.filter((b) => b.id !== replacing.id) : inputs.bookings;
        const free =
          record.user.userType === 'us-physician'
            ? start.getTime() > now.getTime() && bookings.every((b) => b.endDate.getTime() <= start.getTime() || b.startDate.getTime() >= end.getTime())
            : isFreeSlot({ ...inputs, bookings, now, memberTimeZone: input.timezone }, start.toISOString());
        if (!free) throw new AppError('NO_SLOTS_AVAILABLE');
        if (replacing) {
          return this.deps.repository.update(
            replacing.id,
            {
              physicianId: record.user.id,
              startDate: start,
              endDate: end,
              language: input.language,
              timezone: input.timezone,
              topic: input.topic ?? replacing.topic,
              state: 'scheduled',
              sequence: replacing.sequence + 1,
              updatedAt: now,
            },
            tx,
          );
        }
        return this.deps.repository.insert(tx, {
          tinyId: randomBytes(4).toString('hex').toUpperCase(),
          physicianId: record.user.id,
          memberId,
          createdBy: actor.id,
          createdByRole: actor.userType,
          startDate: start,
          endDate: end,
          language: input.language,
          timezone: input.timezone,
          topic: input.topic ?? null,
          createdAt: now,
          updatedAt: now,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('NO_SLOTS_AVAILABLE');
      throw err;
    }
  }

  /**
   * spec 001 §8: true when the member has a live scheduled appointment starting within
   * SCHEDULED_BLOCKS_ON_DEMAND_MS (or started and not ended): the online coaches call refuses her.
   */
  private bookingsChanged(): void {
    this.soon = undefined;
    this.deps.bus?.publish('scheduled');
  }

  async hasScheduledSoon(memberId: string): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    let soon = this.soon;
    if (!soon || now - soon.at >= SchedulingService.SOON_CACHE_MS || now < soon.at) {
      const rows = await this.deps.repository.liveStartingBefore(new Date(now), new Date(now + SCHEDULED_BLOCKS_ON_DEMAND_MS + SchedulingService.SOON_CACHE_MS));
      const byMember = new Map<string, { start: number; end: number }[]>();
      for (const r of rows) byMember.set(r.memberId, [...(byMember.get(r.memberId) ?? []), { start: r.startDate.getTime(), end: r.endDate.getTime() }]);
      soon = this.soon = { at: now, byMember };
    }
    return (soon.byMember.get(memberId) ?? []).some((b) => b.start - now <= SCHEDULED_BLOCKS_ON_DEMAND_MS && b.end > now);
  }

  /**
   * spec 001 §2: a member of an organization without SchedulingAvailable may not book or move a
   * booking (CONFLICT scheduling-not-available); members without an organization may. Admins
   * (staff acting for a member) are not held to it.
   */
  private async assertSchedulingAvailable(actor: Actor, memberId: string): Promise<void> {
    if (actor.userType === 'admin' || !this.deps.members) return;
    const member = await this.deps.members.findById(memberId);
    if (!member?.organizationId) return;
    const organization = await this.deps.members.organizationOf(member.organizationId);
    if (organization && !hasOrgFlag(organization.settings, 'SCHEDULING_AVAILABLE')) throw new AppError('CONFLICT', { reason: 'scheduling-not-available' });
  }

  /**
   * spec 3 USP_SCHEDULING_AVAILABLE: a booking with a US physician (an admin's, they have no
   * calendar) is for members of an organization that offers it; members with no organization may.
   */
  private async assertUspSchedulingAvailable(memberId: string): Promise<void> {
    if (!this.deps.members) return;
    const member = await this.deps.members.findById(memberId);
    if (!member?.organizationId) return;
    const organization = await this.deps.members.organizationOf(member.organizationId);
    if (organization && !organizationOffers(organization.settings).uspScheduling) throw new AppError('CONFLICT', { reason: 'usp-scheduling-not-available' });
  }

  /** scheduleAppointment(input) (spec 7). */
  async schedule(actor: Actor, input: ScheduleInput, lang: Language): Promise<ScheduledAppointmentDto> {
    const memberId = this.memberFor(actor, input.memberId);
    await this.assertSchedulingAvailable(actor, memberId);
    await this.deps.entitlements?.assertCanConsult(actor);
    const row = await this.book(actor, memberId, input);
    this.bookingsChanged();
    await this.enqueueNotices(row, 'confirm');
    return this.present(row, lang);
  }

  /** The member's (or, for an admin, any) scheduled appointment, else NOT_FOUND. */
  private async owned(actor: Actor, id: string): Promise<ScheduledAppointmentRow> {
    const row = await this.deps.repository.byId(id);
    if (!row) throw new AppError('NOT_FOUND');
    if (actor.userType === 'admin') return row;
    if (actor.userType === 'member' && row.memberId === actor.id) return row;
    if (actor.userType === 'mx-physician' && row.physicianId === actor.id) return row;
    throw new AppError('NOT_FOUND');
  }

  /** spec 8: scheduling errors for an appointment that can no longer change. */
  private assertChangeable(row: ScheduledAppointmentRow, now: Date, marginMs: number): void {
    if (row.state === APPOINTMENT_STATE.SCHEDULED_CANCELED) throw new AppError('APPOINTMENT_ALREADY_CANCELED');
    if (row.status === 'finished') throw new AppError('APPOINTMENT_ALREADY_FINISHED');
    if (row.status === 'in-progress' || row.appointmentId) throw new AppError('APPOINTMENT_ALREADY_IN_PROGRESS');
    // A booking whose time has passed without being joined is over, as join() answers it.
    if (now.getTime() >= row.endDate.getTime()) throw new AppError('APPOINTMENT_ALREADY_FINISHED');
    if (now.getTime() >= row.startDate.getTime() - marginMs) throw new AppError('APPOINTMENT_ALREADY_IN_PROGRESS');
  }

  /** rescheduleAppointment(appointmentId, input) (spec 7): same booking (same .ics UID), new slot. */
  async reschedule(actor: Actor, id: string, input: ScheduleInput, lang: Language): Promise<ScheduledAppointmentDto> {
    const row = await this.owned(actor, id);
    if (actor.userType === 'mx-physician') throw new AppError('FORBIDDEN');
    // spec 4: a consult already started cannot be rescheduled.
    this.assertChangeable(row, this.deps.clock.now(), 0);
    if (actor.userType !== 'admin' && (await this.withUsPhysician(row))) throw new AppError('CONFLICT', { reason: 'via-support' });
    await this.assertSchedulingAvailable(actor, row.memberId);
    await this.deps.entitlements?.assertCanConsult(actor);
    const updated = await this.book(actor, row.memberId, { ...input, memberId: row.memberId }, row);
    this.bookingsChanged();
    await this.deps.queue.cancelByPrefix(`sched:${row.id}:`);
    await this.enqueueNotices(updated, 'reschedule');
    return this.present(updated, lang);
  }

  /**
   * POST /api/scheduled-appointments/{id}/cancel?cancel_reason= (spec 7). With a session: the
   * member (more than 5 minutes before the start, spec 4) or an admin. Without one: the texted
   * link's token for this appointment, reason CANCEL_BY_SMS, until the start.
   */
  async cancel(actor: Actor | null, id: string, reason: ScheduledCancelReason, token: string | undefined): Promise<{ id: string; state: typeof APPOINTMENT_STATE.SCHEDULED_CANCELED }> {
    const now = this.deps.clock.now();
    let row: ScheduledAppointmentRow;
    if (actor) {
      row = await this.owned(actor, id);
      if (actor.userType === 'mx-physician') throw new AppError('FORBIDDEN');
      this.assertChangeable(row, now, actor.userType === 'admin' ? 0 : TIMERS.enterConsultationThresholdMs);
      if (actor.userType !== 'admin' && (await this.withUsPhysician(row))) throw new AppError('CONFLICT', { reason: 'via-support' });
    } else {
      if (!token) throw new AppError('UNAUTHORIZED');
      if (!this.verifyCancelToken(id, token)) throw new AppError('NOT_FOUND');
      const found = await this.deps.repository.byId(id);
      if (!found) throw new AppError('NOT_FOUND');
      row = found;
      reason = CANCEL_BY_SMS;
      // The link is inactive once the appointment date has passed.
      this.assertChangeable(row, now, 0);
    }
    const updated = await this.deps.repository.update(row.id, { state: APPOINTMENT_STATE.SCHEDULED_CANCELED, cancelReason: reason, canceledAt: now, sequence: row.sequence + 1, updatedAt: now });
    this.bookingsChanged();
    await this.deps.queue.cancelByPrefix(`sched:${row.id}:`);
    await this.deps.queue.enqueue(REMINDER_JOB, { id: row.id, kind: 'cancel', sequence: updated.sequence }, { runAt: now, singletonKey: `cancel:${row.id}` });
    return { id: row.id, state: APPOINTMENT_STATE.SCHEDULED_CANCELED };
  }

  /**
   * POST /api/scheduled-appointments/{id}/support-request (spec 4 "Scheduling flow"): the member
   * asks support to cancel or move a booking held with a US-physician coach, who has no calendar.
   * The message names the booking, the coach and the time; the booking stays until support acts.
   */
  async requestChangeViaSupport(actor: Actor, id: string, action: 'cancel' | 'reschedule'): Promise<{ supportRequestId: string }> {
    if (actor.userType !== 'member') throw new AppError('NOT_FOUND');
    const row = await this.owned(actor, id);
    const now = this.deps.clock.now();
    this.assertChangeable(row, now, action === 'cancel' ? TIMERS.enterConsultationThresholdMs : 0);
    const record = await this.withUsPhysician(row);
    if (!record) throw new AppError('CONFLICT', { reason: 'via-support' });
    if (!this.deps.support) throw new AppError('NOT_FOUND');
    const lang = actor.preferredLang;
    const vars = { coach: [record.user.firstName, record.user.lastName].filter(Boolean).join(' '), when: formatSlot(row.startDate, row.timezone, lang), id: row.tinyId };
    const request = await this.deps.support.requestForMember(row.memberId, {
      helpTopic: 'consultation',
      reason: schedulingText(action === 'cancel' ? 'supportCancelReason' : 'supportRescheduleReason', lang, vars),
      moreDetails: schedulingText('supportDetails', lang, vars),
    });
    return { supportRequestId: request.id };
  }

  /** GET /api/scheduled-appointments/mine. */
  async mine(actor: Actor, lang: Language): Promise<ScheduledAppointmentDto[]> {
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    const rows = await this.deps.repository.upcomingForMember(actor.id, this.deps.clock.now());
    return Promise.all(rows.map((r) => this.present(r, lang)));
  }

  async get(actor: Actor, id: string, lang: Language): Promise<ScheduledAppointmentDto> {
    return this.present(await this.owned(actor, id), lang);
  }

  /** A coach's bookings from now on, with each member's first name (dashboard). */
  async forCoach(actor: Actor, physicianId: string, lang: Language): Promise<CoachScheduledAppointmentDto[]> {
    this.canEditCalendar(actor, physicianId);
    const now = this.deps.clock.now();
    const rows = await this.deps.repository.forPhysician(physicianId, new Date(now.getTime() - SCHEDULED_DURATION_MINUTES * 60_000), new Date(now.getTime() + 100 * 24 * 3600_000));
    return Promise.all(rows.map(async (r) => ({ ...(await this.present(r, lang)), memberFirstName: (await this.deps.repository.contact(r.memberId))?.firstName ?? null })));
  }

  /**
   * POST /api/scheduled-appointments/{id}/join (spec 4): from 5 minutes before the start, the
   * member's live appointment (type scheduled, S1) for that coach; GET isbusy tells whether the
   * coach is still in another consultation.
   */
  async join(actor: FullActor, id: string): Promise<{ appointmentId: string; isBusy: boolean }> {
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    const row = await this.owned(actor, id);
    const now = this.deps.clock.now();
    if (row.state === APPOINTMENT_STATE.SCHEDULED_CANCELED) throw new AppError('APPOINTMENT_ALREADY_CANCELED');
    if (row.status === 'finished' || now.getTime() >= row.endDate.getTime()) throw new AppError('APPOINTMENT_ALREADY_FINISHED');
    if (now.getTime() < row.startDate.getTime() - TIMERS.enterConsultationThresholdMs) throw new AppError('INVALID_DATA', { fields: { startDate: 'too_early' } });
    if (!this.deps.startLive) throw new AppError('NOT_FOUND');
    const live = await this.deps.startLive(actor, row);
    await this.deps.repository.update(row.id, { status: 'in-progress', appointmentId: live.appointmentId, updatedAt: now });
    this.deps.scheduledStarted?.(row.memberId, { scheduledAppointmentId: row.id, appointmentId: live.appointmentId });
    return live;
  }

  /** The live consultation of a booking is over (finished or cancelled): the booking is finished (spec 3 status). */
  async liveEnded(appointmentId: string): Promise<void> {
    await this.deps.repository.finishByAppointment(appointmentId, this.deps.clock.now());
    this.bookingsChanged();
  }

  // -------------------------------------------------------------------------------------------
  // Cancel link and notices

  cancelToken(id: string): string {
    return createHmac('sha256', this.deps.secret).update(`scheduled-cancel:${id}`).digest('base64url').slice(0, 32);
  }

  verifyCancelToken(id: string, token: string): boolean {
    const expected = Buffer.from(this.cancelToken(id));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The texted cancel link (/cancel-confirmation-link with lang, coachName, socioName, startDate, appointmentId, token, todayOrTomorrow). */
  cancelUrl(row: ScheduledAppointmentRow, member: Contact, coach: Contact): string {
    const url = new URL(buildPath('cancelConfirmationLink'), this.deps.publicUrl);
    const bucket = scheduledDayBucket(row.startDate, this.deps.clock.now(), row.timezone);
    url.search = new URLSearchParams({
      lang: row.language,
      coachName: [coach.firstName, coach.lastName].filter(Boolean).join(' '),
      socioName: member.firstName ?? '',
      startDate: row.startDate.toISOString(),
      appointmentId: row.id,
      token: this.cancelToken(row.id),
      todayOrTomorrow: bucket === 'more-than-tomorrow' ? '' : bucket,
    }).toString();
    return url.toString();
  }

  private async enqueueNotices(row: ScheduledAppointmentRow, first: 'confirm' | 'reschedule'): Promise<void> {
    const q = this.deps.queue;
    const now = this.deps.clock.now();
    const key = `sched:${row.id}:${row.sequence}`;
    const before = new Date(row.startDate.getTime() - TIMERS.joinLinkTextedBeforeMs);
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: first, sequence: row.sequence }, { runAt: now, singletonKey: `${key}:${first}` });
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: 'coach-booked', sequence: row.sequence }, { runAt: now, singletonKey: `${key}:coach-booked` });
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: 'join', sequence: row.sequence }, { runAt: before, singletonKey: `${key}:join` });
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: 'coach-reminder', sequence: row.sequence }, { runAt: before, singletonKey: `${key}:coach-reminder` });
  }

  /** The queued job: sends one notice, unless the booking moved or was cancelled meanwhile. */
  private async notify(job: { id: string; kind: NotifyKind; sequence: number }): Promise<void> {
    const row = await this.deps.repository.byId(job.id);
    if (!row) return;
    if (job.kind !== 'cancel' && (row.state !== 'scheduled' || row.sequence !== job.sequence)) return;
    const [member, coach] = await Promise.all([this.deps.repository.contact(row.memberId), this.deps.repository.contact(row.physicianId)]);
    if (!member || !coach) return;
    const lang = row.language;
    const coachName = [coach.firstName, coach.lastName].filter(Boolean).join(' ');
    const vars = {
      coach: coachName,
      member: member.firstName ?? '',
      when: formatSlot(row.startDate, row.timezone, lang),
      cancelUrl: this.cancelUrl(row, member, coach),
      joinUrl: new URL(`${buildPath('home')}?scheduledAppointmentId=${row.id}`, this.deps.publicUrl).toString(),
    };
    const coachVars = { ...vars, when: formatSlot(row.startDate, coach.timeZone ?? CALENDAR.fallbackTimeZone, coach.preferredLang) };
    const ics = (method: 'REQUEST' | 'CANCEL') =>
      invitation({
        method,
        uid: `${row.id}@puente`,
        sequence: row.sequence,
        start: row.startDate,
        end: row.endDate,
        now: this.deps.clock.now(),
        summary: schedulingText('invitationSummary', lang, vars),
        description: schedulingText('confirmationEmail', lang, vars),
        url: vars.joinUrl,
        organizerEmail: this.deps.emailFrom,
        attendeeEmail: member.email ?? 'member@invalid',
      });
    // Each message is recorded (appointment, sequence, kind, channel) before the provider is
    // called, so a job that runs again after a retry or a worker's crash between the send and
    // marking the job done never sends it a second time; a refused send is released for the retry.
    const once = async (channel: 'sms' | 'email', send: () => Promise<void>): Promise<void> => {
      const key = `${row.id}:${job.sequence}:${job.kind}:${channel}`;
      if (!(await this.deps.repository.claimNotice(key, row.id, this.deps.clock.now()))) return;
      try {
        await send();
      } catch (err) {
        await this.deps.repository.releaseNotice(key);
        throw err;
      }
    };
    const sms = (to: string | null, body: string) => (to ? once('sms', () => this.deps.sms.send({ to, body })) : Promise.resolve());
    switch (job.kind) {
      case 'confirm':
      case 'reschedule':
        await sms(member.phoneNumber, schedulingText('confirmationSms', lang, vars));
        if (member.email) {
          const to = member.email;
          await once('email', () =>
            this.deps.email.send({
              to,
              subject: schedulingText(job.kind === 'confirm' ? 'confirmationSubject' : 'rescheduledSubject', lang, vars),
              body: schedulingText('confirmationEmail', lang, vars),
              calendar: { method: 'REQUEST', content: ics('REQUEST') },
            }),
          );
        }
        return;
      case 'cancel':
        await sms(member.phoneNumber, schedulingText('canceledSms', lang, vars));
        if (member.email) {
          const to = member.email;
          await once('email', () =>
            this.deps.email.send({ to, subject: schedulingText('canceledSubject', lang, vars), body: schedulingText('canceledEmail', lang, vars), calendar: { method: 'CANCEL', content: ics('CANCEL') } }),
          );
        }
        return;
      case 'join':
        await sms(member.phoneNumber, schedulingText('joinSms', lang, vars));
        // Issue 15: her organization's VOICE_REMINDERS also rings her with a spoken reminder.
        if (member.phoneNumber && this.deps.telephony && (await this.voiceRemindersFor(row.memberId))) {
          await this.deps.telephony.placeVoiceReminder({ to: member.phoneNumber, language: lang, message: schedulingText('joinVoice', lang, vars), reference: row.id });
        }
        return;
      case 'coach-booked':
        await sms(coach.phoneNumber, schedulingText('coachBookedSms', coach.preferredLang, coachVars));
        return;
      case 'coach-reminder':
        await sms(coach.phoneNumber, schedulingText('coachReminderSms', coach.preferredLang, coachVars));
        return;
    }
  }

  /** Starts / stops the queue's own workers (pg-boss); the table queue runs on the job tick. */
  async start(): Promise<void> {
    await this.deps.queue.start?.();
  }

  async stop(): Promise<void> {
    await this.deps.queue.stop?.();
  }

  private async voiceRemindersFor(memberId: string): Promise<boolean> {
    const member = await this.deps.members?.findById(memberId);
    const organization = member?.organizationId ? await this.deps.members?.organizationOf(member.organizationId) : null;
    return organizationOffers(organization?.settings).voiceReminders;
  }

  /** Runs the due reminders (the periodic job; tests call it after moving the clock). */
  runDue(): Promise<number> {
    return this.deps.queue.runDue();
  }

  /** The dead-letter list (admins only; anyone else NOT_FOUND, as every admin call). */
  async deadLetters(actor: Actor) {
    this.asAdmin(actor);
    await this.deps.audit.record({ actor, action: 'read', resource: 'job-queue-dead-letters' });
    return this.deps.queue.deadLetters();
  }

  private async present(row: ScheduledAppointmentRow, lang: Language): Promise<ScheduledAppointmentDto> {
    let physician: PhysicianDto | null = null;
    try {
      physician = await this.deps.physicians.getPhysician(row.physicianId, lang);
    } catch {
      physician = null;
    }
    return presentScheduled(row, physician);
  }
}

export const todayIn = (now: Date, zone: string): string => slotDateIn(now, zone);
