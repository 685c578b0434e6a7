import { safeString } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * Staff sign-in (issue 3): coaches, US doctors and admins pass a first factor (an email one-time
 * code, or an identity provider) and then a TOTP second factor. Only then is a login token issued
 * (createSession as for members).
 */

/** POST /api/staff/auth/email: sends a code when the email belongs to staff (same answer either way). */
export const staffEmailStartRequestSchema = z.object({
  email: z.email({ error: 'staff_login_email_invalid' }).check(z.maxLength(254)),
});
export type StaffEmailStartRequest = z.input<typeof staffEmailStartRequestSchema>;
export const staffEmailStartResponseSchema = z.object({ challengeToken: safeString(), resendAvailableAt: safeString() });
export type StaffEmailStartResponse = z.infer<typeof staffEmailStartResponseSchema>;

/** The second-factor step the web shows next. */
export const staffMfaStepSchema = z.object({
  mfaToken: safeString(),
  /** true on the first sign-in: show the QR code and ask for the first code. */
  enrolmentRequired: z.boolean(),
});
export type StaffMfaStep = z.infer<typeof staffMfaStepSchema>;

/** POST /api/staff/auth/email/verify */
export const staffEmailVerifyRequestSchema = z.object({
  challengeToken: safeString().check(z.minLength(1, { message: 'passwordless-invalid-token' })),
  code: safeString().check(z.regex(/^\d{6}$/, { message: 'verify_code_error_invalid_length' })),
});
export type StaffEmailVerifyRequest = z.input<typeof staffEmailVerifyRequestSchema>;

/** POST /api/staff/auth/idp/verify: the identity-provider first factor (code + state from /login/auth0/verify). */
export const staffIdentityVerifyRequestSchema = z.object({
  provider: z.enum(['google', 'facebook', 'apple', 'email']),
  code: safeString().check(z.minLength(1)),
  state: safeString().check(z.minLength(1)),
  iss: z.optional(safeString().check(z.minLength(1))),
});
export type StaffIdentityVerifyRequest = z.input<typeof staffIdentityVerifyRequestSchema>;

/** POST /api/staff/auth/totp/enrolment: the secret to add to an authenticator app (first sign-in only). */
export const staffTotpEnrolmentRequestSchema = z.object({ mfaToken: safeString().check(z.minLength(1)) });
export const staffTotpEnrolmentResponseSchema = z.object({
  /** base32, for typing into an authenticator by hand. */
  secret: safeString(),
  otpauthUrl: safeString(),
  /** The otpauth URL as an SVG QR code (data: URL), rendered on the server, offline. */
  qrCodeDataUrl: safeString(),
});
export type StaffTotpEnrolmentResponse = z.infer<typeof staffTotpEnrolmentResponseSchema>;

/** POST /api/staff/auth/totp/verify → a login token for createSession. */
export const staffTotpVerifyRequestSchema = z.object({
  mfaToken: safeString().check(z.minLength(1)),
  code: safeString().check(z.regex(/^\d{6}$/, { message: 'staff_totp_error_format' })),
});
export type StaffTotpVerifyRequest = z.input<typeof staffTotpVerifyRequestSchema>;
export const staffTotpVerifyResponseSchema = z.object({ loginToken: safeString() });
export type StaffTotpVerifyResponse = z.infer<typeof staffTotpVerifyResponseSchema>;
