import { afterEach, describe, expect, it, vi } from 'vitest';

const CONNECTION_ERROR_DIALOG = '@/components/ui/connection-error-dialog';

/**
 * The connection-error dialog's chunk cannot be fetched (offline on a first visit, before the service
 * worker has it): its import fails. The web tests share their worker's modules (isolate: false), and
 * React.lazy keeps what its import gave for the module's life: a hoisted vi.mock here would either
 * find the dialog already loaded by an earlier file (and this test fail) or leave it failed for every
 * file after this one (their connection-error dialogs never showing). So the mock is this file's only
 * (vi.doMock on fresh modules, undone after the test), and so is its render.
 */
let cleanup = (): void => undefined;
const appWithoutTheDialog = async () => {
  vi.resetModules();
  vi.doMock(CONNECTION_ERROR_DIALOG, () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
  const testing = await import('@testing-library/react');
  cleanup = testing.cleanup;
  const { installFakeFetch } = await import('@/test/fake-fetch');
  const { renderApp } = await import('@/test/render-app');
  const { showConnectionError } = await import('@/lib/ui-store');
  const { loadLanguage } = await import('@/lib/i18n');
  await loadLanguage('es');
  return { ...testing, installFakeFetch, renderApp, showConnectionError };
};

afterEach(() => {
  cleanup();
  vi.doUnmock(CONNECTION_ERROR_DIALOG);
  vi.resetModules();
  vi.restoreAllMocks();
});

describe("the shell's dialogs when their code cannot load", () => {
  it('a connection error is told by a toast instead of its dialog, and the screen stays', async () => {
    const { act, screen, installFakeFetch, renderApp, showConnectionError } = await appWithoutTheDialog();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch(() => undefined);
    const view = renderApp('/login');
    await screen.findByTestId('login-screen');
    act(() => showConnectionError('back'));
    expect((await screen.findByTestId('toast')).textContent).toContain(view.i18n.t('error_network'));
    expect(screen.getByTestId('login-screen')).toBeTruthy();
    expect(screen.queryByTestId('connection-error-dialog')).toBeNull();
  });
});
