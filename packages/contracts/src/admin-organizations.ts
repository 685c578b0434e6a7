import { ORGANIZATION_FLAGS, PARTNER_PRODUCT_LIMITS, partnerColorsSchema, safeString } from '@puente/domain';
import { z } from 'zod';
import { adminPageQuerySchema } from './admin';
import { organizationSiteSchema } from './organizations';

/**
 * The admin console's organizations (issue 15), apart from the member-facing organization shapes
 * (organizations.ts) that the app's first screens load: the admin schemas are built only where
 * they are used (the console's chunks, the server).
 */
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
