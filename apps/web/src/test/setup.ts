import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session';
import { hideToast } from '@/lib/toast';
import { closeInfoModal, hideConnectionError } from '@/lib/ui-store';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  hideToast();
  closeInfoModal();
  hideConnectionError();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
