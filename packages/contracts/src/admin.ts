import {
  ADMIN_PAGE_MAX,
  CEDULA_PATTERN,
  CHANNELS,
  DEA_PATTERN,
  FORM_MISSING_FIELDS,
  INVALID_VALUE_KEY,
  LANGUAGES,
  NPI_PATTERN,
  PRACTICES,
  safeString,
  STAFF_TYPES,
  SUPPRESSED_COUNT,
  trimmedSafeString,
} from '@puente/domain';
import * as z from 'zod/mini';

/**
 * The admin console (issue 15): staff, a member's audit log and entitlement ledger, and the usage
 * report. Every endpoint answers admins only (anyone else: 404).
 */

const MISSING = FORM_MISSING_FIELDS;
const INVALID = INVALID_VALUE_KEY;

/** Server-side paging of the admin tables (page from 0). */
export const adminPageQuerySchema = z.object({
  page: z._default(z.pipe(z.coerce.number({ message: INVALID }), z.int({ message: INVALID }).check(z.gte(0, { message: INVALID }), z.lte(100_000, { message: INVALID }))), 0),
  pageSize: z._default(z.pipe(z.coerce.number({ message: INVALID }), z.int({ message: INVALID }).check(z.gte(1, { message: INVALID }), z.lte(ADMIN_PAGE_MAX, { message: INVALID }))), 25),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

export const staffListQuerySchema = z.extend(adminPageQuerySchema, {
  userType: z.optional(z.enum(STAFF_TYPES, { message: INVALID })),
  search: z.optional(trimmedSafeString(100)),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

export const staffLicenseSchema = z.object({
  state: safeString({ error: MISSING }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { message: INVALID })),
  licenseNumber: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(40, { message: INVALID })),
});

const optionalPattern = (pattern: RegExp) =>
  z.optional(z.nullable(z.pipe(safeString().check(z.trim(), z.maxLength(20, { message: INVALID }), z.refine((v) => v === '' || pattern.test(v), { message: INVALID })), z.transform((v) => (v === '' ? null : v)))));

/** What an admin edits of a staff member (all optional on PATCH). */
export const staffProfileFieldsSchema = z.object({
  firstName: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(80, { message: INVALID })),
  lastName: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(80, { message: INVALID })),
  preferredLang: z.enum(LANGUAGES, { message: INVALID }),
  languages: z.array(z.enum(LANGUAGES, { message: INVALID }), { message: INVALID }).check(z.maxLength(LANGUAGES.length, { message: INVALID })),
  practice: z.nullable(z.enum(PRACTICES, { message: INVALID })),
  licenses: z.array(staffLicenseSchema, { message: INVALID }).check(z.maxLength(60, { message: INVALID })),
  cedula: optionalPattern(CEDULA_PATTERN),
  npi: optionalPattern(NPI_PATTERN),
  dea: optionalPattern(DEA_PATTERN),
});

/** POST /api/admin/staff */
export const createStaffSchema = z.extend(staffProfileFieldsSchema, {
  userType: z.enum(STAFF_TYPES, { message: MISSING }),
  email: z.pipe(safeString({ error: MISSING }).check(z.trim(), z.toLowerCase()), z.email({ message: INVALID })),
  languages: z._default(staffProfileFieldsSchema.shape.languages, []),
  practice: z._default(staffProfileFieldsSchema.shape.practice, null),
  licenses: z._default(staffProfileFieldsSchema.shape.licenses, []),
  preferredLang: z._default(staffProfileFieldsSchema.shape.preferredLang, 'es'),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
export type CreateStaff = z.output<typeof createStaffSchema>;

/** PATCH /api/admin/staff/{id} */
export const updateStaffSchema = z.partial(staffProfileFieldsSchema);
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  userType: z.enum(STAFF_TYPES),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  preferredLang: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  practice: z.nullable(z.enum(PRACTICES)),
  licenses: z.array(z.object({ state: z.string(), licenseNumber: z.string() })),
  cedula: z.nullable(z.string()),
  npi: z.nullable(z.string()),
  dea: z.nullable(z.string()),
  /** The authenticator is enrolled (false after a reset, until the next sign-in). */
  totpEnrolled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMemberDto = z.infer<typeof staffMemberSchema>;

export const staffPageSchema = z.object({ items: z.array(staffMemberSchema), total: z.int() });
export type StaffPage = z.infer<typeof staffPageSchema>;

/** POST /api/admin/staff/{id}/reset-authenticator */
export const resetAuthenticatorResultSchema = z.object({ revokedSessions: z.int() });
export type ResetAuthenticatorResult = z.infer<typeof resetAuthenticatorResultSchema>;

/** GET /api/admin/members?query=: by phone (any format with its country code) or member id. */
export const memberSearchQuerySchema = z.extend(adminPageQuerySchema, {
  query: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(60, { message: INVALID })),
});
export const adminMemberSchema = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  organizationId: z.nullable(z.string()),
  createdAt: z.string(),
  deleted: z.boolean(),
});
export type AdminMemberDto = z.infer<typeof adminMemberSchema>;
export const adminMemberPageSchema = z.object({ items: z.array(adminMemberSchema), total: z.int() });
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;

/** GET /api/admin/members/{id}/audit: who read or changed what (ids and field names only). */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.nullable(z.string()),
  actorRole: z.string(),
  actorName: z.nullable(z.string()),
  action: z.string(),
  resource: z.string(),
  recordId: z.nullable(z.string()),
  fields: z.array(z.string()),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

// The member's entitlement ledger: GET /api/admin/members/{id}/entitlements (membership.ts).

/** GET /api/admin/usage?organizationId&from&to (months, YYYY-MM): aggregates only. */
export const usageQuerySchema = z.object({
  organizationId: z.optional(z.uuid({ message: INVALID })),
  from: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: INVALID }))),
  to: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: INVALID }))),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

const countSchema = z.union([z.int(), z.literal(SUPPRESSED_COUNT)]);
export const usageRowSchema = z.object({
  month: z.string(),
  practice: z.enum(PRACTICES),
  channel: z.enum(CHANNELS),
  consultations: countSchema,
  /** Median minutes from the queue to a coach's accept; null when fewer than 5 were accepted. */
  medianWaitMinutes: z.nullable(z.number()),
  surveys: countSchema,
  /** Mean satisfaction (1..5) of the surveys answered; null under 5 answers. */
  satisfaction: z.nullable(z.number()),
});
export type UsageRow = z.infer<typeof usageRowSchema>;
export const usageReportSchema = z.object({
  organizationId: z.nullable(z.string()),
  from: z.string(),
  to: z.string(),
  threshold: z.int(),
  rows: z.array(usageRowSchema),
  /** The sums of what the rows show: hidden ("<5") cells are left out, so no total gives one away. */
  totals: z.omit(usageRowSchema, { month: true, practice: true, channel: true }),
  /** True when some row hides a count, so the totals leave it out. */
  totalsExcludeHidden: z.boolean(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;
