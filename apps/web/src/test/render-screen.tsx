import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { ToastHost } from '@/components/ui/toast-host';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/** Renders one screen at `path` with the app's providers (no shell): any other path is "elsewhere". */
export const renderScreen = (path: string, element: ReactNode) => {
  const i18n = createI18n('es');
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: <>{element}<ToastHost /></> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
};
