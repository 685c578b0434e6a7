import { TOAST } from '@puente/domain';
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
}

/** spec 9: 5000 ms by default, 10000 ms for warnings (and form-missing, which is a warning). */
export const defaultToastDuration = (variant: ToastVariant): number =>
  variant === 'warning' ? TOAST.warningMs : TOAST.defaultMs;

let nextId = 1;
export const toastStore = createStore<ToastMessage | null>(null);

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
  });
};

export const hideToast = (id?: number): void => {
  toastStore.set((current) => (current && (id === undefined || current.id === id) ? null : current));
};
