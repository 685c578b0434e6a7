import { fullPhoneNumberSchema, LANGUAGES, LOGIN_STATUSES, verificationCodeSchema, safeString } from '@puente/domain';
import * as z from 'zod/mini';

/** spec 000 §4 "Login and phone verification outcomes": the list lives once, in @puente/domain. */
export { LOGIN_STATUSES, type LoginStatus } from '@puente/domain';

/** POST /api/auth/pwdless/phone (spec 001 §7): phoneNumber, resetToken, language, organisationId, empCode. */
export const pwdlessPhoneRequestSchema = z.object({
  phoneNumber: fullPhoneNumberSchema,
  resetToken: z.optional(safeString().check(z.minLength(1))),
  language: z.optional(z.enum(LANGUAGES)),
  organisationId: z.optional(safeString().check(z.minLength(1))),
  empCode: z.optional(safeString().check(z.minLength(1))),
});
export type PwdlessPhoneRequest = z.input<typeof pwdlessPhoneRequestSchema>;
/** The answer never says whether the phone has an account. */
export const pwdlessPhoneResponseSchema = z.object({
  pwdlessToken: safeString(),
  /** When the same phone may ask for another code (ISO time); spec 9 resend wait. */
  resendAvailableAt: safeString(),
});
export type PwdlessPhoneResponse = z.infer<typeof pwdlessPhoneResponseSchema>;

/** POST /api/auth/pwdless/verify: code, pwdlessToken, orgId, empCode, lang. */
export const pwdlessVerifyRequestSchema = z.object({
  code: verificationCodeSchema,
  pwdlessToken: safeString({ error: 'passwordless-invalid-token' }).check(z.minLength(1, { message: 'passwordless-invalid-token' })),
  orgId: z.optional(safeString().check(z.minLength(1))),
  empCode: z.optional(safeString().check(z.minLength(1))),
  lang: z.optional(z.enum(LANGUAGES)),
});
export type PwdlessVerifyRequest = z.input<typeof pwdlessVerifyRequestSchema>;
export const LOGIN_PROVIDERS_ALL = ['pwdless', 'google', 'facebook', 'apple', 'email'] as const;
export const pwdlessVerifyResponseSchema = z.object({
  status: z.enum(LOGIN_STATUSES),
  loginToken: safeString(),
  loginProvider: z.enum(LOGIN_PROVIDERS_ALL),
  /**
   * spec 4: the account has a pending deletion request (ISO time). The web app does not open a
   * session (createSession refuses it); it keeps the time and the member id and offers restore.
   */
  deletionRequestTime: z.optional(safeString()),
  memberId: z.optional(safeString()),
});
export type PwdlessVerifyResponse = z.infer<typeof pwdlessVerifyResponseSchema>;

/** GET /api/members/{id}/recovery-code: shown once, then NOT_FOUND. */
export const recoveryCodeResponseSchema = z.object({ recoveryCode: safeString() });
export type RecoveryCodeResponse = z.infer<typeof recoveryCodeResponseSchema>;
