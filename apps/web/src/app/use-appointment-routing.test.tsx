import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment, getCurrentAppointment, setCurrentAppointment, simulatePageReload } from '@/test/current-appointment';
import { appointment, fakeServer, graphqlCalls, type ServerState } from '@/test/consultation-fixtures';
import { holdRequests } from '@/test/fake-fetch';
import { appointmentAlert } from '@/test/appointment-alerts';
import { openSocket, resetSocketsBetweenTests } from '@/test/fake-socket-io';
import { disconnectSocket } from '@/lib/socket';
import { renderApp } from '@/test/render-app';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });

// The network boundary: the Socket.IO client returns our fake sockets.
vi.mock('socket.io-client', () => import('@/test/fake-socket-io'));

const alert = appointmentAlert;

resetSocketsBetweenTests(resetCurrentAppointment);

/**
 * The page is reloaded at /inicio and the socket connects before home's card has the appointment:
 * its answer waits until the recovery has asked for the current one (as it happens in the browser).
 * Resolves once the recovery has had its answer and the app could have routed on it.
 */
const reloadHomeRecoveryFirst = async (fetchMock: ReturnType<typeof fakeServer>['fetchMock'], calls: ReturnType<typeof fakeServer>['calls']) => {
  disconnectSocket();
  simulatePageReload();
  const askedBefore = graphqlCalls(calls, 'GetCurrentAppointment').length;
  const release = holdRequests(fetchMock, 'GetAppointment');
  const rendered = renderApp('/inicio');
  await screen.findByTestId('home-screen');
  const socket = await openSocket();
  await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
  act(() => socket.connect());
  await waitFor(() => expect(graphqlCalls(calls, 'GetCurrentAppointment')).toHaveLength(askedBefore + 1));
  release();
  await new Promise((r) => setTimeout(r, 100));
  return rendered;
};

describe('member routing on realtime alerts (the global listener)', () => {
  it('an alert with the coach joining takes the member from home to the video call', async () => {
    fakeServer({ byId: { apt_1: appointment({ state: '3-coach-joins-call' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    act(() => socket.serverEmit('appointment-alert', alert('3-coach-joins-call')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
    expect(getCurrentAppointment()?.state).toBe('3-coach-joins-call');
  });

  it('a first-timeout cancel goes to SC023 and shows the timeout modal', async () => {
    fakeServer();
    setCurrentAppointment({ id: 'apt_1', state: '3-coach-joins-call', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-cancel')).toBe(1));
    act(() => socket.serverEmit('appointment-cancel', alert('12-canceled', { statusReason: 'first-timeout' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/infoPage/SC023'));
    const modal = await screen.findByTestId('info-modal');
    expect(modal.textContent).toContain('Ha pasado el tiempo límite de tolerancia para entrar a esta consulta, tu coach ya no está en la llamada');
    expect(modal.textContent).toContain('Ver más coaches');
    expect(modal.textContent).toContain('Ir al inicio');
  });

  it('a paid visit: an alert while on the payment screens does not cut them short; it becomes the destination /payment-success returns to', async () => {
    fakeServer({ byId: { apt_1: appointment({ state: '6-in-queue-for-er' }) } });
    setCurrentAppointment({ id: 'apt_1', state: 'coach-request-us-dr', type: 'on-demand', usDoctorNeeded: true, statusReason: null });
    window.localStorage.setItem('go-after-payment', '/inicio');
    const { router } = renderApp('/payment-success?payment=pay-1');
    await screen.findByTestId('payment-success-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    act(() => socket.serverEmit('appointment-alert', alert('6-in-queue-for-er', { usDoctorNeeded: true })));
    await waitFor(() => expect(window.localStorage.getItem('go-after-payment')).toBe('/consulta/infoPage/SC038'));
    expect(router.state.location.pathname).toBe('/payment-success');
    act(() => screen.getByTestId('payment-success-continue').click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/infoPage/SC038'));
  });

  it('an alert without a state is ignored and logged', async () => {
    fakeServer();
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    act(() => socket.serverEmit('appointment-alert', { appointmentId: 'apt_1' }));
    expect(warn).toHaveBeenCalledWith('appointment alert ignored', 'missing-state-or-id', { appointmentId: 'apt_1' });
    expect(router.state.location.pathname).toBe('/inicio');
    warn.mockRestore();
  });
});

describe('recovery after a reconnect or a reload (no transition is missed)', () => {
  it('on (re)connect the server’s state routes the member: the coach joined while offline', async () => {
    // The server's one record, however it is asked for (home's card asks for it by id meanwhile: a
    // stale answer there, in the queue still, raced the recovery's and could overwrite it).
    const { calls } = fakeServer({ current: appointment({ state: '3-coach-joins-call' }), byId: { apt_1: appointment({ state: '3-coach-joins-call' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
    act(() => socket.connect());
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
    expect(graphqlCalls(calls, 'GetCurrentAppointment')).toHaveLength(1);
    expect(getCurrentAppointment()?.state).toBe('3-coach-joins-call');
  });

  it('the appointment was canceled while offline: its reason routes (no coaches: SC099)', async () => {
    fakeServer({ current: null, byId: { apt_1: appointment({ state: '12-canceled', statusReason: 'no-coaches' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
    act(() => socket.connect());
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/infoPage/SC099'));
  });

  it('a cancel already routed is not replayed by a reload: at /inicio the member stays home, no modal (issue 11)', async () => {
    const { calls, fetchMock } = fakeServer({ current: null, byId: { apt_1: appointment({ state: '12-canceled', statusReason: 'no-coaches' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const first = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-cancel')).toBe(1));
    act(() => socket.serverEmit('appointment-cancel', alert('12-canceled', { statusReason: 'no-coaches' })));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/consulta/infoPage/SC099'));
    await screen.findByTestId('info-modal');
    // She goes home, then reloads /inicio; as in the browser, the socket connects before home's card
    // has the appointment (its answer waits until the recovery has asked for the current one).
    first.unmount();
    const { router } = await reloadHomeRecoveryFirst(fetchMock, calls);
    expect(router.state.location.pathname).toBe('/inicio');
    expect(screen.queryByTestId('info-modal')).toBeNull();
  });

  it('a treatment plan already shown (S5) is not replayed by a reload: at /inicio the member stays home', async () => {
    const sent = appointment({ state: '5-coach-sends-rx' });
    const { calls, fetchMock } = fakeServer({ current: sent, byId: { apt_1: sent } });
    setCurrentAppointment({ id: 'apt_1', state: '4-coach-ends-call', type: 'on-demand', usDoctorNeeded: true, statusReason: null });
    const first = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('appointment-alert')).toBe(1));
    act(() => socket.serverEmit('appointment-alert', alert('5-coach-sends-rx', { usDoctorNeeded: true })));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/consulta/resumen-de-cita'));
    // Back home, she reloads; the socket connects before home's card has the appointment (whichever
    // answers first, the summary she has seen is not shown again).
    first.unmount();
    const { router } = await reloadHomeRecoveryFirst(fetchMock, calls);
    expect(router.state.location.pathname).toBe('/inicio');
    // The cache holds the server's record (home's consultations tab reads its news there).
    expect(getCurrentAppointment()?.state).toBe('5-coach-sends-rx');
  });

  it('a treatment plan sent while the page was closed is shown on load, even when home’s card learnt it first', async () => {
    const sent = appointment({ state: '5-coach-sends-rx' });
    const { fetchMock } = fakeServer({ current: sent, byId: { apt_1: sent } });
    setCurrentAppointment({ id: 'apt_1', state: '4-coach-ends-call', type: 'on-demand', usDoctorNeeded: true, statusReason: null });
    simulatePageReload();
    const release = holdRequests(fetchMock, 'GetCurrentAppointment');
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    await waitFor(() => expect(getCurrentAppointment()?.state).toBe('5-coach-sends-rx'));
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
    act(() => socket.connect());
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/resumen-de-cita'));
  });

  it('a cancel missed while the page was closed is routed once on load, and not again on the next reload', async () => {
    const { calls } = fakeServer({ current: null, byId: { apt_1: appointment({ state: '12-canceled', statusReason: 'no-coaches' }) } });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    simulatePageReload();
    const first = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
    act(() => socket.connect());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/consulta/infoPage/SC099'));
    await screen.findByTestId('info-modal');
    // A reload on the info page itself: the page stays, the modal is not shown again.
    first.unmount();
    disconnectSocket();
    simulatePageReload();
    const { router } = renderApp('/consulta/infoPage/SC099');
    await screen.findByTestId('info-page-SC099');
    const again = await openSocket();
    await waitFor(() => expect(again.listenerCount('connect')).toBe(1));
    act(() => again.connect());
    await waitFor(() => expect(graphqlCalls(calls, 'GetCurrentAppointment')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(router.state.location.pathname).toBe('/consulta/infoPage/SC099');
    expect(screen.queryByTestId('info-modal')).toBeNull();
  });

  describe('an alert that routes while the recovery waits for its answer (the consultation moved on as the socket connected)', () => {
    /**
     * She is home with no consultation known; the socket connects and the recovery asks the server
     * (its answer held); meanwhile the plan is sent (S5) and its alert takes her to the summary; she
     * reads it and goes home. Then the recovery's answer arrives.
     */
    const summarySeenWhileRecoveryWaits = async (answer: 'made-before-the-alert' | 'made-after-it') => {
      const server: ServerState = { current: appointment({ state: '4-coach-ends-call', usDoctorNeeded: true }) };
      const { calls, fetchMock } = fakeServer(server);
      const release = holdRequests(fetchMock, 'GetCurrentAppointment', { madeWhenAsked: answer === 'made-before-the-alert' });
      const first = renderApp('/inicio');
      await screen.findByTestId('home-screen');
      const socket = await openSocket();
      await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
      act(() => socket.connect());
      // The recovery has asked (a held request is recorded in `calls` only when it is answered).
      await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => String(init?.body).includes('GetCurrentAppointment')).length).toBeGreaterThan(0));
      server.current = appointment({ state: '5-coach-sends-rx', usDoctorNeeded: true });
      act(() => socket.serverEmit('appointment-alert', alert('5-coach-sends-rx', { usDoctorNeeded: true })));
      await waitFor(() => expect(first.router.state.location.pathname).toBe('/consulta/resumen-de-cita'));
      await act(() => first.router.navigate('/inicio'));
      release();
      return { first, calls, fetchMock };
    };

    it.each([
      ['made after the alert (S5)', 'made-after-it'],
      ['made before it (still S4)', 'made-before-the-alert'],
    ] as const)('an answer %s neither takes her back to the summary she has seen nor undoes it: a reload keeps her home', async (_name, answer) => {
      const { first, calls, fetchMock } = await summarySeenWhileRecoveryWaits(answer);
      await waitFor(() => expect(graphqlCalls(calls, 'GetCurrentAppointment').length).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 200));
      expect(first.router.state.location.pathname).toBe('/inicio');
      expect(getCurrentAppointment()?.state).toBe('5-coach-sends-rx');
      // What the page stored for the next load says the summary was shown: a reload stays home.
      first.unmount();
      const { router } = await reloadHomeRecoveryFirst(fetchMock, calls);
      expect(router.state.location.pathname).toBe('/inicio');
    });
  });

  it('nothing changed while offline: the member stays where they are', async () => {
    const { calls } = fakeServer({ current: appointment({ state: '1-in-queue-for-coach' }) });
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
    act(() => socket.connect());
    await waitFor(() => expect(graphqlCalls(calls, 'GetCurrentAppointment')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/inicio');
  });

  it('an appointment this browser did not know (another tab) is adopted and routed', async () => {
    const other = appointment({ id: 'apt_7', state: '2-coach-is-reviewing' });
    fakeServer({ current: other, byId: { apt_7: other } });
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('connect')).toBe(1));
    act(() => socket.connect());
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
    expect(getCurrentAppointment()).toMatchObject({ id: 'apt_7', state: '2-coach-is-reviewing' });
  });
});
