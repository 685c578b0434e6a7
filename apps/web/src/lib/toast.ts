import { FORM_MISSING_FIELDS, TOAST } from '@puente/domain';
import { createStore } from './external-store';

export type ToastVariant = 'success' | 'warning' | 'info' | 'error';

export interface ToastMessage {
  id: number;
  variant: ToastVariant;
  /** A translation key (preferred) or, with `raw`, text already in the user's language. */
  message: string;
  raw?: boolean;
  values?: Record<string, string | number>;
  durationMs: number;
  /** A link shown in the toast (spec 8: phone_number_taken with the action phone_number_taken_action). */
  action?: ToastAction;
  /** The screen (its path) a toast about that screen only was shown on: it goes when another one shows. */
  shownOn?: string;
}

export interface ToastAction {
  /** Translation key. */
  label: string;
  href: string;
}

export interface ShowToastInput {
  variant?: ToastVariant;
  message: string;
  raw?: boolean;
  values?: Record<string, string | number>;
  durationMs?: number;
  action?: ToastAction;
  /** About the screen it is shown on only (a form's missing fields): hidden once the app shows another screen. */
  screen?: boolean;
}

/** spec 9: 5000 ms by default, 10000 ms for warnings (and form-missing, which is a warning). */
export const defaultToastDuration = (variant: ToastVariant): number =>
  variant === 'warning' ? TOAST.warningMs : TOAST.defaultMs;

let nextId = 1;
export const toastStore = createStore<ToastMessage | null>(null);
/** The path of the screen the app shows (screenChanged). */
let currentScreen = '';

export const showToast = (input: ShowToastInput): void => {
  const variant = input.variant ?? 'info';
  toastStore.set({
    id: nextId++,
    variant,
    message: input.message,
    raw: input.raw,
    values: input.values,
    durationMs: input.durationMs ?? defaultToastDuration(variant),
    action: input.action,
    ...(input.screen ? { shownOn: currentScreen } : {}),
  });
};

/**
 * The app shows the screen at `pathname` (the root layout, on every change of path): a toast about the
 * screen before goes with it. A form's "complete the required fields" stayed up to 10 s over the
 * screen the corrected form led to ("Invitation sent").
 */
export const screenChanged = (pathname: string): void => {
  currentScreen = pathname;
  toastStore.set((current) => (current?.shownOn !== undefined && current.shownOn !== pathname ? null : current));
};

/** spec 5: the warning that a form has missing fields (about that form's screen only). */
export const showMissingFieldsToast = (): void => showToast({ variant: 'warning', message: FORM_MISSING_FIELDS, screen: true });

export const hideToast = (id?: number): void => {
  toastStore.set((current) => (current && (id === undefined || current.id === id) ? null : current));
};
