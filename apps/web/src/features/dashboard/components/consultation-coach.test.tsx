import type { AppointmentState } from '@puente/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdRequests } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { alertFor, appointment, COACH_ID, DOCTOR_ID, dashboardTestEnv, installStaffServer, memberCareView, physician } from './dashboard-test-kit';

const socket = dashboardTestEnv();

const coach = physician();
const doctor = physician({ id: DOCTOR_ID, firstName: 'Emily', lastName: 'Carter', userType: 'us-physician' });
const inCall = (state: AppointmentState = '3-coach-joins-call') => appointment({ id: 'apt_1', state, mxDoctorId: COACH_ID, mxDoctor: coach });

/** Ana as GET /api/members/{id} answers her coach (the care view): born 1990, with allergies and history. */
const ana = memberCareView({
  id: 'mem_9',
  birthday: Date.parse('1990-04-12T00:00:00Z'),
  sex: 'female',
  height: 162,
  weight: 58,
  alergies: ['Penicilina'],
  medications: ['Losartán 50 mg'],
  medicalConditions: ['Hipertensión'],
  surgeries: [{ name: 'Apendicectomía', date: '2015-06-01', howLong: null, dateApprox: null }],
  address: { city: 'Guadalajara', state: 'JAL', country: 'MX' },
});
const pastVisit = {
  id: 'apt_old',
  startDate: '2026-03-02T10:00:00.000Z',
  state: '11-finished',
  status: 'finished',
  statusReason: null,
  type: 'on-demand',
  channel: 'video-call',
  practice: 'health',
  reason: 'Gripe',
  physicianName: 'Daniel Rivera',
  physicianUserType: 'mx-physician',
  prescriptionNeeded: false,
  parentAppointmentId: null,
  chatHasMessages: false,
};

describe("the coach reads the member's profile and past consultations", () => {
  it.each([
    ['es', 'Alergias', 'Penicilina', 'Consultas anteriores', 'Videollamada'],
    ['en', 'Allergies', 'Penicilina', 'Past consultations', 'Video call'],
  ] as const)('on the consultation screen (%s)', async (language, allergiesLabel, allergy, historyTitle, channel) => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()], preferredLang: language });
    server.state.memberProfile = ana;
    server.state.history = [pastVisit, { ...pastVisit, id: 'apt_1', startDate: '2026-11-21T18:00:00.000Z' }];
    renderApp('/dashboard/consulta/apt_1', { language });

    const profile = await screen.findByTestId('member-profile');
    await waitFor(() => expect(within(profile).getByTestId('member-profile-allergies').textContent).toBe(`${allergiesLabel}${allergy}`));
    expect(within(profile).getByTestId('member-profile-medications').textContent).toContain('Losartán 50 mg');
    expect(within(profile).getByTestId('member-profile-conditions').textContent).toContain('Hipertensión');
    expect(within(profile).getByTestId('member-profile-surgeries').textContent).toContain('Apendicectomía');
    expect(within(profile).getByTestId('member-profile-measures').textContent).toContain('162 cm · 58 kg');
    expect(within(profile).getByTestId('member-profile-location').textContent).toContain('Guadalajara, JAL, MX');
    expect(within(profile).getByTestId('member-profile-age').textContent).toMatch(/3\d (años|years)/);
    expect(server.calls.some((c) => c.url === '/api/members/mem_9')).toBe(true);

    const history = await screen.findByTestId('member-history');
    expect(history.textContent).toContain(historyTitle);
    const item = await within(history).findByTestId('member-history-apt_old');
    expect(item.textContent).toContain('Daniel Rivera');
    expect(item.textContent).toContain('Gripe');
    expect(item.textContent).toContain(channel);
    // The consultation in course is not a past one.
    expect(within(history).queryByTestId('member-history-apt_1')).toBeNull();
  });

  it('a profile the server refuses (404) says so instead of showing stale data', async () => {
    installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    renderApp('/dashboard/consulta/apt_1');
    const profile = await screen.findByTestId('member-profile');
    expect(await within(profile).findByText('No pudimos cargar el perfil del socio.')).toBeTruthy();
  });
});

describe('the consultation page always has its level-one heading (axe: page-has-heading-one)', () => {
  it('while the consultation loads, and when it is not found', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall()] });
    const release = holdRequests(server.fetchMock, 'GetAppointment');
    renderApp('/dashboard/consulta/apt_missing');
    // Loading: the page's title is its heading (the header names the member once it is here).
    expect(await screen.findByRole('heading', { level: 1, name: 'Consulta del paciente' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByTestId('consultation-error')).toBeNull();
    release();
    expect(await screen.findByTestId('consultation-error')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Consulta del paciente');
  });
});

describe("a US doctor accepts: the coach's support modal (spec 001 §6)", () => {
  it('the ER_ACCEPTS_CONSULTATION alert shows it although the consultation already reads S7', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [inCall('6-in-queue-for-er')] });
    renderApp('/dashboard/consulta/apt_1');
    await screen.findByTestId('continue-alone');
    // The server stores S7 right after the accept: the refetch never sees ER_ACCEPTS_CONSULTATION.
    const reviewing = { ...inCall('7-er-is-reviewing'), usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true };
    server.state.appointments.set('apt_1', reviewing);
    act(() => socket.serverEmit('appointment-alert', alertFor({ ...reviewing, state: 'er-accepts-consultation' })));
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('us-doctor-support');
    act(() => socket.serverEmit('appointment-alert', alertFor(reviewing)));
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('7-er-is-reviewing'));
    fireEvent.click(screen.getByTestId('doctor-modal-close'));
    await waitFor(() => expect(screen.queryByTestId('doctor-modal')).toBeNull());
  });

  it('an alert for another appointment shows nothing', async () => {
    installStaffServer({ userType: 'mx-physician', appointments: [inCall('6-in-queue-for-er')] });
    renderApp('/dashboard/consulta/apt_1');
    await screen.findByTestId('continue-alone');
    act(() => socket.serverEmit('appointment-alert', alertFor({ ...inCall('er-accepts-consultation'), id: 'apt_other' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('doctor-modal')).toBeNull();
  });

  it('the coach back on the list sees it too', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    server.state.current = inCall('6-in-queue-for-er');
    renderApp('/dashboard');
    await screen.findByTestId('current-consultation');
    server.state.current = { ...inCall('7-er-is-reviewing'), usDoctorId: DOCTOR_ID, usDoctor: doctor };
    act(() => socket.serverEmit('appointment-alert', alertFor({ ...server.state.current!, state: 'er-accepts-consultation' })));
    expect((await screen.findByTestId('doctor-modal')).getAttribute('data-modal')).toBe('us-doctor-support');
  });
});

describe('waiting for a US doctor (S6), the coach may continue alone', () => {
  it('shows the button and moves the consultation to CONSULTATION_WITHOUT_ER', async () => {
    const server = installStaffServer({ userType: 'mx-physician', appointments: [{ ...inCall('6-in-queue-for-er'), usDoctorNeeded: true }] });
    renderApp('/dashboard/consulta/apt_1');
    fireEvent.click(await screen.findByTestId('continue-alone'));
    await waitFor(() => expect(server.opCalls('UpdateAppointment')[0]?.variables).toEqual({ appointment: { id: 'apt_1', state: 'consultation-without-er' } }));
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('consultation-without-er'));
    expect(screen.getByTestId('finish-call')).toBeTruthy();
  });

  it('a US doctor offered the escalation has no such button, and reads no profile before taking it', async () => {
    const server = installStaffServer({ userType: 'us-physician', appointments: [{ ...inCall('6-in-queue-for-er'), usDoctorNeeded: true }] });
    server.state.memberProfile = ana;
    renderApp('/dashboard/consulta/apt_1');
    await screen.findByTestId('accept-escalation');
    expect(screen.queryByTestId('continue-alone')).toBeNull();
    expect(screen.queryByTestId('member-profile')).toBeNull();
    expect(server.calls.some((c) => c.url.startsWith('/api/members/'))).toBe(false);
  });
});
