import { ORGANIZATION_FLAGS, ROSTER_MODES, organizationSiteFormSchema, partnerColorsSchema, safeString } from '@puente/domain';
import { z } from 'zod';
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
