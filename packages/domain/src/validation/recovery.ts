import * as z from 'zod/mini';

/** spec 5: save recovery code: the confirmation checkbox must be checked, else warning toast save_recovery_error_toast. */
export const saveRecoveryCodeFormSchema = z.object({
  confirmed: z.literal(true, { error: 'save_recovery_error_toast' }),
});
export type SaveRecoveryCodeForm = z.infer<typeof saveRecoveryCodeFormSchema>;
