import { GENDER, INSURANCE_TYPES, LAB_CONSENT, LANGUAGES, ORGANIZATION_FLAGS, PREFERRED_CONTACT_METHODS, SEX, TOPIC_KINDS } from '@puente/domain';
import { z } from 'zod';

/**
 * The member as the API presents it to its owner (a presenter chooses these fields; database rows
 * never leave the server). Later issues add fields here and in the GraphQL SDL together.
 */
/** spec 000 §3 Pharmacy. */
export const memberPharmacySchema = z.object({
  pharmStoreName: z.string(),
  pharmAddressLine1: z.string().nullable(),
  pharmAddressLine2: z.string().nullable(),
  pharmCity: z.string().nullable(),
  pharmState: z.string().nullable(),
  pharmZip: z.string().nullable(),
  pharmPhone: z.string().nullable(),
  pharmLatitude: z.number().nullable(),
  pharmLongitude: z.number().nullable(),
});

export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  userType: z.enum(['member', 'admin', 'mx-physician', 'us-physician']),
  preferredLang: z.enum(LANGUAGES),
  consultationLang: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  organizationId: z.string().nullable(),
  timeZone: z.string().nullable(),
  loginType: z.string().nullable(),
  loginTypes: z.array(z.string()),
  agreedTosAt: z.string().nullable(),
  needsToAcceptTerms: z.boolean(),
  createdAt: z.string(),
  // Profile fields (issue 3 "Terms, onboarding, profile"), spec 000 §3 User/member.
  nickName: z.string().nullable(),
  /** spec 3: epoch ms (UTC midnight of the day of birth). */
  birthday: z.number().nullable(),
  sex: z.enum(SEX).nullable(),
  gender: z.enum(GENDER).nullable(),
  address: z
    .object({ zipCode: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), country: z.string().nullable() })
    .nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  heightMetricSystem: z.boolean(),
  weightMetricSystem: z.boolean(),
  alergies: z.array(z.string()),
  medications: z.array(z.string()),
  medicalConditions: z.array(z.string()),
  surgeries: z.array(z.object({ name: z.string(), date: z.string().nullable(), howLong: z.string().nullable(), dateApprox: z.boolean().nullable() })),
  preferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS).nullable(),
  topicsOfInterest: z.array(z.enum(TOPIC_KINDS)),
  identificationNumber: z.string().nullable(),
  labConsent: z.object({ wasInfoProvided: z.enum(LAB_CONSENT), updatedAt: z.string().nullable() }),
  /** When the member gave the health screening consent an organization may require (ISO), else null. */
  healthScreeningConsentAt: z.string().nullable(),
  insuranceInfo: z.object({ typeOfInsurance: z.enum(INSURANCE_TYPES) }).nullable(),
  hasInsurance: z.object({ wasInfoProvided: z.boolean() }).nullable(),
  pharmacy: memberPharmacySchema.nullable(),
  /** spec 4 "Email verification: unverified, verified": ISO time of verification, else null. */
  emailVerifiedAt: z.string().nullable(),
  /** The member's organization as the member app needs it (spec 3 organization; settings as canonical flags). */
  organization: z.object({ id: z.string(), name: z.string(), settings: z.array(z.enum(ORGANIZATION_FLAGS)) }).nullable(),
});
export type MemberDto = z.infer<typeof memberSchema>;

/**
 * GET /api/members/{id} read by anyone but the member herself (her coach or US doctor, or an admin):
 * only what care needs (minimum necessary). No contact details (email, phone), no identification
 * number, login types, terms or verification dates, organization, insurance or consents. A strict
 * object, so a field that should not be here fails the parse instead of being stripped silently.
 */
export const memberCareViewSchema = memberSchema
  .pick({
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
  })
  .extend({
    /** Where she lives, to the city: no street or zip code. */
    address: z.object({ city: z.string().nullable(), state: z.string().nullable(), country: z.string().nullable() }).nullable(),
  })
  .strict();
export type MemberCareView = z.infer<typeof memberCareViewSchema>;
/** GET /api/members/{id}: the member's own full view, or the care view for anyone else. */
export type MemberReadResponse = MemberDto | MemberCareView;

/** GraphQL acceptTerms (spec 7 "accept terms (returns an agreement date)"): ISO date-time. */
export const acceptTermsResponseSchema = z.string();

/** POST /api/users/{id}/language/{lang} (spec 7): answers the member with the new language. */
export const changeLanguageParamsSchema = z.object({ id: z.string().min(1), lang: z.enum(LANGUAGES, { error: 'language_not_supported' }) });
export const changeLanguageResponseSchema = z.object({ preferredLang: z.enum(LANGUAGES) });
export type ChangeLanguageResponse = z.infer<typeof changeLanguageResponseSchema>;

/** GET /api/zip-codes/{zip} (spec 5: a five-digit zip fills state and city; US data served offline). */
export const zipCodeLookupResponseSchema = z.object({ zipCode: z.string(), state: z.string(), city: z.string(), country: z.literal('US') });
export type ZipCodeLookupResponse = z.infer<typeof zipCodeLookupResponseSchema>;

/** POST /api/email-verification/verify: the code from the verification link (no session needed). */
export const verifyEmailRequestSchema = z.object({ code: z.string().trim().min(1, { message: 'email_verification_code_required' }).max(200) });
export const verifyEmailResponseSchema = z.object({ verified: z.literal(true), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** GET /assets/countries/{code}/states.json (spec 7): static states, each with its main cities. */
export const countryStatesSchema = z.object({
  country: z.enum(['MX', 'US']),
  states: z.array(z.object({ code: z.string(), name: z.string(), cities: z.array(z.string()) })),
});
export type CountryStates = z.infer<typeof countryStatesSchema>;
