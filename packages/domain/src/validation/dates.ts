/**
 * Calendar-date helpers for validation. Dates of birth and issue dates are calendar days, so they
 * are compared as yyyy-MM-dd strings (no time zone can move them by a day).
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd string from epoch ms (UTC day), an ISO date or datetime string, or undefined. */
export const toIsoDay = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString().slice(0, 10);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const day = value.trim().slice(0, 10);
  const m = ISO_DAY.exec(day);
  if (!m) return undefined;
  const d = new Date(`${day}T00:00:00Z`);
  // Reject 2023-02-30 and the like: the date must round-trip.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day ? day : undefined;
};

/** Today's calendar day where the user is (time zone optional; UTC otherwise). */
export const todayIsoDay = (now: Date, timeZone?: string): string =>
  timeZone ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now) : now.toISOString().slice(0, 10);

/** The same calendar day `years` earlier (as a string; Feb 29 compares correctly). */
export const isoDayYearsBefore = (isoDay: string, years: number): string => {
  const y = Number(isoDay.slice(0, 4)) - years;
  return `${String(y).padStart(4, '0')}${isoDay.slice(4)}`;
};
