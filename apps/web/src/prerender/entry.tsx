import createEmotionServer from '@emotion/server/create-instance';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { preloadScreens } from '@/app/route-table';
import { AppRoutes } from '@/app/router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { createEmotionCache } from '@/lib/emotion-cache';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { matchRoute } from '@puente/domain';

// The inline script of every page's head that sends its first requests (issue 10): built with the app's own modules.
export { earlyRequestsScript } from './early-requests-script';

/** A screen rendered as a first visit sees it: its markup (for #root) and its styles (for the head). */
export interface Prerendered {
  html: string;
  styles: string;
}

export async function prerender(pathname: string): Promise<Prerendered> {
  const screen = matchRoute(pathname);
  if (!screen) throw new Error(`prerender ${pathname}: no route`);
  await preloadScreens([screen]);
  return renderWithStyles(
    <StaticRouter location={pathname}>
      <AppRoutes />
    </StaticRouter>,
  );
}

/**
 * What a page without a screen of its own in its HTML shows until the app's first render replaces it
 * (React clears the container then; main.tsx does not hydrate it): the loading screen's spinner,
 * instead of a blank page while the scripts download (2 s and more on a phone on slow 4G).
 */
export const placeholder = (): Prerendered => renderWithStyles(<LoadingScreen placeholder />);

/** Markup and styles of `element` rendered as the app renders it (its providers, the default language). */
function renderWithStyles(element: ReactElement): Prerendered {
  // The styles go in the head, not as <style> tags beside each element (emotion's default on a
  // server), where they break MUI's sibling selectors (the phone field's placeholder showed under
  // its label). The app's cache (the same, lib/emotion-cache.ts) takes them over when it starts.
  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n()} emotionCache={cache}>
      {element}
    </AppProviders>,
  );
  // Every style the render inserted, not only those the markup names: a styled component that wraps
  // another (MUI's IconButton around ButtonBase, ...) inserts its own class too, which no element
  // carries. Left out, the browser serialized and inserted each of them while it hydrated (39 rules
  // on /login, about 0.1 s of a phone's CPU in one long task); named here, emotion knows they are in.
  const inserted = Object.keys(cache.inserted).map((id) => `${cache.key}-${id}`);
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(`${html} ${inserted.join(' ')}`)) };
}
