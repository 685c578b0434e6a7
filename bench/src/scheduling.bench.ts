// Issue 13: free slots for 3 months of one coach with 500 bookings (target < 50 ms), computed by the
// domain's pure slot function the server calls on each availableSlots / slots request.
import { computeSlots, lastCalendarDate, slotDateIn, type BookedInterval, type WeeklyHours } from '@puente/domain';

export function schedulingBench(): boolean {
  const zone = 'America/Mexico_City';
  const now = new Date('2026-11-23T14:00:00Z');
  const hours: WeeklyHours[] = [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, starts: '08:00', ends: '13:00', timeZone: zone, slotMinutes: 45 },
    { weekday, starts: '15:00', ends: '20:00', timeZone: zone, slotMinutes: 45 },
  ]);
  // 500 bookings spread over the working slots of the next 3 months.
  const all = computeSlots({ hours, now, memberTimeZone: zone, from: slotDateIn(now, zone), to: lastCalendarDate(now, zone) });
  const starts = Object.values(all).flat();
  const step = Math.max(1, Math.floor(starts.length / 500));
  const bookings: BookedInterval[] = [];
  for (let i = 0; i < starts.length && bookings.length < 500; i += step) {
    const start = new Date(starts[i]!);
    bookings.push({ startDate: start, endDate: new Date(start.getTime() + 45 * 60_000) });
  }
  const exceptions = [{ kind: 'time-off' as const, startsAt: '2026-12-24T00:00:00Z', endsAt: '2026-12-26T00:00:00Z' }];
  const run = () => computeSlots({ hours, now, bookings, exceptions, memberTimeZone: 'America/Los_Angeles', from: slotDateIn(now, zone), to: lastCalendarDate(now, zone) });
  for (let i = 0; i < 5; i++) run(); // warm-up
  const times: number[] = [];
  let free = 0;
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    free = Object.values(run()).reduce((n, day) => n + day.length, 0);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const ok = median < 50;
  console.log(`scheduling: slots for 3 months of one coach with ${bookings.length} bookings: ${median.toFixed(2)} ms median (p max ${times.at(-1)!.toFixed(2)} ms), ${free} free slots; target < 50 ms ${ok ? 'OK' : 'MISSED'}`);
  return ok;
}
