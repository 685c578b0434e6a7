import { createStore } from './external-store';

/** spec 000 §2 global elements: generic info modal actions. */
export type InfoModalAction =
  | { type: 'redirect'; url: string }
  | { type: 'navigate-to'; path: string }
  | { type: 'logout' }
  | { type: 'close-modal' };

export interface InfoModalButton {
  /** Translation key, or text when `raw` is set (modals built from server error data). */
  label: string;
  raw?: boolean;
  action: InfoModalAction;
}

export interface InfoModalConfig {
  title?: string;
  body: string;
  raw?: boolean;
  imageUrl?: string;
  outlineButton?: InfoModalButton;
  primaryButton?: InfoModalButton;
}

export const infoModalStore = createStore<InfoModalConfig | null>(null);
export const openInfoModal = (config: InfoModalConfig): void => infoModalStore.set(config);
export const closeInfoModal = (): void => infoModalStore.set(null);

/** Global loading overlay: a counter so overlapping tasks do not hide it early. */
export const loadingStore = createStore(0);
export const showLoading = (): void => loadingStore.set((n) => n + 1);
export const hideLoading = (): void => loadingStore.set((n) => Math.max(0, n - 1));

/**
 * spec 8: after a login failure, the connection_error dialog with a sign-in button; an unhandled
 * rejection shows the same dialog with a back button instead.
 */
export type ConnectionErrorVariant = 'sign-in' | 'back';
export const connectionErrorStore = createStore<ConnectionErrorVariant | null>(null);
export const showConnectionError = (variant: ConnectionErrorVariant): void => connectionErrorStore.set(variant);
export const hideConnectionError = (): void => connectionErrorStore.set(null);
