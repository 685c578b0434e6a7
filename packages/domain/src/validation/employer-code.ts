import * as z from 'zod/mini';
import { safeString } from './text';

/**
 * spec 5 "Employer code": non-empty to validate; a falsy lookup means invalid
 * (employer_code_form_error_invalid, toast signup_company_code_toast_error); the works-there
 * checkbox must be checked (toast signup_company_success_toast_error). Toasts last 6 s (spec 9).
 */
export const EMPLOYER_CODE_KEYS = {
  invalid: 'employer_code_form_error_invalid',
  invalidToast: 'signup_company_code_toast_error',
  worksThereToast: 'signup_company_success_toast_error',
} as const;

export const employerCodeSchema = safeString({ error: EMPLOYER_CODE_KEYS.invalid }).check(z.trim(), z.minLength(1, { message: EMPLOYER_CODE_KEYS.invalid }));

export const employerCodeFormSchema = z.object({ code: employerCodeSchema });

export const worksThereFormSchema = z.object({
  worksThere: z.literal(true, { error: EMPLOYER_CODE_KEYS.worksThereToast }),
});
