import { FORM_MISSING_FIELDS, INVALID_VALUE_KEY, ORGANIZATION_FLAGS, PARTNER_PRODUCT_LIMITS, partnerColorsSchema, safeString, trimmedSafeString } from '@puente/domain';
import * as z from 'zod/mini';
import { adminPageQuerySchema } from './admin';
import { organizationSiteSchema } from './organizations';

/**
 * The admin console's organizations (issue 15), apart from the member-facing organization shapes
 * (organizations.ts) that the app's first screens load: the admin schemas are built only where
 * they are used (the console's chunks, the server).
 */
const MISSING = FORM_MISSING_FIELDS;
const INVALID = INVALID_VALUE_KEY;

/** GET /api/admin/organizations?page&pageSize&search (name or code): paged on the server. */
export const adminOrganizationListQuerySchema = z.extend(adminPageQuerySchema, { search: z.optional(trimmedSafeString(100)) });
export type AdminOrganizationListQuery = z.infer<typeof adminOrganizationListQuerySchema>;

export const adminPartnerSchema = z.object({
  partnerId: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(60, { message: INVALID })),
  partnerName: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(120, { message: INVALID })),
  colors: partnerColorsSchema,
});

const nullableText = (max: number) =>
  z.nullable(z.pipe(safeString().check(z.trim(), z.maxLength(max, { message: INVALID })), z.transform((v) => (v === '' ? null : v))));

const organizationFields = {
  name: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(120, { message: INVALID })),
  /** The employer code members type (letters, digits, - and _); unique whatever the case. */
  code: z.nullable(
    z.pipe(
      safeString().check(z.trim(), z.maxLength(40, { message: INVALID }), z.regex(/^[A-Za-z0-9_-]*$/, { message: 'admin_organization_code_invalid' })),
      z.transform((v) => (v === '' ? null : v)),
    ),
  ),
  type: nullableText(60),
  enabled: z.boolean({ message: INVALID }),
  parentOrganizationId: z.nullable(z.uuid({ message: INVALID })),
  homePageUrl: z.nullable(
    z.pipe(
      safeString().check(
        z.trim(),
        z.maxLength(500, { message: INVALID }),
        z.refine((v) => v === '' || /^https:\/\/\S+$/i.test(v), { message: 'admin_organization_url_invalid' }),
      ),
      z.transform((v) => (v === '' ? null : v)),
    ),
  ),
  settings: z.array(z.enum(ORGANIZATION_FLAGS, { message: INVALID }), { message: INVALID }).check(z.maxLength(ORGANIZATION_FLAGS.length, { message: INVALID })),
  /** The sites: an id keeps (and renames) a site, no id adds one; a site left out is removed. */
  sites: z
    .array(
      z.object({
        id: z.optional(z.uuid({ message: INVALID })),
        name: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(120, { message: INVALID })),
      }),
      { message: INVALID },
    )
    .check(z.maxLength(200, { message: INVALID })),
  partner: z.nullable(adminPartnerSchema),
  topicsTemplateId: z.nullable(safeString().check(z.trim(), z.maxLength(100, { message: INVALID }))),
  /** spec 3 dependantOrganizations: the organizations a member's dependants join (the family plan shows with any). */
  dependantOrganizations: z.array(z.uuid({ message: INVALID }), { message: INVALID }).check(z.maxLength(20, { message: INVALID })),
  /** OFFERS_PRODUCTS (spec 000 §3 consultation note partnerProducts: id, title): the products the organization offers. */
  products: z
    .array(
      z.object({
        id: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(PARTNER_PRODUCT_LIMITS.idMax, { message: INVALID })),
        title: safeString({ error: MISSING }).check(z.trim(), z.minLength(1, { message: MISSING }), z.maxLength(PARTNER_PRODUCT_LIMITS.titleMax, { message: INVALID })),
      }),
      { message: INVALID },
    ).check(z.maxLength(PARTNER_PRODUCT_LIMITS.max, { message: INVALID })),
};

/** POST /api/admin/organizations */
export const organizationInputSchema = z.object({
  ...organizationFields,
  code: z._default(organizationFields.code, null),
  type: z._default(organizationFields.type, null),
  enabled: z._default(organizationFields.enabled, true),
  parentOrganizationId: z._default(organizationFields.parentOrganizationId, null),
  homePageUrl: z._default(organizationFields.homePageUrl, null),
  settings: z._default(organizationFields.settings, []),
  sites: z._default(organizationFields.sites, []),
  partner: z._default(organizationFields.partner, null),
  topicsTemplateId: z._default(organizationFields.topicsTemplateId, null),
  dependantOrganizations: z._default(organizationFields.dependantOrganizations, []),
  products: z._default(organizationFields.products, []),
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export type OrganizationValues = z.output<typeof organizationInputSchema>;
/** PATCH /api/admin/organizations/{id}: only the fields sent change. */
export const organizationPatchSchema = z.partial(z.object(organizationFields));
export type OrganizationPatch = z.output<typeof organizationPatchSchema>;

export const adminOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.nullable(z.string()),
  type: z.nullable(z.string()),
  enabled: z.boolean(),
  parentOrganizationId: z.nullable(z.string()),
  homePageUrl: z.nullable(z.string()),
  settings: z.array(z.enum(ORGANIZATION_FLAGS)),
  sites: z.array(organizationSiteSchema),
  partner: z.nullable(z.object({ partnerId: z.string(), partnerName: z.string(), colors: z.object({ primary: z.string(), secondary: z.string(), background: z.optional(z.string()) }) })),
  topicsTemplateId: z.nullable(z.string()),
  dependantOrganizations: z.array(z.string()),
  /** The products it lists (the consultation note carries them while OFFERS_PRODUCTS is on). */
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Members linked now (a count, no one named). */
  members: z.int(),
  createdAt: z.string(),
});
export type AdminOrganizationDto = z.infer<typeof adminOrganizationSchema>;
export const adminOrganizationPageSchema = z.object({ items: z.array(adminOrganizationSchema), total: z.int() });
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPageSchema>;

/** GET /api/admin/topic-templates: the templates an organization may use. */
export const adminTopicTemplateSchema = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() });
export const adminTopicTemplatesSchema = z.object({ items: z.array(adminTopicTemplateSchema) });
export type AdminTopicTemplates = z.infer<typeof adminTopicTemplatesSchema>;
