import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** spec 7: every call sends a device id; it is created once and kept in local storage. */
export const getDeviceId = (): string => {
  const existing = readStorage(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
};
