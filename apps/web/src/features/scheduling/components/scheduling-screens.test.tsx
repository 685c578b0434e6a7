import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '@puente/domain';
import { physician, template } from '@/test/consultation-fixtures';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { setSessionToken } from '@/lib/session';
import { socketStore } from '@/lib/socket';
import { clearCurrentAppointment, getCurrentAppointmentId } from '@/features/appointments';
import { FakeSocket } from '@/test/fake-socket';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

vi.setConfig({ testTimeout: 15_000 });

const coach = { ...physician({ id: '11111111-1111-4111-8111-111111111111', isOnline: false, isAvailable: false, practice: 'mentalhealth' }), availableSlots: ['2030-01-07T16:00:00.000Z'] };
const scheduled = (overrides: Record<string, unknown> = {}) => ({
  id: 'sch_1',
  tinyId: 'AB12',
  physicianId: coach.id,
  memberId: 'mem_1',
  createdBy: 'mem_1',
  createdByRole: 'member',
  startDate: '2030-01-07T16:00:00.000Z',
  endDate: '2030-01-07T16:45:00.000Z',
  language: 'es',
  timezone: 'America/Mexico_City',
  status: 'scheduled',
  state: 'scheduled',
  topic: null,
  requiredExtension: false,
  notes: null,
  type: 'scheduled',
  appointmentId: null,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-01T00:00:00.000Z',
  physician: coach,
  ...overrides,
});
const gqlError = (code: string, reason?: string) => ({ status: 200, body: { data: null, errors: [{ message: code, extensions: { code, error: { code, status: 409, message: code, ...(reason ? { reason } : {}) } } }] } });

function server(answers: { schedule?: { status: number; body: unknown }; mine?: unknown[]; cancel?: { status: number; body: unknown } } = {}) {
  setSessionToken('st_1');
  return installFakeFetch((call: FakeCall) => {
    if (call.url.startsWith('/api/scheduled-appointments/') && call.url.includes('/cancel')) return answers.cancel ?? { status: 200, body: { id: 'sch_1', state: 'scheduled-canceled' } };
    if (call.url === '/api/scheduled-appointments/sch_1/support-request') return { status: 200, body: { supportRequestId: 'sup_1' } };
    if (call.url.startsWith('/api/scheduled-appointments/sch_1')) return { status: 200, body: scheduled() };
    if (call.url !== '/api/graphql') return undefined;
    const query = (call.body as { query: string }).query;
    if (query.includes('MyScheduledAppointments')) return { status: 200, body: { data: { getMember: { id: 'mem_1', scheduledAppointments: answers.mine ?? [] } } } };
    if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: member() } } };
    if (query.includes('GetConsultationTopicsTemplate')) return { status: 200, body: { data: { getConsultationTopicsTemplate: template() } } };
    if (query.includes('GetPhysicians')) return { status: 200, body: { data: { getPhysicians: [coach] } } };
    if (query.includes('ScheduleAppointment') || query.includes('RescheduleAppointment')) {
      const field = query.includes('Reschedule') ? 'rescheduleAppointment' : 'scheduleAppointment';
      return answers.schedule ?? { status: 200, body: { data: { [field]: scheduled() } } };
    }
    return undefined;
  });
}

const gqlCall = (calls: FakeCall[], op: string) => calls.find((c) => c.url === '/api/graphql' && (c.body as { query: string }).query.includes(op));

beforeEach(() => localStorage.clear());

describe('the scheduling flow', () => {
  it('the coaches to choose from say which languages they speak', async () => {
    server();
    renderApp('/agenda/seleccionar-coach', { language: 'en' });
    expect((await screen.findByTestId('schedule-coach-languages')).textContent).toBe('Spanish'); // the fixture coach speaks es
  });

  it('mental health goes straight to the coaches; confirming books the slot and shows success', async () => {
    const { calls } = server();
    const { router } = renderApp('/agenda/seleccionar-tema');
    fireEvent.click(await screen.findByTestId('schedule-mental'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/seleccionar-coach'));
    fireEvent.click(await screen.findByTestId('schedule-coach'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ondemand-perfil-coach/${coach.id}`));
    // The slot on the coach's profile leads to the confirmation (state physicianId, startDate).
    await router.navigate('/agenda/confirmacion-cita', { state: { physicianId: coach.id, startDate: coach.availableSlots[0] } });
    await waitFor(() => expect(screen.getByTestId('schedule-confirm-coach').textContent).toContain('María'));
    fireEvent.click(screen.getByTestId('schedule-confirm-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/exito'));
    const sent = gqlCall(calls, 'ScheduleAppointment')!.body as { variables: { input: Record<string, unknown> } };
    expect(sent.variables.input).toMatchObject({ physicianId: coach.id, startDate: coach.availableSlots[0], language: 'es', topic: { topicId: 'hardcoded_mh_topic' } });
    expect(router.state.location.state).toEqual({ reschedule: false, scheduledAppointmentId: 'sch_1' });
    // One period after the time ("6:00 a.m.. Te enviamos" read two). The sentence shows once the
    // booking is read back (the screen's title comes first: on a busy machine the test read it alone).
    expect((await screen.findByTestId('schedule-success-when')).textContent).toMatch(/\d:\d\d\s[ap]\.\s?m\. Te enviamos la confirmación/);
    fireEvent.click(screen.getByTestId('schedule-success-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta-agendada'));
  });

  it('physical health offers the optional topics first', async () => {
    server();
    const { router } = renderApp('/agenda/seleccionar-tema');
    fireEvent.click(await screen.findByTestId('schedule-physical'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/seleccionar-ph-tema'));
    fireEvent.click(await screen.findByTestId('schedule-skip-topic'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/seleccionar-coach'));
  });

  it.each([
    ['APPOINTMENT_ALREADY_CANCELED', '/agenda/consulta-en-progreso'],
    ['APPOINTMENT_ALREADY_FINISHED', '/agenda/consulta-en-progreso'],
    ['APPOINTMENT_ALREADY_IN_PROGRESS', '/agenda/consulta-en-progreso'],
    ['NO_SLOTS_AVAILABLE', '/agenda/espacio-ocupado'],
  ])('a reschedule failing with %s goes to %s (spec 8)', async (code, path) => {
    const { calls } = server({ schedule: gqlError(code) });
    writeStorage(STORAGE_KEYS.scheduleAppointment, JSON.stringify({ rescheduleId: 'sch_1', physicianId: coach.id, startDate: coach.availableSlots[0] }));
    const { router } = renderApp('/agenda/confirmacion-cita');
    fireEvent.click(await screen.findByTestId('schedule-confirm-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(gqlCall(calls, 'RescheduleAppointment')).toBeTruthy();
  });
  it.each([
    ['UNKNOWN_ERROR', undefined],
    ['CONFLICT', 'scheduling-not-available'],
    ['INVALID_DATA', undefined],
    ['NOT_FOUND', undefined],
    ['NO_SLOTS_AVAILABLE', undefined],
  ])('a new booking failing with %s (%s) goes to /agenda/espacio-ocupado (spec 8: any other error)', async (code, reason) => {
    const { calls } = server({ schedule: gqlError(code, reason) });
    writeStorage(STORAGE_KEYS.scheduleAppointment, JSON.stringify({ physicianId: coach.id, startDate: coach.availableSlots[0] }));
    const { router } = renderApp('/agenda/confirmacion-cita');
    fireEvent.click(await screen.findByTestId('schedule-confirm-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/espacio-ocupado'));
    expect(gqlCall(calls, 'ScheduleAppointment')).toBeTruthy();
  });

  it('a new booking whose request fails outright (HTTP 500) goes to /agenda/espacio-ocupado', async () => {
    server({ schedule: { status: 500, body: { error: { code: 'UNKNOWN_ERROR', status: 500, message: 'x' } } } });
    writeStorage(STORAGE_KEYS.scheduleAppointment, JSON.stringify({ physicianId: coach.id, startDate: coach.availableSlots[0] }));
    const { router } = renderApp('/agenda/confirmacion-cita');
    fireEvent.click(await screen.findByTestId('schedule-confirm-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/espacio-ocupado'));
  });
});

describe('the home card re-checks its bucket every 60 s (spec 9)', () => {
  // Only the clock and the intervals are faked: Monday 7 January 2030, 15:00 UTC (09:00 in Mexico City).
  const NOW = new Date('2030-01-07T15:00:00.000Z');
  const at = (iso: string) => scheduled({ startDate: iso, endDate: new Date(Date.parse(iso) + 45 * 60_000).toISOString() });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('5 min 30 s ahead it offers cancel; 60 s later, without a reload, Enter consultation instead', async () => {
    server({ mine: [at('2030-01-07T15:05:30.000Z')] });
    renderApp('/inicio');
    expect(await screen.findByTestId('scheduled-card-cancel')).toBeTruthy();
    expect(screen.getByTestId('scheduled-card').getAttribute('data-bucket')).toBe('today');
    expect(screen.queryByTestId('scheduled-card-enter')).toBeNull();
    // The card's minute clock starts in an effect, which React runs after the card is on screen: on a
    // busy machine the test got here first, the minute passed before the clock ran, and the card never
    // changed (CI, once). The minute passes once the clock is running (the one fake timer here: the
    // rest of home sets none).
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    act(() => {
      vi.advanceTimersByTime(TIMERS.coachCardCheckMs);
    });
    expect(await screen.findByTestId('scheduled-card-enter')).toBeTruthy();
    expect(screen.getByTestId('scheduled-card').getAttribute('data-bucket')).toBe('in-five-minutes');
    expect(screen.queryByTestId('scheduled-card-cancel')).toBeNull();
  });

  it.each([
    ['today', '2030-01-07T20:00:00.000Z', /hoy/i],
    ['tomorrow', '2030-01-08T15:00:00.000Z', /mañana/i],
    ['more-than-tomorrow', '2030-01-09T15:00:00.000Z', /9 de enero/i],
  ])('a booking %s shows that bucket, with cancel', async (bucket, startDate, text) => {
    server({ mine: [at(startDate)] });
    renderApp('/inicio');
    const card = await screen.findByTestId('scheduled-card');
    expect(card.getAttribute('data-bucket')).toBe(bucket);
    expect(card.textContent).toMatch(text);
    expect(screen.getByTestId('scheduled-card-cancel')).toBeTruthy();
  });
});

describe('the scheduled card on home (spec 4)', () => {
  it('more than 5 minutes before: reschedule and cancel (confirmed, then /agenda/cancelada-exitosamente)', async () => {
    const { calls } = server({ mine: [scheduled({ startDate: new Date(Date.now() + 2 * 3600_000).toISOString() })] });
    const { router } = renderApp('/inicio');
    expect(await screen.findByTestId('scheduled-card-reschedule')).toBeTruthy();
    expect(screen.queryByTestId('scheduled-card-enter')).toBeNull();
    fireEvent.click(screen.getByTestId('scheduled-card-cancel'));
    fireEvent.click(await screen.findByTestId('scheduled-cancel-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda/cancelada-exitosamente'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/scheduled-appointments/sch_1/cancel?cancel_reason=CANCELED_BY_SOCIO')).toBe(true);
  });

  it('5 minutes or less before: Enter consultation', async () => {
    server({ mine: [scheduled({ startDate: new Date(Date.now() + 3 * 60_000).toISOString() })] });
    renderApp('/inicio');
    expect(await screen.findByTestId('scheduled-card-enter')).toBeTruthy();
    expect(screen.getByTestId('scheduled-card').getAttribute('data-bucket')).toBe('in-five-minutes');
    expect(screen.queryByTestId('scheduled-card-cancel')).toBeNull();
  });

  it('a failed cancel shows the warning toast', async () => {
    server({ mine: [scheduled({ startDate: new Date(Date.now() + 26 * 3600_000).toISOString() })], cancel: { status: 500, body: { error: { code: 'UNKNOWN_ERROR', status: 500, message: 'x' } } } });
    renderApp('/inicio');
    fireEvent.click(await screen.findByTestId('scheduled-card-cancel'));
    fireEvent.click(await screen.findByTestId('scheduled-cancel-confirm'));
    expect(await screen.findByText('Hubo un problema y no pudimos cancelar tu consulta. Inténtalo más tarde.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('a booking with a US-physician coach (no calendar): cancel and reschedule go to support (spec 4)', () => {
  it('asks before sending, sends the support request, keeps the booking and stays home', async () => {
    const doctor = { ...coach, userType: 'us-physician' as const, firstName: 'Emily', lastName: 'Carter' };
    const { calls } = server({ mine: [scheduled({ startDate: new Date(Date.now() + 26 * 3600_000).toISOString(), physician: doctor })] });
    const { router } = renderApp('/inicio');
    fireEvent.click(await screen.findByTestId('scheduled-card-cancel'));
    const dialog = await screen.findByTestId('scheduled-support-dialog');
    expect(dialog.textContent).toContain('Emily Carter no tiene calendario en la app');
    fireEvent.click(screen.getByTestId('scheduled-support-confirm'));
    expect(await screen.findByText('Enviamos tu solicitud a soporte. Te contactarán pronto.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('scheduled-card-reschedule'));
    expect((await screen.findByTestId('scheduled-support-dialog')).textContent).toContain('cambiar la fecha');
    fireEvent.click(screen.getByTestId('scheduled-support-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/scheduled-appointments/sch_1/support-request').map((c) => c.body)).toEqual([{ action: 'cancel' }, { action: 'reschedule' }]));
    expect(calls.some((c) => c.url.includes('/cancel?'))).toBe(false);
    expect(router.state.location.pathname).toBe('/inicio');
    expect(screen.getByTestId('scheduled-card')).toBeTruthy();
  });
});

describe('scheduled-started (realtime)', () => {
  it('the live appointment becomes this app’s current one when the member joined elsewhere', async () => {
    server({ mine: [scheduled({ startDate: new Date(Date.now() + 3 * 60_000).toISOString() })] });
    const socket = new FakeSocket();
    socketStore.set(socket as unknown as Socket);
    renderApp('/inicio');
    await screen.findByTestId('scheduled-card-enter');
    await waitFor(() => expect(socket.listenerCount('scheduled-started')).toBeGreaterThan(0));
    act(() => socket.serverEmit('scheduled-started', { scheduledAppointmentId: 'sch_1', appointmentId: 'apt_live' }));
    expect(getCurrentAppointmentId()).toBe('apt_live');
    socketStore.set(null);
    clearCurrentAppointment();
  });
});

describe('cancel by the texted link', () => {
  const link = (startDate: string, extra = '') =>
    `/cancel-confirmation-link?lang=en&coachName=Mar%C3%ADa%20H&socioName=Ana&startDate=${encodeURIComponent(startDate)}&appointmentId=sch_1&token=tok123&todayOrTomorrow=tomorrow${extra}`;
  const future = () => new Date(Date.now() + 26 * 3600_000).toISOString();

  it('confirmation then canceled, with CANCEL_BY_SMS and the token', async () => {
    const { calls } = server();
    renderApp(link(future()));
    expect((await screen.findByTestId('cancel-link-details')).textContent).toContain('Ana, your appointment with María H');
    fireEvent.click(screen.getByTestId('cancel-link-cancel'));
    expect(await screen.findByTestId('cancel-link-canceled')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/scheduled-appointments/sch_1/cancel?cancel_reason=CANCEL_BY_SMS&token=tok123' && !c.headers.authorization)).toBe(true);
  });

  it('keep; already cancelled shows canceled; another error or a past date shows passed', async () => {
    server();
    const first = renderApp(link(future()));
    fireEvent.click(await screen.findByTestId('cancel-link-keep'));
    expect(await screen.findByTestId('cancel-link-kept')).toBeTruthy();
    first.unmount();

    server({ cancel: { status: 409, body: { error: { code: 'APPOINTMENT_ALREADY_CANCELED', status: 409, message: 'x' } } } });
    const second = renderApp(link(future()));
    fireEvent.click(await screen.findByTestId('cancel-link-cancel'));
    expect(await screen.findByTestId('cancel-link-canceled')).toBeTruthy();
    second.unmount();

    server({ cancel: { status: 409, body: { error: { code: 'APPOINTMENT_ALREADY_IN_PROGRESS', status: 409, message: 'x' } } } });
    const third = renderApp(link(future()));
    fireEvent.click(await screen.findByTestId('cancel-link-cancel'));
    expect(await screen.findByTestId('cancel-link-passed')).toBeTruthy();
    third.unmount();

    server();
    const { router } = renderApp(link(new Date(Date.now() - 3600_000).toISOString()));
    expect(await screen.findByTestId('cancel-link-passed')).toBeTruthy();
    // Each result leads on into the app (read from a text message, the page has no other way on).
    const open = screen.getByTestId('cancel-link-open-app');
    expect(open.textContent).toBe('Open Puente');
    fireEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/open'));
  });

  it('an error passed in the link (?error=) shows the passed view at once, with no cancel call', async () => {
    const { calls } = server();
    renderApp(link(future(), '&error=x'));
    expect(await screen.findByTestId('cancel-link-passed')).toBeTruthy();
    expect(screen.getByText('This link is no longer active')).toBeTruthy();
    expect(screen.queryByTestId('cancel-link-cancel')).toBeNull();
    expect(calls.some((c) => c.url.includes('/cancel'))).toBe(false);
  });

  it('?error=appointment-already-canceled in the link shows the canceled view at once (spec 8)', async () => {
    const { calls } = server();
    renderApp(link(future(), '&error=appointment-already-canceled'));
    expect(await screen.findByTestId('cancel-link-canceled')).toBeTruthy();
    expect(screen.queryByTestId('cancel-link-cancel')).toBeNull();
    expect(calls.some((c) => c.url.includes('/cancel'))).toBe(false);
  });

  it('an appointment already finished shows passed', async () => {
    server({ cancel: { status: 409, body: { error: { code: 'APPOINTMENT_ALREADY_FINISHED', status: 409, message: 'x' } } } });
    renderApp(link(future()));
    fireEvent.click(await screen.findByTestId('cancel-link-cancel'));
    expect(await screen.findByTestId('cancel-link-passed')).toBeTruthy();
  });

  it.each([
    ['tomorrow', ' (tomorrow)'],
    ['today', ' (today)'],
  ])('todayOrTomorrow=%s shows its suffix; none without it', async (day, suffix) => {
    server();
    const first = renderApp(link(future()).replace('todayOrTomorrow=tomorrow', `todayOrTomorrow=${day}`));
    expect((await screen.findByTestId('cancel-link-details')).textContent).toMatch(new RegExp(`${suffix.replace(/[()]/g, '\\$&')}$`));
    first.unmount();
    renderApp(link(future()).replace('todayOrTomorrow=tomorrow', 'todayOrTomorrow='));
    const details = (await screen.findByTestId('cancel-link-details')).textContent ?? '';
    expect(details).not.toMatch(/\((today|tomorrow)\)$/);
  });
});
