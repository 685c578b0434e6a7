import type { Language } from '@puente/domain';
import { render } from '@testing-library/react';
import { BrowserRouter, type Location, type NavigateFunction, type NavigateOptions, type To } from 'react-router';
import { disableBackButton } from '@/app/back-button';
import { AppProviders } from '@/app/providers';
import { preloadAllScreens } from '@/app/route-table';
import { AppRoutes } from '@/app/router';
import { preloadSignedInShell } from '@/app/signed-in-shell-loader';
import { createI18n } from '@/lib/i18n';
import { useNavigate } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';
import { resetSessionForTests } from '@/lib/session';
import { seedKnownAppointment } from './current-appointment';

// The screens are split per route (React.lazy), and the signed-in shell is a chunk of its own; load them all first so each test sees its screen
// in the first render, as the app does for a screen it has prefetched.
await Promise.all([preloadAllScreens(), preloadSignedInShell()]);

/** What a test reads of the router (where the app is) and how it moves it, as a person's link would. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
  /** Calls `listener` at every navigation (each address the router writes), until the returned stop. */
  subscribe: (listener: (state: { location: Location }) => void) => () => void;
}

/** The address the app is at: the page's (BrowserRouter's), with the state its navigation carried. */
const location = (): Location => {
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
};

// Every address the router writes (BrowserRouter pushes and replaces the page's history entries).
const listeners = new Set<(state: { location: Location }) => void>();
for (const method of ['pushState', 'replaceState'] as const) {
  const write = window.history[method].bind(window.history);
  window.history[method] = (...args: Parameters<History['pushState']>) => {
    write(...args);
    for (const listener of listeners) listener({ location: location() });
  };
}

function NavigationProbe({ into }: { into: { navigate?: NavigateFunction } }) {
  into.navigate = useNavigate();
  return null;
}

/** Renders the whole app (providers, shell, guard) at a path, as the browser would. */
export const renderApp = (path: string, options: { language?: Language } = {}) => {
  // A page load reads the session from storage, where the test put it. The session module keeps what
  // it read until it is told otherwise, and work left over from the test before (a request whose
  // chunk arrived after that test's cleanup reads the token then) may have read the emptied storage
  // in between: this test would then start signed out.
  resetSessionForTests();
  const i18n = createI18n(options.language ?? 'es');
  const queryClient = createQueryClient();
  seedKnownAppointment(queryClient);
  // The page opens at `path` (a new entry, the router's index reset as on a page load).
  window.history.replaceState(null, '', path);
  disableBackButton(window);
  const probe: { navigate?: NavigateFunction } = {};
  const router: TestRouter = {
    state: {
      get location() {
        return location();
      },
    },
    navigate: async (to, options) => {
      if (!probe.navigate) throw new Error('renderApp: the router has not started');
      await (typeof to === 'number' ? probe.navigate(to) : probe.navigate(to, options));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <BrowserRouter>
        <NavigationProbe into={probe} />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>,
  );
  return { ...view, router, i18n, queryClient };
};
