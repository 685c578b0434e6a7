import { appointmentSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appointment } from '@/test/consultation-fixtures';
import { cacheAppointment, patchCachedAppointment, readCachedAppointment } from './api/get-appointment';
import { applyAppointmentAlert, applyAppointmentCancel, cancelModalFor, VIDEO_CALL_PATH, type RouterEffects } from './appointment-router';
import { clearCurrentAppointment, getCurrentAppointmentId, setCurrentAppointmentId } from './current-appointment';

const ID = 'apt_1';
let queryClient = new QueryClient();

const effects = (pathname = '/inicio') => {
  const fx = {
    navigate: vi.fn<RouterEffects['navigate']>(),
    pathname: () => pathname,
    openModal: vi.fn<RouterEffects['openModal']>(),
    toast: vi.fn<RouterEffects['toast']>(),
    read: (id: string) => readCachedAppointment(queryClient, id),
    patch: vi.fn<RouterEffects['patch']>((patch) => void patchCachedAppointment(queryClient, patch)),
  };
  return fx;
};

/** The member is in appointment ID, cached in `state` (the query cache owns the record; storage keeps the id). */
const current = (state: AppointmentState, extra: { usDoctorNeeded?: boolean; type?: 'on-demand' | 'scheduled' } = {}) => {
  cacheAppointment(queryClient, appointmentSchema.parse(appointment({ id: ID, state, type: extra.type ?? 'on-demand', usDoctorNeeded: extra.usDoctorNeeded ?? false })));
  setCurrentAppointmentId(ID);
};
/** The current appointment as routing sees it: the stored id and its cached record. */
const getCurrentAppointment = () => {
  const id = getCurrentAppointmentId();
  return id ? (readCachedAppointment(queryClient, id) ?? null) : null;
};

const alert = (state: string, extra: Record<string, unknown> = {}) => ({ appointmentId: ID, state, statusReason: null, type: 'on-demand', usDoctorNeeded: false, ...extra });

beforeEach(() => {
  queryClient = new QueryClient();
  clearCurrentAppointment();
});

// spec 000 §4 "Member routing on an appointment alert", one row per line.
describe('an appointment alert routes the member (spec 4)', () => {
  it.each([
    ['S1 in queue', S.S1_IN_QUEUE_FOR_COACH, {}, VIDEO_CALL_PATH],
    ['S2 coach reviewing', S.S2_COACH_IS_REVIEWING, {}, VIDEO_CALL_PATH],
    ['S3 coach joins', S.S3_COACH_JOINS_CALL, {}, VIDEO_CALL_PATH],
    ['coach continues without US doctor', S.CONSULTATION_WITHOUT_ER, {}, VIDEO_CALL_PATH],
    ['US doctor accepts', S.ER_ACCEPTS_CONSULTATION, {}, VIDEO_CALL_PATH],
    ['S7 US doctor reviewing', S.S7_ER_IS_REVIEWING, {}, VIDEO_CALL_PATH],
    ['S8 US doctor joins', S.S8_ER_JOINS_CALL, {}, VIDEO_CALL_PATH],
    ['coach finishes, US doctor needed: SC038', S.COACH_FINISH_VIDEO_CALL, { usDoctorNeeded: true }, '/consulta/infoPage/SC038'],
    ['coach finishes, no US doctor: SC064', S.COACH_FINISH_VIDEO_CALL, { usDoctorNeeded: false }, '/consulta/infoPage/SC064'],
    ['S5 coach sends rx: summary', S.S5_COACH_SENDS_RX, {}, '/consulta/resumen-de-cita'],
    ['S10 US doctor sends rx: summary', S.S10_ER_SENDS_RX, {}, '/consulta/resumen-de-cita'],
    ['S6 in queue for US doctor: SC038', S.S6_IN_QUEUE_FOR_ER, {}, '/consulta/infoPage/SC038'],
    ['member sent to the waiting room: SC038', S.SEND_SOCIO_TO_WAITING_ROOM, {}, '/consulta/infoPage/SC038'],
    ['S9 US doctor ends the call: SC064', S.S9_ER_ENDS_CALL, {}, '/consulta/infoPage/SC064'],
  ] as const)('%s', (_name, state, extra, to) => {
    current(S.S2_COACH_IS_REVIEWING, extra);
    const fx = effects('/inicio');
    expect(applyAppointmentAlert(alert(state, extra), fx)).toBe('navigated');
    expect(fx.navigate).toHaveBeenCalledWith(to, undefined);
    expect(getCurrentAppointment()?.state).toBe(state);
  });

  it.each([
    ['without a state', { appointmentId: ID }],
    ['without an appointmentId', { state: S.S3_COACH_JOINS_CALL }],
    ['with neither', {}],
  ])('an alert %s is ignored and logged', (_name, payload) => {
    current(S.S1_IN_QUEUE_FOR_COACH);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fx = effects();
    expect(applyAppointmentAlert(payload, fx)).toBe('ignored');
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('appointment alert ignored', 'missing-state-or-id', payload);
    warn.mockRestore();
  });

  it('an alert about another appointment than the current one is ignored', () => {
    current(S.S1_IN_QUEUE_FOR_COACH);
    const fx = effects();
    expect(applyAppointmentAlert({ ...alert(S.S3_COACH_JOINS_CALL), appointmentId: 'apt_other' }, fx)).toBe('ignored');
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(getCurrentAppointment()?.state).toBe(S.S1_IN_QUEUE_FOR_COACH);
  });

  it.each([S.S11_FINISHED, S.S5_COACH_SENDS_RX, S.S10_ER_SENDS_RX, S.S12_CANCELED])('nothing routes once the appointment is %s', (state) => {
    current(state);
    const fx = effects();
    expect(applyAppointmentAlert(alert(S.S3_COACH_JOINS_CALL), fx)).toBe('ignored');
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('an alert for the page the member is already on keeps them there', () => {
    current(S.S1_IN_QUEUE_FOR_COACH);
    const fx = effects(VIDEO_CALL_PATH);
    expect(applyAppointmentAlert(alert(S.S2_COACH_IS_REVIEWING), fx)).toBe('stayed');
    expect(fx.navigate).not.toHaveBeenCalled();
    // The cached record is patched in place (no refetch) and the stored copy is the id only.
    expect(getCurrentAppointment()?.state).toBe(S.S2_COACH_IS_REVIEWING);
    expect(fx.patch).toHaveBeenCalledWith(expect.objectContaining({ appointmentId: ID, state: S.S2_COACH_IS_REVIEWING }));
    expect(window.localStorage.getItem('current-appointment')).toBe(JSON.stringify(ID));
  });
});

// spec 000 §4 "Waiting room and call": in the call, and on the prejoin screen.
describe('in the call and on the prejoin screen (spec 4)', () => {
  beforeEach(() => window.localStorage.setItem('hasJoinedToCall', 'true'));

  it.each([
    ['coach finishes, no US doctor: SC064 and the joined flags are cleared', S.COACH_FINISH_VIDEO_CALL, false, '/consulta/infoPage/SC064'],
    ['coach finishes with a US doctor needed: disconnect and home', S.COACH_FINISH_VIDEO_CALL, true, '/inicio'],
    ['S9 goes to SC064', S.S9_ER_ENDS_CALL, false, '/consulta/infoPage/SC064'],
  ] as const)('%s', (_name, state, usDoctorNeeded, to) => {
    current(S.S3_COACH_JOINS_CALL, { usDoctorNeeded });
    const fx = effects(VIDEO_CALL_PATH);
    applyAppointmentAlert(alert(state, { usDoctorNeeded }), fx);
    expect(fx.navigate).toHaveBeenCalledWith(to);
    expect(window.localStorage.getItem('hasJoinedToCall')).toBeNull();
  });

  it('send the member to the waiting room: SC038, joined flags kept', () => {
    current(S.S3_COACH_JOINS_CALL);
    const fx = effects(VIDEO_CALL_PATH);
    applyAppointmentAlert(alert(S.SEND_SOCIO_TO_WAITING_ROOM), fx);
    expect(fx.navigate).toHaveBeenCalledWith('/consulta/infoPage/SC038');
    expect(window.localStorage.getItem('hasJoinedToCall')).toBe('true');
  });

  it('US doctor pending notifies the pending treatment and stays', () => {
    current(S.S8_ER_JOINS_CALL);
    const fx = effects(VIDEO_CALL_PATH);
    expect(applyAppointmentAlert(alert(S.US_DR_PENDING), fx)).toBe('stayed');
    expect(fx.toast).toHaveBeenCalledWith('call_pending_treatment_toast');
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it.each([S.COACH_FINISH_VIDEO_CALL, S.S9_ER_ENDS_CALL, S.US_DR_PENDING])('on the prejoin screen %s goes to the survey', (state) => {
    window.localStorage.removeItem('hasJoinedToCall');
    current(S.S2_COACH_IS_REVIEWING);
    const fx = effects(VIDEO_CALL_PATH);
    applyAppointmentAlert(alert(state), fx);
    expect(fx.navigate).toHaveBeenCalledWith(`/consulta/survey/${ID}`);
  });
});

// spec 000 §4 "Cancel or end reasons on the member side", one row per line.
describe('a cancel routes by its reason (spec 4)', () => {
  it.each([
    ['canceled-by-socio', '/consulta/coaches-disponibles', true],
    ['waiting-room', '/consulta/coaches-disponibles', true],
    ['limited-services', '/consulta/coaches-disponibles', true],
    ['location-confirmation', '/consulta/coaches-disponibles', true],
    ['media-permissions', '/consulta/coaches-disponibles', true],
    ['busy-coach', '/consulta/infoPage/SC094', false],
    ['busy-doctor', '/consulta/infoPage/SC094', false],
    ['busy', '/consulta/infoPage/SC094', false],
    ['canceled-by-admin', '/consulta/infoPage/SC023', false],
    ['rejected-by-doctor', '/consulta/infoPage/SC023', false],
    ['rejected-by-coach', '/consulta/infoPage/SC023', false],
    ['timeout-by-doctor', '/consulta/infoPage/SC023', false],
    ['timeout-by-coach', '/consulta/infoPage/SC023', false],
    ['first-timeout', '/consulta/infoPage/SC023', false],
    ['second-timeout', '/consulta/infoPage/SC023', false],
    ['consultation-request', '/consulta/infoPage/SC023', false],
    ['no-coaches', '/consulta/infoPage/SC099', false],
    ['scheduled-card', '/agenda/cancelada-exitosamente', false],
    ['socio-disconnected', '/consulta/infoPage/SC023?noAction=true', false],
    ['coach-absence', '/consulta/infoPage/SC023?noAction=true', false],
  ] as const)('%s goes to %s', (reason, to, clears) => {
    current(S.S1_IN_QUEUE_FOR_COACH);
    const fx = effects();
    expect(applyAppointmentCancel(alert(S.S12_CANCELED, { statusReason: reason }), fx)).toBe('cancel');
    expect(fx.navigate).toHaveBeenCalledWith(to, { appointmentType: 'on-demand' });
    expect(getCurrentAppointment() === null).toBe(clears);
  });

  it('no-doctors clears the appointment without moving the member', () => {
    current(S.S6_IN_QUEUE_FOR_ER);
    const fx = effects('/consulta/infoPage/SC038');
    applyAppointmentCancel(alert(S.S12_CANCELED, { statusReason: 'no-doctors' }), fx);
    expect(getCurrentAppointment()).toBeNull();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('a canceled alert is routed as a cancel', () => {
    current(S.S1_IN_QUEUE_FOR_COACH);
    const fx = effects();
    applyAppointmentAlert(alert(S.S12_CANCELED, { statusReason: 'no-coaches' }), fx);
    expect(fx.navigate).toHaveBeenCalledWith('/consulta/infoPage/SC099', { appointmentType: 'on-demand' });
  });

  it('a cancel for another appointment is ignored', () => {
    current(S.S1_IN_QUEUE_FOR_COACH);
    const fx = effects();
    expect(applyAppointmentCancel({ ...alert(S.S12_CANCELED, { statusReason: 'no-coaches' }), appointmentId: 'apt_2' }, fx)).toBe('ignored');
    expect(fx.navigate).not.toHaveBeenCalled();
  });
});

// spec 000 §4 "Modal situations" and spec 8 timeout modal.
describe('modal situations', () => {
  it.each(['first-timeout', 'second-timeout'])('%s shows the timeout modal with more coaches or home', (reason) => {
    current(S.S3_COACH_JOINS_CALL);
    const fx = effects();
    applyAppointmentCancel(alert(S.S12_CANCELED, { statusReason: reason }), fx);
    expect(fx.openModal).toHaveBeenCalledWith({
      title: 'appointment_timeout_modal_title',
      body: 'appointment_timeout_modal_body',
      primaryButton: { label: 'appointment_modal_more_coaches', action: { type: 'navigate-to', path: '/consulta/coaches-disponibles' } },
      outlineButton: { label: 'appointment_modal_go_home', action: { type: 'navigate-to', path: '/inicio' } },
    });
  });

  it.each([
    'canceled-by-sms',
    'waiting-room',
    'no-coaches',
    'limited-services',
    'location-confirmation',
    'media-permissions',
    'socio-disconnected',
    'consultation-request',
    'coach-absence',
    'scheduled-modal',
    'scheduled-card',
    'busy',
  ])('%s explains itself in a modal', (reason) => {
    expect(cancelModalFor(reason)).toEqual({ title: 'appointment_modal_title', body: `appointment_modal_${reason.replace(/-/g, '_')}` });
  });

  it.each(['canceled-by-socio', 'rejected-by-coach', 'no-doctors', null])('%s is not a modal situation', (reason) => {
    expect(cancelModalFor(reason)).toBeNull();
  });
});
