/**
 * The admin console's rules (issue 15): who is staff, what a licence is, and how the usage report
 * hides small counts. Pure: the API, the forms and the tests read them from here.
 */

/** Staff kinds an admin creates (spec 000 §3 userType, every type but member). */
export const STAFF_TYPES = ['mx-physician', 'us-physician', 'admin'] as const;
export type StaffType = (typeof STAFF_TYPES)[number];

/** US states and DC: the states a US doctor may hold a licence in (spec 001 §6: prescribing follows them). */
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
  'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];
/** A coach's licence is Mexican (the cédula's country), kept as the state 'MX' like the seed's. */
export const MX_LICENSE_STATE = 'MX';

/** Licence states a staff kind may hold. */
export const licenseStatesFor = (userType: StaffType): readonly string[] => {
  switch (userType) {
    case 'us-physician':
      return US_STATE_CODES;
    case 'mx-physician':
      return [MX_LICENSE_STATE];
    case 'admin':
      return [];
  }
};

/** NPI: 10 digits (CMS). DEA: two letters then seven digits. Cédula profesional: 7 or 8 digits (SEP). */
export const NPI_PATTERN = /^\d{10}$/;
export const DEA_PATTERN = /^[A-Za-z]{2}\d{7}$/;
export const CEDULA_PATTERN = /^\d{7,8}$/;

/** Ours: a usage cell counting fewer people than this is shown as "<5" (small-cell suppression). */
export const USAGE_SUPPRESSION_THRESHOLD = 5;
export const SUPPRESSED_COUNT = '<5' as const;
export type SuppressedCount = number | typeof SUPPRESSED_COUNT;

/** A count as the usage report shows it: zero and counts from the threshold up as they are, else "<5". */
export const suppressCount = (count: number, threshold: number = USAGE_SUPPRESSION_THRESHOLD): SuppressedCount =>
  count === 0 || count >= threshold ? count : SUPPRESSED_COUNT;

/** A statistic over n people (a median wait, a mean rating): null when n is under the threshold. */
export const suppressStatistic = (value: number | null, n: number, threshold: number = USAGE_SUPPRESSION_THRESHOLD): number | null =>
  value === null || n < threshold ? null : value;

/** The median of a list (null when empty). */
export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Pages of the admin tables (server-side paging). */
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_PAGE_MAX = 100;
