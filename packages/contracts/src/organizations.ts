import { ORGANIZATION_FLAGS, PARTNER_PRODUCT_LIMITS, ROSTER_MODES, organizationSiteFormSchema, partnerColorsSchema, safeString } from '@puente/domain';
import { adminPageQuerySchema } from './admin';
import { z } from 'zod';
import { MEMBER_FIELDS } from './auth';

/** GET /api/employer-code/{code}/organizations (spec 7): the organizations a code names; empty = invalid. */
export const employerCodeOrganizationsSchema = z.object({
  organizations: z.array(z.object({ id: safeString(), name: safeString(), code: safeString() })),
});
export type EmployerCodeOrganizations = z.infer<typeof employerCodeOrganizationsSchema>;

export const organizationSiteSchema = z.object({ id: safeString(), name: safeString() });
export type OrganizationSiteDto = z.infer<typeof organizationSiteSchema>;

/** getOrganization(organizationId) (spec 7): name, homePageUrl, settings, sites, dependantOrganizations (and the partner). */
export const organizationSchema = z.object({
  id: safeString(),
  name: safeString(),
  homePageUrl: safeString().nullable(),
  /** The canonical flags that are on (spec 3 organization feature flags). */
  settings: z.array(z.enum(ORGANIZATION_FLAGS)),
  sites: z.array(organizationSiteSchema),
  dependantOrganizations: z.array(safeString()),
  partner: z.object({ id: safeString(), name: safeString() }).nullable(),
  /** The asking member's site in this organization (spec 3 member organizationSite), else null. */
  organizationSite: safeString().nullable(),
});
export type OrganizationDto = z.infer<typeof organizationSchema>;
const ORGANIZATION_FIELDS = 'id name homePageUrl settings sites { id name } dependantOrganizations partner { id name } organizationSite';

/** GET /api/organizations/{id}/theme-config (spec 7): the partner's theme colours. */
export const themeConfigSchema = z.object({
  partnerId: safeString(),
  partnerName: safeString(),
  colors: z.object({ primary: safeString(), secondary: safeString(), background: safeString().nullable() }),
  /** The partner's home page: where a partner session's finished link goes (spec 2). */
  homePageUrl: safeString().nullable(),
});
export type ThemeConfigDto = z.infer<typeof themeConfigSchema>;
export { partnerColorsSchema };

/** PATCH /api/users/{id}/organization-site: the site change (spec 5: organizationSite required). */
export const organizationSiteChangeSchema = organizationSiteFormSchema;

/** POST /api/admin/organizations/{id}/roster?mode=full|delta, a CSV body: the eligibility roster's report. */
export const rosterUploadQuerySchema = z.object({ mode: z.enum(ROSTER_MODES).default('full') });
export const rosterReportSchema = z.object({
  mode: z.enum(ROSTER_MODES),
  /** Whether the file was applied: a file with any bad row changes nothing. */
  applied: z.boolean(),
  rows: z.number().int(),
  added: z.number().int(),
  terminated: z.number().int(),
  /** Members whose employer benefit the file ended (end-dated in the ledger, never deleted). */
  membersEnded: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: safeString(), message: safeString() })),
});
export type RosterReportDto = z.infer<typeof rosterReportSchema>;

/** getOptionsFor(name) (spec 7): key, label, value, defaultOption, disabled, color. */
export const OPTION_LISTS = ['organizationSites'] as const;
export const optionSchema = z.object({
  key: safeString(),
  label: safeString(),
  value: safeString(),
  defaultOption: z.boolean().nullable(),
  disabled: z.boolean().nullable(),
  color: safeString().nullable(),
});
export type OptionDto = z.infer<typeof optionSchema>;
export const getOptionsForArgsSchema = z.object({ name: z.enum(OPTION_LISTS, { error: 'options_name_invalid' }) });

export const ORGANIZATION_GQL = {
  getOptionsFor: `query GetOptionsFor($name: String!) { getOptionsFor(name: $name) { key label value defaultOption disabled color } }`,
  getOrganization: `query GetOrganization($organizationId: ID!) { getOrganization(organizationId: $organizationId) { ${ORGANIZATION_FIELDS} } }`,
  unlinkOrganizationFromMember: `mutation UnlinkOrganizationFromMember($memberId: ID!) { unlinkOrganizationFromMember(memberId: $memberId) { ${MEMBER_FIELDS} } }`,
} as const;

// --- The admin console's organizations (issue 15) ---------------------------------------------

const MISSING = 'form_missing_fields';
const INVALID = 'invalid_value';

/** GET /api/admin/organizations?page&pageSize&search (name or code): paged on the server. */
export const adminOrganizationListQuerySchema = adminPageQuerySchema.extend({ search: safeString().trim().max(100).optional() });
export type AdminOrganizationListQuery = z.infer<typeof adminOrganizationListQuerySchema>;

export const adminPartnerSchema = z.object({
  partnerId: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(60, { message: INVALID }),
  partnerName: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(120, { message: INVALID }),
  colors: partnerColorsSchema,
});

const nullableText = (max: number) =>
  safeString()
    .trim()
    .max(max, { message: INVALID })
    .transform((v) => (v === '' ? null : v))
    .nullable();

const organizationFields = {
  name: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(120, { message: INVALID }),
  /** The employer code members type (letters, digits, - and _); unique whatever the case. */
  code: safeString()
    .trim()
    .max(40, { message: INVALID })
    .regex(/^[A-Za-z0-9_-]*$/, { message: 'admin_organization_code_invalid' })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  type: nullableText(60),
  enabled: z.boolean({ message: INVALID }),
  parentOrganizationId: z.uuid({ message: INVALID }).nullable(),
  homePageUrl: safeString()
    .trim()
    .max(500, { message: INVALID })
    .refine((v) => v === '' || /^https:\/\/\S+$/i.test(v), { message: 'admin_organization_url_invalid' })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  settings: z.array(z.enum(ORGANIZATION_FLAGS, { message: INVALID }), { message: INVALID }).max(ORGANIZATION_FLAGS.length, { message: INVALID }),
  /** The sites: an id keeps (and renames) a site, no id adds one; a site left out is removed. */
  sites: z
    .array(z.object({ id: z.uuid({ message: INVALID }).optional(), name: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(120, { message: INVALID }) }), { message: INVALID })
    .max(200, { message: INVALID }),
  partner: adminPartnerSchema.nullable(),
  topicsTemplateId: safeString().trim().max(100, { message: INVALID }).nullable(),
  /** spec 3 dependantOrganizations: the organizations a member's dependants join (the family plan shows with any). */
  dependantOrganizations: z.array(z.uuid({ message: INVALID }), { message: INVALID }).max(20, { message: INVALID }),
  /** OFFERS_PRODUCTS (spec 000 §3 consultation note partnerProducts: id, title): the products the organization offers. */
  products: z
    .array(
      z.object({
        id: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(PARTNER_PRODUCT_LIMITS.idMax, { message: INVALID }),
        title: safeString({ error: MISSING }).trim().min(1, { message: MISSING }).max(PARTNER_PRODUCT_LIMITS.titleMax, { message: INVALID }),
      }),
      { message: INVALID },
    )
    .max(PARTNER_PRODUCT_LIMITS.max, { message: INVALID }),
};

/** POST /api/admin/organizations */
export const organizationInputSchema = z.object({
  ...organizationFields,
  code: organizationFields.code.default(null),
  type: organizationFields.type.default(null),
  enabled: organizationFields.enabled.default(true),
  parentOrganizationId: organizationFields.parentOrganizationId.default(null),
  homePageUrl: organizationFields.homePageUrl.default(null),
  settings: organizationFields.settings.default([]),
  sites: organizationFields.sites.default([]),
  partner: organizationFields.partner.default(null),
  topicsTemplateId: organizationFields.topicsTemplateId.default(null),
  dependantOrganizations: organizationFields.dependantOrganizations.default([]),
  products: organizationFields.products.default([]),
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export type OrganizationValues = z.output<typeof organizationInputSchema>;
/** PATCH /api/admin/organizations/{id}: only the fields sent change. */
export const organizationPatchSchema = z.object(organizationFields).partial();
export type OrganizationPatch = z.output<typeof organizationPatchSchema>;

export const adminOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  type: z.string().nullable(),
  enabled: z.boolean(),
  parentOrganizationId: z.string().nullable(),
  homePageUrl: z.string().nullable(),
  settings: z.array(z.enum(ORGANIZATION_FLAGS)),
  sites: z.array(organizationSiteSchema),
  partner: z.object({ partnerId: z.string(), partnerName: z.string(), colors: z.object({ primary: z.string(), secondary: z.string(), background: z.string().optional() }) }).nullable(),
  topicsTemplateId: z.string().nullable(),
  dependantOrganizations: z.array(z.string()),
  /** The products it lists (the consultation note carries them while OFFERS_PRODUCTS is on). */
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Members linked now (a count, no one named). */
  members: z.number().int(),
  createdAt: z.string(),
});
export type AdminOrganizationDto = z.infer<typeof adminOrganizationSchema>;
export const adminOrganizationPageSchema = z.object({ items: z.array(adminOrganizationSchema), total: z.number().int() });
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPageSchema>;

/** GET /api/admin/topic-templates: the templates an organization may use. */
export const adminTopicTemplateSchema = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() });
export const adminTopicTemplatesSchema = z.object({ items: z.array(adminTopicTemplateSchema) });
export type AdminTopicTemplates = z.infer<typeof adminTopicTemplatesSchema>;
