import { GENDER, INSURANCE_TYPES, LAB_CONSENT, LANGUAGES, ORGANIZATION_FLAGS, PREFERRED_CONTACT_METHODS, SEX, TOPIC_KINDS, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { SUBSCRIPTION_FIELDS, subscriptionSchema } from './membership';

/**
 * The member as the API presents it to its owner (a presenter chooses these fields; database rows
 * never leave the server). Later issues add fields here and in the GraphQL SDL together.
 */
/** spec 000 §3 Pharmacy. */
export const memberPharmacySchema = z.object({
  pharmStoreName: safeString(),
  pharmAddressLine1: z.nullable(safeString()),
  pharmAddressLine2: z.nullable(safeString()),
  pharmCity: z.nullable(safeString()),
  pharmState: z.nullable(safeString()),
  pharmZip: z.nullable(safeString()),
  pharmPhone: z.nullable(safeString()),
  pharmLatitude: z.nullable(z.number()),
  pharmLongitude: z.nullable(z.number()),
});

export const memberSchema = z.object({
  id: safeString(),
  firstName: z.nullable(safeString()),
  lastName: z.nullable(safeString()),
  email: z.nullable(safeString()),
  phoneNumber: z.nullable(safeString()),
  countryCode: z.nullable(safeString()),
  userType: z.enum(['member', 'admin', 'mx-physician', 'us-physician']),
  preferredLang: z.enum(LANGUAGES),
  consultationLang: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  organizationId: z.nullable(safeString()),
  timeZone: z.nullable(safeString()),
  loginType: z.nullable(safeString()),
  loginTypes: z.array(safeString()),
  agreedTosAt: z.nullable(safeString()),
  needsToAcceptTerms: z.boolean(),
  createdAt: safeString(),
  // Profile fields (issue 3 "Terms, onboarding, profile"), spec 000 §3 User/member.
  nickName: z.nullable(safeString()),
  /** spec 3: epoch ms (UTC midnight of the day of birth). */
  birthday: z.nullable(z.number()),
  sex: z.nullable(z.enum(SEX)),
  gender: z.nullable(z.enum(GENDER)),
  address: z.nullable(z.object({ zipCode: z.nullable(safeString()), city: z.nullable(safeString()), state: z.nullable(safeString()), country: z.nullable(safeString()) })),
  height: z.nullable(z.number()),
  weight: z.nullable(z.number()),
  heightMetricSystem: z.boolean(),
  weightMetricSystem: z.boolean(),
  alergies: z.array(safeString()),
  medications: z.array(safeString()),
  medicalConditions: z.array(safeString()),
  surgeries: z.array(z.object({ name: safeString(), date: z.nullable(safeString()), howLong: z.nullable(safeString()), dateApprox: z.nullable(z.boolean()) })),
  preferredContactMethod: z.nullable(z.enum(PREFERRED_CONTACT_METHODS)),
  topicsOfInterest: z.array(z.enum(TOPIC_KINDS)),
  identificationNumber: z.nullable(safeString()),
  labConsent: z.object({ wasInfoProvided: z.enum(LAB_CONSENT), updatedAt: z.nullable(safeString()) }),
  /** When the member gave the health screening consent an organization may require (ISO), else null. */
  healthScreeningConsentAt: z.nullable(safeString()),
  /** Issue 11: when she answered the health profile (even "nothing to declare"); null: never asked. */
  healthProfileAnsweredAt: z.nullish(safeString()),
  insuranceInfo: z.nullable(z.object({ typeOfInsurance: z.enum(INSURANCE_TYPES) })),
  hasInsurance: z.nullable(z.object({ wasInfoProvided: z.boolean() })),
  pharmacy: z.nullable(memberPharmacySchema),
  /** spec 4 "Email verification: unverified, verified": ISO time of verification, else null. */
  emailVerifiedAt: z.nullable(safeString()),
  /** The member's organization as the member app needs it (spec 3 organization; settings as canonical flags). */
  organization: z.nullable(z.object({
      id: safeString(),
      name: safeString(),
      settings: z.array(z.enum(ORGANIZATION_FLAGS)),
      /** spec 3: where dependants go; the family plan entry shows only when there are some (spec 6). */
      dependantOrganizations: z.optional(z.array(safeString())),
      /** spec 3 Organization partner (id, name): null when the organization has no partner, so no theme to ask for. */
      partner: z.optional(z.nullable(z.object({ partnerId: safeString(), partnerName: safeString() }))),
    })),
  /** spec 3 referredById, referredByName: a dependant's referrer (the member whose family plan she is on), else null. */
  referredById: z.optional(z.nullable(safeString())),
  referredByName: z.optional(z.nullable(safeString())),
  /** spec 7 getMember subscription: the member's current access from the entitlement ledger (GraphQL field resolver). */
  subscription: z.optional(z.nullable(subscriptionSchema)),
});
export type MemberDto = z.infer<typeof memberSchema>;

/**
 * member-data-update (spec 7 realtime, server to the member's devices): what of her account changed
 * elsewhere. Here beside the member's shape, so a screen that hears it does not load the realtime
 * module's other shapes (issue 10: /inicio's first scripts).
 */
export const memberDataUpdateSchema = z.object({ member: z.partial(memberSchema) });
export type MemberDataUpdate = z.infer<typeof memberDataUpdateSchema>;

/**
 * GET /api/members/{id} read by anyone but the member herself (her coach or US doctor, or an admin):
 * only what care needs (minimum necessary). No contact details (email, phone), no identification
 * number, login types, terms or verification dates, organization, insurance or consents. A strict
 * object, so a field that should not be here fails the parse instead of being stripped silently.
 */
export const memberCareViewSchema = z.strictObject(z.extend(z.pick(memberSchema, {
    id: true,
    firstName: true,
    lastName: true,
    birthday: true,
    sex: true,
    gender: true,
    height: true,
    weight: true,
    heightMetricSystem: true,
    weightMetricSystem: true,
    alergies: true,
    medications: true,
    medicalConditions: true,
    surgeries: true,
    pharmacy: true,
    preferredLang: true,
    consultationLang: true,
  }), {
    /** Where she lives, to the city: no street or zip code. */
    address: z.nullable(z.object({ city: z.nullable(safeString()), state: z.nullable(safeString()), country: z.nullable(safeString()) })),
  }).shape);
export type MemberCareView = z.infer<typeof memberCareViewSchema>;
/** GET /api/members/{id}: the member's own full view, or the care view for anyone else. */
export type MemberReadResponse = MemberDto | MemberCareView;

/** GraphQL acceptTerms (spec 7 "accept terms (returns an agreement date)"): ISO date-time. */
export const acceptTermsResponseSchema = safeString();

/** POST /api/users/{id}/language/{lang} (spec 7): answers the member with the new language. */
export const changeLanguageParamsSchema = z.object({ id: safeString().check(z.minLength(1)), lang: z.enum(LANGUAGES, { error: 'language_not_supported' }) });
export const changeLanguageResponseSchema = z.object({ preferredLang: z.enum(LANGUAGES) });
export type ChangeLanguageResponse = z.infer<typeof changeLanguageResponseSchema>;

/** GET /api/zip-codes/{zip} (spec 5: a five-digit zip fills state and city; US data served offline). */
export const zipCodeLookupResponseSchema = z.object({ zipCode: safeString(), state: safeString(), city: safeString(), country: z.literal('US') });
export type ZipCodeLookupResponse = z.infer<typeof zipCodeLookupResponseSchema>;

/** POST /api/email-verification/verify: the code from the verification link (no session needed). */
export const verifyEmailRequestSchema = z.object({ code: safeString().check(z.trim(), z.minLength(1, { message: 'email_verification_code_required' }), z.maxLength(200)) });
export const verifyEmailResponseSchema = z.object({ verified: z.literal(true), email: safeString() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** GET /assets/countries/{code}/states.json (spec 7): static states, each with its main cities. */
export const countryStatesSchema = z.object({
  country: z.enum(['MX', 'US']),
  states: z.array(z.object({ code: safeString(), name: safeString(), cities: z.array(safeString()) })),
});
export type CountryStates = z.infer<typeof countryStatesSchema>;

/** Where every GraphQL document (GQL, TOPICS_GQL, ...) is sent: the API's one GraphQL endpoint. */
export const GRAPHQL_PATH = '/api/graphql';

/**
 * The GraphQL documents the web app sends. The server's SDL (apps/api) must answer exactly these;
 * a test in apps/api runs each one against the schema. Beside the member's shape, not auth.ts's
 * request schemas: the app's first script needs these documents, not the phone rules.
 */
export const MEMBER_FIELDS = `id firstName lastName email phoneNumber countryCode userType preferredLang consultationLang languages organizationId timeZone loginType loginTypes agreedTosAt needsToAcceptTerms createdAt nickName birthday sex gender address { zipCode city state country } height weight heightMetricSystem weightMetricSystem alergies medications medicalConditions surgeries { name date howLong dateApprox } preferredContactMethod topicsOfInterest identificationNumber labConsent { wasInfoProvided updatedAt } healthScreeningConsentAt healthProfileAnsweredAt insuranceInfo { typeOfInsurance } hasInsurance { wasInfoProvided } pharmacy { pharmStoreName pharmAddressLine1 pharmAddressLine2 pharmCity pharmState pharmZip pharmPhone pharmLatitude pharmLongitude } emailVerifiedAt referredById referredByName organization { id name settings dependantOrganizations partner { partnerId partnerName } } subscription { ${SUBSCRIPTION_FIELDS} }`;
export const GQL = {
  createSession: `mutation CreateSession($loginToken: String!, $timeZone: String!) { createSession(loginToken: $loginToken, timeZone: $timeZone) { sessionToken mustAcceptTos member { ${MEMBER_FIELDS} } } }`,
  refreshSession: `mutation RefreshSession($sessionToken: String!, $timeZone: String!) { refreshSession(sessionToken: $sessionToken, timeZone: $timeZone) { sessionToken mustAcceptTos member { ${MEMBER_FIELDS} } } }`,
  getMember: `query GetMember { getMember { ${MEMBER_FIELDS} } }`,
  /** spec 7 updateMember(memberId, data): data holds only MEMBER_UPDATE_WHITELIST fields (the server refuses others). */
  updateMember: `mutation UpdateMember($memberId: ID!, $data: MemberUpdateData!) { updateMember(memberId: $memberId, data: $data) { ${MEMBER_FIELDS} } }`,
  /** spec 7 "accept terms (returns an agreement date)". */
  acceptTerms: `mutation AcceptTerms { acceptTerms }`,
} as const;

/**
 * GraphQL createSession(loginToken, timeZone) and refreshSession(sessionToken, timeZone): beside the
 * member, apart from auth.ts's phone requests (the app's first script refreshes sessions, and
 * needs no phone rules).
 */
export const createSessionInputSchema = z.object({ loginToken: safeString().check(z.minLength(1)), timeZone: safeString().check(z.minLength(1)) });
export const refreshSessionInputSchema = z.object({ sessionToken: safeString().check(z.minLength(1)), timeZone: safeString().check(z.minLength(1)) });
export const sessionPayloadSchema = z.object({
  member: memberSchema,
  sessionToken: safeString(),
  mustAcceptTos: z.boolean(),
});
export type SessionPayload = z.infer<typeof sessionPayloadSchema>;
