/**
 * The account screens' rules (spec 000 §4 "Login and phone verification outcomes", "Other states";
 * spec 001 §8 login errors): what a login or verification answer leads to, the employer code entry,
 * account deletion and the cancel-by-link page. Pure functions returning what to do; the web app and
 * the API perform it.
 *
 * Apart from the route guard and the path after login (./account-flow.ts), which the web app's first
 * script needs on every page: a bundler places a module whole in one chunk, so these were in it too
 * (issue 10, first load).
 */
import { PAYWALL_PATH } from './account-flow';
import { assertNever } from './appointment-machine';
import { PENDING_DELETION_THRESHOLD_MINUTES } from './constants';
import type { EmployerCodeState, LoginProvider, LoginStatus } from './enums';
import { isTemporaryDependantId } from './entities';
import { paths } from './routes';

// ---------------------------------------------------------------------------------------------
// Login and phone verification outcomes (spec 4)

export type LoginOutcome = {
  /** Create the session with the login token. */
  login: boolean;
  to: string;
  toast?: { variant: 'success' | 'warning'; key: string };
  /** spec 8: phone_number_taken with action phone_number_taken_action that opens help. */
  action?: 'open-help';
  /** spec 4: a member with a pending deletion request is logged out and the time stored. */
  storeDeletionTime?: boolean;
};

export const loginStatusOutcome = (
  status: LoginStatus,
  ctx: { hasDeletionRequest?: boolean; provider?: LoginProvider | 'pwdless' | null } = {},
): LoginOutcome => {
  switch (status) {
    case 'account_exist':
      return ctx.hasDeletionRequest
        ? { login: false, to: '/cuenta-en-progreso-de-borrado', storeDeletionTime: true }
        : { login: true, to: '/' };
    case 'new_account':
    case 'new_account_created':
      return { login: true, to: '/login/save-recovery-code' };
    case 'multiple_accounts':
      return { login: false, to: '/login/multiple-accounts' };
    case 'merge_required':
      return ctx.provider === 'email'
        ? { login: false, to: '/login/auth0/email' }
        : { login: false, to: paths.socialLogin(ctx.provider ?? 'google') };
    case 'phone_already_in_use':
      return { login: false, to: '/login', toast: { variant: 'warning', key: 'phone_number_taken' }, action: 'open-help' };
    case 'phone_recovery':
      // The success toast's key is not shown in the spec; ours.
      return { login: true, to: '/login/save-recovery-code', toast: { variant: 'success', key: 'change_phone_success_toast' } };
    case 'account_merged':
      return { login: true, to: ctx.provider === 'email' ? '/login/email/success' : '/login/social/success' };
    default:
      return assertNever(status);
  }
};

/** spec 4 "Identity verify". */
export const identityVerifyOutcome = (r: {
  success: boolean;
  merging: boolean;
  provider: LoginProvider;
  newPasswordlessAccount?: boolean;
  storedMergeResult?: boolean;
}): { logout: boolean; clearB2bRegistration: boolean; to: string } => {
  if (!r.success) return { logout: true, clearB2bRegistration: false, to: r.merging ? paths.mergeError(r.provider) : '/login' };
  if (r.storedMergeResult) return { logout: false, clearB2bRegistration: true, to: r.provider === 'email' ? '/login/email/success' : '/login/social/success' };
  if (r.newPasswordlessAccount) return { logout: false, clearB2bRegistration: true, to: paths.createProfileStep(1) };
  return { logout: false, clearB2bRegistration: true, to: '/' };
};

/** spec 2: /login/merge/error/{provider}: email retries identity login by email, else the social page. */
export const mergeErrorRetryTarget = (provider: LoginProvider): string =>
  provider === 'email' ? '/login/auth0/email' : paths.socialLogin(provider);

/** spec 8 "Verification" messages. The field error keys are not shown in the spec; ours. */
export type VerificationErrorOutcome =
  | { kind: 'expired'; toast: 'warning'; fieldError: 'verify_code_error_expired' }
  | { kind: 'invalid'; toast: 'warning'; fieldError: 'verify_code_error_invalid' }
  | { kind: 'logout' }
  | { kind: 'log' };

export const verificationErrorOutcome = (message: string | null | undefined): VerificationErrorOutcome => {
  const m = message ?? '';
  if (m.includes('passwordless-expired-code') || m.includes('passwordless-invalid-token')) {
    return { kind: 'expired', toast: 'warning', fieldError: 'verify_code_error_expired' };
  }
  if (m.includes('passwordless-invalid-code')) return { kind: 'invalid', toast: 'warning', fieldError: 'verify_code_error_invalid' };
  if (m.includes('error-generating-token')) return { kind: 'logout' };
  return { kind: 'log' };
};

/** spec 8: 'is blocked' goes to /eliminar-cuenta (from the identity provider with account_deleted=true). */
export const blockedAccountRoute = (message: string, fromIdentityProvider: boolean): string | null =>
  message.includes('is blocked') ? (fromIdentityProvider ? '/eliminar-cuenta?account_deleted=true' : '/eliminar-cuenta') : null;

// ---------------------------------------------------------------------------------------------
// Employer code (spec 4 / spec 5)

export interface EmployerCodeModel {
  status: EmployerCodeState;
  code: string;
  organizationName?: string;
  organizationId?: string;
}
export type EmployerCodeEvent =
  | { type: 'typed'; code: string }
  | { type: 'lookup-result'; organization: { id: string; name: string } | null | undefined }
  | { type: 'reset' };

export const initialEmployerCode: EmployerCodeModel = { status: 'notset', code: '' };

export const employerCodeReducer = (state: EmployerCodeModel, event: EmployerCodeEvent): EmployerCodeModel => {
  switch (event.type) {
    case 'typed':
      // After valid the input is disabled: typing changes nothing.
      if (state.status === 'valid') return state;
      // Typing resets invalid to notset.
      return { status: 'notset', code: event.code };
    case 'lookup-result':
      // A falsy lookup result means invalid (spec 5).
      return event.organization
        ? { status: 'valid', code: state.code, organizationId: event.organization.id, organizationName: event.organization.name }
        : { status: 'invalid', code: state.code };
    case 'reset':
      return initialEmployerCode;
    default:
      return assertNever(event);
  }
};

/** spec 4: after valid the input is disabled and Associate appears; validate needs a non-empty code. */
export const employerCodeControls = (s: EmployerCodeModel): { inputDisabled: boolean; showAssociate: boolean; canValidate: boolean } => ({
  inputDisabled: s.status === 'valid',
  showAssociate: s.status === 'valid',
  canValidate: s.status !== 'valid' && s.code.trim().length > 0,
});

// ---------------------------------------------------------------------------------------------
// Account deletion (spec 4)

export const DELETION_MODAL_STEPS = { closed: 0, open: 1, deleting: 2 } as const;
export type DeletionModalStep = (typeof DELETION_MODAL_STEPS)[keyof typeof DELETION_MODAL_STEPS];
export interface DeletionModel {
  step: DeletionModalStep;
  confirmed: boolean;
}
export type DeletionEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'toggle-confirm'; checked: boolean }
  | { type: 'delete' }
  | { type: 'failed' }
  | { type: 'succeeded' };

export const initialDeletion: DeletionModel = { step: 0, confirmed: false };

export const deletionReducer = (s: DeletionModel, e: DeletionEvent): DeletionModel => {
  switch (e.type) {
    case 'open':
      return s.step === 0 ? { step: 1, confirmed: false } : s;
    case 'close':
      return s.step === 2 ? s : initialDeletion; // cancelling is blocked while deleting
    case 'toggle-confirm':
      return s.step === 1 ? { ...s, confirmed: e.checked } : s;
    case 'delete':
      return s.step === 1 && s.confirmed ? { ...s, step: 2 } : s; // the button stays disabled until checked
    case 'failed':
    case 'succeeded':
      return initialDeletion;
    default:
      return assertNever(e);
  }
};

/** spec 4: deletion success saves the language and goes to /eliminar-cuenta; failure warns (spec 8 text; key ours) and goes to the paywall or /perfil. */
export const deletionResultRoute = (
  r: { ok: true } | { ok: false; membershipExpired: boolean },
): { to: string; saveLanguage: boolean; toast?: { variant: 'warning'; key: 'account_deletion_error' } } =>
  r.ok
    ? { to: '/eliminar-cuenta', saveLanguage: true }
    : { to: r.membershipExpired ? PAYWALL_PATH : '/perfil', saveLanguage: false, toast: { variant: 'warning', key: 'account_deletion_error' } };

/** spec 4: within the threshold the pending-deletion screen offers Restore or Cancel; otherwise one button. */
export const pendingDeletionView = (
  deletionRequestTime: number | string | null | undefined,
  now: Date,
  thresholdMinutes: number = PENDING_DELETION_THRESHOLD_MINUTES,
): { kind: 'redirect'; to: '/login' } | { kind: 'restorable' } | { kind: 'not-restorable' } => {
  if (deletionRequestTime === null || deletionRequestTime === undefined || deletionRequestTime === '') return { kind: 'redirect', to: '/login' };
  const t = typeof deletionRequestTime === 'number' ? deletionRequestTime : Number.isNaN(Number(deletionRequestTime)) ? Date.parse(deletionRequestTime) : Number(deletionRequestTime);
  if (Number.isNaN(t)) return { kind: 'redirect', to: '/login' };
  return now.getTime() - t <= thresholdMinutes * 60_000 ? { kind: 'restorable' } : { kind: 'not-restorable' };
};

/** spec 4: a referrer's deletion first unlinks every non-temporary dependant. */
export const dependantsToUnlinkBeforeDeletion = <T extends { memberId: string }>(dependants: readonly T[]): T[] =>
  dependants.filter((d) => !isTemporaryDependantId(d.memberId));

/** spec 4: on unlink the role becomes user, referral or dependant. */
export const roleAfterUnlink = (m: { hasDependants: boolean; referredById?: string | null }): 'user' | 'referral' | 'dependant' =>
  m.hasDependants ? 'referral' : m.referredById ? 'dependant' : 'user';

// ---------------------------------------------------------------------------------------------
// Cancel by link (spec 4 / spec 8)

export const cancelLinkViewForError = (error: string | null | undefined): 'consultation-canceled' | 'consultation-passed' =>
  error === 'appointment-already-canceled' || error === 'APPOINTMENT_ALREADY_CANCELED' ? 'consultation-canceled' : 'consultation-passed';

/** spec 8: the cancel link is inactive once the appointment date has passed. */
export const isCancelLinkActive = (startDate: Date | string, now: Date): boolean => new Date(startDate).getTime() > now.getTime();
