import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertFor, appointment, COACH_ID, DOCTOR_ID, dashboardTestEnv, installStaffServer, physician } from '@/features/dashboard/components/dashboard-test-kit';
import { renderApp } from '@/test/render-app';

const socket = dashboardTestEnv();

const coach = physician();
const doctor = physician({ id: DOCTOR_ID, firstName: 'Emily', lastName: 'Carter', userType: 'us-physician' });
const reviewing = () =>
  appointment({ id: 'apt_1', state: '7-er-is-reviewing', mxDoctorId: COACH_ID, mxDoctor: coach, usDoctorId: DOCTOR_ID, usDoctor: doctor, usDoctorNeeded: true });

describe("the physician's 'Join the video call' follows the consultation (no reload)", () => {
  it('the US doctor joins the call (S7 -> S8) on the consultation: the button appears at once', async () => {
    const server = installStaffServer({ userType: 'us-physician', appointments: [reviewing()] });
    renderApp('/dashboard/consulta/apt_1', { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('7-er-is-reviewing'));
    expect(screen.queryByTestId('join-video-call')).toBeNull();
    const reads = server.opCalls('GetAppointment').length;

    fireEvent.click(await screen.findByTestId('join-call'));
    await waitFor(() => expect(screen.getByTestId('appointment-state').getAttribute('data-state')).toBe('8-er-joins-call'));
    expect(await screen.findByTestId('join-video-call')).toBeTruthy();
    // The button needed no read of its own: it shows the screen's answer to the state change.
    expect(server.opCalls('GetAppointment').length).toBe(reads);
  });

  it('a realtime alert that moves the consultation out of the call hides it again', async () => {
    const server = installStaffServer({ userType: 'us-physician', appointments: [{ ...reviewing(), state: '8-er-joins-call' }] });
    const { router } = renderApp('/dashboard/consulta/apt_1', { language: 'en' });
    await screen.findByTestId('join-video-call');
    const ended = { ...reviewing(), state: '9-er-ends-call' as const };
    server.state.appointments.set('apt_1', ended);
    act(() => socket.serverEmit('appointment-alert', alertFor(ended)));
    await waitFor(() => expect(screen.queryByTestId('join-video-call')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_1');
  });
});
