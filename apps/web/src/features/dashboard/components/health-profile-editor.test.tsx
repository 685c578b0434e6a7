import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { appointment, COACH_ID, dashboardTestEnv, installStaffServer, memberCareView, physician } from './dashboard-test-kit';

dashboardTestEnv();

describe("the clinician edits the member's health profile (issue 11)", () => {
  it('from the member panel: one item per line, sent to PATCH /api/members/{id}/health-profile, and the panel shows the answer', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [appointment({ id: 'apt_1', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician() })] });
    server.state.memberProfile = memberCareView({
      id: 'mem_9',
      alergies: [],
      medications: ['Losartán 50 mg'],
      medicalConditions: [],
      surgeries: [{ name: 'Apendicectomía', date: '2015-06-01', howLong: null, dateApprox: null }],
    });
    renderApp('/dashboard/consulta/apt_1', { language: 'es' });

    const profile = await screen.findByTestId('member-profile', {}, { timeout: 15_000 });
    fireEvent.click(await within(profile).findByTestId('member-profile-edit'));
    const dialog = await screen.findByTestId('health-profile-editor');
    expect(within(dialog).getByText('Perfil de salud del socio')).toBeTruthy();
    expect((within(dialog).getByTestId('health-edit-medications') as HTMLTextAreaElement).value).toBe('Losartán 50 mg');
    fireEvent.change(within(dialog).getByTestId('health-edit-alergies'), { target: { value: 'Penicilina\n  Sulfas  \n' } });
    fireEvent.change(within(dialog).getByTestId('health-edit-medicalConditions'), { target: { value: 'Hipertensión' } });
    fireEvent.click(within(dialog).getByTestId('health-edit-save'));

    await waitFor(() => expect(server.calls.filter((c) => c.url === '/api/members/mem_9/health-profile' && c.method === 'PATCH')).toHaveLength(1));
    const patch = server.calls.find((c) => c.url === '/api/members/mem_9/health-profile')!;
    // Only the lists she changed, each with what she read (the server merges them into what it
    // holds: an allergy the member added meanwhile stays).
    expect(patch.body).toEqual({
      alergies: ['Penicilina', 'Sulfas'],
      medicalConditions: ['Hipertensión'],
      basedOn: { alergies: [], medicalConditions: [] },
    });
    await waitFor(() => expect(screen.queryByTestId('health-profile-editor')).toBeNull());
    await waitFor(() => expect(within(screen.getByTestId('member-profile')).getByTestId('member-profile-allergies').textContent).toContain('Penicilina, Sulfas'));
    expect(within(screen.getByTestId('member-profile')).getByTestId('member-profile-conditions').textContent).toContain('Hipertensión');
  });

  it('a tap beside the dialog keeps what she changed (it closed and threw the edits away); untouched, it closes', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [appointment({ id: 'apt_1', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: physician() })] });
    server.state.memberProfile = memberCareView({ id: 'mem_9', alergies: [], medications: [], medicalConditions: [], surgeries: [] });
    renderApp('/dashboard/consulta/apt_1', { language: 'es' });
    const profile = await screen.findByTestId('member-profile', {}, { timeout: 15_000 });
    const backdrop = () => document.querySelector('.MuiBackdrop-root:not(.MuiBackdrop-invisible)')!;
    fireEvent.click(await within(profile).findByTestId('member-profile-edit'));
    await screen.findByTestId('health-profile-editor');
    fireEvent.click(backdrop());
    await waitFor(() => expect(screen.queryByTestId('health-profile-editor')).toBeNull());

    fireEvent.click(within(profile).getByTestId('member-profile-edit'));
    const dialog = await screen.findByTestId('health-profile-editor');
    fireEvent.change(within(dialog).getByTestId('health-edit-alergies'), { target: { value: 'Penicilina' } });
    fireEvent.click(backdrop());
    expect(screen.getByTestId('health-profile-editor')).toBeTruthy();
    expect((within(dialog).getByTestId('health-edit-alergies') as HTMLTextAreaElement).value).toBe('Penicilina');
  });
});
