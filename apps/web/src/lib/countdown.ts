import { useEffect, useState } from 'react';

/** spec 9: the resend wait is shown as m:ss (whole seconds, rounded up so 0:00 means ready). */
export const formatCountdown = (remainingMs: number): string => {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
};

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
