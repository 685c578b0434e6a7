import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { snackbarClasses } from '@mui/material/Snackbar';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { hideToast, showMissingFieldsToast, showToast } from '@/lib/toast';
import { BottomDrawer } from './bottom-drawer';
import { ToastHost } from './toast-host';

const i18n = createI18n('es');
const page = (open: { dialog?: boolean; sheet?: boolean }) => (
  <I18nextProvider i18n={i18n}>
    <ToastHost />
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

describe("a form's missing-fields warning and the person answering it (on a phone it sat over the submit button)", () => {
  it('goes at their next tap or key outside it; a tap on it, or another toast, does not', async () => {
    const view = render(
      <I18nextProvider i18n={i18n}>
        <ToastHost />
        <button type="button">5</button>
      </I18nextProvider>,
    );
    act(() => showMissingFieldsToast());
    const toast = await screen.findByTestId('toast');
    fireEvent.pointerDown(toast); // reading it, or reaching for its close button
    expect(screen.getByTestId('toast')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: '5' })); // a rating: answering it
    // Well before the warning's own 10 s.
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull(), { timeout: 2_000 });

    act(() => showMissingFieldsToast());
    await screen.findByTestId('toast');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull(), { timeout: 2_000 });

    // Any other toast (an answer, an error) is read to its end.
    act(() => showToast({ variant: 'warning', message: 'error_unknown_error' }));
    await screen.findByTestId('toast');
    fireEvent.pointerDown(screen.getByRole('button', { name: '5' }));
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('toast')).toBeTruthy();
    view.unmount();
  });
});

describe('a toast and the keyboard focus (WCAG 2.4.11)', () => {
  it('while it shows, the page keeps a focused control above it: its height joins the bottom the browser scrolls the focus clear of', async () => {
    // jsdom lays nothing out: the snackbar's top is 648 px down the window.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains(snackbarClasses.root) ? DOMRect.fromRect({ x: 8, y: 648, width: 374, height: 48 }) : DOMRect.fromRect();
    });
    const html = document.documentElement;
    try {
      const view = render(
        <I18nextProvider i18n={i18n}>
          <ToastHost />
        </I18nextProvider>,
      );
      expect(html.style.getPropertyValue('--toast-cover')).toBe('');
      act(() => showToast({ variant: 'success', message: 'pharmacy_chosen' }));
      await screen.findByTestId('toast');
      await waitFor(() => expect(html.style.getPropertyValue('--toast-cover')).toBe(`${window.innerHeight - 648 + 8}px`));
      act(() => hideToast());
      await waitFor(() => expect(html.style.getPropertyValue('--toast-cover')).toBe(''));
      view.unmount();
    } finally {
      rect.mockRestore();
    }
  });
});
