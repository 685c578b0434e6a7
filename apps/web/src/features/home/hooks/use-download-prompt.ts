import { showsDownloadAppPrompt } from '@puente/domain';
import { useEffect, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** iOS and Android browsers are "mobile web" (spec 2: the mobile web redirect page sends them to the app). */
export const isMobileWeb = (userAgent: string = navigator.userAgent): boolean => /Android|iPhone|iPad|iPod/i.test(userAgent);

const readVisits = (): number => {
  const n = Number(readStorage(STORAGE_KEYS.dashboardVisits));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/**
 * spec 9: the download-app prompt shows on mobile web from the second dashboard visit. A visit is
 * one mount of the home screen; the count is kept in local storage.
 */
export const useDownloadPrompt = (): { open: boolean; dismiss: () => void } => {
  const [visits] = useState(() => readVisits() + 1);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    writeStorage(STORAGE_KEYS.dashboardVisits, String(visits));
  }, [visits]);
  return {
    open: !dismissed && showsDownloadAppPrompt({ mobileWeb: isMobileWeb(), dashboardVisits: visits }),
    dismiss: () => setDismissed(true),
  };
};
