import {
  ADMIN_PAGE_MAX,
  CEDULA_PATTERN,
  CHANNELS,
  DEA_PATTERN,
  LANGUAGES,
  NPI_PATTERN,
  PRACTICES,
  safeString,
  STAFF_TYPES,
  SUPPRESSED_COUNT,
} from '@puente/domain';
import { z } from 'zod';

/**
 * The admin console (issue 15): staff, a member's audit log and entitlement ledger, and the usage
 * report. Every endpoint answers admins only (anyone else: 404).
 */

const MISSING = 'form_missing_fields';
const INVALID = 'invalid_value';

/** Server-side paging of the admin tables (page from 0). */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number({ message: INVALID }).int({ message: INVALID }).min(0, { message: INVALID }).max(100_000, { message: INVALID }).default(0),
  pageSize: z.coerce.number({ message: INVALID }).int({ message: INVALID }).min(1, { message: INVALID }).max(ADMIN_PAGE_MAX, { message: INVALID }).default(25),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

export const staffListQuerySchema = adminPageQuerySchema.extend({
  userType: z.enum(STAFF_TYPES, { message: INVALID }).optional(),
  search: safeString().trim().max(100).optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

export const staffLicenseSchema = z.object({
  state: safeString({ error: MISSING }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: INVALID }),
  licenseNumber: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(40, { message: INVALID }),
});

const optionalPattern = (pattern: RegExp) =>
  safeString()
    .trim()
    .max(20, { message: INVALID })
    .refine((v) => v === '' || pattern.test(v), { message: INVALID })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** What an admin edits of a staff member (all optional on PATCH). */
export const staffProfileFieldsSchema = z.object({
  firstName: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(80, { message: INVALID }),
  lastName: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(80, { message: INVALID }),
  preferredLang: z.enum(LANGUAGES, { message: INVALID }),
  languages: z.array(z.enum(LANGUAGES, { message: INVALID }), { message: INVALID }).max(LANGUAGES.length, { message: INVALID }),
  practice: z.enum(PRACTICES, { message: INVALID }).nullable(),
  licenses: z.array(staffLicenseSchema, { message: INVALID }).max(60, { message: INVALID }),
  cedula: optionalPattern(CEDULA_PATTERN),
  npi: optionalPattern(NPI_PATTERN),
  dea: optionalPattern(DEA_PATTERN),
});

/** POST /api/admin/staff */
export const createStaffSchema = staffProfileFieldsSchema.extend({
  userType: z.enum(STAFF_TYPES, { message: MISSING }),
  email: safeString({ error: MISSING }).trim().toLowerCase().pipe(z.email({ message: INVALID })),
  languages: staffProfileFieldsSchema.shape.languages.default([]),
  practice: staffProfileFieldsSchema.shape.practice.default(null),
  licenses: staffProfileFieldsSchema.shape.licenses.default([]),
  preferredLang: staffProfileFieldsSchema.shape.preferredLang.default('es'),
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;
export type CreateStaff = z.output<typeof createStaffSchema>;

/** PATCH /api/admin/staff/{id} */
export const updateStaffSchema = staffProfileFieldsSchema.partial();
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  userType: z.enum(STAFF_TYPES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  preferredLang: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  practice: z.enum(PRACTICES).nullable(),
  licenses: z.array(z.object({ state: z.string(), licenseNumber: z.string() })),
  cedula: z.string().nullable(),
  npi: z.string().nullable(),
  dea: z.string().nullable(),
  /** The authenticator is enrolled (false after a reset, until the next sign-in). */
  totpEnrolled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMemberDto = z.infer<typeof staffMemberSchema>;

export const staffPageSchema = z.object({ items: z.array(staffMemberSchema), total: z.number().int() });
export type StaffPage = z.infer<typeof staffPageSchema>;

/** POST /api/admin/staff/{id}/reset-authenticator */
export const resetAuthenticatorResultSchema = z.object({ revokedSessions: z.number().int() });
export type ResetAuthenticatorResult = z.infer<typeof resetAuthenticatorResultSchema>;

/** GET /api/admin/members?query=: by phone (any format with its country code) or member id. */
export const memberSearchQuerySchema = adminPageQuerySchema.extend({
  query: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(60, { message: INVALID }),
});
export const adminMemberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  organizationId: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
});
export type AdminMemberDto = z.infer<typeof adminMemberSchema>;
export const adminMemberPageSchema = z.object({ items: z.array(adminMemberSchema), total: z.number().int() });
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;

/** GET /api/admin/members/{id}/audit: who read or changed what (ids and field names only). */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  recordId: z.string().nullable(),
  fields: z.array(z.string()),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

// The member's entitlement ledger: GET /api/admin/members/{id}/entitlements (membership.ts).

/** GET /api/admin/usage?organizationId&from&to (months, YYYY-MM): aggregates only. */
export const usageQuerySchema = z.object({
  organizationId: z.uuid({ message: INVALID }).optional(),
  from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: INVALID }).optional(),
  to: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: INVALID }).optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;

const countSchema = z.union([z.number().int(), z.literal(SUPPRESSED_COUNT)]);
export const usageRowSchema = z.object({
  month: z.string(),
  practice: z.enum(PRACTICES),
  channel: z.enum(CHANNELS),
  consultations: countSchema,
  /** Median minutes from the queue to a coach's accept; null when fewer than 5 were accepted. */
  medianWaitMinutes: z.number().nullable(),
  surveys: countSchema,
  /** Mean satisfaction (1..5) of the surveys answered; null under 5 answers. */
  satisfaction: z.number().nullable(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;
export const usageReportSchema = z.object({
  organizationId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  threshold: z.number().int(),
  rows: z.array(usageRowSchema),
  /** The sums of what the rows show: hidden ("<5") cells are left out, so no total gives one away. */
  totals: usageRowSchema.omit({ month: true, practice: true, channel: true }),
  /** True when some row hides a count, so the totals leave it out. */
  totalsExcludeHidden: z.boolean(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;
