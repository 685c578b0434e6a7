import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment, setCurrentAppointment } from '@/test/current-appointment';
import { appointment, fakeServer, graphqlCalls, type ServerState } from '@/test/consultation-fixtures';
import { trackedEvents, type FakeCall } from '@/test/fake-fetch';
import { FakeSocket } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { resetJoinedInThisPageForTests } from './call-screen';
import { stubMediaDevices } from '@/test/media-devices';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });
vi.mock('socket.io-client', () => ({ io: () => new FakeSocket() }));
const fakeStream = () => ({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] }) as unknown as MediaStream;

let server: ServerState;
/** She confirmed the fixture's place (Zapopan, Jalisco) on the location form. */
const confirmedOnForm = () => window.localStorage.setItem('location-confirmed', JSON.stringify({ country: 'MX', state: 'Jalisco', city: 'Zapopan' }));
let calls: FakeCall[];
const waitingAt = (overrides: Parameters<typeof appointment>[0]) => {
  const id = overrides?.id ?? 'apt_1';
  const a = appointment({ state: '1-in-queue-for-coach', preJoinStep: 1, ...overrides, id });
  server.byId = { [id]: a };
  setCurrentAppointment({ ...a, id });
};

beforeEach(() => {
  window.localStorage.clear();
  resetCurrentAppointment();
  resetJoinedInThisPageForTests();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  stubMediaDevices(vi.fn(async () => fakeStream()));
  server = {};
  const fake = fakeServer(server);
  calls = fake.calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetCurrentAppointment();
});

describe('the waiting room (issue 11)', () => {
  it('counts down to the queue deadline, not from 5:00 on every visit; the location is not asked again; step 3 of 3', async () => {
    // The member comes back 3 minutes into a 10-minute queue: 7 minutes are left.
    waitingAt({ createdAt: new Date(Date.now() - 3 * 60_000).toISOString(), deadlineAt: new Date(Date.now() + 7 * 60_000 - 300).toISOString() });
    // She confirmed the place on the location form, which created this appointment.
    confirmedOnForm();
    renderApp('/consulta/video-llamada', { language: 'en' });
    const room = await screen.findByTestId('waiting-room');
    expect(screen.getByTestId('call-waiting-countdown').textContent).toMatch(/^(7:00|6:[45]\d)$/);
    expect(within(room).getByTestId('call-step-number').textContent).toBe('Step 3 of 3');
    // The on-demand request confirmed the place on the location form: no second location step.
    expect(screen.queryByTestId('call-step-location')).toBeNull();
    // Physical health: no crisis panel.
    expect(screen.queryByTestId('crisis-help')).toBeNull();
  });

  it('an appointment made elsewhere (not on the location form) asks the place in the call: step 2 of 3', async () => {
    waitingAt({ deadlineAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    renderApp('/consulta/video-llamada', { language: 'en' });
    const step = await screen.findByTestId('call-step-location');
    expect(within(step).getByTestId('call-step-number').textContent).toBe('Step 2 of 3');
  });

  it('the member leaves the waiting room after confirming: the request is cancelled with the waiting-room reason', async () => {
    waitingAt({ deadlineAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    confirmedOnForm();
    renderApp('/consulta/video-llamada', { language: 'es' });
    fireEvent.click(await screen.findByTestId('waiting-room-leave'));
    const dialog = await screen.findByTestId('hang-up-dialog');
    expect(dialog.getAttribute('data-kind')).toBe('leave-waiting-room');
    expect(within(dialog).getByText('¿Salir de la sala de espera?')).toBeTruthy();
    // Keeping her place changes nothing.
    fireEvent.click(within(dialog).getByTestId('hang-up-cancel'));
    await waitFor(() => expect(screen.queryByTestId('hang-up-dialog')).toBeNull());
    expect(graphqlCalls(calls, 'CancelAppointment')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('waiting-room-leave'));
    fireEvent.click(await screen.findByTestId('hang-up-confirm'));
    await waitFor(() => expect(graphqlCalls(calls, 'CancelAppointment')).toHaveLength(1));
    expect((graphqlCalls(calls, 'CancelAppointment')[0]!.body as { variables: unknown }).variables).toEqual({ appointmentId: 'apt_1', reason: 'waiting-room' });
  });

  it.each([
    ['US', 'en', ['988', '911'], 'Your current location: San Diego, CA. Tell it to whoever answers.'],
    ['MX', 'es', ['911'], 'Tu ubicación actual: Guadalajara, Jalisco. Dísela a quien te atienda.'],
  ] as const)('mental health in %s: the crisis path with its lines and her location (%s)', async (country, language, numbers, placeText) => {
    const location = country === 'US' ? { country, state: 'CA', city: 'San Diego' } : { country, state: 'Jalisco', city: 'Guadalajara' };
    waitingAt({ practice: 'mentalhealth', location, deadlineAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    window.localStorage.setItem('location-confirmed', JSON.stringify(location));
    renderApp('/consulta/video-llamada', { language });
    const crisis = await screen.findByTestId('crisis-help');
    const links = within(crisis).getAllByRole('link').filter((l) => l.getAttribute('href')?.startsWith('tel:'));
    expect(links.map((l) => l.getAttribute('href'))).toEqual(numbers.map((n) => `tel:${n}`));
    expect(within(crisis).getByTestId('crisis-place').textContent).toBe(placeText);
    if (country === 'US') expect(within(crisis).getByTestId('crisis-text-988').getAttribute('href')).toBe('sms:988');
  });

  it('in the call, the hang-up button asks first, then cancels as the member (canceled-by-socio)', async () => {
    waitingAt({ state: '3-coach-joins-call', mxDoctorId: 'doc_1' });
    confirmedOnForm();
    renderApp('/consulta/video-llamada', { language: 'en' });
    fireEvent.click(await screen.findByTestId('enter-consultation'));
    fireEvent.click(await screen.findByTestId('call-hang-up'));
    const dialog = await screen.findByTestId('hang-up-dialog');
    expect(dialog.getAttribute('data-kind')).toBe('member-end');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('hang-up-confirm'));
    });
    await waitFor(() => expect(graphqlCalls(calls, 'CancelAppointment')).toHaveLength(1));
    expect((graphqlCalls(calls, 'CancelAppointment')[0]!.body as { variables: unknown }).variables).toEqual({ appointmentId: 'apt_1', reason: 'canceled-by-socio' });
  });
});

describe('the call\'s tracked moments (issue 10): ids and channel only', () => {
  const named = (event: string) => trackedEvents(calls).filter((e) => e.event === event);

  it('entering the call tracks call_joined once; leaving the call screen from the call is no drop', async () => {
    const id = crypto.randomUUID();
    waitingAt({ id, state: '3-coach-joins-call', mxDoctorId: 'doc_1' });
    confirmedOnForm();
    const { unmount } = renderApp('/consulta/video-llamada', { language: 'en' });
    await screen.findByTestId('enter-consultation');
    expect(named('call_joined')).toEqual([]);
    fireEvent.click(screen.getByTestId('enter-consultation'));
    await waitFor(() => expect(screen.getByTestId('call-flow').getAttribute('data-in-call')).toBe('true'));
    await waitFor(() => expect(named('call_joined')).toEqual([{ event: 'call_joined', properties: { appointmentId: id, channel: 'video' } }]));
    unmount();
    expect(named('call_joined')).toHaveLength(1);
    expect(named('consultation_dropped')).toEqual([]);
  });

  it('leaving the waiting room before the call is on tracks consultation_dropped (spec 4), once', async () => {
    const id = crypto.randomUUID();
    waitingAt({ id, deadlineAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    confirmedOnForm();
    const { unmount } = renderApp('/consulta/video-llamada', { language: 'en' });
    await screen.findByTestId('waiting-room');
    expect(named('consultation_dropped')).toEqual([]);
    // The page is closed (or hidden on a phone)...
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(named('consultation_dropped')).toEqual([{ event: 'consultation_dropped', properties: { appointmentId: id } }]));
    // ...and the call screen goes with it: the same drop, not a second one.
    unmount();
    expect(named('consultation_dropped')).toHaveLength(1);
  });

  it('a member who leaves before the waiting room (the place still to confirm) dropped nothing', async () => {
    waitingAt({ id: crypto.randomUUID(), deadlineAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    const { unmount } = renderApp('/consulta/video-llamada', { language: 'en' });
    await screen.findByTestId('call-step-location');
    unmount();
    expect(named('consultation_dropped')).toEqual([]);
  });
});

describe('the prejoin steps cancel with their own reasons (spec 4 "Cancel or end reasons")', () => {
  const cancelReasons = () => graphqlCalls(calls, 'CancelAppointment').map((c) => (c.body as { variables: { appointmentId: string; reason: string } }).variables);

  it('limited services where she is: confirming the place cancels with limited-services (the alert then routes her)', async () => {
    waitingAt({ serviceScope: 'coaching-only', location: { country: 'MX', state: 'Jalisco', city: 'Zapopan' } });
    const { router } = renderApp('/consulta/video-llamada', { language: 'en' });
    fireEvent.click(await screen.findByTestId('call-location-confirm'));
    await waitFor(() => expect(cancelReasons()).toEqual([{ appointmentId: 'apt_1', reason: 'limited-services' }]));
    // Not into the waiting room, and not left holding a live request on another screen.
    expect(screen.queryByTestId('waiting-room')).toBeNull();
    expect(router.state.location.pathname).not.toBe('/limited-services-screen-shown');
  });

  it('"change place" in the call cancels with location-confirmation instead of opening a second request', async () => {
    waitingAt({});
    const { router } = renderApp('/consulta/video-llamada', { language: 'es' });
    fireEvent.click(await screen.findByTestId('call-location-change'));
    await waitFor(() => expect(cancelReasons()).toEqual([{ appointmentId: 'apt_1', reason: 'location-confirmation' }]));
    expect(router.state.location.pathname).not.toBe('/consulta/llenado-de-informacion');
  });

  it.each([
    ['en', 'NotFoundError', 'missing', "We can't find your camera", 'Try again'],
    ['es', 'NotReadableError', 'busy', 'Tu cámara está en uso', 'Intentar de nuevo'],
  ] as const)('in %s, a camera the browser cannot open (%s) says why in her language, and she can try again or leave', async (language, name, problem, title, retry) => {
    const getUserMedia = vi.fn(async () => Promise.reject(Object.assign(new Error('Requested device not found'), { name })));
    stubMediaDevices(getUserMedia);
    waitingAt({});
    confirmedOnForm();
    renderApp('/consulta/video-llamada', { language });
    const dialog = await screen.findByTestId('not-allowed-dialog');
    expect(dialog.getAttribute('data-problem')).toBe(problem);
    expect(within(dialog).getByRole('heading').textContent).toBe(title);
    expect(dialog.textContent).not.toContain('Requested device not found');
    expect(screen.queryByText('ERROR')).toBeNull();
    expect(within(dialog).getByTestId('not-allowed-ok').textContent).toBe(retry);
    const calls = getUserMedia.mock.calls.length;
    fireEvent.click(within(dialog).getByTestId('not-allowed-ok'));
    await waitFor(() => expect(getUserMedia.mock.calls.length).toBe(calls + 1));
    fireEvent.click(within(await screen.findByTestId('not-allowed-dialog')).getByTestId('not-allowed-leave'));
    await waitFor(() => expect(cancelReasons()).toEqual([{ appointmentId: 'apt_1', reason: 'media-permissions' }]));
  });

  it('a member who denies the camera may leave: cancelled with media-permissions', async () => {
    stubMediaDevices(vi.fn(async () => Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }))));
    waitingAt({});
    confirmedOnForm();
    renderApp('/consulta/video-llamada', { language: 'es' });
    const dialog = await screen.findByTestId('not-allowed-dialog');
    const leave = within(dialog).getByTestId('not-allowed-leave');
    expect(leave.textContent).toBe('Salir de la consulta');
    expect(cancelReasons()).toEqual([]);
    fireEvent.click(leave);
    await waitFor(() => expect(cancelReasons()).toEqual([{ appointmentId: 'apt_1', reason: 'media-permissions' }]));
  });
});
