import { vi } from 'vitest';

/**
 * Gives the page a camera and microphone (jsdom has no navigator.mediaDevices): `navigator` becomes
 * an object over the real one with `getUserMedia`. What the real one answers with its own getters
 * (jsdom's refuse another object as `this`) is copied: onLine (the offline banner reads it).
 */
export const stubMediaDevices = (getUserMedia: (constraints?: MediaStreamConstraints) => Promise<unknown>): void => {
  vi.stubGlobal('navigator', Object.create(navigator, { onLine: { value: navigator.onLine }, mediaDevices: { value: { getUserMedia } } }) as Navigator);
};
