import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { appointment, COACH_ID, dashboardTestEnv, installStaffServer, NOTE, physician } from './dashboard-test-kit';

dashboardTestEnv();

describe('staff screens are in the staff member’s language', () => {
  it('an English-speaking coach on a device left in Spanish gets the dashboard in English', async () => {
    installStaffServer({ userType: 'mx-physician', preferredLang: 'en' });
    const { i18n } = renderApp('/dashboard', { language: 'es' });
    await waitFor(() => expect(screen.getByText('Puente · Clinical dashboard')).toBeTruthy());
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('a Spanish-speaking US doctor on a device left in English gets it in Spanish', async () => {
    installStaffServer({ userType: 'us-physician', preferredLang: 'es' });
    const { i18n } = renderApp('/dashboard', { language: 'en' });
    await waitFor(() => expect(screen.getByText('Puente · Panel clínico')).toBeTruthy());
    expect(i18n.language).toBe('es');
  });
});

describe('the staff language choice (issue 11)', () => {
  it('a US doctor whose language is English gets the dashboard in English on a Spanish device', async () => {
    installStaffServer({ userType: 'us-physician', preferredLang: 'en' });
    const { i18n } = renderApp('/dashboard', { language: 'es' });
    await waitFor(() => expect(screen.getByText('Puente · Clinical dashboard')).toBeTruthy());
    expect(i18n.language).toBe('en');
    expect(await screen.findByText('Escalations from coaches')).toBeTruthy();
  });

  it('a coach chooses English on the dashboard: it is stored as her language and the screens follow', async () => {
    const server = installStaffServer({ userType: 'mx-physician', preferredLang: 'es' });
    const { i18n } = renderApp('/dashboard', { language: 'es' });
    await waitFor(() => expect(screen.getByText('Puente · Panel clínico')).toBeTruthy());
    fireEvent.mouseDown(within(screen.getByTestId('staff-language').parentElement!).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('staff-language-en'));
    await waitFor(() => expect(server.opCalls('UpdateMember')).toHaveLength(1));
    expect(server.opCalls('UpdateMember')[0]!.variables).toMatchObject({ data: { preferredLang: 'en' } });
    await waitFor(() => expect(screen.getByText('Puente · Clinical dashboard')).toBeTruthy());
    expect(i18n.language).toBe('en');
  });

  it.each([
    ['es', 'Nota de sesión', 'Observaciones'],
    ['en', 'Session note', 'Observations'],
  ] as const)('the session note template reads in the clinician’s language (%s)', async (language, title, field) => {
    const a = appointment({ id: 'apt_1', state: '3-coach-joins-call', practice: 'mentalhealth', mxDoctorId: COACH_ID, mxDoctor: physician() });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a], preferredLang: language });
    server.state.note = { ...NOTE, templates: [{ _id: 'mentalhealth-session', practice: 'mentalhealth', name: 'Nota de sesión psicológica', label: { member: 'Resumen', mxPhysician: 'Nota de sesión', usPhysician: 'Session note' }, fields: [{ name: 'observations', label: 'Observaciones', kind: 'textarea' }] }] };
    renderApp('/dashboard/consulta/apt_1', { language });
    expect((await screen.findByTestId('notes-template')).textContent).toBe(title);
    expect(screen.getByLabelText(field)).toBeTruthy();
  });
});
