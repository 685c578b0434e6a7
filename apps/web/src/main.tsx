import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
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
const prerendered = container.firstElementChild !== null && !container.firstElementChild.hasAttribute(PLACEHOLDER_ATTRIBUTE);
void loadLanguage(undefined, { firstRender: true }).then(() => {
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
