/**
 * spec 5: "Member updates send only a fixed whitelist of fields (the list is not shown)."
 * Chosen: what a member may change about themselves. Identity and access fields (id, userType,
 * phoneNumber, organizationId, subscription, recoveryCode, loginType, agreedTosAt, deletion) are
 * left out on purpose: each has its own flow (login, employer code, payments, terms, deletion).
 */
import * as z from 'zod/mini';
import { safeString, trimmedSafeString } from './text';
import { LANGUAGES, LIMITS, type Language } from '../constants';
import { GENDER, INSURANCE_TYPES, LAB_CONSENT, PREFERRED_CONTACT_METHODS, SEX, TOPIC_KINDS } from '../enums';
import { toIsoDay } from './dates';

export const MEMBER_UPDATE_WHITELIST = [
  'firstName',
  'lastName',
  'nickName',
  'email',
  'birthday',
  'sex',
  'gender',
  'address',
  'preferredLang',
  'consultationLang',
  'languages',
  'preferredContactMethod',
  'topicsOfInterest',
  'height',
  'weight',
  'heightMetricSystem',
  'weightMetricSystem',
  'alergies',
  'medications',
  'medicalConditions',
  'surgeries',
  'identificationNumber',
  'labConsent',
  'healthScreeningConsent',
  'insuranceInfo',
  'hasInsurance',
  'pharmacy',
  'timeZone',
] as const;
export type MemberUpdateField = (typeof MEMBER_UPDATE_WHITELIST)[number];

/** spec 5: only languages es and en are kept in a user's language list (order kept, no repeats). */
export const filterSupportedLanguages = (languages: readonly unknown[] | null | undefined): Language[] =>
  [...new Set((languages ?? []).filter((l): l is Language => typeof l === 'string' && (LANGUAGES as readonly string[]).includes(l)))];

const textList = z.array(safeString().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(100));
const name = safeString().check(z.trim(), z.minLength(LIMITS.nameMinLength, { message: 'mandatory_form_name_error' }), z.maxLength(100));

const timeZoneSchema = safeString().check(z.refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, { message: 'INVALID_DATA' }));

/** A strict schema: any field outside the whitelist is an error, not silently dropped. */
export const memberUpdateSchema = z.partial(z.strictObject({
    firstName: name,
    lastName: safeString().check(z.trim(), z.minLength(LIMITS.nameMinLength, { message: 'mandatory_form_lastname_error' }), z.maxLength(100)),
    nickName: z.nullable(trimmedSafeString(100)),
    email: z.nullable(z.email({ message: 'mandatory_form_email_error' })),
    // Epoch ms (spec 3) or a calendar day; the age rule is applied by the service with birthdayIssue.
    birthday: z.nullable(z.union([z.int(), safeString().check(z.refine((s) => toIsoDay(s) !== undefined))])),
    sex: z.nullable(z.enum(SEX)),
    gender: z.nullable(z.enum(GENDER)),
    address: z.strictObject({
      zipCode: z.optional(z.nullable(trimmedSafeString(10))),
      city: z.optional(z.nullable(trimmedSafeString(100))),
      state: z.optional(z.nullable(trimmedSafeString(100))),
      country: z.optional(z.nullable(trimmedSafeString(2))),
    }),
    preferredLang: z.enum(LANGUAGES),
    consultationLang: z.enum(LANGUAGES),
    languages: z.pipe(z.array(safeString()), z.transform((languages: string[]) => filterSupportedLanguages(languages))),
    preferredContactMethod: z.nullable(z.enum(PREFERRED_CONTACT_METHODS)),
    topicsOfInterest: z.array(z.enum(TOPIC_KINDS)),
    height: z.nullable(z.number().check(z.positive(), z.lte(300))),
    weight: z.nullable(z.number().check(z.positive(), z.lte(700))),
    heightMetricSystem: z.boolean(),
    weightMetricSystem: z.boolean(),
    alergies: textList,
    medications: textList,
    medicalConditions: textList,
    surgeries: z.array(
      z.strictObject({
        name: safeString().check(z.trim(), z.minLength(1), z.maxLength(200)),
        date: z.optional(z.nullable(safeString())),
        howLong: z.optional(z.nullable(safeString())),
        dateApprox: z.optional(z.nullable(z.boolean())),
      }),
    ),
    identificationNumber: z.nullable(trimmedSafeString(50)),
    labConsent: z.strictObject({ wasInfoProvided: z.enum(LAB_CONSENT) }),
    // The consent some organizations require (spec 5); it is given here and recorded with its time.
    healthScreeningConsent: z.literal(true),
    insuranceInfo: z.nullable(z.strictObject({ typeOfInsurance: z.enum(INSURANCE_TYPES) })),
    hasInsurance: z.nullable(z.strictObject({ wasInfoProvided: z.boolean() })),
    pharmacy: z.nullable(z.strictObject({
        // The store's id in the pharmacy directory (set when chosen from it; a vendor sends to it).
        pharmacyId: z.optional(z.nullable(safeString().check(z.maxLength(100)))),
        pharmStoreName: safeString().check(z.trim(), z.minLength(1)),
        pharmAddressLine1: z.optional(z.nullable(safeString())),
        pharmAddressLine2: z.optional(z.nullable(safeString())),
        pharmCity: z.optional(z.nullable(safeString())),
        pharmState: z.optional(z.nullable(safeString())),
        pharmZip: z.optional(z.nullable(safeString())),
        pharmPhone: z.optional(z.nullable(safeString())),
        pharmLatitude: z.optional(z.nullable(z.number())),
        pharmLongitude: z.optional(z.nullable(z.number())),
      })),
    timeZone: timeZoneSchema,
  } satisfies Record<MemberUpdateField, z.ZodMiniType>));
export type MemberUpdate = z.output<typeof memberUpdateSchema>;

/** Keep only whitelisted keys (for clients that hold a whole member and send a patch). */
export const pickMemberUpdate = (data: Readonly<Record<string, unknown>>): Partial<Record<MemberUpdateField, unknown>> =>
  Object.fromEntries(Object.entries(data).filter(([k]) => (MEMBER_UPDATE_WHITELIST as readonly string[]).includes(k)));

/**
 * The health profile (issue 11): allergies, medications, conditions and surgeries, asked once
 * before the first consultation, editable by the member (updateMember) and by her clinician
 * (PATCH /api/members/{id}/health-profile, audited). The same rules as the member's update.
 */
export const HEALTH_PROFILE_FIELDS = ['alergies', 'medications', 'medicalConditions', 'surgeries'] as const;
export const healthProfileSchema = z.partial(z.pick(memberUpdateSchema, { alergies: true, medications: true, medicalConditions: true, surgeries: true }));
export type HealthProfileInput = z.output<typeof healthProfileSchema>;
/**
 * A clinician's edit of the health profile: the lists she changed, and `basedOn`, the lists as she
 * read them. Given, each list is merged into what the record holds now (mergeHealthProfileEdit):
 * what someone else changed since (the member adding an allergy) is kept.
 */
export const healthProfileEditSchema = z.extend(healthProfileSchema, { basedOn: z.optional(healthProfileSchema) });
export type HealthProfileEdit = z.output<typeof healthProfileEditSchema>;
