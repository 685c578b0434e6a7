import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from './physician-slots';
import { calendarExceptionInputSchema, calendarInputSchema, overlappingHours } from './calendar-input';
import { computeSlots, formatSlot, isFreeSlot, lastCalendarDate, slotsOnDay, wallTimeToIso } from './scheduling';

const MX = 'America/Mexico_City';
const LA = 'America/Los_Angeles';
const weekdays = (starts: string, ends: string, timeZone: string, slotMinutes = 45): WeeklyHours[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts, ends, timeZone, slotMinutes }));

describe('computeSlots', () => {
  // Monday 2026-11-23, 08:00 in Mexico City (UTC-6, no DST since 2022).
  const now = new Date('2026-11-23T14:00:00Z');

  it.each([
    // [case, hours, member zone, date, expected]
    ['Mexico coach, Mexico member', weekdays('09:00', '11:15', MX), MX, '2026-11-24', ['2026-11-24T15:00:00.000Z', '2026-11-24T15:45:00.000Z', '2026-11-24T16:30:00.000Z']],
    ['Mexico coach, member in Los Angeles sees the same instants on her day', weekdays('09:00', '10:30', MX), LA, '2026-11-24', ['2026-11-24T15:00:00.000Z', '2026-11-24T15:45:00.000Z']],
    ['Saturday: no hours (Monday to Friday)', weekdays('09:00', '12:00', MX), MX, '2026-11-28', []],
    ['a slot must fit 45 minutes before the end', weekdays('09:00', '09:40', MX), MX, '2026-11-24', []],
    ['today only after now', weekdays('07:00', '09:30', MX), MX, '2026-11-23', ['2026-11-23T14:30:00.000Z']],
  ])('%s', (_case, hours, zone, date, expected) => {
    expect(slotsOnDay({ hours, now, memberTimeZone: zone }, date)).toEqual(expected);
  });

  it('a member east of the coach sees a late slot on the next day', () => {
    // 17:00 Mexico City = 23:00 UTC = 00:00 next day in Madrid (UTC+1).
    const hours = weekdays('17:00', '17:45', MX);
    expect(slotsOnDay({ hours, now, memberTimeZone: 'Europe/Madrid' }, '2026-11-25')).toEqual(['2026-11-24T23:00:00.000Z']);
    expect(slotsOnDay({ hours, now, memberTimeZone: 'Europe/Madrid' }, '2026-11-24')).toEqual(['2026-11-23T23:00:00.000Z']);
  });

  it('US daylight saving (8 March 2026): a Los Angeles coach keeps 09:00 local, UTC moves an hour', () => {
    const before = new Date('2026-03-02T00:00:00Z');
    const hours = weekdays('09:00', '09:45', LA);
    const all = computeSlots({ hours, now: before, memberTimeZone: LA, from: '2026-03-06', to: '2026-03-09' });
    expect(all).toEqual({ '2026-03-06': ['2026-03-06T17:00:00.000Z'], '2026-03-09': ['2026-03-09T16:00:00.000Z'] });
    // A member in Mexico City (no DST since 2022) sees 10:00 before and 11:00 after the US change.
    const mx = computeSlots({ hours, now: before, memberTimeZone: MX, from: '2026-03-06', to: '2026-03-09' });
    expect(mx['2026-03-06']).toEqual(['2026-03-06T17:00:00.000Z']);
    expect(mx['2026-03-09']).toEqual(['2026-03-09T16:00:00.000Z']);
  });

  it('US fall-back (1 November 2026): a Los Angeles coach keeps 09:00 local, UTC moves an hour later', () => {
    const before = new Date('2026-10-26T00:00:00Z');
    const hours = weekdays('09:00', '09:45', LA);
    // Friday 30 October is PDT (UTC-7), Monday 2 November PST (UTC-8).
    const all = computeSlots({ hours, now: before, memberTimeZone: LA, from: '2026-10-30', to: '2026-11-02' });
    expect(all).toEqual({ '2026-10-30': ['2026-10-30T16:00:00.000Z'], '2026-11-02': ['2026-11-02T17:00:00.000Z'] });
    // A member in Mexico City sees 10:00 before and 11:00 after the US change.
    const mx = computeSlots({ hours, now: before, memberTimeZone: MX, from: '2026-10-30', to: '2026-11-02' });
    expect(mx).toEqual({ '2026-10-30': ['2026-10-30T16:00:00.000Z'], '2026-11-02': ['2026-11-02T17:00:00.000Z'] });
    expect(isFreeSlot({ hours, now: before, memberTimeZone: MX }, '2026-11-02T16:00:00.000Z')).toBe(false);
  });

  it('Mexico City has no DST: 09:00 is 15:00 UTC in April as in January', () => {
    const hours = weekdays('09:00', '09:45', MX);
    const all = computeSlots({ hours, now: new Date('2026-01-01T00:00:00Z'), memberTimeZone: MX, from: '2026-01-05', to: '2026-01-05' });
    expect(all['2026-01-05']).toEqual(['2026-01-05T15:00:00.000Z']);
    const april = computeSlots({ hours, now: new Date('2026-03-20T00:00:00Z'), memberTimeZone: MX, from: '2026-04-06', to: '2026-04-06' });
    expect(april['2026-04-06']).toEqual(['2026-04-06T15:00:00.000Z']);
  });

  it('subtracts bookings and time off, adds extra hours (even on a Saturday)', () => {
    const hours = weekdays('09:00', '12:00', MX);
    const q = {
      hours,
      now,
      memberTimeZone: MX,
      bookings: [{ startDate: '2026-11-24T15:45:00Z', endDate: '2026-11-24T16:30:00Z' }],
      exceptions: [
        { kind: 'time-off' as const, startsAt: '2026-11-24T17:15:00Z', endsAt: '2026-11-24T18:00:00Z' },
        { kind: 'extra-hours' as const, startsAt: '2026-11-28T16:00:00Z', endsAt: '2026-11-28T16:45:00Z' },
      ],
    };
    expect(slotsOnDay(q, '2026-11-24')).toEqual(['2026-11-24T15:00:00.000Z', '2026-11-24T16:30:00.000Z']);
    expect(slotsOnDay(q, '2026-11-28')).toEqual(['2026-11-28T16:00:00.000Z']);
    expect(isFreeSlot(q, '2026-11-24T15:45:00.000Z')).toBe(false);
    expect(isFreeSlot(q, '2026-11-24T16:30:00Z')).toBe(true);
  });

  it('configured weekdays open the weekend', () => {
    const hours: WeeklyHours[] = [{ weekday: 6, starts: '10:00', ends: '10:45', timeZone: MX, slotMinutes: 45 }];
    expect(slotsOnDay({ hours, now, memberTimeZone: MX }, '2026-11-28')).toEqual([]);
    expect(slotsOnDay({ hours, now, memberTimeZone: MX, weekdays: [0, 1, 2, 3, 4, 5, 6] }, '2026-11-28')).toEqual(['2026-11-28T16:00:00.000Z']);
  });

  it('from today to 3 months ahead, never after', () => {
    const hours = weekdays('09:00', '09:45', MX);
    expect(lastCalendarDate(now, MX)).toBe('2027-02-23');
    const all = computeSlots({ hours, now, memberTimeZone: MX, from: '2026-11-01', to: '2027-06-01' });
    const days = Object.keys(all).sort();
    expect(days[0]).toBe('2026-11-23');
    expect(days[days.length - 1]).toBe('2027-02-23');
    expect(computeSlots({ hours, now, memberTimeZone: MX, from: 'bad', to: '2027-01-01' })).toEqual({});
  });
});

describe('calendar input', () => {
  it('refuses weekly-hours rows of one day that overlap, on the later row (touching rows and other days are fine)', () => {
    const parse = (hours: { weekday: number; starts: string; ends: string }[]) => calendarInputSchema.safeParse({ timeZone: MX, hours });
    expect(parse([{ weekday: 1, starts: '09:00', ends: '12:00' }, { weekday: 1, starts: '12:00', ends: '14:00' }, { weekday: 2, starts: '10:00', ends: '11:00' }]).success).toBe(true);
    const bad = parse([{ weekday: 1, starts: '09:00', ends: '14:00' }, { weekday: 2, starts: '09:00', ends: '13:00' }, { weekday: 1, starts: '13:00', ends: '15:00' }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([{ path: ['hours', 2, 'ends'], message: 'overlapping_hours' }]);
    // The same row twice, and a row inside another.
    expect(overlappingHours([{ weekday: 3, starts: '09:00', ends: '10:00' }, { weekday: 3, starts: '09:00', ends: '10:00' }, { weekday: 3, starts: '09:15', ends: '09:30' }])).toEqual([1, 2]);
    // A row that is bad on its own gets its own message only.
    expect(overlappingHours([{ weekday: 3, starts: '09:00', ends: '10:00' }, { weekday: 3, starts: '11:00', ends: '08:00' }])).toEqual([]);
  });


  it('accepts a calendar and refuses bad hours and zones with message keys', () => {
    expect(calendarInputSchema.safeParse({ timeZone: MX, hours: [{ weekday: 1, starts: '09:00', ends: '13:00' }] }).success).toBe(true);
    const bad = calendarInputSchema.safeParse({ timeZone: 'Mars/Base', hours: [{ weekday: 7, starts: '25:00', ends: '09:00' }] });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['invalid_time_zone', 'invalid_weekday', 'invalid_time']));
    expect(calendarExceptionInputSchema.safeParse({ kind: 'time-off', startsAt: '2026-11-24T18:00:00Z', endsAt: '2026-11-24T17:00:00Z' }).error?.issues[0]?.message).toBe('invalid_range');
  });
});

describe('wallTimeToIso (the calendar editor’s datetime-local in the coach’s zone)', () => {
  it.each([
    ['2030-01-07T09:00', 'Asia/Tokyo', '2030-01-07T00:00:00.000Z'],
    ['2030-01-07T09:00', MX, '2030-01-07T15:00:00.000Z'],
    ['2026-11-02T09:00:30', LA, '2026-11-02T17:00:30.000Z'],
    ['2026-10-30T09:00', LA, '2026-10-30T16:00:00.000Z'],
    ['', MX, ''],
    ['not a date', MX, 'not a date'],
    ['2030-01-07T09:00', 'Mars/Base', '2030-01-07T09:00'],
  ])('%s in %s → %s', (local, zone, expected) => {
    expect(wallTimeToIso(local, zone)).toBe(expected);
  });
});

describe('formatSlot', () => {
  it.each([
    ['en', 'America/Los_Angeles', false, 'Tuesday, December 1, 2026 at 7:00 AM'],
    ['en', 'America/Los_Angeles', true, 'Tuesday, December 1, 2026 at 7:00 AM PST'],
    ['es', 'America/Mexico_City', false, 'martes, 1 de diciembre de 2026, 9:00 a.m.'],
    ['es', 'America/Mexico_City', true, 'martes, 1 de diciembre de 2026, 9:00 a.m. GMT-6'],
  ] as const)('%s in %s, with its zone: %s', (lang, zone, withZone, expected) => {
    // Intl may put a narrow no-break space before AM/PM and in "a.m.": compared with plain spaces.
    expect(formatSlot('2026-12-01T15:00:00Z', zone, lang, { withZone }).replace(/[\u202f\u00a0]/g, ' ')).toBe(expected);
  });
});
