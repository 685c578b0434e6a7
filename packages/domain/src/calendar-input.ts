/**
 * What a coach's calendar editor sends, and its checks (spec 000 §4 "Scheduling flow"; 001 §9): the
 * kinds of exception, the weekly hours, the time zone. Apart from ./scheduling.ts, which computes the
 * slots with the time-zone library: the contracts' scheduling shapes use these schemas, and the
 * member's home needs those shapes without the slot arithmetic (issue 10, first load).
 */
import * as z from 'zod/mini';
import { WORKING_HOURS } from './constants';

/** Kinds of calendar exception a coach (or an admin) records. */
export const CALENDAR_EXCEPTION_KINDS = ['time-off', 'extra-hours'] as const;
export type CalendarExceptionKind = (typeof CALENDAR_EXCEPTION_KINDS)[number];

export interface CalendarException {
  kind: CalendarExceptionKind;
  /** ISO datetimes (instants). */
  startsAt: string;
  endsAt: string;
}

/** spec 9: the initial health assessment lasts 45 minutes; a scheduled consultation books that long. */
export const SCHEDULED_DURATION_MINUTES = WORKING_HOURS.initialAssessmentMinutes;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
export const isHourMinute = (s: string): boolean => HHMM.test(s);

/** A valid IANA time zone name (Intl knows it). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/** Weekly hours as the calendar editor sends them. */
export const weeklyHoursInputSchema = z
  .object({
    weekday: z.int().check(z.gte(0, { message: 'invalid_weekday' }), z.lte(6, { message: 'invalid_weekday' })),
    starts: z.string().check(z.refine(isHourMinute, { message: 'invalid_time' })),
    ends: z.string().check(z.refine(isHourMinute, { message: 'invalid_time' })),
  }).check(z.refine((h) => h.ends > h.starts, { message: 'invalid_range', path: ['ends'] }));

/**
 * The rows of weekly hours that overlap an earlier row of the same weekday (touching is fine:
 * 09:00-12:00 and 12:00-14:00), by index. Rows that are not valid on their own are left out.
 */
export const overlappingHours = (hours: readonly { weekday: number; starts: string; ends: string }[]): number[] => {
  const valid = (h: { starts: string; ends: string }) => isHourMinute(h.starts) && isHourMinute(h.ends) && h.ends > h.starts;
  return hours.flatMap((h, i) => (valid(h) && hours.slice(0, i).some((o) => valid(o) && o.weekday === h.weekday && o.starts < h.ends && h.starts < o.ends) ? [i] : []));
};

/** A coach's calendar: time zone, weekly hours (no two rows of a day overlapping), slot step. */
export const calendarInputSchema = z
  .object({
    timeZone: z.string().check(z.refine(isTimeZone, { message: 'invalid_time_zone' })),
    slotMinutes: z._default(z.int().check(z.gte(15, { message: 'invalid_slot_minutes' }), z.lte(120, { message: 'invalid_slot_minutes' })), SCHEDULED_DURATION_MINUTES),
    hours: z.array(weeklyHoursInputSchema).check(z.maxLength(28, { message: 'too_many' })),
  }).check(z.superRefine((calendar, ctx) => {
    for (const i of overlappingHours(calendar.hours)) ctx.addIssue({ code: 'custom', message: 'overlapping_hours', path: ['hours', i, 'ends'] });
  }));
export type CalendarInput = z.infer<typeof calendarInputSchema>;

export const calendarExceptionInputSchema = z
  .object({
    kind: z.enum(CALENDAR_EXCEPTION_KINDS, { message: 'invalid_kind' }),
    startsAt: z.iso.datetime({ offset: true, message: 'invalid_date' }),
    endsAt: z.iso.datetime({ offset: true, message: 'invalid_date' }),
  }).check(z.refine((e) => Date.parse(e.endsAt) > Date.parse(e.startsAt), { message: 'invalid_range', path: ['endsAt'] }));
export type CalendarExceptionInput = z.infer<typeof calendarExceptionInputSchema>;
