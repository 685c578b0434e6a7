/**
 * spec 5: "Member updates send only a fixed whitelist of fields (the list is not shown)."
 * Chosen: what a member may change about themselves. Identity and access fields (id, userType,
 * phoneNumber, organizationId, subscription, recoveryCode, loginType, agreedTosAt, deletion) are
 * left out on purpose: each has its own flow (login, employer code, payments, terms, deletion).
 */
import { z } from 'zod';
import { safeString } from './text';
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

const textList = z.array(safeString().trim().min(1).max(200)).max(100);
const name = safeString().trim().min(LIMITS.nameMinLength, { message: 'mandatory_form_name_error' }).max(100);

const timeZoneSchema = safeString().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'INVALID_DATA' },
);

/** A strict schema: any field outside the whitelist is an error, not silently dropped. */
export const memberUpdateSchema = z
  .strictObject({
    firstName: name,
    lastName: safeString().trim().min(LIMITS.nameMinLength, { message: 'mandatory_form_lastname_error' }).max(100),
    nickName: safeString().trim().max(100).nullable(),
    email: z.email({ message: 'mandatory_form_email_error' }).nullable(),
    // Epoch ms (spec 3) or a calendar day; the age rule is applied by the service with birthdayIssue.
    birthday: z.union([z.number().int(), safeString().refine((s) => toIsoDay(s) !== undefined)]).nullable(),
    sex: z.enum(SEX).nullable(),
    gender: z.enum(GENDER).nullable(),
    address: z.strictObject({
      zipCode: safeString().trim().max(10).nullable().optional(),
      city: safeString().trim().max(100).nullable().optional(),
      state: safeString().trim().max(100).nullable().optional(),
      country: safeString().trim().max(2).nullable().optional(),
    }),
    preferredLang: z.enum(LANGUAGES),
    consultationLang: z.enum(LANGUAGES),
    languages: z.array(safeString()).transform(filterSupportedLanguages),
    preferredContactMethod: z.enum(PREFERRED_CONTACT_METHODS).nullable(),
    topicsOfInterest: z.array(z.enum(TOPIC_KINDS)),
    height: z.number().positive().max(300).nullable(),
    weight: z.number().positive().max(700).nullable(),
    heightMetricSystem: z.boolean(),
    weightMetricSystem: z.boolean(),
    alergies: textList,
    medications: textList,
    medicalConditions: textList,
    surgeries: z.array(
      z.strictObject({
        name: safeString().trim().min(1).max(200),
        date: safeString().nullable().optional(),
        howLong: safeString().nullable().optional(),
        dateApprox: z.boolean().nullable().optional(),
      }),
    ),
    identificationNumber: safeString().trim().max(50).nullable(),
    labConsent: z.strictObject({ wasInfoProvided: z.enum(LAB_CONSENT) }),
    // The consent some organizations require (spec 5); it is given here and recorded with its time.
    healthScreeningConsent: z.literal(true),
    insuranceInfo: z.strictObject({ typeOfInsurance: z.enum(INSURANCE_TYPES) }).nullable(),
    hasInsurance: z.strictObject({ wasInfoProvided: z.boolean() }).nullable(),
    pharmacy: z
      .strictObject({
        // The store's id in the pharmacy directory (set when chosen from it; a vendor sends to it).
        pharmacyId: safeString().max(100).nullable().optional(),
        pharmStoreName: safeString().trim().min(1),
        pharmAddressLine1: safeString().nullable().optional(),
        pharmAddressLine2: safeString().nullable().optional(),
        pharmCity: safeString().nullable().optional(),
        pharmState: safeString().nullable().optional(),
        pharmZip: safeString().nullable().optional(),
        pharmPhone: safeString().nullable().optional(),
        pharmLatitude: z.number().nullable().optional(),
        pharmLongitude: z.number().nullable().optional(),
      })
      .nullable(),
    timeZone: timeZoneSchema,
  } satisfies Record<MemberUpdateField, z.ZodType>)
  .partial();
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
export const healthProfileSchema = memberUpdateSchema.pick({ alergies: true, medications: true, medicalConditions: true, surgeries: true }).partial();
export type HealthProfileInput = z.output<typeof healthProfileSchema>;
