import { randomBytes } from 'node:crypto';
import type { ScheduledAppointmentDto, scheduleAppointmentInputSchema } from '@puente/contracts';
import {
  APPOINTMENT_STATE,
  CANCEL_BY_SMS,
  formatSlot,
  hasOrgFlag,
  isFreeSlot,
  organizationOffers,
  SCHEDULED_DURATION_MINUTES,
  TIMERS,
  type Language,
  type ScheduledCancelReason,
} from '@puente/domain';
import type * as z from 'zod/mini';
import type { ScheduledAppointmentRow } from '../../db/schema';
import { AppError } from '../../errors';
import { schedulingText } from './scheduling.messages';
import type { SchedulingNotices } from './scheduling.notices';
import { assertChangeable, bookingMemberFor, type Actor } from './scheduling.policy';
import type { SchedulingQueries } from './scheduling.queries';
import type { FullActor, SchedulingServiceDeps } from './scheduling.service';
import type { ScheduledSoon } from './scheduling.soon';

export type ScheduleInput = z.output<typeof scheduleAppointmentInputSchema>;

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Changing bookings (issue 13, spec 4): booking, rescheduling, cancelling (with a session or the
 * texted link), asking support to change a booking with a US physician, joining, and the end of
 * the live consultation. Every change drops the `soon` cache and (re)queues the notices.
 */
export class BookingCommands {
  constructor(
    private readonly deps: SchedulingServiceDeps,
    private readonly queries: SchedulingQueries,
    private readonly notices: SchedulingNotices,
    private readonly soon: ScheduledSoon,
  ) {}

  /** scheduleAppointment(input) (spec 7). */
  async schedule(actor: Actor, input: ScheduleInput, lang: Language): Promise<ScheduledAppointmentDto> {
    const memberId = bookingMemberFor(actor, input.memberId);
    await this.assertSchedulingAvailable(actor, memberId);
    await this.deps.entitlements?.assertCanConsult(actor);
    const row = await this.book(actor, memberId, input);
    this.soon.bookingsChanged();
    await this.notices.enqueueNotices(row, 'confirm');
    return this.queries.present(row, lang);
  }

  /** rescheduleAppointment(appointmentId, input) (spec 7): same booking (same .ics UID), new slot. */
  async reschedule(actor: Actor, id: string, input: ScheduleInput, lang: Language): Promise<ScheduledAppointmentDto> {
    const row = await this.queries.owned(actor, id);
    if (actor.userType === 'mx-physician') throw new AppError('FORBIDDEN');
    // spec 4: a consult already started cannot be rescheduled.
    assertChangeable(row, this.deps.clock.now(), 0);
    if (actor.userType !== 'admin' && (await this.queries.withUsPhysician(row))) throw new AppError('CONFLICT', { reason: 'via-support' });
    await this.assertSchedulingAvailable(actor, row.memberId);
    await this.deps.entitlements?.assertCanConsult(actor);
    const updated = await this.book(actor, row.memberId, { ...input, memberId: row.memberId }, row);
    this.soon.bookingsChanged();
    await this.notices.withdrawNotices(row.id);
    await this.notices.enqueueNotices(updated, 'reschedule');
    return this.queries.present(updated, lang);
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
      row = await this.queries.owned(actor, id);
      if (actor.userType === 'mx-physician') throw new AppError('FORBIDDEN');
      assertChangeable(row, now, actor.userType === 'admin' ? 0 : TIMERS.enterConsultationThresholdMs);
      if (actor.userType !== 'admin' && (await this.queries.withUsPhysician(row))) throw new AppError('CONFLICT', { reason: 'via-support' });
    } else {
      if (!token) throw new AppError('UNAUTHORIZED');
      if (!this.notices.verifyCancelToken(id, token)) throw new AppError('NOT_FOUND');
      const found = await this.deps.repository.byId(id);
      if (!found) throw new AppError('NOT_FOUND');
      row = found;
      reason = CANCEL_BY_SMS;
      // The link is inactive once the appointment date has passed.
      assertChangeable(row, now, 0);
    }
    const updated = await this.deps.repository.update(row.id, { state: APPOINTMENT_STATE.SCHEDULED_CANCELED, cancelReason: reason, canceledAt: now, sequence: row.sequence + 1, updatedAt: now });
    this.soon.bookingsChanged();
    await this.notices.withdrawNotices(row.id);
    await this.notices.enqueueCancelNotice(updated, now);
    return { id: row.id, state: APPOINTMENT_STATE.SCHEDULED_CANCELED };
  }

  /**
   * POST /api/scheduled-appointments/{id}/support-request (spec 4 "Scheduling flow"): the member
   * asks support to cancel or move a booking held with a US-physician coach, who has no calendar.
   * The message names the booking, the coach and the time; the booking stays until support acts.
   */
  async requestChangeViaSupport(actor: Actor, id: string, action: 'cancel' | 'reschedule'): Promise<{ supportRequestId: string }> {
    if (actor.userType !== 'member') throw new AppError('NOT_FOUND');
    const row = await this.queries.owned(actor, id);
    const now = this.deps.clock.now();
    assertChangeable(row, now, action === 'cancel' ? TIMERS.enterConsultationThresholdMs : 0);
    const record = await this.queries.withUsPhysician(row);
    if (!record) throw new AppError('CONFLICT', { reason: 'via-support' });
    if (!this.deps.support) throw new AppError('NOT_FOUND');
    const lang = actor.preferredLang;
    const vars = { coach: [record.user.firstName, record.user.lastName].filter(Boolean).join(' '), when: formatSlot(row.startDate, row.timezone, lang, { withZone: true }), id: row.tinyId };
    const request = await this.deps.support.requestForMember(row.memberId, {
      helpTopic: 'consultation',
      reason: schedulingText(action === 'cancel' ? 'supportCancelReason' : 'supportRescheduleReason', lang, vars),
      moreDetails: schedulingText('supportDetails', lang, vars),
    });
    return { supportRequestId: request.id };
  }

  /**
   * POST /api/scheduled-appointments/{id}/join (spec 4): from 5 minutes before the start, the
   * member's live appointment (type scheduled, S1) for that coach; GET isbusy tells whether the
   * coach is still in another consultation.
   */
  async join(actor: FullActor, id: string): Promise<{ appointmentId: string; isBusy: boolean }> {
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    const row = await this.queries.owned(actor, id);
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
    this.soon.bookingsChanged();
  }

  /**
   * Books `input.startDate` with the coach when it is a free slot. The coach's calendar row is
   * locked for the transaction and the partial unique index (physician, start) refuses a second
   * live booking: two members racing for one slot get one booking and one NO_SLOTS_AVAILABLE.
   */
  private async book(actor: Actor, memberId: string, input: ScheduleInput, replacing?: ScheduledAppointmentRow): Promise<ScheduledAppointmentRow> {
    // spec 6: US-physician coaches have no calendar; only support (an admin) books them, at a time
    // agreed with the member (in the future, no overlap with another of their bookings).
    const record = actor.userType === 'admin' ? await this.queries.anyPhysician(input.physicianId) : await this.queries.coach(input.physicianId);
    if (record.user.userType === 'us-physician') await this.assertUspSchedulingAvailable(memberId);
    const now = this.deps.clock.now();
    const start = new Date(input.startDate);
    const end = new Date(start.getTime() + SCHEDULED_DURATION_MINUTES * 60_000);
    try {
      return await this.deps.repository.transaction(async (tx) => {
        await this.deps.repository.lockCalendar(tx, record.user.id, now);
        const inputs = await this.queries.slotInputs(record, now, tx);
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
   * spec 001 §2: a member of an organization without SchedulingAvailable may not book or move a
   * booking (CONFLICT scheduling-not-available); members without an organization may. Admins
   * (staff acting for a member) are not held to it.
   */
  private async assertSchedulingAvailable(actor: Actor, memberId: string): Promise<void> {
    if (actor.userType === 'admin') return;
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
    const member = await this.deps.members.findById(memberId);
    if (!member?.organizationId) return;
    const organization = await this.deps.members.organizationOf(member.organizationId);
    if (organization && !organizationOffers(organization.settings).uspScheduling) throw new AppError('CONFLICT', { reason: 'usp-scheduling-not-available' });
  }
}
