import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appointment, fakeServer, graphqlCalls } from '@/test/consultation-fixtures';
import { getCurrentAppointment, resetCurrentAppointment, setCurrentAppointment } from '@/test/current-appointment';
import { appointmentAlert } from '@/test/appointment-alerts';
import { openSocket, resetSocketsBetweenTests } from '@/test/fake-socket-io';
import { renderApp } from '@/test/render-app';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });

// The network boundary: the Socket.IO client returns our fake sockets.
vi.mock('socket.io-client', () => import('@/test/fake-socket-io'));

const alert = appointmentAlert;

resetSocketsBetweenTests(resetCurrentAppointment);

describe('useAppointmentAlerts: one way in, the cache is the owner (issue 9)', () => {
  it('an alert patches the cached appointment without fetching it again, through one socket listener', async () => {
    const { calls } = fakeServer({ byId: { apt_1: appointment({ state: '1-in-queue-for-coach' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach' });
    renderApp('/inicio');
    expect((await screen.findByTestId('active-appointment-card')).getAttribute('data-state')).toBe('1-in-queue-for-coach');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    const fetchesBefore = graphqlCalls(calls, 'GetAppointment').length;

    // An update is not routed (the member stays on home), but the card shows the new state.
    act(() => socket.serverEmit('appointment-update', alert('6-in-queue-for-er', { usDoctorNeeded: true })));
    await waitFor(() => expect(screen.getByTestId('active-appointment-card').getAttribute('data-state')).toBe('6-in-queue-for-er'));
    expect(getCurrentAppointment()).toMatchObject({ id: 'apt_1', state: '6-in-queue-for-er', usDoctorNeeded: true });
    expect(graphqlCalls(calls, 'GetAppointment')).toHaveLength(fetchesBefore);
    // The stored current appointment is its id, never a copy of the record.
    expect(window.localStorage.getItem('current-appointment')).toBe(JSON.stringify('apt_1'));
    // One listener for each appointment event, whoever else reads the appointment.
    expect(socket.listenerCount('appointment-update')).toBe(1);
    expect(socket.listenerCount('appointment-cancel')).toBe(1);
  });

  it('an answer asked before an alert does not put the older state back over it', async () => {
    const server = { byId: { apt_1: appointment({ state: '1-in-queue-for-coach' }) } };
    const { fetchMock, calls } = fakeServer(server);
    let hold = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      // The server answers with what it has now; the answer reaches the page later.
      const answer = await fetchMock(input, init);
      if (hold && typeof init?.body === 'string' && init.body.includes('GetAppointment')) {
        hold = false;
        await gate;
      }
      return answer;
    });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach' });
    renderApp('/inicio');
    const card = await screen.findByTestId('active-appointment-card');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-update')).toBe(1));

    // A coach takes it (a new participant: the record is fetched for the coach's name) ...
    server.byId.apt_1 = appointment({ state: '2-coach-is-reviewing', mxDoctorId: 'doc_1' });
    hold = true;
    const asked = graphqlCalls(calls, 'GetAppointment').length;
    act(() => socket.serverEmit('appointment-update', alert('2-coach-is-reviewing', { mxDoctorId: 'doc_1' })));
    await waitFor(() => expect(graphqlCalls(calls, 'GetAppointment')).toHaveLength(asked + 1));
    // ... and, before that answer arrives, the next transition.
    server.byId.apt_1 = appointment({ state: '3-coach-joins-call', mxDoctorId: 'doc_1' });
    act(() => socket.serverEmit('appointment-update', alert('3-coach-joins-call', { mxDoctorId: 'doc_1' })));
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 100));
    });
    await waitFor(() => expect(getCurrentAppointment()?.state).toBe('3-coach-joins-call'));
    expect(card.getAttribute('data-state') ?? screen.getByTestId('active-appointment-card').getAttribute('data-state')).toBe('3-coach-joins-call');
    vi.unstubAllGlobals();
  });

  it('an alert the contract refuses changes nothing and is logged', async () => {
    fakeServer({ byId: { apt_1: appointment({ state: '1-in-queue-for-coach' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/inicio');
    await screen.findByTestId('active-appointment-card');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    const bad = { ...alert('3-coach-joins-call'), usDoctorNeeded: 'yes' };
    act(() => socket.serverEmit('appointment-alert', bad));
    expect(warn).toHaveBeenCalledWith('appointment alert ignored', 'invalid', bad);
    expect(getCurrentAppointment()?.state).toBe('1-in-queue-for-coach');
    warn.mockRestore();
  });
});

describe('asking for a coach routes once (issue 9)', () => {
  const requestAndSubmit = async () => {
    window.localStorage.setItem(
      'rdx-temas',
      JSON.stringify({ topicId: 'hardcoded_ph_topic', topicText: 'Salud física', practice: 'health', tags: 'practice_health', reason: 'Otra preocupación médica', requiresSelfAssessment: false }),
    );
  };

  it.each([
    ['the S1 alert arrives after the answer', false],
    ['the S1 alert arrives before the answer', true],
  ])('%s: one navigation to the waiting room', async (_name, alertFirst) => {
    await requestAndSubmit();
    const { fetchMock } = fakeServer();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (alertFirst && typeof init?.body === 'string' && init.body.includes('CreateAppointment')) await gate;
      return fetchMock(input, init);
    });
    const { router } = renderApp('/consulta/llenado-de-informacion');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    const visits: string[] = [];
    const stop = router.subscribe((state) => visits.push(state.location.pathname));

    fireEvent.change(await screen.findByTestId('location-state'), { target: { value: 'Jalisco' } });
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Zapopan' } });
    fireEvent.click(screen.getByTestId('location-submit'));
    if (alertFirst) {
      await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
      act(() => socket.serverEmit('appointment-alert', alert('1-in-queue-for-coach')));
      await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
      await act(async () => {
        release();
        await new Promise((r) => setTimeout(r, 50));
      });
    } else {
      await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
      act(() => socket.serverEmit('appointment-alert', alert('1-in-queue-for-coach')));
      await act(async () => {
        await new Promise((r) => setTimeout(r, 50));
      });
    }
    stop();
    expect(visits.filter((p) => p === '/consulta/video-llamada')).toHaveLength(1);
    expect(getCurrentAppointment()).toMatchObject({ id: 'apt_1', state: '1-in-queue-for-coach' });
    vi.unstubAllGlobals();
  });
});
