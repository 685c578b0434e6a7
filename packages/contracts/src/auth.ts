import { fullPhoneNumberSchema, LANGUAGES, LOGIN_STATUSES, verificationCodeSchema, safeString } from '@puente/domain';
import { z } from 'zod';

/** spec 000 §4 "Login and phone verification outcomes": the list lives once, in @puente/domain. */
export { LOGIN_STATUSES, type LoginStatus } from '@puente/domain';

/** POST /api/auth/pwdless/phone (spec 001 §7): phoneNumber, resetToken, language, organisationId, empCode. */
export const pwdlessPhoneRequestSchema = z.object({
  phoneNumber: fullPhoneNumberSchema,
  resetToken: safeString().min(1).optional(),
  language: z.enum(LANGUAGES).optional(),
  organisationId: safeString().min(1).optional(),
  empCode: safeString().min(1).optional(),
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
  pwdlessToken: safeString({ error: 'passwordless-invalid-token' }).min(1, { message: 'passwordless-invalid-token' }),
  orgId: safeString().min(1).optional(),
  empCode: safeString().min(1).optional(),
  lang: z.enum(LANGUAGES).optional(),
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
  deletionRequestTime: safeString().optional(),
  memberId: safeString().optional(),
});
export type PwdlessVerifyResponse = z.infer<typeof pwdlessVerifyResponseSchema>;

/** GET /api/members/{id}/recovery-code: shown once, then NOT_FOUND. */
export const recoveryCodeResponseSchema = z.object({ recoveryCode: safeString() });
export type RecoveryCodeResponse = z.infer<typeof recoveryCodeResponseSchema>;
