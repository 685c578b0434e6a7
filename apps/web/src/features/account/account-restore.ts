import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * spec 4: a member with a pending deletion request is logged out and the request time stored
 * (deletion-request-time), with her member-id. The login token of that sign-in is what lets her
 * restore without a session; it lives in session storage for this tab only.
 */
const RESTORE_TOKEN_KEY = 'puente-restore-token';

export const storePendingDeletion = (input: { deletionRequestTime: string; memberId: string; loginToken: string }): void => {
  writeStorage(STORAGE_KEYS.deletionRequestTime, String(Date.parse(input.deletionRequestTime)));
  writeStorage(STORAGE_KEYS.memberId, input.memberId);
  try {
    window.sessionStorage.setItem(RESTORE_TOKEN_KEY, input.loginToken);
  } catch {
    // ignored: restore then needs a new sign-in
  }
};

export const readRestoreToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(RESTORE_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const readPendingDeletion = (): { deletionRequestTime: string | null; memberId: string | null } => ({
  deletionRequestTime: readStorage(STORAGE_KEYS.deletionRequestTime),
  memberId: readStorage(STORAGE_KEYS.memberId),
});

/** After a restore the member-id stays: /login shows "account restored" and then removes it. */
export const clearPendingDeletion = (options: { keepMemberId: boolean }): void => {
  removeStorage(STORAGE_KEYS.deletionRequestTime);
  if (!options.keepMemberId) removeStorage(STORAGE_KEYS.memberId);
  try {
    window.sessionStorage.removeItem(RESTORE_TOKEN_KEY);
  } catch {
    // ignored
  }
};
