import { APPOINTMENT_STATE as S } from '@puente/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appointment, fakeServer } from '@/test/consultation-fixtures';
import { resetCurrentAppointment, setCurrentAppointment } from '@/test/current-appointment';
import { renderApp } from '@/test/render-app';

/** spec 4: S5 (the coach sends the treatment plan) turns the consultations tab's label into its notification variant. */
describe('the consultations tab of the member’s bottom navigation', () => {
  afterEach(() => resetCurrentAppointment());

  it('shows its notification variant while her consultation is in S5, and its plain label otherwise', async () => {
    fakeServer({ byId: { apt_1: appointment({ id: 'apt_1', state: S.S2_COACH_IS_REVIEWING }) } });
    setCurrentAppointment({ id: 'apt_1', state: S.S2_COACH_IS_REVIEWING });
    renderApp('/perfil');
    const tab = await screen.findByTestId('nav-nav_consultations');
    expect(tab.textContent).toBe('Consultas');
    expect(tab.getAttribute('data-notice')).toBeNull();
    expect(within(tab).queryByTestId('nav-notice-dot')).toBeNull();
    // The alert that moves her consultation to S5 patches the cached record: the tab follows it.
    act(() => setCurrentAppointment({ id: 'apt_1', state: S.S5_COACH_SENDS_RX }));
    await waitFor(() => expect(screen.getByTestId('nav-nav_consultations').textContent).toBe('Consultas · novedad'));
    expect(screen.getByTestId('nav-nav_consultations').getAttribute('data-notice')).toBe('true');
    // The dot on its icon.
    const dot = within(screen.getByTestId('nav-nav_consultations')).getByTestId('nav-notice-dot');
    expect(dot.querySelector('svg')).not.toBeNull();
  });

  it('is in the member’s language', async () => {
    fakeServer({ byId: { apt_1: appointment({ id: 'apt_1', state: S.S5_COACH_SENDS_RX }) } });
    setCurrentAppointment({ id: 'apt_1', state: S.S5_COACH_SENDS_RX });
    renderApp('/perfil', { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('nav-nav_consultations').textContent).toBe('Consultations · new'));
  });
});
