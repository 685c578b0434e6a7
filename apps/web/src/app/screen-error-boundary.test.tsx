import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { ScreenErrorBoundary } from './screen-error-boundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

const ui = (at: string, child: React.ReactNode, language: 'es' | 'en' = 'es') => (
  <AppProviders queryClient={createQueryClient()} i18n={createI18n(language)}>
    <ScreenErrorBoundary at={at}>{child}</ScreenErrorBoundary>
  </AppProviders>
);

afterEach(() => vi.restoreAllMocks());

describe('a screen that fails to load or render (no blank page)', () => {
  it.each([
    ['es', true, 'No se pudo procesar la petición.', 'Reintentar'],
    ['en', true, 'The request could not be processed.', 'Try again'],
    ['es', false, 'Sin conexión. Revisa tu internet e inténtalo de nuevo.', 'Reintentar'],
    ['en', false, 'No connection. Check your internet and try again.', 'Try again'],
  ] as const)('in %s (online: %s) says why and offers to try again; the next address starts afresh', (language, online, message, retry) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    const view = render(ui('/perfil', <Broken />, language));
    expect(screen.getByRole('alert').textContent).toBe(message);
    // It is the page's one heading (axe's page-has-heading-one found none).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(message);
    expect(screen.getByTestId('screen-error-retry').textContent).toBe(retry);
    // The same address keeps the message; another one shows its screen.
    view.rerender(ui('/perfil', <p data-testid="next">next</p>, language));
    expect(screen.queryByTestId('next')).toBeNull();
    view.rerender(ui('/inicio', <p data-testid="next">next</p>, language));
    expect(screen.getByTestId('next')).toBeTruthy();
    expect(screen.queryByTestId('screen-error')).toBeNull();
  });
});
