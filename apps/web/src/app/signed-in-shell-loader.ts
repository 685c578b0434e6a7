import { useEffect, useState } from 'react';

type SignedInShellModule = typeof import('./signed-in-shell');

// Issue 10 (first load): the signed-in shell (signed-in-shell.tsx) is fetched once there is a
// session, or ahead on a screen that opens one (route-table's NEXT_SCREENS), never on /login.
let loaded: SignedInShellModule | undefined;
let pending: Promise<SignedInShellModule> | undefined;

/** Fetches the signed-in shell's code (tests render the whole app and expect it at once). */
export const preloadSignedInShell = (): Promise<SignedInShellModule> => {
  pending ??= import('./signed-in-shell').then(
    (module) => (loaded = module),
    (error: unknown) => {
      pending = undefined; // offline with no cache: the next call tries again
      throw error;
    },
  );
  return pending;
};

const RETRY_MS = 2_000;

/** The signed-in shell's module once its chunk has loaded (at once if it already has), else undefined. */
export const useSignedInShell = (wanted: boolean): SignedInShellModule | undefined => {
  const [attempt, setAttempt] = useState(0);
  const [, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    let retry: number | undefined;
    preloadSignedInShell().then(
      (module) => {
        if (live) setModule(module);
      },
      () => {
        if (live) retry = window.setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, [wanted, attempt]);
  return loaded;
};
