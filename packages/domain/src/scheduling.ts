/**
 * Scheduling (spec 000 §2 "Scheduling", §4 "Scheduling flow"; 001 §9 calendar, slot date format,
 * time zones, Monday to Friday, 45-minute initial assessment). Pure: the server passes a coach's
 * weekly hours (in the coach's time zone), her exceptions (time off, extra hours), her bookings
 * and the current time; the answer is the free slot starts grouped by day in the member's zone.
 * All calendar arithmetic goes through date-fns on TZDate (no offset arithmetic by hand). What the
 * calendar editor sends (weekly hours, exceptions) and its checks are in ./calendar-input.ts.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, addMonths, getDay } from 'date-fns';
import { isTimeZone, SCHEDULED_DURATION_MINUTES, type CalendarException } from './calendar-input';
import { CALENDAR, WORKING_HOURS } from './constants';
import { isSlotDate, slotDateIn, type WeeklyHours } from './physician-slots';

/** A booked interval (a scheduled appointment that is not cancelled). */
export interface BookedInterval {
  startDate: string | Date;
  endDate: string | Date;
}

/**
 * spec 001 §8 / 000 §4: GET /api/online-physicians answers CONFLICT (reason scheduled-appointment)
 * to a member whose live scheduled appointment starts within this window (or has started and not
 * ended). Our choice: 60 minutes. An on-demand consult takes up to about an hour, so one started
 * now would overlap the booking; further ahead, the member may still see an on-demand coach.
 */
export const SCHEDULED_BLOCKS_ON_DEMAND_MS = 60 * 60_000;

export interface SlotQuery {
  hours: readonly WeeklyHours[];
  exceptions?: readonly CalendarException[];
  bookings?: readonly BookedInterval[];
  now: Date;
  /** First and last day wanted (yyyy-MM-dd in memberTimeZone). */
  from: string;
  to: string;
  memberTimeZone: string;
  /** Weekdays (0 Sunday .. 6 Saturday, in the coach's zone) with weekly hours; default Monday to Friday. */
  weekdays?: readonly number[];
  /** Length of a booking; default SCHEDULED_DURATION_MINUTES. */
  durationMinutes?: number;
}

const hm = (s: string): [number, number] => s.split(':').map(Number) as [number, number];
const day = (date: string): [number, number, number] => date.split('-').map(Number) as [number, number, number];

/** Last bookable instant (exclusive): today + 3 months (spec 9 calendar max 3 months ahead), in the member's zone. */
export const calendarHorizon = (now: Date, memberTimeZone: string): Date => {
  const [y, m, d] = day(slotDateIn(now, memberTimeZone));
  return addDays(addMonths(new TZDate(y, m - 1, d, 0, 0, 0, memberTimeZone), CALENDAR.maxMonthsAhead), 1);
};

/** The last day (yyyy-MM-dd) a member may pick: today + 3 months in her zone. */
export const lastCalendarDate = (now: Date, memberTimeZone: string): string => {
  const [y, m, d] = day(slotDateIn(now, memberTimeZone));
  return slotDateIn(addMonths(new TZDate(y, m - 1, d, 12, 0, 0, memberTimeZone), CALENDAR.maxMonthsAhead), memberTimeZone);
};

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();
/** yyyy-MM-dd of an instant in a zone (one cached Intl formatter per zone: the hot path of computeSlots). */
const dayKey = (ms: number, zone: string): string => {
  let f = dayKeyFormats.get(zone);
  if (!f) dayKeyFormats.set(zone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(ms);
};

interface Interval {
  start: number;
  end: number;
}

/** Working intervals (ms) of the coach that may touch [fromMs, toMs). */
function workingIntervals(q: SlotQuery, fromMs: number, toMs: number): Interval[] {
  const weekdays = q.weekdays ?? WORKING_HOURS.weekdays;
  const out: Interval[] = [];
  const zones = new Set(q.hours.map((h) => h.timeZone || CALENDAR.fallbackTimeZone));
  for (const zone of zones) {
    // Walk the coach's local days, one day either side of the window (zones differ by < 1 day).
    const [fy, fm, fd] = day(slotDateIn(new Date(fromMs), zone));
    const lastDay = slotDateIn(new Date(toMs), zone);
    for (let cursor = addDays(new TZDate(fy, fm - 1, fd, 12, 0, 0, zone), -1); ; cursor = addDays(cursor, 1)) {
      const date = dayKey(cursor.getTime(), zone);
      const weekday = getDay(cursor);
      if (weekdays.includes(weekday)) {
        const [y, m, d] = day(date);
        for (const h of q.hours) {
          if ((h.timeZone || CALENDAR.fallbackTimeZone) !== zone || h.weekday !== weekday) continue;
          const [sh, sm] = hm(h.starts);
          const [eh, em] = hm(h.ends);
          const start = new TZDate(y, m - 1, d, sh, sm, 0, zone).getTime();
          const end = new TZDate(y, m - 1, d, eh, em, 0, zone).getTime();
          if (end > start) out.push({ start, end });
        }
      }
      if (date > lastDay) break;
    }
  }
  for (const e of q.exceptions ?? []) if (e.kind === 'extra-hours') out.push({ start: Date.parse(e.startsAt), end: Date.parse(e.endsAt) });
  return merge(out);
}

function merge(list: Interval[]): Interval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** `intervals` minus `holes` (both sorted and merged). */
function subtract(intervals: Interval[], holes: Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const i of intervals) {
    let start = i.start;
    while (j < holes.length && holes[j]!.end <= start) j++;
    let k = j;
    while (k < holes.length && holes[k]!.start < i.end) {
      const h = holes[k]!;
      if (h.start > start) out.push({ start, end: h.start });
      start = Math.max(start, h.end);
      k++;
    }
    if (start < i.end) out.push({ start, end: i.end });
  }
  return out;
}

/**
 * Free slot starts, grouped by day (yyyy-MM-dd in the member's zone) from `from` to `to`, each an
 * ISO datetime: hours (Monday to Friday unless configured) plus extra hours, minus time off,
 * minus bookings; a slot starts on the hours' grid (every slotMinutes from the interval start),
 * lasts durationMinutes, starts after now and before today + 3 months.
 */
export function computeSlots(q: SlotQuery): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!isSlotDate(q.from) || !isSlotDate(q.to) || q.from > q.to) return out;
  const [fy, fm, fd] = day(q.from);
  const [ty, tm, td] = day(q.to);
  const fromMs = Math.max(new TZDate(fy, fm - 1, fd, 0, 0, 0, q.memberTimeZone).getTime(), q.now.getTime());
  const toMs = Math.min(addDays(new TZDate(ty, tm - 1, td, 0, 0, 0, q.memberTimeZone), 1).getTime(), calendarHorizon(q.now, q.memberTimeZone).getTime());
  if (fromMs >= toMs) return out;
  const duration = (q.durationMinutes ?? SCHEDULED_DURATION_MINUTES) * 60_000;
  const step = Math.max(5, Math.min(...q.hours.map((h) => h.slotMinutes).filter((n) => n > 0), SCHEDULED_DURATION_MINUTES)) * 60_000;
  const timeOff = merge((q.exceptions ?? []).filter((e) => e.kind === 'time-off').map((e) => ({ start: Date.parse(e.startsAt), end: Date.parse(e.endsAt) })));
  const booked = merge((q.bookings ?? []).map((b) => ({ start: new Date(b.startDate).getTime(), end: new Date(b.endDate).getTime() })));
  const free = subtract(subtract(workingIntervals(q, fromMs, toMs), timeOff), booked);
  for (const i of free) {
    for (let t = i.start; t + duration <= i.end; t = addMinutes(t, step / 60_000).getTime()) {
      if (t <= q.now.getTime() || t < fromMs || t >= toMs) continue;
      const key = dayKey(t, q.memberTimeZone);
      (out[key] ??= []).push(new Date(t).toISOString());
    }
  }
  return out;
}

/** The free slots of one day (yyyy-MM-dd in the member's zone). */
export const slotsOnDay = (q: Omit<SlotQuery, 'from' | 'to'>, date: string): string[] => computeSlots({ ...q, from: date, to: date })[date] ?? [];

/** True when `startDate` is one of the free slots (booking and rescheduling check this). */
export const isFreeSlot = (q: Omit<SlotQuery, 'from' | 'to'>, startDate: string): boolean => {
  const date = slotDateIn(new Date(startDate), q.memberTimeZone);
  const iso = new Date(startDate).toISOString();
  return slotsOnDay(q, date).includes(iso);
};

/**
 * A wall time typed in a zone (a datetime-local value, yyyy-MM-ddTHH:mm[:ss]) as the UTC instant
 * (ISO). The calendar editor reads a coach's time off in her calendar's zone, not the browser's.
 * Anything else comes back unchanged (the input schema refuses it).
 */
export const wallTimeToIso = (local: string, timeZone: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m || !isTimeZone(timeZone)) return local;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime()).toISOString();
};

/**
 * The wording of a date in a language and zone (messages, .ics summary). `withZone`: the zone's short
 * name too ("3:00 PM PST", "9:00 a.m. GMT-6"), for a text read away from the screen that says which
 * zone it counts in (an SMS, an email, a support request): member, coach and support may be in different ones.
 */
export const formatSlot = (startDate: string | Date, timeZone: string, lang: 'es' | 'en', { withZone = false }: { withZone?: boolean } = {}): string =>
  new Intl.DateTimeFormat(
    lang === 'es' ? 'es-MX' : 'en-US',
    withZone
      ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }
      : { dateStyle: 'full', timeStyle: 'short', timeZone },
  ).format(new Date(startDate));
