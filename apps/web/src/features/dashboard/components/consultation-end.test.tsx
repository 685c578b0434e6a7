import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { alertFor, answerVideoToken, appointment, COACH_ID, DOCTOR_ID, dashboardTestEnv, fakeCameraBetweenTests, installStaffServer, physician } from './dashboard-test-kit';

const socket = dashboardTestEnv();
const coach = physician();
const doctor = physician({ id: DOCTOR_ID, firstName: 'Emily', lastName: 'Carter', userType: 'us-physician' });
fakeCameraBetweenTests();

describe('a coach declines a request (issue 11)', () => {
  it('she confirms first; the request leaves her list and the server is told', async () => {
    const request = appointment({ id: 'apt_q', state: '1-in-queue-for-coach', memberName: 'Ana López' });
    const server = installStaffServer({ userType: 'mx-physician', queue: [request], preferredLang: 'en' });
    renderApp('/dashboard', { language: 'en' });
    fireEvent.click(await screen.findByTestId('decline-request'));
    // "Are you sure" first: going back declines nothing.
    expect(within(await screen.findByTestId('decline-request-dialog')).getByText('Decline this request?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('decline-request-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('decline-request-dialog')).toBeNull());
    expect(server.opCalls('DeclineAppointment')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('decline-request'));
    fireEvent.click(await screen.findByTestId('decline-request-dialog-confirm'));
    await waitFor(() => expect(server.opCalls('DeclineAppointment')).toHaveLength(1));
    expect(server.opCalls('DeclineAppointment')[0]!.variables).toEqual({ appointmentId: 'apt_q' });
    await waitFor(() => expect(screen.queryByTestId('request-card-apt_q')).toBeNull());
    expect(await screen.findByText('Request declined. It will not be offered to you again.')).toBeTruthy();
  });
});

describe('hang-up in the call bar, for clinicians (issue 11)', () => {
  it.each([
    ['coach', 'mx-physician', appointment({ id: 'apt_1', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach }), 'coach-end', 'coach-finish-video-call'],
    [
      'US doctor',
      'us-physician',
      appointment({ id: 'apt_1', state: '8-er-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true, location: { country: 'US', state: 'CA', city: 'San Diego' } }),
      'doctor-end',
      '9-er-ends-call',
    ],
  ] as const)('the %s confirms, the call ends for everyone, and she is back in the consultation on the dashboard', async (_who, userType, a, kind, to) => {
    const server = installStaffServer({ userType, appointments: [a], preferredLang: 'en' });
    answerVideoToken();
    const { router } = renderApp('/consulta/video-llamada?appointmentId=apt_1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('call-hang-up'));
    const dialog = await screen.findByTestId('hang-up-dialog');
    expect(dialog.getAttribute('data-kind')).toBe(kind);
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('hang-up-confirm'));
    });
    await waitFor(() => expect(server.opCalls('UpdateAppointment')).toHaveLength(1));
    expect(server.opCalls('UpdateAppointment')[0]!.variables).toEqual({ appointment: { id: 'apt_1', state: to } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_1'));
  });

  it('a consultation the member cancels under the coach: she is told why and is back on the dashboard', async () => {
    const a = appointment({ id: 'apt_1', state: '3-coach-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach });
    installStaffServer({ userType: 'mx-physician', appointments: [a], preferredLang: 'es' });
    answerVideoToken();
    const { router } = renderApp('/consulta/video-llamada?appointmentId=apt_1', { language: 'es' });
    await screen.findByTestId('call-hang-up');
    act(() => socket.serverEmit('appointment-alert', { ...alertFor({ ...a, state: '12-canceled', statusReason: 'canceled-by-socio' }), previousState: '3-coach-joins-call' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('El socio terminó la consulta.')).toBeTruthy();
  });

  it('finishing the consultation takes the clinician back to the dashboard, with the next request in view', async () => {
    const a = appointment({ id: 'apt_1', state: '4-coach-ends-call', mxDoctorId: COACH_ID, mxDoctor: coach });
    const next = appointment({ id: 'apt_next', state: '1-in-queue-for-coach', memberName: 'Luis Pérez' });
    installStaffServer({ userType: 'mx-physician', appointments: [a], queue: [next], preferredLang: 'en' });
    const { router } = renderApp('/dashboard/consulta/apt_1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('finish-consultation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('request-card-apt_next')).toBeTruthy();
  });

  it('the coach told the US doctor finished (S9) closes the notice and is back on the dashboard, the next request in view', async () => {
    const a = appointment({ id: 'apt_1', state: '8-er-joins-call', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true });
    const next = appointment({ id: 'apt_next', state: '1-in-queue-for-coach', memberName: 'Luis Pérez' });
    const server = installStaffServer({ userType: 'mx-physician', appointments: [a], queue: [next], preferredLang: 'en' });
    const { router } = renderApp('/dashboard/consulta/apt_1', { language: 'en' });
    await screen.findByTestId('member-panel');
    const ended = { ...a, state: '9-er-ends-call' as const };
    server.state.appointments.set('apt_1', ended);
    act(() => socket.serverEmit('appointment-alert', { ...alertFor(ended), previousState: '8-er-joins-call' }));
    const modal = await screen.findByTestId('doctor-modal');
    expect(modal.getAttribute('data-modal')).toBe('consultation-finished');
    fireEvent.click(within(modal).getByTestId('doctor-modal-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('request-card-apt_next')).toBeTruthy();
    expect(screen.queryByTestId('prescription-workspace')).toBeNull();
  });
});
