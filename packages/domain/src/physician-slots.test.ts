import { describe, expect, it } from 'vitest';
import { availableSlotsOn, isSlotDate, slotDateIn } from './physician-slots';

const hours = [{ weekday: 1, starts: '09:00', ends: '11:00', timeZone: 'America/Mexico_City', slotMinutes: 30 }];

describe('availableSlotsOn (spec 7 availableSlots(date), yyyy-MM-dd)', () => {
  it('lists the slots of the weekday in the physician time zone', () => {
    // 2026-11-23 is a Monday; Mexico City is UTC-6.
    expect(availableSlotsOn('2026-11-23', hours, new Date('2026-11-01T00:00:00Z'))).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
    ]);
  });
  it('drops slots already started and other weekdays', () => {
    expect(availableSlotsOn('2026-11-23', hours, new Date('2026-11-23T15:45:00Z'))).toEqual(['2026-11-23T16:00:00.000Z', '2026-11-23T16:30:00.000Z']);
    expect(availableSlotsOn('2026-11-24', hours, new Date('2026-11-01T00:00:00Z'))).toEqual([]);
  });
  it.each([['2026-02-30'], ['2026-1-01'], ['tomorrow'], ['']])('refuses the non-date %j', (date) => {
    expect(isSlotDate(date)).toBe(false);
    expect(availableSlotsOn(date, hours, new Date(0))).toEqual([]);
  });
  it('reads today in a time zone', () => {
    expect(slotDateIn(new Date('2026-11-24T03:00:00Z'), 'America/Mexico_City')).toBe('2026-11-23');
    expect(slotDateIn(new Date('2026-11-24T03:00:00Z'), 'UTC')).toBe('2026-11-24');
  });
});
