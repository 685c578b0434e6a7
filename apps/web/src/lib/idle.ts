import { useEffect, useState } from 'react';

/**
 * Runs `run` when the browser is next idle (at most 2 s from now); returns what cancels it. While
 * React renders a screen in slices (a transition), a slice always waits in the queue, so "idle"
 * comes once the screen is rendered (issue 10, first load).
 */
export const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
};

/** False until the browser has been idle once since the component mounted (see whenIdle). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
