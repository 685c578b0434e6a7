import type { UsageReport, UsageRow } from '@puente/contracts';
import { CHANNELS, median, PRACTICES, SUPPRESSED_COUNT, suppressCount, suppressStatistic, USAGE_SUPPRESSION_THRESHOLD, type Channel, type Practice } from '@puente/domain';

/** One consultation as the usage report counts it: no person, no health data. */
export interface UsageFact {
  month: string;
  practice: string;
  channel: string;
  waitSeconds: number | null;
  rating: number | null;
}

// Ours: at most two years per report; by default the last twelve months.
const MAX_MONTHS = 24;
const DEFAULT_MONTHS = 12;

const monthStart = (month: string): Date => new Date(`${month}-01T00:00:00Z`);
const monthOf = (d: Date): string => d.toISOString().slice(0, 7);
const addMonths = (month: string, n: number): string => {
  const d = monthStart(month);
  d.setUTCMonth(d.getUTCMonth() + n);
  return monthOf(d);
};

/** The months asked for (YYYY-MM, both included) as a half-open UTC range; undefined when backwards or too long. */
export function monthRange(from: string | undefined, to: string | undefined, now: Date): { from: string; to: string; start: Date; end: Date } | undefined {
  const last = to ?? monthOf(now);
  const first = from ?? addMonths(last, -(DEFAULT_MONTHS - 1));
  if (first > last || addMonths(first, MAX_MONTHS - 1) < last) return undefined;
  return { from: first, to: last, start: monthStart(first), end: monthStart(addMonths(last, 1)) };
}

const round1 = (n: number | null): number | null => (n === null ? null : Math.round(n * 10) / 10);

function cell(facts: readonly UsageFact[]): Omit<UsageRow, 'month' | 'practice' | 'channel'> {
  const waits = facts.flatMap((f) => (f.waitSeconds === null ? [] : [f.waitSeconds / 60]));
  const ratings = facts.flatMap((f) => (f.rating === null ? [] : [f.rating]));
  const mean = ratings.length > 0 ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null;
  return {
    consultations: suppressCount(facts.length),
    medianWaitMinutes: round1(suppressStatistic(median(waits), waits.length)),
    surveys: suppressCount(ratings.length),
    satisfaction: round1(suppressStatistic(mean, ratings.length)),
  };
}

/**
 * The usage report from consultation facts: one row per month, practice and channel that had any,
 * and the totals. Counts under the threshold are "<5"; medians and means over fewer than five
 * people are null, so no row can single anyone out. The totals add up only what the rows show: a
 * total that included a hidden cell would give it away (total minus the visible cells), so hidden
 * cells are left out of them and `totalsExcludeHidden` says so.
 */
export function buildUsageReport(facts: readonly UsageFact[], meta: { organizationId: string | null; from: string; to: string }): UsageReport {
  const groups = new Map<string, UsageFact[]>();
  for (const f of facts) {
    const key = `${f.month}|${f.practice}|${f.channel}`;
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  const shown = [...groups.entries()]
    .map(([key, list]) => {
      const [month, practice, channel] = key.split('|') as [string, Practice, Channel];
      return { row: { month, practice, channel, ...cell(list) } satisfies UsageRow, list };
    })
    .filter(({ row }) => (PRACTICES as readonly string[]).includes(row.practice) && (CHANNELS as readonly string[]).includes(row.channel))
    .sort((a, b) => a.row.month.localeCompare(b.row.month) || a.row.practice.localeCompare(b.row.practice) || a.row.channel.localeCompare(b.row.channel));
  const countShown = shown.filter((s) => typeof s.row.consultations === 'number').flatMap((s) => s.list);
  const ratedShown = shown.filter((s) => typeof s.row.surveys === 'number').flatMap((s) => s.list);
  const waits = countShown.flatMap((f) => (f.waitSeconds === null ? [] : [f.waitSeconds / 60]));
  const ratings = ratedShown.flatMap((f) => (f.rating === null ? [] : [f.rating]));
  const mean = ratings.length > 0 ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null;
  const totals = {
    consultations: suppressCount(countShown.length),
    medianWaitMinutes: round1(suppressStatistic(median(waits), waits.length)),
    surveys: suppressCount(ratings.length),
    satisfaction: round1(suppressStatistic(mean, ratings.length)),
  };
  const totalsExcludeHidden = shown.some((s) => s.row.consultations === SUPPRESSED_COUNT || s.row.surveys === SUPPRESSED_COUNT);
  return { ...meta, threshold: USAGE_SUPPRESSION_THRESHOLD, rows: shown.map((s) => s.row), totals, totalsExcludeHidden };
}
