import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
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
});
