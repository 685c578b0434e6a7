/**
 * Business constants (spec 001 §9). Each carries a note of where it comes from.
 * Values the spec leaves "not shown" are chosen here, with the reason beside them.
 */

export const PHONE = {
  digits: 10, // spec 9: phone 10 digits
  inputMax: 15, // spec 9: input maximum 15
  defaultCountryCode: '1', // spec 9: default country code 1
  defaultHelpCountry: 'US', // spec 9: default help country US
  verificationCodeLength: 6, // spec 9: verification code 6 characters
  placeholder: '(XXX)-XXX-XXXX', // spec 5: placeholder format
} as const;

export const AUTH = {
  resendWaitMs: 2 * 60_000, // spec 9: resend wait 2 minutes (also the recovery send button)
  staleSubmitReenableMs: 5_000, // spec 9: a stale submit button re-enables after 5 s
  codeTtlMs: 10 * 60_000, // issue 2: codes expire after 10 minutes
  maxCodeAttempts: 5, // issue 2: five wrong tries end the challenge
  // Not in the spec: a login token only bridges verify -> createSession, so it lives briefly.
  loginTokenTtlMs: 5 * 60_000,
  // Not in the spec: members stay signed in for 30 days of refreshes; staff far less (issue 3).
  sessionTtlMs: 30 * 24 * 60 * 60_000,
  // Not in the spec: sends per phone and per IP in a rolling hour. Generous for a person,
  // tight for a script that would run up SMS costs or try to enumerate numbers.
  sendsPerPhonePerHour: 5,
  sendsPerIpPerHour: 20,
  recoveryCodeLength: 12, // Not in the spec: 12 characters from a 32-symbol alphabet (60 bits).
} as const;

export const TOAST = {
  defaultMs: 5_000, // spec 9: default auto-hide 5000 ms
  warningMs: 10_000, // spec 9: 10000 ms for warnings and form-missing
  companyCodeMs: 6_000, // spec 9: 6 s for company-code and works-there toasts
  // spec 9 gives two readings for copy toasts (3600 s and 10 s); 10 s is the one a person can use.
  copyMs: 10_000,
  maxWidthMdUp: 744, // spec 9: maximum width 744 px at md and above
  position: { vertical: 'bottom', horizontal: 'center' }, // spec 9: bottom centre
} as const;

export const LANGUAGES = ['es', 'en'] as const; // spec 9: es (default) and en
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const APP_VERSION = 'v20250930.0'; // spec 9: app version string
