/**
 * spec 5 "Onboarding profile form", as a factory: what is required depends on the country, the
 * organization's settings (MinimalOnboarding, RequiresIdentificationNumber, RequiresLabConsent,
 * RequiresHealthScreeningConsent) and today's date.
 *
 * Error messages are message keys. Keys the spec names: mandatory_form_name_error,
 * mandatory_form_lastname_error, mandatory_form_email_error, mandatory_form_email_empty,
 * mandatory_form_phonenumber_error, mandatory_form_state_placeholder, mandatory_form_city_placeholder,
 * form_missing_fields. The spec names no key for the others; ours are listed in ONBOARDING_KEYS.
 */
import * as z from 'zod/mini';
import { FORM_MISSING_FIELDS, safeString } from './text';
import { LIMITS } from '../constants';
import { GENDER, LAB_CONSENT, PREFERRED_CONTACT_METHODS, SEX } from '../enums';
import { isoDayYearsBefore, todayIsoDay, toIsoDay } from './dates';

export const ONBOARDING_KEYS = {
  firstName: 'mandatory_form_name_error', // spec 5
  lastName: 'mandatory_form_lastname_error', // spec 5
  email: 'mandatory_form_email_error', // spec 5
  emailEmpty: 'mandatory_form_email_empty', // spec 5
  phone: 'mandatory_form_phonenumber_error', // spec 5
  state: 'mandatory_form_state_placeholder', // spec 5 (location form key, reused)
  city: 'mandatory_form_city_placeholder', // spec 5 (location form key, reused)
  missing: FORM_MISSING_FIELDS, // spec 5: the warning toast for missing fields, 10 s
  country: 'mandatory_form_country_error', // ours
  zipCode: 'mandatory_form_zipcode_error', // ours
  birthdayRequired: 'mandatory_form_birthday_empty', // ours
  birthdayTooYoung: 'mandatory_form_birthday_underage', // ours: under 18
  birthdayTooOld: 'mandatory_form_birthday_error', // ours: before 1900-01-01 or not a date
  legalAge: 'mandatory_form_legal_age_error', // ours
  tos: 'mandatory_form_tos_error', // ours
  identificationNumber: 'mandatory_form_identification_number_error', // ours
  labConsent: 'mandatory_form_lab_consent_error', // ours
  healthScreeningConsent: 'mandatory_form_health_screening_consent_error', // ours
} as const;

export interface OnboardingContext {
  /** The country picked in the form or known beforehand ('US', 'MX', ...). */
  country?: string | null;
  minimalOnboarding: boolean;
  requiresIdentificationNumber: boolean;
  requiresLabConsent: boolean;
  requiresHealthScreeningConsent: boolean;
  now: Date;
  /** The member's time zone, for "today". */
  timeZone?: string;
}

const K = ONBOARDING_KEYS;
const optionalText = z.nullable(z.optional(safeString().check(z.trim())));
const isUs = (c: string | null | undefined): boolean => (c ?? '').trim().toUpperCase() === 'US';

/** Five-digit zip (spec 5: a five-digit zip code fills state and city). */
export const zipCodeSchema = safeString().check(z.trim(), z.regex(new RegExp(`^\\d{${LIMITS.zipCodeDigits}}$`), { message: K.zipCode }));
export const isCompleteZipCode = (zip: string): boolean => zipCodeSchema.safeParse(zip).success;

/** Birthday checks shared by the form and the member update: >= 18 years ago and not before 1900-01-01. */
export const birthdayIssue = (value: unknown, now: Date, timeZone?: string): string | undefined => {
  const day = toIsoDay(value);
  if (!day) return K.birthdayTooOld;
  if (day < LIMITS.earliestBirthday) return K.birthdayTooOld;
  if (day > isoDayYearsBefore(todayIsoDay(now, timeZone), LIMITS.minimumAgeYears)) return K.birthdayTooYoung;
  return undefined;
};

export const onboardingProfileSchema = (ctx: OnboardingContext) => {
  const us = isUs(ctx.country);
  return z
    .object({
      firstName: safeString({ error: K.firstName }).check(z.trim(), z.minLength(LIMITS.nameMinLength, { message: K.firstName })),
      lastName: safeString({ error: K.lastName }).check(z.trim(), z.minLength(LIMITS.nameMinLength, { message: K.lastName })),
      email: optionalText,
      preferredContactMethod: z.nullable(z.optional(z.enum(PREFERRED_CONTACT_METHODS))),
      phoneNumber: safeString({ error: K.phone }).check(z.trim(), z.regex(/^\d{10}$/, { message: K.phone })),
      countryCode: z.optional(safeString()),
      country: safeString({ error: K.country }).check(z.trim(), z.minLength(1, { message: K.country })),
      state: us ? safeString({ error: K.state }).check(z.trim(), z.minLength(1, { message: K.state })) : optionalText,
      city: us && !ctx.minimalOnboarding ? safeString({ error: K.city }).check(z.trim(), z.minLength(1, { message: K.city })) : optionalText,
      zipCode: z.union([zipCodeSchema, z.literal(''), z.null(), z.undefined()]),
      birthday: ctx.minimalOnboarding
        ? z.union([safeString(), z.number(), z.null(), z.undefined()])
        : z.union([safeString().check(z.minLength(1, { message: K.birthdayRequired })), z.number()], { error: K.birthdayRequired }),
      sex: z.nullable(z.optional(z.enum(SEX))),
      gender: z.nullable(z.optional(z.enum(GENDER))),
      legalAge: z.literal(true, { error: K.legalAge }),
      tos: z.literal(true, { error: K.tos }),
      identificationNumber: ctx.requiresIdentificationNumber
        ? safeString({ error: K.identificationNumber }).check(z.trim(), z.minLength(1, { message: K.identificationNumber }))
        : optionalText,
      labConsent: ctx.requiresLabConsent
        ? z.enum(['provided_yes', 'provided_no'], { error: K.labConsent })
        : z.nullable(z.optional(z.enum(LAB_CONSENT))),
      healthScreeningConsent: ctx.requiresHealthScreeningConsent ? z.literal(true, { error: K.healthScreeningConsent }) : z.nullable(z.optional(z.boolean())),
    }).check(z.superRefine((v, issue) => {
      const email = typeof v.email === 'string' ? v.email : '';
      if (email) {
        if (!z.email().safeParse(email).success) issue.addIssue({ code: 'custom', message: K.email, path: ['email'] });
      } else if (v.preferredContactMethod === 'email') {
        issue.addIssue({ code: 'custom', message: K.emailEmpty, path: ['email'] });
      }
      const hasBirthday = v.birthday !== null && v.birthday !== undefined && v.birthday !== '';
      if (hasBirthday) {
        const problem = birthdayIssue(v.birthday, ctx.now, ctx.timeZone);
        if (problem) issue.addIssue({ code: 'custom', message: problem, path: ['birthday'] });
      }
    }));
};
export type OnboardingProfileForm = z.input<ReturnType<typeof onboardingProfileSchema>>;
