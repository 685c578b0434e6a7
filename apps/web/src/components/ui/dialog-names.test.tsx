import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { closeInfoModal, openInfoModal } from '@/lib/ui-store';
import { BottomDrawer } from './bottom-drawer';
import { InfoModal } from './info-modal';

// A dialog without a name is announced as just "dialog" (axe: aria-dialog-name; Lighthouse found the
// download-app sheet so on a member's return to /inicio).
describe('every dialog is named', () => {
  afterEach(() => act(() => closeInfoModal()));

  it('a bottom sheet by its title', async () => {
    render(
      <I18nextProvider i18n={createI18n('es')}>
        <BottomDrawer open onClose={() => undefined} title="Descarga la app de Puente">
          <p>Recibe avisos de tus consultas.</p>
        </BottomDrawer>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Descarga la app de Puente' })).toBeTruthy();
  });

  it('the info modal by its title, or by its body when it has none (a message from the server)', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MemoryRouter>
          <InfoModal />
        </MemoryRouter>
      </I18nextProvider>,
    );
    act(() => openInfoModal({ title: 'appointment_timeout_modal_title', body: 'push_technical_issues_no_coach_body' }));
    // Its DialogTitle keeps naming it (the modal passes no id of its own then).
    expect(screen.getByRole('dialog', { name: 'Time limit' })).toBeTruthy();

    act(() => openInfoModal({ body: 'This invitation has expired.', raw: true }));
    expect(screen.getByRole('dialog', { name: 'This invitation has expired.' })).toBeTruthy();
  });
});
