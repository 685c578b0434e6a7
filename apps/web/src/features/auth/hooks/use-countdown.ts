import { useEffect, useState } from 'react';

/** Milliseconds left until `target` (epoch ms), ticking every second; 0 once reached. */
export const useCountdown = (target: number | null): number => {
  const [now, setNow] = useState(() => Date.now());
  const remaining = target === null ? 0 : Math.max(0, target - now);
  useEffect(() => {
    if (target === null || target <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) clearInterval(timer);
    }, 1000);
    setNow(Date.now());
    return () => clearInterval(timer);
  }, [target]);
  return remaining;
};
