import { fullPhoneNumberSchema, safeString } from '@puente/domain';
import * as z from 'zod/mini';

// ---------------------------------------------------------------------------------------------
// Recovery and phone change (spec 001 §7 auth calls)

/** POST /api/auth/pwdless/reset: the previous phone and the recovery code give a resetToken. */
export const pwdlessResetRequestSchema = z.object({
  phoneNumber: fullPhoneNumberSchema,
  recoveryCode: safeString({ error: 'change_phone_screen_code_error_required' }).check(
    z.trim(),
    z.minLength(1, { message: 'change_phone_screen_code_error_required' }),
    z.maxLength(64, { message: 'change_phone_screen_code_error_required' }),
  ),
});
export type PwdlessResetRequest = z.input<typeof pwdlessResetRequestSchema>;
export const pwdlessResetResponseSchema = z.object({
  resetToken: safeString(),
  /** When the resetToken stops working (ISO time). */
  expiresAt: safeString(),
});
export type PwdlessResetResponse = z.infer<typeof pwdlessResetResponseSchema>;

/**
 * POST /api/user/phone/reset (issue 12, ours): a signed-in member without a phone (she signed up
 * through an identity provider) opens the phone change for herself; the answer is the resetToken of
 * step 2 (the code sent by POST auth/pwdless/phone, verified by POST auth/pwdless/verify).
 */
export const addPhoneRequestSchema = z.object({ phoneNumber: fullPhoneNumberSchema });
export type AddPhoneRequest = z.infer<typeof addPhoneRequestSchema>;

/** POST /api/auth/send-recovery-code/{phone}: always the same answer (no enumeration). */
export const sendRecoveryCodeResponseSchema = z.object({
  ok: z.literal(true),
  /** When the button may be pressed again (spec 9: disabled 2 minutes). */
  availableAt: safeString(),
});
export type SendRecoveryCodeResponse = z.infer<typeof sendRecoveryCodeResponseSchema>;

/** GET /api/user/phone-taken/{phone}. */
export const phoneTakenResponseSchema = z.object({ taken: z.boolean() });
export type PhoneTakenResponse = z.infer<typeof phoneTakenResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Deletion and restore

/** POST /api/member/{id}/deletion-request (bearer, the member herself). */
export const deletionRequestResponseSchema = z.object({
  /** ISO time of the request; restorable until PENDING_DELETION_THRESHOLD_MINUTES later. */
  deletionRequestTime: safeString(),
  restorableUntil: safeString(),
});
export type DeletionRequestResponse = z.infer<typeof deletionRequestResponseSchema>;

/**
 * POST /api/member/{id}/restore-account. The member is signed out once the request is made, so
 * besides a bearer session it accepts the login token of the sign-in that found the request.
 */
export const restoreAccountRequestSchema = z.object({ loginToken: z.optional(safeString().check(z.minLength(1))) });
export type RestoreAccountRequest = z.input<typeof restoreAccountRequestSchema>;
export const restoreAccountResponseSchema = z.object({ restored: z.literal(true) });
export type RestoreAccountResponse = z.infer<typeof restoreAccountResponseSchema>;
