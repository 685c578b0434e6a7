import { useEffect, useState } from 'react';

/** Milliseconds left until `target` (epoch ms), ticking every second; 0 once reached. */
export const useCountdown = (target: number | null): number => {
  const [now, setNow] = useState(() => Date.now());
  // A new target counts from the moment it is set, in the same render: `now` was last read when the
  // screen mounted or at the last tick, and the first render of a wait showed that much more time.
  const [counted, setCounted] = useState(target);
  let current = now;
  if (counted !== target) {
    current = Date.now();
    setCounted(target);
    setNow(current);
  }
  const remaining = target === null ? 0 : Math.max(0, target - current);
  useEffect(() => {
    if (target === null || target <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= target) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return remaining;
};
