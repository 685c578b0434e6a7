/**
 * The resetToken of a phone change in progress (/change-phone/recovery -> /change-phone/new-phone
 * -> the verify screen). Kept in session storage: it is a short-lived credential for this tab only.
 */
const RESET_TOKEN_KEY = 'puente-reset-token';

export const storeResetToken = (token: string): void => {
  try {
    window.sessionStorage.setItem(RESET_TOKEN_KEY, token);
  } catch {
    // ignored: storage may be unavailable (private mode)
  }
};

export const readResetToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(RESET_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const clearResetToken = (): void => {
  try {
    window.sessionStorage.removeItem(RESET_TOKEN_KEY);
  } catch {
    // ignored
  }
};
