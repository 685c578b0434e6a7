import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoute } from '@puente/domain';
import { App } from '@/app/app';
import { preloadScreens } from '@/app/route-table';
import { PLACEHOLDER_ATTRIBUTE } from '@/components/ui/loading-screen';
import { loadLanguage } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

// A screen's chunk that no longer exists (a deploy replaced it while this page was open): load the
// new version of the app once instead of failing, but never loop (e.g. offline with no cache).
window.addEventListener('vite:preloadError', (event) => {
  try {
    const key = 'chunk-reload-at';
    if (!navigator.onLine || Date.now() - Number(window.sessionStorage.getItem(key) ?? 0) < 30_000) return;
    window.sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return; // no session storage: no way to avoid a loop, let the screen show its error (app/screen-error-boundary.tsx)
  }
  event.preventDefault();
  window.location.reload();
});

// Only the default language's entry messages are in the first script: a stored other choice is fetched first.
// Issue 10 (first load, TBT): the first render is a transition, so React renders it in slices that
// yield to the browser every few milliseconds instead of one long task that blocks input.
// A screen in the HTML (a first visit to /login, see src/prerender/first-visit.ts) is hydrated:
// React takes over the markup shown since the HTML arrived instead of rendering it again. As a
// transition, it hydrates in slices too (outside one, hydration is a single task: a 148 ms one on a
// phone's CPU, 4x slower, for /login).
// Any other page shows the loading spinner from its HTML (src/prerender/entry.tsx, `placeholder`):
// rendered over, not hydrated.
// Hydrated with the screen's code at hand (fetched from the HTML's modulepreload links): the layout
// shows a spinner in the place of a screen whose code has not arrived (app/route-table.tsx,
// useScreenCode), which is not the markup in the HTML.
const prerendered = container.firstElementChild !== null && !container.firstElementChild.hasAttribute(PLACEHOLDER_ATTRIBUTE);
const prerenderedScreen = prerendered ? matchRoute(window.location.pathname) : undefined;
void Promise.all([loadLanguage(undefined, { firstRender: true }), prerenderedScreen ? preloadScreens([prerenderedScreen]) : undefined]).then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
