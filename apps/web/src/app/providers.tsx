import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { pageEmotionCache } from '@/lib/emotion-cache';
import { theme } from '@/lib/theme';
import { AppThemeProvider } from '@/lib/theme-provider';

/** `emotionCache`: the styles' cache (the prerender passes the one it reads the styles from); the page's otherwise. */
export function AppProviders({ children, queryClient, i18n, emotionCache }: { children: ReactNode; queryClient: QueryClient; i18n: I18n; emotionCache?: EmotionCache }) {
  return (
    <CacheProvider value={emotionCache ?? pageEmotionCache()}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AppThemeProvider theme={theme}>
            <CssBaseline />
            {children}
          </AppThemeProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </CacheProvider>
  );
}
