import type { AdminCoachDto, CalendarDto, putCalendarInputSchema } from '@puente/contracts';
import { CALENDAR, SCHEDULED_DURATION_MINUTES, WORKING_HOURS, type CalendarExceptionInput } from '@puente/domain';
import type * as z from 'zod/mini';
import { AppError } from '../../errors';
import { assertAdmin, assertCalendarEditor, type Actor } from './scheduling.policy';
import type { SchedulingQueries } from './scheduling.queries';
import type { SchedulingServiceDeps } from './scheduling.service';

export type CalendarInput = z.output<typeof putCalendarInputSchema>;

/**
 * A coach's calendar (issue 13): weekly hours, weekdays, time zone and time off, edited by the
 * coach herself or by an admin. The admin's editor (issue 13 "the admin can edit them") is for
 * admins only, anyone else NOT_FOUND, and every read and change is audited against the coach.
 */
export class CoachCalendars {
  constructor(
    private readonly deps: SchedulingServiceDeps,
    private readonly queries: SchedulingQueries,
  ) {}

  async calendar(actor: Actor, physicianId: string): Promise<CalendarDto> {
    assertCalendarEditor(actor, physicianId);
    const record = await this.queries.coach(physicianId);
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

  /**
   * The calendar row (zone, weekdays) is this module's; the weekly hours are the physicians
   * module's (its profiles carry them): both are written in one transaction, then every node
   * drops its cached profiles.
   */
  async putCalendar(actor: Actor, physicianId: string, input: CalendarInput): Promise<CalendarDto> {
    assertCalendarEditor(actor, physicianId);
    await this.queries.coach(physicianId);
    const weekdays = input.weekdays ?? [...WORKING_HOURS.weekdays];
    const now = this.deps.clock.now();
    await this.deps.repository.transaction(async (tx) => {
      await this.deps.repository.saveCalendar(physicianId, { timeZone: input.timeZone, weekdays }, now, tx);
      await this.deps.physicians.replaceWeeklyHours(
        physicianId,
        input.hours.map((h) => ({ weekday: h.weekday, starts: h.starts, ends: h.ends, timeZone: input.timeZone, slotMinutes: input.slotMinutes })),
        tx,
      );
    });
    this.deps.physicians.invalidate();
    return this.calendar(actor, physicianId);
  }

  async addException(actor: Actor, physicianId: string, input: CalendarExceptionInput): Promise<CalendarDto> {
    assertCalendarEditor(actor, physicianId);
    await this.queries.coach(physicianId);
    await this.deps.repository.addException({ userId: physicianId, kind: input.kind, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt), createdBy: actor.id, createdAt: this.deps.clock.now() });
    return this.calendar(actor, physicianId);
  }

  async removeException(actor: Actor, physicianId: string, exceptionId: string): Promise<CalendarDto> {
    assertCalendarEditor(actor, physicianId);
    if (!(await this.deps.repository.removeException(physicianId, exceptionId))) throw new AppError('NOT_FOUND');
    return this.calendar(actor, physicianId);
  }

  // The admin's editor.

  /** GET /api/admin/coaches: the coaches who keep a calendar (US doctors have none). */
  async adminCoaches(actor: Actor): Promise<AdminCoachDto[]> {
    assertAdmin(actor);
    // Every admin action is audited (issue 15); no member is its subject.
    await this.deps.audit.record({ actor, action: 'read', resource: 'coach-directory' });
    return (await this.deps.physicians.allRecords())
      .filter((r) => r.user.userType === 'mx-physician')
      .map((r) => ({ id: r.user.id, firstName: r.user.firstName ?? '', lastName: r.user.lastName ?? '' }))
      .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
  }

  async adminCalendar(actor: Actor, physicianId: string): Promise<CalendarDto> {
    assertAdmin(actor);
    const calendar = await this.calendar(actor, physicianId);
    await this.audited(actor, 'read', physicianId);
    return calendar;
  }

  async adminPutCalendar(actor: Actor, physicianId: string, input: CalendarInput): Promise<CalendarDto> {
    assertAdmin(actor);
    const calendar = await this.putCalendar(actor, physicianId, input);
    await this.audited(actor, 'update', physicianId, ['timeZone', 'weekdays', 'slotMinutes', 'hours']);
    return calendar;
  }

  async adminAddException(actor: Actor, physicianId: string, input: CalendarExceptionInput): Promise<CalendarDto> {
    assertAdmin(actor);
    const calendar = await this.addException(actor, physicianId, input);
    await this.audited(actor, 'create', physicianId, ['kind', 'startsAt', 'endsAt']);
    return calendar;
  }

  async adminRemoveException(actor: Actor, physicianId: string, exceptionId: string): Promise<CalendarDto> {
    assertAdmin(actor);
    const calendar = await this.removeException(actor, physicianId, exceptionId);
    await this.audited(actor, 'delete', physicianId, undefined, exceptionId);
    return calendar;
  }

  private async audited(actor: Actor, action: 'read' | 'update' | 'create' | 'delete', physicianId: string, fields?: readonly string[], recordId?: string): Promise<void> {
    await this.deps.audit.record({ actor, action, resource: 'physician-calendar', subjectId: physicianId, ...(recordId ? { recordId } : {}), ...(fields ? { fields } : {}) });
  }
}
