import type { AppointmentState } from '@puente/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment, setCurrentAppointment } from '@/test/current-appointment';
import { appointment, fakeServer, physician, type ServerState } from '@/test/consultation-fixtures';
import { FakeSocket } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { BUSY_RECHECK_MS } from '../api/get-coach-busy';
import { resetJoinedInThisPageForTests } from './call-screen';
import { stubMediaDevices } from '@/test/media-devices';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });

// The network boundary: the Socket.IO client (never connected here) and the camera.
vi.mock('socket.io-client', () => ({ io: () => new FakeSocket() }));
const fakeStream = () => ({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] }) as unknown as MediaStream;

type State = AppointmentState;

let server: ServerState;
let rejoinedPosts: number;
const moveTo = (state: State) => {
  server.byId = { apt_1: { ...(server.byId?.apt_1 as object), state } };
  act(() => setCurrentAppointment({ id: 'apt_1', state, type: 'on-demand', usDoctorNeeded: true, statusReason: null }));
};
const flow = () => screen.getByTestId('call-flow');

beforeEach(() => {
  window.localStorage.clear();
  resetCurrentAppointment();
  resetJoinedInThisPageForTests();
  rejoinedPosts = 0;
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  stubMediaDevices(vi.fn(async () => fakeStream()));
  server = {
    byId: {
      apt_1: appointment({
        state: '3-coach-joins-call',
        mxDoctorId: 'doc_1',
        mxDoctor: physician(),
        usDoctorId: 'doc_us',
        usDoctor: physician({ id: 'doc_us', firstName: 'Emily', lastName: 'Carter', userType: 'us-physician' }),
        usDoctorNeeded: true,
      }),
    },
  };
  const { fetchMock } = fakeServer(server);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/appointments/apt_1/rejoined')) {
      rejoinedPosts += 1;
      return new Response(JSON.stringify({ ok: true, rejoinedCount: rejoinedPosts }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return fetchMock(input, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetCurrentAppointment();
});

describe('spec 4: the second call (S8 with the US doctor) is joined directly, not as a return', () => {
  it('a member who was in the first call goes SC038, waiting room two, and straight into the call at S8', async () => {
    setCurrentAppointment({ id: 'apt_1', state: '3-coach-joins-call', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/consulta/video-llamada', { language: 'en' });
    // First call: the non-dismissible 'enter consultation' dialog, then the call.
    fireEvent.click(await screen.findByTestId('enter-consultation'));
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    expect(window.localStorage.getItem('hasJoinedToCall')).toBe('true');

    // The coach asks for a US doctor: SC038, then back to the call screen in waiting room two.
    moveTo('6-in-queue-for-er');
    await act(() => router.navigate('/consulta/infoPage/SC038'));
    moveTo('7-er-is-reviewing');
    await act(() => router.navigate('/consulta/video-llamada'));
    await waitFor(() => expect(screen.getByTestId('waiting-room').getAttribute('data-room')).toBe('wr-two'));

    // The US doctor joins: the member is in the call at once.
    moveTo('8-er-joins-call');
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    expect(screen.queryByTestId('return-to-call-accept')).toBeNull();
    expect(screen.queryByTestId('enter-consultation')).toBeNull();
    expect(rejoinedPosts).toBe(0);
    expect(JSON.parse(window.localStorage.getItem('joined-call') ?? 'null')).toEqual({ appointmentId: 'apt_1', phase: 'second' });

    // The US doctor ends the call: the router clears the joined flags; the screen does not write them back.
    act(() => {
      window.localStorage.removeItem('hasJoinedToCall');
      window.localStorage.removeItem('joined-call');
    });
    moveTo('9-er-ends-call');
    await waitFor(() => expect(flow().getAttribute('data-state')).toBe('9-er-ends-call'));
    expect(window.localStorage.getItem('hasJoinedToCall')).toBeNull();
    expect(window.localStorage.getItem('joined-call')).toBeNull();
  });

  it('routed in at ER_ACCEPTS_CONSULTATION (join directly), she waits in waiting room two once S7 follows, then joins at S8', async () => {
    setCurrentAppointment({ id: 'apt_1', state: '3-coach-joins-call', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    const { router } = renderApp('/consulta/video-llamada', { language: 'en' });
    fireEvent.click(await screen.findByTestId('enter-consultation'));
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    moveTo('6-in-queue-for-er');
    await act(() => router.navigate('/consulta/infoPage/SC038'));
    // The US doctor's accept is announced before the server moves on to S7, and her camera is
    // ready before S7 arrives (a race seen under load): she joins the call directly, as spec 4 says.
    moveTo('er-accepts-consultation');
    await act(() => router.navigate('/consulta/video-llamada'));
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    moveTo('7-er-is-reviewing');
    await waitFor(() => expect(screen.getByTestId('waiting-room').getAttribute('data-room')).toBe('wr-two'));
    expect(flow().getAttribute('data-in-call')).toBe('false');
    moveTo('8-er-joins-call');
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    expect(screen.queryByTestId('return-to-call-accept')).toBeNull();
    expect(screen.queryByTestId('enter-consultation')).toBeNull();
    expect(rejoinedPosts).toBe(0);
  });

  it('also after a reload in waiting room two (the first call is over, nothing to return to)', async () => {
    window.localStorage.setItem('hasJoinedToCall', 'true');
    window.localStorage.setItem('joined-call', JSON.stringify({ appointmentId: 'apt_1', phase: 'first' }));
    // After a reload the page knows the id only: the server says where the appointment is.
    server.byId = { apt_1: { ...(server.byId?.apt_1 as object), state: '7-er-is-reviewing' } };
    setCurrentAppointment({ id: 'apt_1', state: '7-er-is-reviewing', type: 'on-demand', usDoctorNeeded: true, statusReason: null });
    renderApp('/consulta/video-llamada', { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('waiting-room').getAttribute('data-room')).toBe('wr-two'));
    moveTo('8-er-joins-call');
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    expect(screen.queryByTestId('return-to-call-accept')).toBeNull();
    expect(rejoinedPosts).toBe(0);
  });

  it.each([
    ['the first call', '3-coach-joins-call', 'first'],
    ['the second call', '8-er-joins-call', 'second'],
  ] as const)('a reload in %s shows the return-to-call modal; accepting records the rejoin', async (_name, state, phase) => {
    window.localStorage.setItem('hasJoinedToCall', 'true');
    window.localStorage.setItem('joined-call', JSON.stringify({ appointmentId: 'apt_1', phase }));
    server.byId = { apt_1: { ...(server.byId?.apt_1 as object), state } };
    setCurrentAppointment({ id: 'apt_1', state, type: 'on-demand', usDoctorNeeded: true, statusReason: null });
    renderApp('/consulta/video-llamada', { language: 'en' });
    const accept = await screen.findByTestId('return-to-call-accept');
    expect(flow().getAttribute('data-in-call')).toBe('false');
    fireEvent.click(accept);
    await waitFor(() => expect(flow().getAttribute('data-in-call')).toBe('true'));
    expect(rejoinedPosts).toBe(1);
  });
});

describe('spec 4: the waiting countdown (300 s) counts from the request', () => {
  it('a member who comes back to the waiting room two minutes after asking sees about 3:00 left, not 5:00', async () => {
    server.byId = { apt_1: appointment({ state: '2-coach-is-reviewing', mxDoctorId: 'doc_1', mxDoctor: physician(), createdAt: new Date(Date.now() - 120_000).toISOString() }) };
    setCurrentAppointment({ id: 'apt_1', state: '2-coach-is-reviewing', type: 'on-demand', usDoctorNeeded: false, statusReason: null });
    renderApp('/consulta/video-llamada', { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('waiting-room').getAttribute('data-room')).toBe('wr-one'), { timeout: 10_000 });
    expect(screen.getByTestId('call-waiting-countdown').textContent).toMatch(/^(2:5\d|3:00)$/);
  });
});

describe('spec 4: a scheduled appointment in state 1 checks whether the coach is busy (GET isbusy)', () => {
  it('the waiting room says so while the coach is in another consultation, and stops once she is free', async () => {
    server.byId = { apt_1: appointment({ state: '1-in-queue-for-coach', type: 'scheduled', mxDoctorId: null, mxDoctor: null }) };
    setCurrentAppointment({ id: 'apt_1', state: '1-in-queue-for-coach', type: 'scheduled', usDoctorNeeded: false, statusReason: null });
    let busy = true;
    const asked: string[] = [];
    const previous = globalThis.fetch;
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/physicians/coach_1/isbusy')) {
        asked.push(url);
        return json({ isBusy: busy });
      }
      if (url.endsWith('/api/graphql') && typeof init?.body === 'string' && init.body.includes('MyScheduledAppointments')) {
        return json({ data: { getMember: { id: 'mem_1', scheduledAppointments: [scheduledBooking()] } } });
      }
      return previous(input, init);
    });
    // The clock runs as usual, and jumps the 15 s to the next check (not waited for).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/consulta/video-llamada', { language: 'en' });
      expect((await screen.findByTestId('coach-busy', {}, { timeout: 10_000 })).textContent).toBe('Your coach is busy with another consultation.');
      expect(asked[0]).toContain('/api/physicians/coach_1/isbusy?appointmentId=apt_1');
      busy = false;
      const checks = asked.length;
      await vi.advanceTimersByTimeAsync(BUSY_RECHECK_MS);
      await waitFor(() => expect(screen.queryByTestId('coach-busy')).toBeNull(), { timeout: 5_000 });
      expect(asked.length).toBeGreaterThan(checks);
    } finally {
      vi.useRealTimers();
    }
  }, 40_000);
});

function scheduledBooking() {
  return {
    id: 'sch_1', tinyId: 'AB12CD34', physicianId: 'coach_1', memberId: 'mem_1', createdBy: 'mem_1', createdByRole: 'member',
    startDate: new Date().toISOString(), endDate: new Date(Date.now() + 45 * 60_000).toISOString(), language: 'en', timezone: 'America/Mexico_City',
    status: 'in-progress', state: 'scheduled', topic: null, requiredExtension: false, notes: null, type: 'scheduled', appointmentId: 'apt_1',
    createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), physician: null,
  };
}
