import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { showToast, toastStore } from '@/lib/toast';
import { BottomDrawer } from './bottom-drawer';

const sheet = (open: boolean) => (
  <I18nextProvider i18n={createI18n('es')}>
    <BottomDrawer open={open} onClose={() => undefined} title="¿Necesitas ayuda?" testId="help-drawer">
      <button type="button">Enviar un WhatsApp</button>
    </BottomDrawer>
  </I18nextProvider>
);

describe('a bottom sheet', () => {
  it('renders nothing of itself until it first opens, then shows as a named dialog', async () => {
    const view = render(sheet(false));
    expect(view.container.innerHTML).toBe('');
    expect(document.querySelector('[data-testid="help-drawer"]')).toBeNull();
    view.rerender(sheet(true));
    expect(await screen.findByRole('dialog', { name: '¿Necesitas ayuda?' })).toBeTruthy();
    view.unmount();
  });

  it("dismisses a toast about the screen beneath, which would sit over the sheet's buttons", async () => {
    const view = render(sheet(false));
    act(() => showToast({ variant: 'warning', message: 'form_missing_fields' }));
    expect(toastStore.get()).not.toBeNull();
    view.rerender(sheet(true));
    await screen.findByRole('dialog', { name: '¿Necesitas ayuda?' });
    expect(toastStore.get()).toBeNull();
    // A toast shown while it is open (an answer to the sheet's own action) stays.
    act(() => showToast({ variant: 'success', message: 'home_scheduled_support_sent' }));
    expect(toastStore.get()).not.toBeNull();
    view.unmount();
  });
});
