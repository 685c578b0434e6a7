/**
 * Family plans (issue 15). spec 3 Organization.dependantOrganizations: the organizations a
 * member's dependants join; the family plan is offered only where there are some (spec 6). The one
 * source of truth is the list the admin names (kept in the organization's settings map until
 * organizations have a column for it), read here by getOrganization, getMember and the family plan
 * alike; child organizations (parentOrganizationId) are a different relation and never count.
 */
export const dependantOrganizationsFromSettings = (settings: unknown): string[] => {
  const value = settings && typeof settings === 'object' ? (settings as Record<string, unknown>).dependantOrganizations : undefined;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
};
