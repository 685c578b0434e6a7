import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { disableBackButton } from './back-button';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [i18n] = useState(() => createI18n());
  // Before the router listens to the history (see back-button.ts).
  useState(() => disableBackButton(window));
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
