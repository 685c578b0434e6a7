/**
 * Working hours (spec 9): when on-demand consultations are open, read in the configured time zone,
 * and what a member out of hours is offered.
 *
 * Apart from the other access rules (./access-rules.ts), which the entry screens use: a bundler
 * places a module whole in one chunk, so the time-zone library came with them to /login, /inicio
 * and /consulta/historial (issue 10, first load).
 */
import { TZDate } from '@date-fns/tz';
import { CALENDAR, WORKING_HOURS } from './constants';
import type { WorkingHoursConfig } from './entities';

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * spec 9: weekends are excluded unless allowOnWeekend; whitelisted emails and domains bypass the
 * check; the intervals are read in the configured time zone (fallback America/Mexico_City).
 */
export const isWithinWorkingHours = (config: WorkingHoursConfig, now: Date, email?: string | null): boolean => {
  const mail = (email ?? '').trim().toLowerCase();
  if (mail) {
    if (config.whitelistEmails.some((e) => e.toLowerCase() === mail)) return true;
    const domain = mail.split('@')[1];
    if (domain && config.whitelistDomains.some((d) => d.toLowerCase().replace(/^@/, '') === domain)) return true;
  }
  const local = new TZDate(now.getTime(), config.timezone || CALENDAR.fallbackTimeZone);
  if (!config.allowOnWeekend && !WORKING_HOURS.weekdays.includes(local.getDay())) return false;
  const minute = local.getHours() * 60 + local.getMinutes();
  return config.intervals.some((i) => minute >= minutesOf(i.starts) && minute < minutesOf(i.ends));
};

/** spec 8: out of working hours: a dialog offering scheduling or calling 911. */
export const OUT_OF_HOURS_OPTIONS = ['schedule', 'call-911'] as const;
