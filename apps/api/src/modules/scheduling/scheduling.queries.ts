import type { CoachScheduledAppointmentDto, PhysicianDto, ScheduledAppointmentDto, SlotsResponse } from '@puente/contracts';
import { CALENDAR, computeSlots, SCHEDULED_DURATION_MINUTES, WORKING_HOURS, type Language, type WeeklyHours } from '@puente/domain';
import type { ScheduledAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { PhysicianRecord } from '../physicians/physicians.service';
import { assertCalendarEditor, maySee, type Actor } from './scheduling.policy';
import { presentScheduled } from './scheduling.presenter';
import type { DbOrTx } from './scheduling.repository';
import type { SchedulingServiceDeps } from './scheduling.service';

/** Reading scheduling: coaches' free slots, the bookings an actor may see, and how they are presented. */
export class SchedulingQueries {
  constructor(private readonly deps: SchedulingServiceDeps) {}

  /** What the slot rules need of a coach from `after` on: weekly hours, weekdays, time off, bookings, zone (`db`: the booking's transaction). */
  async slotInputs(record: PhysicianRecord, after: Date, db?: DbOrTx) {
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
  async coach(id: string): Promise<PhysicianRecord> {
    const record = await this.deps.physicians.record(id);
    if (!record || record.user.userType !== 'mx-physician') throw new AppError('NOT_FOUND');
    return record;
  }

  /** A coach or a US physician (an admin's booking). */
  async anyPhysician(id: string): Promise<PhysicianRecord> {
    const record = await this.deps.physicians.record(id);
    if (!record || (record.user.userType !== 'mx-physician' && record.user.userType !== 'us-physician')) throw new AppError('NOT_FOUND');
    return record;
  }

  /** Whether a booking is held with a US-physician coach (no calendar: changed through support). */
  async withUsPhysician(row: ScheduledAppointmentRow): Promise<PhysicianRecord | undefined> {
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
    const record = await this.anyPhysician(id);
    if (record.user.userType === 'us-physician') return { timeZone: memberTimeZone, physicianTimeZone: null, slots: {} };
    const now = this.deps.clock.now();
    const inputs = await this.slotInputs(record, now);
    return { timeZone: memberTimeZone, physicianTimeZone: inputs.timeZone, slots: computeSlots({ ...inputs, now, memberTimeZone, from, to }) };
  }

  /** The member's (or, for an admin, any) scheduled appointment, else NOT_FOUND. */
  async owned(actor: Actor, id: string): Promise<ScheduledAppointmentRow> {
    const row = await this.deps.repository.byId(id);
    if (!row || !maySee(actor, row)) throw new AppError('NOT_FOUND');
    return row;
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
    assertCalendarEditor(actor, physicianId);
    const now = this.deps.clock.now();
    const rows = await this.deps.repository.forPhysician(physicianId, new Date(now.getTime() - SCHEDULED_DURATION_MINUTES * 60_000), new Date(now.getTime() + 100 * 24 * 3600_000));
    return Promise.all(rows.map(async (r) => ({ ...(await this.present(r, lang)), memberFirstName: (await this.contact(r.memberId))?.firstName ?? null })));
  }

  /** A member's or coach's account, erased ones too (names, where to reach them): the members module's. */
  contact(id: string): Promise<UserRow | undefined> {
    return this.deps.members.account(id);
  }

  async present(row: ScheduledAppointmentRow, lang: Language): Promise<ScheduledAppointmentDto> {
    let physician: PhysicianDto | null = null;
    try {
      physician = await this.deps.physicians.getPhysician(row.physicianId, lang);
    } catch {
      physician = null;
    }
    return presentScheduled(row, physician);
  }
}
