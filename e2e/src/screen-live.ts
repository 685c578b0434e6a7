import type { BrowserContext } from 'playwright-core';

/** The page's global holding when the marked screen answered (the page's performance.now()). */
export interface ScreenLiveWindow {
  __liveAt?: number;
}

/**
 * Notes in every page of `context` since when the screen with the test id `testId` answers: the
 * app (React) has taken it over. A screen in the page's HTML (a first visit to /login) shows before
 * any script runs and answers only once hydrated; no event tells that moment, so the page polls
 * every 5 ms for the keys React puts on the elements it owns. Read as `window.__liveAt`
 * (ScreenLiveWindow). The first-load journey and the web bench (bench/src/web.ts) both use it.
 */
export const markScreenLive = async (context: BrowserContext, testId: string): Promise<void> => {
  await context.addInitScript((id) => {
    const poll = setInterval(() => {
      const screen = document.querySelector(`[data-testid="${id}"]`);
      if (screen && Object.keys(screen).some((key) => key.startsWith('__reactFiber'))) {
        (window as unknown as ScreenLiveWindow).__liveAt = performance.now();
        clearInterval(poll);
      }
    }, 5);
  }, testId);
};
