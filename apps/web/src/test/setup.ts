import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session';
import { resetIdentifyForTests } from '@/lib/track';
import { hideToast } from '@/lib/toast';
import { closeInfoModal, hideConnectionError } from '@/lib/ui-store';

// findBy*/waitFor wait up to 10 s (default 1 s): rendering is slower when the machine is busy.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  resetIdentifyForTests();
  hideToast();
  closeInfoModal();
  hideConnectionError();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
