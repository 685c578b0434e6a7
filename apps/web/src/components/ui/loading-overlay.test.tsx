import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { hideLoading, showLoading } from '@/lib/ui-store';
import { LoadingOverlay } from './loading-overlay';

describe('the global loading overlay (spec 000 §2)', () => {
  it('is in the page only while shown: no hidden spinner animating on every screen', async () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <LoadingOverlay />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(document.querySelector('.MuiCircularProgress-root')).toBeNull();

    act(() => showLoading());
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();

    act(() => hideLoading());
    // Gone once its fade out has ended.
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
    expect(document.querySelector('.MuiCircularProgress-root')).toBeNull();
  });
});
