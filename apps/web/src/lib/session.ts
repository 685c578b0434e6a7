import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The session token is the only auth state kept outside the query cache: it is a credential,
 * not server data. The member itself lives in the query cache (features/profile/api/get-member.ts).
 */
/** Told the session's new token (null: signed out, or forgotten by a test). */
type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();
let token: string | null = null;
let loaded = false;

const ensureLoaded = (): void => {
  if (!loaded) {
    token = readStorage(STORAGE_KEYS.sessionToken);
    loaded = true;
  }
};

export const getSessionToken = (): string | null => {
  ensureLoaded();
  return token;
};

export const setSessionToken = (next: string | null): void => {
  ensureLoaded();
  if (next === token) return;
  token = next;
  if (next) writeStorage(STORAGE_KEYS.sessionToken, next);
  else removeStorage(STORAGE_KEYS.sessionToken);
  listeners.forEach((l) => l(next));
};

/** Test helper and logout path: forget the in-memory copy so the next read goes to storage. */
export const resetSessionForTests = (): void => {
  loaded = false;
  token = null;
  listeners.forEach((l) => l(null));
};

/** Calls `listener` whenever the session changes (a sign-in, a sign-out, an expired session). */
export const onSessionTokenChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSessionToken = (): string | null => useSyncExternalStore(onSessionTokenChange, getSessionToken, getSessionToken);
