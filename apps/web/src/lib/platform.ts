export type BrowserPlatform = 'ios' | 'android' | 'desktop';

/** iPhone, iPad (also iPadOS, which says "Macintosh" but has touch), Android, else desktop. */
export const detectPlatform = (userAgent: string, maxTouchPoints = 0): BrowserPlatform => {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
};

/** This browser's platform. */
export const currentPlatform = (): BrowserPlatform => detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
