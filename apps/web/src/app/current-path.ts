import type { DataRouter } from 'react-router';

/** The router the app runs on (one per page; each test's render makes its own). */
let appRouter: DataRouter | undefined;

export const keepAppRouter = <R extends DataRouter>(router: R): R => {
  appRouter = router;
  return router;
};

/**
 * Where the app is now. The router applies a navigation at once, but React renders it in a
 * transition, later on a busy phone: an appointment alert heard in between must route from the new
 * address, not from the one still on screen (it sent the member to the waiting room a second time).
 */
export const currentPathname = (): string | undefined => appRouter?.state.location.pathname;
