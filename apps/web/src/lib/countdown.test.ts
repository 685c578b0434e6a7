import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('resend countdown format m:ss (spec 9)', () => {
  it.each([
    [120_000, '2:00'],
    [119_001, '2:00'],
    [119_000, '1:59'],
    [65_000, '1:05'],
    [60_000, '1:00'],
    [9_000, '0:09'],
    [500, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
    [605_000, '10:05'],
  ])('%i ms -> %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
