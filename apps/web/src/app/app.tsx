import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [i18n] = useState(() => createI18n());
  const [router] = useState(() => createAppRouter((routes) => createBrowserRouter(routes)));
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
