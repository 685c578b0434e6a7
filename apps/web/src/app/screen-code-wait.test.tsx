import { afterEach, describe, expect, it, vi } from 'vitest';

const HISTORY_SCREEN = '@/features/record/components/history-screen';

/**
 * A signed-in member opens /consulta/historial on a first visit: fresh modules (the test setup and
 * render-app load every screen's code first), in which the history screen's module stays on its way
 * until `release` lets it in, or fails to load. The mock is this file's only (vi.doMock, undone after
 * each test: the web tests share their worker's modules), and so is its render.
 */
let cleanup = (): void => undefined;
const firstVisit = async (code: 'held' | 'failing') => {
  vi.resetModules();
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.doMock(HISTORY_SCREEN, async (importOriginal) => {
    if (code === 'failing') throw new TypeError('Failed to fetch dynamically imported module');
    await held;
    return importOriginal();
  });
  const testing = await import('@testing-library/react');
  cleanup = testing.cleanup;
  const { installFakeFetch, member } = await import('@/test/fake-fetch');
  const { App } = await import('./app');
  const { loadLanguage } = await import('@/lib/i18n');
  const { preloadSignedInShell } = await import('./signed-in-shell-loader');
  await Promise.all([loadLanguage('es'), preloadSignedInShell()]);
  window.localStorage.setItem('sessionToken', 'st_1');
  const { calls } = installFakeFetch((call) => {
    if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member() } } };
    if (call.url.startsWith('/api/records/history')) return { status: 200, body: { items: [], nextCursor: null } };
    return undefined;
  });
  window.history.replaceState(null, '', '/consulta/historial');
  // Whether the screen's Suspense fallback ever showed (route-table's routeElement).
  let fallbackShown = false;
  const observer = new MutationObserver(() => {
    fallbackShown ||= document.querySelector('[data-testid="screen-code-loading"]') !== null;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  testing.render(<App />);
  return { ...testing, calls, release, fallbackShown: () => (observer.takeRecords(), fallbackShown || document.querySelector('[data-testid="screen-code-loading"]') !== null) };
};

afterEach(() => {
  cleanup();
  vi.doUnmock(HISTORY_SCREEN);
  vi.resetModules();
});

describe("the first screen's code (issue 10, first load: LCP)", () => {
  it('arriving after the member and the shell: the layout shows its spinner in the screen\'s place, the screen never suspends, then shows', async () => {
    const { screen, waitFor, within, calls, release, fallbackShown } = await firstVisit('held');
    // Once the member has been answered (the shell is loaded already), only the screen's code is
    // missing: the screen's place, in the layout (the bottom navigation with it), shows the layout's spinner.
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('progressbar')).toBeTruthy());
    expect(calls.some((c) => c.url === '/api/graphql')).toBe(true);
    expect(await screen.findByRole('navigation')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('progressbar')).toBeTruthy();
    expect(fallbackShown()).toBe(false);

    release();
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
    // React shows a Suspense boundary's content no sooner than 300 ms after its fallback: there was none.
    expect(fallbackShown()).toBe(false);
  });

  it('that cannot be fetched: the screen says so (with its retry), not a spinner for ever', async () => {
    const { screen } = await firstVisit('failing');
    expect(await screen.findByTestId('screen-error-retry')).toBeTruthy();
  });
});
