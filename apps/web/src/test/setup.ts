import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadLanguage } from '@/lib/i18n';
import { resetSessionForTests } from '@/lib/session';
import { resetIdentifyForTests } from '@/lib/track';
import { hideToast } from '@/lib/toast';
import { closeInfoModal, hideConnectionError } from '@/lib/ui-store';

// findBy*/waitFor wait up to 10 s (default 1 s): rendering is slower when the machine is busy.
// Set here only: the files share one worker's modules (isolate: false in vite.config.ts), so a file's
// own configure() changed the wait of every file run after it in that worker (twenty set 5 s, and the
// paywall's trial test then failed at 5 s on a busy full run).
configure({ asyncUtilTimeout: 10_000 });

// The app loads a non-default language before its first render (main.tsx), and the rest of the
// default's files with its first other screen; tests render screens directly, in either language.
beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('es')]));

// React's warnings about list keys fail the test that caused them: two children with one key may
// be duplicated or dropped, or keep each other's state (a coach's weekly hours and her time off
// shared one key on the dashboard, seen only in this output).
const KEY_WARNING = /Encountered two children with the same key|Each child in a list should have a unique "key"/;
// This file runs before every test file in the same worker (isolate: false): console.error is wrapped once.
const shared = globalThis as { __reactKeyWarnings?: string[] };
if (!shared.__reactKeyWarnings) {
  const warnings: string[] = [];
  shared.__reactKeyWarnings = warnings;
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (KEY_WARNING.test(text)) warnings.push(text.slice(0, 300));
    consoleError(...args);
  };
}
const keyWarnings = shared.__reactKeyWarnings;

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
  const warned = keyWarnings.splice(0);
  if (warned.length > 0) throw new Error(`React warned about list keys:\n${[...new Set(warned)].join('\n')}`);
});
