/** localStorage keys (spec 9 "Local storage keys include ..."); one place so nothing is misspelled. */
export const STORAGE_KEYS = {
  deviceId: 'deviceId',
  language: 'language',
  lastCountryCode: 'lastcountrycode',
  phoneNumber: 'phoneNumber',
  redirectTo: 'redirectTo',
  memberId: 'member-id',
  organization: 'organization',
  // Not named in the spec: where the session token and the passwordless challenge are kept.
  sessionToken: 'sessionToken',
  pwdlessToken: 'pwdlessToken',
  resendAvailableAt: 'resendAvailableAt',
  preOnboardingDone: 'preOnboardingDone',
  loginParams: 'loginParams',
} as const;
/** spec 9: the partner id lives in session storage. */
export const SESSION_STORAGE_KEYS = { partnerId: 'partnerId' } as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota); the app must keep working without it.
export const readStorage = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStorage = (key: StorageKey, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // ignored: see above
  }
};

export const removeStorage = (key: StorageKey): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignored: see above
  }
};

export const readSessionStorage = (key: (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS]): string | null => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
