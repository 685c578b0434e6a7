import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { showConnectionError } from '@/lib/ui-store';

// The connection-error dialog's chunk cannot be fetched (offline on a first visit, before the
// service worker has it): its import fails.
vi.mock('@/components/ui/connection-error-dialog', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => vi.restoreAllMocks());

describe("the shell's dialogs when their code cannot load", () => {
  it('a connection error is told by a toast instead of its dialog, and the screen stays', async () => {
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
