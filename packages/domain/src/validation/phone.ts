import type { CountryCode } from 'libphonenumber-js/core';
import * as z from 'zod/mini';
import { safeString } from './text';
import { PHONE } from '../constants';

/** spec 001 §5: supported country calling codes and the region each one stands for. */
export const SUPPORTED_PHONE_CODES = ['1', '52', '57'] as const;
export type SupportedPhoneCode = (typeof SUPPORTED_PHONE_CODES)[number];
/** The country (ISO 3166 alpha-2) each supported calling code stands for: the one map. */
export const COUNTRY_BY_PHONE_CODE: Readonly<Record<SupportedPhoneCode, CountryCode>> = { '1': 'US', '52': 'MX', '57': 'CO' };

export const isSupportedPhoneCode = (code: string): code is SupportedPhoneCode =>
  (SUPPORTED_PHONE_CODES as readonly string[]).includes(code);

/** The country a calling code stands for; undefined for a missing or unsupported code. */
export const countryOfPhoneCode = (code: string | null | undefined): CountryCode | undefined =>
  code && isSupportedPhoneCode(code) ? COUNTRY_BY_PHONE_CODE[code] : undefined;

/** spec 001 §5: "The full number sent is the plus sign, the country code, then the digits." */
export const toFullPhoneNumber = (countryCode: SupportedPhoneCode, digits: string): string => `+${countryCode}${digits}`;

/** spec 001 §5: the phonenumber query parameter on /login: + then 1, 52 or 57, then 10 digits. */
export const phoneQueryParamSchema = safeString().check(z.regex(/^\+(1|52|57)\d{10}$/));

/** Split a full number into its supported code and 10 digits (undefined if it is not one). */
export const splitFullPhoneNumber = (full: string): { countryCode: SupportedPhoneCode; digits: string } | undefined => {
  const m = /^\+(1|52|57)(\d{10})$/.exec(full);
  if (!m) return undefined;
  return { countryCode: m[1] as SupportedPhoneCode, digits: m[2]! };
};

/** spec 001 §5 display format: plus, code, then groups of 3-3-4. */
export const formatPhoneForDisplay = (full: string): string => {
  const parts = splitFullPhoneNumber(full);
  if (!parts) return full;
  const d = parts.digits;
  // Mexico City, Guadalajara and Monterrey have two-digit area codes: a Mexican reads "55 1234 5678".
  if (parts.countryCode === '52' && MX_TWO_DIGIT_AREAS.includes(d.slice(0, 2))) return `+52 ${d.slice(0, 2)} ${d.slice(2, 6)} ${d.slice(6)}`;
  return `+${parts.countryCode} ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
};

/** Mexico's two-digit area codes (the rest have three): Mexico City, Guadalajara, Monterrey. */
const MX_TWO_DIGIT_AREAS: readonly string[] = ['55', '33', '81'];

/**
 * Login form (spec 001 §5): country code required; phone required, digits only, exactly 10.
 * "login_screen_error_invalid_length (length, also used for the digits failure)".
 */
export const loginPhoneFormSchema = z.object({
  countryCode: z.enum(SUPPORTED_PHONE_CODES, { error: 'login_screen_error_required' }),
  phoneNumber: safeString({ error: 'login_screen_error_required' }).check(
    z.minLength(1, { message: 'login_screen_error_required' }),
    z.maxLength(PHONE.inputMax, { message: 'login_screen_error_invalid_length' }),
    z.regex(/^\d+$/, { message: 'login_screen_error_invalid_length' }),
    z.length(PHONE.digits, { message: 'login_screen_error_invalid_length' }),
  ),
});
export type LoginPhoneForm = z.infer<typeof loginPhoneFormSchema>;

/** Verification code (spec 001 §5): required, exactly 6 characters. */
export const verificationCodeSchema = safeString({ error: 'verify_code_error_required' }).check(
  z.trim(),
  z.minLength(1, { message: 'verify_code_error_required' }),
  z.length(PHONE.verificationCodeLength, { message: 'verify_code_error_invalid_length' }),
);
export const verifyCodeFormSchema = z.object({ code: verificationCodeSchema });
export type VerifyCodeForm = z.infer<typeof verifyCodeFormSchema>;

/**
 * spec 5 message keys for the phone forms that are not field errors of the schemas below:
 * the assistive text under the recovery new-phone input and the toasts shown on submit.
 */
export const PHONE_MESSAGE_KEYS = {
  recoveryNewPhoneAssistive: 'recovery_new_phone_required_assistive',
  changePhoneToastRequired: 'change_phone_screen_toast_error_required',
  changePhoneToastPhone: 'change_phone_screen_toast_error_phone',
  changePhoneToastOther: 'change_phone_screen_toast_error_other', // warning, 10 s
  phoneTaken: 'phone_number_taken', // spec 8: recovery conflict or phone already in use
  phoneTakenAction: 'phone_number_taken_action', // opens help
} as const;

/** Ten digits with the spec's keys for required, digits and length. */
const tenDigits = (keys: { required: string; digits: string; length: string }) =>
  safeString({ error: keys.required }).check(
    z.trim(),
    z.minLength(1, { message: keys.required }),
    z.maxLength(PHONE.inputMax, { message: keys.length }),
    z.regex(/^\d+$/, { message: keys.digits }),
    z.length(PHONE.digits, { message: keys.length }),
  );

/**
 * Change-phone form (spec 5): required change_phone_screen_phone_error_required, digits
 * change_phone_screen_phone_error_format, length login_screen_error_invalid_length.
 */
export const changePhonePhoneSchema = tenDigits({
  required: 'change_phone_screen_phone_error_required',
  digits: 'change_phone_screen_phone_error_format',
  length: 'login_screen_error_invalid_length',
});
export const changePhoneFormSchema = z.object({
  countryCode: z.enum(SUPPORTED_PHONE_CODES, { error: 'login_screen_error_required' }),
  phoneNumber: changePhonePhoneSchema,
});
export type ChangePhoneForm = z.infer<typeof changePhoneFormSchema>;

/** /change-phone/recovery, step 1: previous phone plus the recovery code (change_phone_screen_code_error_required). */
export const changePhoneRecoveryFormSchema = z.extend(changePhoneFormSchema, {
  recoveryCode: safeString({ error: 'change_phone_screen_code_error_required' }).check(z.trim(), z.minLength(1, { message: 'change_phone_screen_code_error_required' })),
});
export type ChangePhoneRecoveryForm = z.infer<typeof changePhoneRecoveryFormSchema>;

/** /change-phone/new-phone, step 2: recovery_new_phone_required and recovery_new_phone_format. */
export const recoveryNewPhoneFormSchema = z.object({
  countryCode: z.enum(SUPPORTED_PHONE_CODES, { error: 'recovery_new_phone_required' }),
  phoneNumber: tenDigits({ required: 'recovery_new_phone_required', digits: 'recovery_new_phone_format', length: 'recovery_new_phone_format' }),
});
export type RecoveryNewPhoneForm = z.infer<typeof recoveryNewPhoneFormSchema>;

/**
 * The warning toast for an invalid change-phone submit (spec 5): a missing field first, then a
 * bad phone, then anything else.
 */
export const changePhoneToastKey = (fieldErrorKeys: readonly string[]): string => {
  if (fieldErrorKeys.some((k) => k.endsWith('_required'))) return PHONE_MESSAGE_KEYS.changePhoneToastRequired;
  if (fieldErrorKeys.some((k) => k === 'change_phone_screen_phone_error_format' || k === 'login_screen_error_invalid_length')) {
    return PHONE_MESSAGE_KEYS.changePhoneToastPhone;
  }
  return PHONE_MESSAGE_KEYS.changePhoneToastOther;
};

/** Invite (add dependant) phone: add_dependant_phone_required, then error_phone_invalid for digits and length. */
export const invitePhoneSchema = tenDigits({ required: 'add_dependant_phone_required', digits: 'error_phone_invalid', length: 'error_phone_invalid' });
