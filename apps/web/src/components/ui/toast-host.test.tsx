import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { hideToast, showToast } from '@/lib/toast';
import { BottomDrawer } from './bottom-drawer';
import { ToastSlot } from './toast-slot';

const i18n = createI18n('es');
const page = (open: { dialog?: boolean; sheet?: boolean }) => (
  <I18nextProvider i18n={i18n}>
    <ToastSlot />
    <Dialog open={open.dialog === true} aria-labelledby="dialog-title">
      <DialogTitle id="dialog-title">¿Cancelar la cita?</DialogTitle>
    </Dialog>
    <BottomDrawer open={open.sheet === true} onClose={() => undefined} title="¿Necesitas ayuda?">
      <button type="button">Enviar un WhatsApp</button>
    </BottomDrawer>
  </I18nextProvider>
);

afterEach(() => act(() => hideToast()));

describe('the toast and what opens above the screen (a phone: the toast sat over its buttons)', () => {
  it.each([
    ['a dialog', { dialog: true }, '¿Cancelar la cita?'],
    ['a bottom sheet (its code loads when it first opens)', { sheet: true }, '¿Necesitas ayuda?'],
  ])('%s that opens dismisses a toast about the screen beneath; one shown while it is open stays', async (_what, open, name) => {
    const view = render(page({}));
    act(() => showToast({ variant: 'warning', message: 'form_missing_fields', durationMs: 60_000 })); // not gone by itself
    expect(await screen.findByTestId('toast')).toBeTruthy();
    view.rerender(page(open));
    await screen.findByRole('dialog', { name });
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
    // An answer to its own action.
    act(() => showToast({ variant: 'error', message: 'error_unknown_error' }));
    expect(await screen.findByTestId('toast')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('toast')).toBeTruthy();
    view.unmount();
  });
});

describe("the toasts' place in the shell (their code comes with the first toast, issue 10)", () => {
  it('shows a toast given before it was mounted, keeps the host after it closes, and shows the next one', async () => {
    act(() => showToast({ variant: 'info', message: 'form_missing_fields', durationMs: 60_000 }));
    const view = render(page({}));
    expect((await screen.findByTestId('toast')).textContent).toBe(i18n.t('form_missing_fields'));
    act(() => hideToast());
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
    act(() => showToast({ variant: 'error', message: 'error_unknown_error' }));
    expect((await screen.findByTestId('toast')).getAttribute('data-variant')).toBe('error');
    view.unmount();
  });
});
