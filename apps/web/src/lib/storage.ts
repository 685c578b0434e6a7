import { SESSION_STORAGE_KEYS as DOMAIN_SESSION_STORAGE_KEYS, STORAGE_KEYS as DOMAIN_STORAGE_KEYS } from '@puente/domain';
import { useSyncExternalStore } from 'react';

/** sessionStorage keys (this tab only): the spec's plus the few only the web client uses. */
export const SESSION_STORAGE_KEYS = {
  ...DOMAIN_SESSION_STORAGE_KEYS,
  // Not named in the spec: the staff sign-in's code sent from this tab (its challenge, the address and
  // when it expires), so a reload (a phone's browser drops a tab while she reads her email) keeps it.
  staffLoginCode: 'staffLoginCode',
} as const;
type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS];

/** localStorage keys: the spec's (from @puente/domain) plus the few only the web client uses. */
export const STORAGE_KEYS = {
  ...DOMAIN_STORAGE_KEYS,
  // Not named in the spec: the session token and the passwordless challenge in progress.
  sessionToken: 'sessionToken',
  pwdlessToken: 'pwdlessToken',
  resendAvailableAt: 'resendAvailableAt',
  // Not named in the spec: the on-demand appointment the member is in, so a reload can recover it.
  currentAppointment: 'current-appointment',
  // Not named in the spec: which call of the appointment the member was last in (first or second), so
  // a reload mid-call is told apart from the planned second call (spec 4 return-to-call modal).
  joinedCall: 'joined-call',
  // Not named in the spec: the member (id) who answered the health profile asked before the first consultation (issue 11).
  healthProfileAsked: 'health-profile-asked',
  // Not named in the spec: the place last confirmed on the location form (issue 11: not asked again in the call).
  locationConfirmed: 'location-confirmed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota); the app must keep working without it.
export const readStorage = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * Who watches a key (useStoredValue), with the subscribe function React is given for it (one per key:
 * a new one each render would subscribe again each render). This tab's writes fire no `storage` event.
 */
const watched = new Map<StorageKey, { watchers: Set<() => void>; subscribe: (watcher: () => void) => () => void }>();
const watchOf = (key: StorageKey) => {
  let entry = watched.get(key);
  if (!entry) {
    const watchers = new Set<() => void>();
    entry = { watchers, subscribe: (watcher) => (watchers.add(watcher), () => watchers.delete(watcher)) };
    watched.set(key, entry);
  }
  return entry;
};
const changed = (key: StorageKey) => watched.get(key)?.watchers.forEach((watcher) => watcher());

export const writeStorage = (key: StorageKey, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // ignored: see above
  }
  changed(key);
};

export const removeStorage = (key: StorageKey): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignored: see above
  }
  changed(key);
};

/**
 * A stored value that renders again when this tab writes or removes it (e.g. the invitation token
 * /login keeps from its link, read by the shell), instead of waiting for some other re-render.
 */
export const useStoredValue = (key: StorageKey): string | null => useSyncExternalStore(watchOf(key).subscribe, () => readStorage(key), () => null);

export const readSessionStorage = (key: SessionStorageKey): string | null => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeSessionStorage = (key: SessionStorageKey, value: string): void => {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // ignored: see above
  }
};

export const removeSessionStorage = (key: SessionStorageKey): void => {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // ignored: see above
  }
};
