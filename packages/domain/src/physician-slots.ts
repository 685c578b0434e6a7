/**
 * Bookable slots of a physician on one day (spec 7 getPhysicians ... availableSlots(date), spec 9
 * slot date format yyyy-MM-dd, calendar min today). Pure: the server passes the weekly hours and
 * the current time.
 */
import { TZDate } from '@date-fns/tz';
import { CALENDAR } from './constants';

export interface WeeklyHours {
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** HH:mm in timeZone. */
  starts: string;
  ends: string;
  timeZone: string;
  slotMinutes: number;
}

const SLOT_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written yyyy-MM-dd. */
export const isSlotDate = (date: string): boolean => {
  const m = SLOT_DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
};

/** The date (yyyy-MM-dd) of `at` in a time zone. */
export const slotDateIn = (at: Date, timeZone: string = CALENDAR.fallbackTimeZone): string => {
  const local = new TZDate(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
};

/**
 * ISO datetimes (UTC) of the slot starts on `date` (read in each interval's time zone) that begin
 * after `now` and end within the interval, sorted.
 */
export const availableSlotsOn = (date: string, hours: readonly WeeklyHours[], now: Date): string[] => {
  if (!isSlotDate(date)) return [];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const out = new Set<number>();
  for (const h of hours) {
    const tz = h.timeZone || CALENDAR.fallbackTimeZone;
    const dayStart = new TZDate(y, mo - 1, d, 0, 0, 0, tz);
    if (dayStart.getDay() !== h.weekday || h.slotMinutes <= 0) continue;
    const [sh, sm] = h.starts.split(':').map(Number) as [number, number];
    const [eh, em] = h.ends.split(':').map(Number) as [number, number];
    const start = new TZDate(y, mo - 1, d, sh, sm, 0, tz).getTime();
    const end = new TZDate(y, mo - 1, d, eh, em, 0, tz).getTime();
    const step = h.slotMinutes * 60_000;
    for (let t = start; t + step <= end; t += step) if (t > now.getTime()) out.add(t);
  }
  return [...out].sort((a, b) => a - b).map((t) => new Date(t).toISOString());
};
