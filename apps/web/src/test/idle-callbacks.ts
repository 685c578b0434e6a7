import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * requestIdleCallback for tests of what waits for the browser to be idle (lib/idle.ts): the
 * callbacks wait until the test calls `runIdleCallbacks`. Installed before each test of the calling
 * file; after each, what is rendered is unmounted (cancelling what still waits) and jsdom is left
 * without either function again (lib/idle.ts then falls back to a timer).
 */
export function stubIdleCallbacks(): { pending: () => number; runIdleCallbacks: () => Promise<void> } {
  const idle = new Map<number, IdleRequestCallback>();
  let lastId = 0;
  beforeEach(() => {
    idle.clear();
    window.requestIdleCallback = (run: IdleRequestCallback) => {
      idle.set(++lastId, run);
      return lastId;
    };
    window.cancelIdleCallback = (id: number) => idle.delete(id);
  });
  afterEach(() => {
    cleanup(); // while the stubs are there
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });
  return {
    pending: () => idle.size,
    runIdleCallbacks: () =>
      act(async () => {
        const due = [...idle.values()];
        idle.clear();
        for (const run of due) run({ didTimeout: false, timeRemaining: () => 50 });
      }),
  };
}
