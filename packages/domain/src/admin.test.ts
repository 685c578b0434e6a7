import { describe, expect, it } from 'vitest';
import { licenseStatesFor, median, suppressCount, suppressStatistic, SUPPRESSED_COUNT, USAGE_SUPPRESSION_THRESHOLD } from './admin';

describe('usage report suppression (issue 15: small counts suppressed)', () => {
  it.each([
    [0, 0],
    [1, SUPPRESSED_COUNT],
    [2, SUPPRESSED_COUNT],
    [4, SUPPRESSED_COUNT],
    [5, 5],
    [6, 6],
    [120, 120],
  ])('a count of %s is shown as %s', (count, shown) => {
    expect(suppressCount(count)).toBe(shown);
  });

  it('the threshold is 5 and can be raised', () => {
    expect(USAGE_SUPPRESSION_THRESHOLD).toBe(5);
    expect(suppressCount(7, 10)).toBe(SUPPRESSED_COUNT);
    expect(suppressCount(10, 10)).toBe(10);
  });

  it.each([
    [12.5, 4, null],
    [12.5, 5, 12.5],
    [null, 9, null],
    [3, 0, null],
  ])('a statistic %s over %s people is shown as %s', (value, n, shown) => {
    expect(suppressStatistic(value, n)).toBe(shown);
  });

  it.each([
    [[], null],
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])('median of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('licence states by staff kind', () => {
  it.each([
    ['us-physician', 'CA', true],
    ['us-physician', 'MX', false],
    ['mx-physician', 'MX', true],
    ['mx-physician', 'TX', false],
    ['admin', 'CA', false],
  ] as const)('%s may hold %s: %s', (kind, state, allowed) => {
    expect(licenseStatesFor(kind).includes(state)).toBe(allowed);
  });
});
