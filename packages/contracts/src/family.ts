import { addDependantSchema, FORM_MISSING_FIELDS, INVITATION_STATUSES, LANGUAGES, safeString, UNLINK_ROLES } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * Family plans (issue 15; spec 3 Dependant, spec 7 getDependants, addDependants, updateDependant,
 * deleteDependant, deleteAllDependants, member invitation-link and invitation-token).
 */

/** spec 3 Dependant: memberId starts with temp| while the invitation is pending. */
export const dependantSchema = z.object({
  memberId: safeString(),
  alias: safeString(),
  phoneNumber: safeString(),
  invitationStatus: z.enum(INVITATION_STATUSES),
  preferredLang: z.enum(LANGUAGES),
});
export type DependantDto = z.infer<typeof dependantSchema>;

/** The referrer's list, with how many places are left (spec 9: 3). */
export const dependantsResponseSchema = z.object({
  dependants: z.array(dependantSchema),
  slotsLeft: z.int(),
});
export type DependantsResponse = z.infer<typeof dependantsResponseSchema>;

/** addDependants(memberId, dependants[] with alias, phoneNumber, preferredLang). */
export const addDependantsInputSchema = z.object({ dependants: z.array(addDependantSchema).check(z.minLength(1, { message: FORM_MISSING_FIELDS })) });
export type AddDependantsInput = z.input<typeof addDependantsInputSchema>;

/** deleteDependant / deleteAllDependants: the list left and the member's role after the unlink (spec 4). */
export const dependantRemovalSchema = z.object({
  dependants: z.array(dependantSchema),
  slotsLeft: z.int(),
  role: z.enum(UNLINK_ROLES),
});
export type DependantRemovalDto = z.infer<typeof dependantRemovalSchema>;

/** POST /api/member/invitation-link: (re)sends the texted link of a pending dependant. */
export const invitationLinkInputSchema = z.object({
  dependantMemberId: safeString().check(z.minLength(1)),
  referalId: safeString().check(z.minLength(1)),
  referalOrganizationId: z.optional(z.nullable(safeString())),
  lang: z.optional(z.enum(LANGUAGES)),
  phoneNumber: z.optional(safeString()),
});
export type InvitationLinkInput = z.input<typeof invitationLinkInputSchema>;
export const invitationLinkResponseSchema = z.object({ sent: z.literal(true) });

/** GET /api/member/invitation-token?invitationToken=: what the app keeps until she has signed in. */
export const invitationTokenQuerySchema = z.object({ invitationToken: safeString().check(z.minLength(1), z.maxLength(200)) });
export const invitationTokenResponseSchema = z.object({
  referalId: safeString(),
  referalOrganizationId: z.nullable(safeString()),
  dependantMemberId: safeString(),
  referrerName: safeString(),
});
export type InvitationTokenResponse = z.infer<typeof invitationTokenResponseSchema>;

const DEPENDANT_FIELDS = 'memberId alias phoneNumber invitationStatus preferredLang';
export const FAMILY_GQL = {
  getDependants: `query GetDependants($memberId: ID!) { getDependants(memberId: $memberId) { slotsLeft dependants { ${DEPENDANT_FIELDS} } } }`,
  addDependants: `mutation AddDependants($memberId: ID!, $dependants: JSON!) { addDependants(memberId: $memberId, dependants: $dependants) { slotsLeft dependants { ${DEPENDANT_FIELDS} } } }`,
  updateDependant: `mutation UpdateDependant($currentMemberId: ID!, $referralId: ID!, $dependantTempId: ID!) { updateDependant(currentMemberId: $currentMemberId, referralId: $referralId, dependantTempId: $dependantTempId) { ${DEPENDANT_FIELDS} } }`,
  deleteDependant: `mutation DeleteDependant($referralId: ID!, $dependantId: ID!) { deleteDependant(referralId: $referralId, dependantId: $dependantId) { role slotsLeft dependants { ${DEPENDANT_FIELDS} } } }`,
  deleteAllDependants: `mutation DeleteAllDependants($memberId: ID!) { deleteAllDependants(memberId: $memberId) { role slotsLeft dependants { ${DEPENDANT_FIELDS} } } }`,
} as const;
