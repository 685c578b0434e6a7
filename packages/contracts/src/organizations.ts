import { ORGANIZATION_FLAGS, ROSTER_MODES, organizationSiteFormSchema, partnerColorsSchema, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { MEMBER_FIELDS } from './member';

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
  homePageUrl: z.nullable(safeString()),
  /** The canonical flags that are on (spec 3 organization feature flags). */
  settings: z.array(z.enum(ORGANIZATION_FLAGS)),
  sites: z.array(organizationSiteSchema),
  dependantOrganizations: z.array(safeString()),
  partner: z.nullable(z.object({ id: safeString(), name: safeString() })),
  /** The asking member's site in this organization (spec 3 member organizationSite), else null. */
  organizationSite: z.nullable(safeString()),
});
export type OrganizationDto = z.infer<typeof organizationSchema>;
const ORGANIZATION_FIELDS = 'id name homePageUrl settings sites { id name } dependantOrganizations partner { id name } organizationSite';

/** GET /api/organizations/{id}/theme-config (spec 7): the partner's theme colours. */
export const themeConfigSchema = z.object({
  partnerId: safeString(),
  partnerName: safeString(),
  colors: z.object({ primary: safeString(), secondary: safeString(), background: z.nullable(safeString()) }),
  /** The partner's home page: where a partner session's finished link goes (spec 2). */
  homePageUrl: z.nullable(safeString()),
});
export type ThemeConfigDto = z.infer<typeof themeConfigSchema>;
export { partnerColorsSchema };

/** PATCH /api/users/{id}/organization-site: the site change (spec 5: organizationSite required). */
export const organizationSiteChangeSchema = organizationSiteFormSchema;

/** POST /api/admin/organizations/{id}/roster?mode=full|delta, a CSV body: the eligibility roster's report. */
export const rosterUploadQuerySchema = z.object({ mode: z._default(z.enum(ROSTER_MODES), 'full') });
export const rosterReportSchema = z.object({
  mode: z.enum(ROSTER_MODES),
  /** Whether the file was applied: a file with any bad row changes nothing. */
  applied: z.boolean(),
  rows: z.int(),
  added: z.int(),
  terminated: z.int(),
  /** Members whose employer benefit the file ended (end-dated in the ledger, never deleted). */
  membersEnded: z.int(),
  errors: z.array(z.object({ row: z.int(), field: safeString(), message: safeString() })),
});
export type RosterReportDto = z.infer<typeof rosterReportSchema>;

/** getOptionsFor(name) (spec 7): key, label, value, defaultOption, disabled, color. */
export const OPTION_LISTS = ['organizationSites'] as const;
export const optionSchema = z.object({
  key: safeString(),
  label: safeString(),
  value: safeString(),
  defaultOption: z.nullable(z.boolean()),
  disabled: z.nullable(z.boolean()),
  color: z.nullable(safeString()),
});
export type OptionDto = z.infer<typeof optionSchema>;
export const getOptionsForArgsSchema = z.object({ name: z.enum(OPTION_LISTS, { error: 'options_name_invalid' }) });

export const ORGANIZATION_GQL = {
  getOptionsFor: `query GetOptionsFor($name: String!) { getOptionsFor(name: $name) { key label value defaultOption disabled color } }`,
  getOrganization: `query GetOrganization($organizationId: ID!) { getOrganization(organizationId: $organizationId) { ${ORGANIZATION_FIELDS} } }`,
  unlinkOrganizationFromMember: `mutation UnlinkOrganizationFromMember($memberId: ID!) { unlinkOrganizationFromMember(memberId: $memberId) { ${MEMBER_FIELDS} } }`,
} as const;
