import type { Language } from '@puente/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { preloadAllScreens } from '@/app/route-table';
import { preloadSignedInShell } from '@/app/signed-in-shell-loader';
import { createAppRouter } from '@/app/router';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { seedKnownAppointment } from './current-appointment';

// The screens are split per route (React.lazy), and the signed-in shell is a chunk of its own; load them all first so each test sees its screen
// in the first render, as the app does for a screen it has prefetched.
await Promise.all([preloadAllScreens(), preloadSignedInShell()]);

/** Renders the whole app (providers, shell, guard) at a path, as the browser would. */
export const renderApp = (path: string, options: { language?: Language } = {}) => {
  const i18n = createI18n(options.language ?? 'es');
  const queryClient = createQueryClient();
  seedKnownAppointment(queryClient);
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n, queryClient };
};
