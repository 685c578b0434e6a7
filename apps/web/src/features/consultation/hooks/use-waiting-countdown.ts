import { formatWaitingCountdown } from '@puente/domain';
import { useEffect, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** When the member started waiting (set on createAppointment; SC038 clears it). */
const startedAt = (): number => {
  const stored = Number(readStorage(STORAGE_KEYS.waitingRoomStarted));
  if (Number.isFinite(stored) && stored > 0) return stored;
  const now = Date.now();
  writeStorage(STORAGE_KEYS.waitingRoomStarted, String(now));
  return now;
};

/**
 * spec 4/9: the waiting countdown of 300 s shown m:ss; null once it is over ('a few more minutes').
 * It counts from when the waiting started, so a reload does not restart it.
 */
export const useWaitingCountdown = (active: boolean): string | null => {
  const [start] = useState(startedAt);
  const [now, setNow] = useState(() => Date.now());
  const text = formatWaitingCountdown((now - start) / 1000);
  const over = text === null;
  useEffect(() => {
    if (!active || over) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active, over]);
  return text;
};
