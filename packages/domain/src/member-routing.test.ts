import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATE as S, APPOINTMENT_STATES, type AppointmentState } from './appointment-machine';
import {
  callErrorRoute,
  mediaDeviceProblem,
  connectionStrengthFor,
  consultationsTabHasNotification,
  doctorNotice,
  formatWaitingCountdown,
  groupHistory,
  historyCardView,
  historyDetailExtras,
  historyDetailTabs,
  inCallAction,
  infoPage,
  isReturningToCall,
  isSecondCall,
  linkFinishedButtonTarget,
  linkToConsultEntry,
  lookForCoachesRoute,
  memberCancelRoute,
  networkQuality,
  networkSuggestions,
  applicableSuggestions,
  prejoinRedirect,
  pushActionRoute,
  refreshesQueueOnHome,
  routeOnAppointmentAlert,
  scheduleChangeChannel,
  scheduledCardAction,
  scheduledDayBucket,
  scheduledStartBucket,
  schedulingErrorRoute,
  videoCallEntryRedirect,
  waitingRoomDecision,
  type AlertContext,
} from './member-routing';
import { formatMinutesSeconds } from './timer-format';

const base: AlertContext = { currentAppointmentId: 'a1', currentState: S.S1_IN_QUEUE_FOR_COACH, usDoctorNeeded: false, loginless: false, appointmentType: 'on-demand' };
const VC = '/consulta/video-llamada';
const info = (c: string): string => `/consulta/infoPage/${c}`;

describe('spec 4 member routing on an appointment alert', () => {
  it.each([
    // ignore rules
    ['missing state', { appointmentId: 'a1' }, {}, { kind: 'ignore', reason: 'missing-state-or-id', log: true }],
    ['missing appointmentId', { state: S.S3_COACH_JOINS_CALL }, {}, { kind: 'ignore', reason: 'missing-state-or-id', log: true }],
    ['another appointment', { state: S.S3_COACH_JOINS_CALL, appointmentId: 'other' }, {}, { kind: 'ignore', reason: 'other-appointment' }],
    ['current is finished', { state: S.S3_COACH_JOINS_CALL, appointmentId: 'a1' }, { currentState: S.S11_FINISHED }, { kind: 'ignore', reason: 'already-finished' }],
    ['current is cancelled', { state: S.S3_COACH_JOINS_CALL, appointmentId: 'a1' }, { currentState: S.S12_CANCELED }, { kind: 'ignore', reason: 'already-finished' }],
    ['treatment already sent', { state: S.S9_ER_ENDS_CALL, appointmentId: 'a1' }, { currentState: S.S10_ER_SENDS_RX }, { kind: 'ignore', reason: 'already-finished' }],
    ['unknown state', { state: 'bogus', appointmentId: 'a1' }, {}, { kind: 'ignore', reason: 'unknown-state', log: true }],
    // to the video call
    ['S1', { state: S.S1_IN_QUEUE_FOR_COACH, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    ['S2', { state: S.S2_COACH_IS_REVIEWING, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    ['S3', { state: S.S3_COACH_JOINS_CALL, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    ['CONSULTATION_WITHOUT_ER', { state: S.CONSULTATION_WITHOUT_ER, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    ['ER_ACCEPTS_CONSULTATION', { state: S.ER_ACCEPTS_CONSULTATION, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    ['S7', { state: S.S7_ER_IS_REVIEWING, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    ['S8', { state: S.S8_ER_JOINS_CALL, appointmentId: 'a1' }, {}, { kind: 'navigate', to: VC }],
    // coach finished
    ['COACH_FINISH_VIDEO_CALL with US doctor needed', { state: S.COACH_FINISH_VIDEO_CALL, appointmentId: 'a1' }, { usDoctorNeeded: true }, { kind: 'navigate', to: info('SC038') }],
    ['COACH_FINISH_VIDEO_CALL otherwise', { state: S.COACH_FINISH_VIDEO_CALL, appointmentId: 'a1' }, {}, { kind: 'navigate', to: info('SC064'), via: 'call-screen' }],
    ['S5', { state: S.S5_COACH_SENDS_RX, appointmentId: 'a1' }, {}, { kind: 'navigate', to: '/consulta/resumen-de-cita' }],
    ['S10', { state: S.S10_ER_SENDS_RX, appointmentId: 'a1' }, {}, { kind: 'navigate', to: '/consulta/resumen-de-cita' }],
    ['S6', { state: S.S6_IN_QUEUE_FOR_ER, appointmentId: 'a1' }, {}, { kind: 'navigate', to: info('SC038') }],
    ['SEND_SOCIO_TO_WAITING_ROOM', { state: S.SEND_SOCIO_TO_WAITING_ROOM, appointmentId: 'a1' }, {}, { kind: 'navigate', to: info('SC038') }],
    ['S9', { state: S.S9_ER_ENDS_CALL, appointmentId: 'a1' }, {}, { kind: 'navigate', to: info('SC064') }],
    // loginless finish states
    ['loginless COACH_FINISH_VIDEO_CALL', { state: S.COACH_FINISH_VIDEO_CALL, appointmentId: 'a1' }, { loginless: true }, { kind: 'navigate', to: '/link-to-consult-finished' }],
    ['loginless S9', { state: S.S9_ER_ENDS_CALL, appointmentId: 'a1' }, { loginless: true }, { kind: 'navigate', to: '/link-to-consult-finished' }],
    ['loginless US_DR_PENDING', { state: S.US_DR_PENDING, appointmentId: 'a1' }, { loginless: true }, { kind: 'navigate', to: '/link-to-consult-finished' }],
    // scheduled S1 checks busy coach
    ['scheduled S1', { state: S.S1_IN_QUEUE_FOR_COACH, appointmentId: 'a1' }, { appointmentType: 'scheduled' }, { kind: 'navigate', to: VC, checkCoachBusy: true }],
    ['no current appointment yet', { state: S.S3_COACH_JOINS_CALL, appointmentId: 'zz' }, { currentAppointmentId: null }, { kind: 'navigate', to: VC }],
  ] as const)('%s', (_name, alert, ctx, expected) => {
    expect(routeOnAppointmentAlert(alert, { ...base, ...ctx })).toMatchObject(expected);
  });

  it('on-demand S1 does not check the coach', () => {
    expect(routeOnAppointmentAlert({ state: S.S1_IN_QUEUE_FOR_COACH, appointmentId: 'a1' }, base)).not.toHaveProperty('checkCoachBusy');
  });

  it('every state has an answer', () => {
    for (const s of APPOINTMENT_STATES) expect(routeOnAppointmentAlert({ state: s, appointmentId: 'a1' }, base).kind).toMatch(/ignore|navigate/);
  });
});

describe('spec 4 cancel or end reasons on the member side', () => {
  it.each([
    ['canceled-by-socio', { to: '/consulta/coaches-disponibles', clearAppointment: true }],
    ['waiting-room', { to: '/consulta/coaches-disponibles', clearAppointment: true }],
    ['limited-services', { to: '/consulta/coaches-disponibles', clearAppointment: true }],
    ['location-confirmation', { to: '/consulta/coaches-disponibles', clearAppointment: true }],
    ['media-permissions', { to: '/consulta/coaches-disponibles', clearAppointment: true }],
    ['busy-coach', { to: info('SC094') }],
    ['busy-doctor', { to: info('SC094') }],
    ['busy', { to: info('SC094') }],
    ['canceled-by-admin', { to: info('SC023') }],
    ['rejected-by-doctor', { to: info('SC023') }],
    ['rejected-by-coach', { to: info('SC023') }],
    ['timeout-by-doctor', { to: info('SC023') }],
    ['timeout-by-coach', { to: info('SC023') }],
    ['first-timeout', { to: info('SC023') }],
    ['second-timeout', { to: info('SC023') }],
    ['consultation-request', { to: info('SC023') }],
    ['no-coaches', { to: info('SC099') }],
    ['no-doctors', { kind: 'clear-appointment' }],
    ['scheduled-card', { to: '/agenda/cancelada-exitosamente' }],
    ['canceled-by-sms', { to: `${info('SC023')}?noAction=true` }],
    ['anything-else', { to: `${info('SC023')}?noAction=true` }],
  ] as const)('%s', (reason, expected) => {
    expect(memberCancelRoute(reason)).toMatchObject(expected);
  });

  it('no reason at all gets SC023 with noAction', () => expect(memberCancelRoute(undefined)).toMatchObject({ to: `${info('SC023')}?noAction=true` }));
  it('a scheduled-canceled appointment is not cleared', () =>
    expect(memberCancelRoute('canceled-by-socio', { appointmentState: S.SCHEDULED_CANCELED })).toMatchObject({ clearAppointment: false }));
});

describe('spec 2 info pages', () => {
  it.each([
    ['SC005 loading', 'SC005', {}, { loading: true, buttons: [] }],
    ['SC023 on-demand', 'SC023', { appointmentType: 'on-demand' }, { buttons: [{ id: 'see-other-coaches', to: '/consulta/coaches-disponibles' }, { id: 'go-home', to: '/inicio' }] }],
    ['SC023 scheduled', 'SC023', { appointmentType: 'scheduled' }, { buttons: [{ id: 'go-home', to: '/inicio' }] }],
    ['SC023 noAction', 'SC023', { noAction: true }, { buttons: [{ id: 'go-home', to: '/inicio' }] }],
    ['SC038 clears flag', 'SC038', {}, { clearWaitingRoomStartFlag: true }],
    ['SC064 to survey', 'SC064', { appointmentId: 'a1' }, { redirectTo: '/consulta/survey/a1' }],
    ['SC094', 'SC094', {}, { buttons: [{ id: 'look-for-another-coach', to: '/consulta/coaches-disponibles' }] }],
    ['SC099', 'SC099', {}, { buttons: [{ id: 'go-home', to: '/inicio' }, { id: 'start-scheduling', to: '/agenda/seleccionar-coach' }] }],
    ['SMC11', 'SMC11', {}, { buttons: [{ id: 'go-to-history', to: '/consulta/historial' }] }],
  ] as const)('%s', (_n, code, ctx, expected) => expect(infoPage(code, ctx)).toMatchObject(expected));
  it('only SC038 clears the waiting-room flag', () => expect(infoPage('SC023').clearWaitingRoomStartFlag).toBe(false));
});

describe('spec 4 waiting room and call', () => {
  const ctx = { alreadyJoined: false, loginless: false, hasUsDoctor: false };
  it.each([
    [S.ER_ACCEPTS_CONSULTATION, ctx, 'join'],
    [S.TREAT_COMPLETED, ctx, 'join'],
    [S.CONSULTATION_WITHOUT_ER, ctx, 'join'],
    [S.S3_COACH_JOINS_CALL, ctx, 'enter-consultation-dialog'],
    [S.S3_COACH_JOINS_CALL, { ...ctx, alreadyJoined: true }, 'join'],
    [S.S3_COACH_JOINS_CALL, { ...ctx, loginless: true }, 'join'],
    [S.S8_ER_JOINS_CALL, { ...ctx, hasUsDoctor: true }, 'enter-consultation-dialog'],
    [S.S8_ER_JOINS_CALL, { ...ctx, hasUsDoctor: true, alreadyJoined: true }, 'join'],
    [S.S8_ER_JOINS_CALL, ctx, 'wait'],
    [S.S1_IN_QUEUE_FOR_COACH, ctx, 'wait'],
  ] as const)('%s %j -> %s', (state, c, expected) => expect(waitingRoomDecision(state, c)).toBe(expected));

  it.each([
    [S.SEND_SOCIO_TO_WAITING_ROOM, true],
    [S.S7_ER_IS_REVIEWING, true],
    [S.S8_ER_JOINS_CALL, true],
    [S.TREAT_COMPLETED, true],
    [S.S3_COACH_JOINS_CALL, false],
    [S.S6_IN_QUEUE_FOR_ER, false],
  ] as const)('second call in %s: %s', (state, expected) => expect(isSecondCall(state)).toBe(expected));

  describe('the return-to-call modal is for a reload in the same call, not for the second call', () => {
    const first = { appointmentId: 'a1', phase: 'first' } as const;
    const second = { appointmentId: 'a1', phase: 'second' } as const;
    const base = { appointmentId: 'a1', stored: null, inThisPage: null, loginless: false };
    it.each([
      ['reloaded in the first call', S.S3_COACH_JOINS_CALL, { ...base, stored: first }, true],
      ['reloaded while the coach asks for a US doctor', S.COACH_REQUEST_US_DR, { ...base, stored: first }, true],
      ['reloaded in the second call', S.S8_ER_JOINS_CALL, { ...base, stored: second }, true],
      ['back for the second call after waiting room two', S.S8_ER_JOINS_CALL, { ...base, stored: first }, false],
      ['back for the second call, same page', S.S8_ER_JOINS_CALL, { ...base, stored: first, inThisPage: first }, false],
      ['in the same page (no reload)', S.S3_COACH_JOINS_CALL, { ...base, stored: first, inThisPage: first }, false],
      ['never joined', S.S3_COACH_JOINS_CALL, base, false],
      ['another appointment', S.S3_COACH_JOINS_CALL, { ...base, stored: { appointmentId: 'a0', phase: 'first' as const } }, false],
      ['guest by link', S.S3_COACH_JOINS_CALL, { ...base, stored: first, loginless: true }, false],
    ] as const)('%s', (_name, state, c, expected) => expect(isReturningToCall(state, c)).toBe(expected));
  });

  const off = { loginless: false, usDoctorNeeded: false };
  it.each([
    [S.US_DR_PENDING, off, { kind: 'notify-pending-treatment' }],
    [S.COACH_FINISH_VIDEO_CALL, { ...off, loginless: true }, { to: '/link-to-consult-finished', clearJoinedFlags: true }],
    [S.COACH_FINISH_VIDEO_CALL, { ...off, usDoctorNeeded: true }, { to: '/inicio', disconnect: true, clearJoinedFlags: true }],
    [S.COACH_FINISH_VIDEO_CALL, off, { to: info('SC064'), clearJoinedFlags: true }],
    [S.SEND_SOCIO_TO_WAITING_ROOM, off, { to: info('SC038') }],
    [S.S9_ER_ENDS_CALL, { ...off, loginless: true }, { to: '/link-to-consult-finished' }],
    [S.S9_ER_ENDS_CALL, off, { to: info('SC064') }],
    [S.S3_COACH_JOINS_CALL, off, { kind: 'stay' }],
  ] as const)('in call %s %j', (state, c, expected) => expect(inCallAction(state, c)).toMatchObject(expected));

  it.each([
    [S.COACH_FINISH_VIDEO_CALL, false, '/consulta/survey/a1'],
    [S.S9_ER_ENDS_CALL, false, '/consulta/survey/a1'],
    [S.US_DR_PENDING, false, '/consulta/survey/a1'],
    [S.S9_ER_ENDS_CALL, true, '/link-to-consult-finished'],
    [S.S3_COACH_JOINS_CALL, false, null],
  ] as const)('prejoin %s (loginless %s) -> %s', (state, loginless, to) => {
    const r = prejoinRedirect(state, { loginless, appointmentId: 'a1' });
    expect(r?.to ?? null).toBe(to);
  });

  it('video call without an appointment redirects to root', () => {
    expect(videoCallEntryRedirect(false)).toMatchObject({ to: '/' });
    expect(videoCallEntryRedirect(true)).toBeNull();
  });

  it.each([
    [S.S1_IN_QUEUE_FOR_COACH, true],
    [S.S6_IN_QUEUE_FOR_ER, true],
    [S.S2_COACH_IS_REVIEWING, false],
  ] as const)('home refresh on %s: %s', (s, e) => expect(refreshesQueueOnHome(s)).toBe(e));
  it('S5 marks the consultations tab', () => {
    expect(consultationsTabHasNotification(S.S5_COACH_SENDS_RX)).toBe(true);
    expect(consultationsTabHasNotification(S.S10_ER_SENDS_RX)).toBe(false);
    expect(consultationsTabHasNotification(null)).toBe(false);
  });

  it.each([
    [0, '5:00'],
    [1, '4:59'],
    [250, '0:50'],
    [299, '0:01'],
    [300, null],
    [400, null],
  ] as const)('countdown after %i s: %s', (elapsed, text) => expect(formatWaitingCountdown(elapsed)).toBe(text));
  it.each([
    [120_000, '2:00'],
    [119_001, '2:00'],
    [119_000, '1:59'],
    [65_000, '1:05'],
    [61_500, '1:02'],
    [9_000, '0:09'],
    [500, '0:01'],
    [0, '0:00'],
    [-5, '0:00'],
    [605_000, '10:05'],
  ])('m:ss for the resend wait: %i ms -> %s (whole seconds rounded up, so 0:00 means ready)', (ms, text) => expect(formatMinutesSeconds(ms)).toBe(text));
});

describe('spec 4/6 doctor-side notices', () => {
  it.each([
    ['us-physician', S.S7_ER_IS_REVIEWING, { kind: 'modal', modal: 'treatment-received' }],
    ['mx-physician', S.S9_ER_ENDS_CALL, { kind: 'modal', modal: 'consultation-finished' }],
    ['mx-physician', S.CONSULTATION_WITHOUT_ER, { kind: 'modal', modal: 'all-us-doctors-busy' }],
    ['mx-physician', S.ER_ACCEPTS_CONSULTATION, { kind: 'modal', modal: 'us-doctor-support' }],
    ['mx-physician', S.COACH_REQUEST_US_DR, { kind: 'toast', message: 'Espera un momento. Estamos buscando un doctor de EE.UU. disponible.' }],
    ['us-physician', S.US_DR_PENDING, { kind: 'modal', modal: 'pending-treatment-thanks' }],
    ['mx-physician', S.S7_ER_IS_REVIEWING, null],
    ['us-physician', S.S9_ER_ENDS_CALL, null],
    ['member', S.S9_ER_ENDS_CALL, null],
    ['admin', S.S7_ER_IS_REVIEWING, null],
  ] as const)('%s in %s', (role, state, expected) => expect(doctorNotice(role, state)).toEqual(expected));
});

describe('spec 4 push actions', () => {
  it.each([
    ['CANCELLED_CONSULTATION', {}, { kind: 'navigate', to: info('SC023') }],
    ['TECHNICAL_ISSUES_NO_COACH', {}, { kind: 'modal', modal: 'technical-issues-no-coach' }],
    ['TREAT_COMPLETED', { appointmentId: 'a1', pushUserId: 'u1', currentUserId: 'u1' }, { to: '/consulta/historial/a1' }],
    ['TREAT_COMPLETED', { appointmentId: 'a1', pushUserId: 'u2', currentUserId: 'u1' }, { to: '/consulta/historial' }],
    ['GO_TO_FINISHED_APPOINTMENT', { appointmentId: 'a1', pushUserId: 'u1', currentUserId: 'u1' }, { to: '/consulta/historial/a1' }],
    ['GO_TO_FINISHED_APPOINTMENT', { pushUserId: 'u1', currentUserId: 'u1' }, { to: '/consulta/historial' }],
  ] as const)('%s %j', (action, ctx, expected) => expect(pushActionRoute(action, ctx)).toMatchObject(expected));
  it('technical issues offers more coaches or home', () => {
    const r = pushActionRoute('TECHNICAL_ISSUES_NO_COACH', {});
    expect(r.kind === 'modal' && r.options.map((o) => o.to)).toEqual(['/consulta/coaches-disponibles', '/inicio']);
  });
});

describe('spec 4 history card', () => {
  it.each([
    ['in-progress', S.S3_COACH_JOINS_CALL, false, { disabled: true }],
    ['finished', S.US_DR_PENDING, false, { disabled: true }],
    ['finished', S.S9_ER_ENDS_CALL, false, { disabled: true }],
    ['finished', S.TREAT_PENDING, false, { disabled: true }],
    ['finished', S.PENDING_NOTES, false, { disabled: true }],
    ['finished', S.S12_CANCELED, false, { disabled: true }],
    ['finished', S.S11_FINISHED, false, { disabled: false }],
    ['scheduled', S.SCHEDULED_CANCELED, false, { disabled: true }],
    ['scheduled', S.S12_CANCELED, false, { disabled: true }],
    ['scheduled', S.S1_IN_QUEUE_FOR_COACH, false, { disabled: false }],
    ['finished', S.EXPIRED, false, { disabled: false, expired: true, notesHidden: true }],
    ['finished', S.TREAT_COMPLETED, true, { showPrescriptionIcon: true }],
    ['finished', S.TREAT_COMPLETED, false, { showPrescriptionIcon: false }],
    ['in-progress', S.TREAT_COMPLETED, true, { showPrescriptionIcon: false }],
    ['finished', S.S11_FINISHED, true, { showPrescriptionIcon: false }],
  ] as const)('%s / %s / rx %s', (status, state, prescriptionNeeded, expected) =>
    expect(historyCardView({ status, state: state as AppointmentState, prescriptionNeeded })).toMatchObject(expected));

  it.each([
    [{}, ['summary']],
    [{ prescriptions: [1] }, ['summary', 'treatment']],
    [{ prescriptions: [], pharmacy: { pharmStoreName: 'x' } }, ['summary', 'pharmacy']],
    [{ prescriptions: [1], pharmacy: { pharmStoreName: 'x' } }, ['summary', 'treatment', 'pharmacy']],
  ] as const)('detail tabs %j', (a, tabs) => expect(historyDetailTabs(a)).toEqual(tabs));

  it.each([
    [{ chatHasMessages: true, doctorUserType: 'mx-physician' }, { showChatButton: true, showDoctorCard: true }],
    [{ chatHasMessages: false, doctorUserType: 'us-physician' }, { showChatButton: false, showDoctorCard: false }],
    [{ doctorUserType: 'mx-physician', parentAppointmentId: 'p' }, { showChatButton: false, showDoctorCard: false }],
  ] as const)('detail extras %j', (a, e) => expect(historyDetailExtras(a)).toEqual(e));

  it('groups by year then month, newest first', () => {
    const g = groupHistory(
      [{ startDate: '2024-03-05T12:00:00Z' }, { startDate: '2025-01-02T12:00:00Z' }, { startDate: '2024-03-20T12:00:00Z' }, { startDate: '2024-01-01T12:00:00Z' }],
      'America/Mexico_City',
    );
    expect(g.map((y) => y.year)).toEqual([2025, 2024]);
    expect(g[1]!.months.map((m) => m.month)).toEqual([2, 0]);
    expect(g[1]!.months[0]!.items.map((i) => i.startDate)).toEqual(['2024-03-20T12:00:00Z', '2024-03-05T12:00:00Z']);
  });
});

describe('spec 4 scheduled card timing', () => {
  const now = new Date('2025-06-10T15:00:00Z');
  it.each([
    ['2025-06-10T15:10:00Z', 'more-than-five', 'cancel-request'],
    ['2025-06-10T15:05:01Z', 'more-than-five', 'cancel-request'],
    ['2025-06-10T15:05:00Z', 'in-five-minutes', 'enter-consultation'],
    ['2025-06-10T15:01:00Z', 'in-five-minutes', 'enter-consultation'],
    ['2025-06-10T15:00:00Z', 'started', 'enter-consultation'],
    ['2025-06-10T14:30:00Z', 'started', 'enter-consultation'],
  ] as const)('start %s -> %s, %s', (start, bucket, action) => {
    expect(scheduledStartBucket(start, now)).toBe(bucket);
    expect(scheduledCardAction(scheduledStartBucket(start, now))).toBe(action);
  });

  it.each([
    ['2025-06-10T23:00:00Z', 'America/Mexico_City', 'today'], // 17:00 on the 10th
    ['2025-06-11T07:00:00Z', 'America/Mexico_City', 'tomorrow'], // 01:00 on the 11th
    ['2025-06-11T18:00:00Z', 'America/Mexico_City', 'tomorrow'],
    ['2025-06-13T18:00:00Z', 'America/Mexico_City', 'more-than-tomorrow'],
  ] as const)('day bucket of %s in %s', (start, zone, bucket) => {
    expect(scheduledDayBucket(start, now, zone)).toBe(bucket);
  });

  it('the day bucket depends on the time zone', () => {
    const lateNow = new Date('2025-06-11T03:00:00Z'); // 21:00 on the 10th in Mexico City, the 11th in UTC
    expect(scheduledDayBucket('2025-06-11T16:00:00Z', lateNow, 'America/Mexico_City')).toBe('tomorrow');
    expect(scheduledDayBucket('2025-06-11T16:00:00Z', lateNow, 'UTC')).toBe('today');
  });

  it.each([
    ['today', 'cancel-request'],
    ['tomorrow', 'cancel-request'],
    ['more-than-tomorrow', 'cancel-request'],
  ] as const)('%s -> %s', (bucket, action) => expect(scheduledCardAction(bucket)).toBe(action));

  it('looking for coaches with a scheduled appointment goes home', () => {
    expect(lookForCoachesRoute(true)).toEqual({ kind: 'navigate', to: '/inicio', state: { hasScheduledAppointment: true } });
    expect(lookForCoachesRoute(false)).toBeNull();
  });
  it.each([
    ['APPOINTMENT_ALREADY_CANCELED', '/agenda/consulta-en-progreso'],
    ['AppointmentAlreadyFinished', '/agenda/consulta-en-progreso'],
    ['APPOINTMENT_ALREADY_IN_PROGRESS', '/agenda/consulta-en-progreso'],
    ['NO_SLOTS_AVAILABLE', '/agenda/espacio-ocupado'],
    [null, '/agenda/espacio-ocupado'],
  ] as const)('scheduling error %s -> %s', (code, to) => expect(schedulingErrorRoute(code).to).toBe(to));
  it('us-physician changes go through support chat', () => {
    expect(scheduleChangeChannel('us-physician')).toBe('support-chat');
    expect(scheduleChangeChannel('mx-physician')).toBe('in-app');
  });
});

describe('spec 4 network quality', () => {
  it.each([
    [1, 'bad', 1],
    [2, 'regular', 2],
    [3, 'regular', 2],
    [4, 'good', 3],
    [5, 'good', 3],
    [0, 'none', null],
    [null, 'none', null],
    [6, 'none', null],
  ] as const)('level %s -> %s (strength %s)', (level, q, strength) => {
    expect(networkQuality(level)).toBe(q);
    expect(connectionStrengthFor(networkQuality(level))).toBe(strength);
  });
  it.each([
    ['good', false, ['turn-camera-mic-on']],
    ['regular', false, ['turn-camera-off', 'audio-only']],
    ['bad', false, ['turn-camera-and-mic-off']],
    ['bad', true, ['turn-camera-and-mic-off', 'chat-consultation']],
    ['none', true, []],
  ] as const)('%s (conversation %s) suggests %j', (q, hasConversation, s) => expect(networkSuggestions(q, { hasConversation })).toEqual(s));
  const ALL = ['turn-camera-mic-on', 'turn-camera-off', 'audio-only', 'turn-camera-and-mic-off', 'chat-consultation'] as const;
  it.each([
    ['video, camera and mic on', { channel: 'video-call', camera: true, microphone: true }, ['turn-camera-off', 'audio-only', 'turn-camera-and-mic-off', 'chat-consultation']],
    ['video, camera off', { channel: 'video-call', camera: false, microphone: true }, ['turn-camera-mic-on', 'audio-only', 'turn-camera-and-mic-off', 'chat-consultation']],
    ['video, both off', { channel: 'video-call', camera: false, microphone: false }, ['turn-camera-mic-on', 'audio-only', 'chat-consultation']],
    ['audio call, mic on', { channel: 'phone-call', camera: false, microphone: true }, ['turn-camera-and-mic-off', 'chat-consultation']],
    ['audio call, mic off', { channel: 'phone-call', camera: false, microphone: false }, ['chat-consultation']],
    ['chat', { channel: 'chat', camera: false, microphone: false }, []],
  ] as const)('only what is not done yet is suggested: %s', (_name, media, expected) => expect(applicableSuggestions(ALL, media)).toEqual(expected));
});

describe('spec 8 call errors and link to consult', () => {
  it.each([
    [{ message: 'Permission denied' }, { kind: 'navigate', to: '/link-to-consult-permissions' }],
    [{ message: 'Permission dismissed' }, { kind: 'navigate', to: '/link-to-consult-permissions' }],
    [{ message: 'camera access denied by user' }, { kind: 'navigate', to: '/link-to-consult-permissions' }],
    [{ message: 'Room closed', code: 53205 }, { kind: 'navigate', to: '/link-to-consult-closed' }],
    [{ name: 'NotAllowedError', message: 'x' }, { kind: 'not-allowed-dialog' }],
    [{ name: 'NotFoundError', message: 'Requested device not found' }, { kind: 'media-device-dialog', problem: 'missing' }],
    [{ name: 'NotReadableError', message: 'Could not start video source' }, { kind: 'media-device-dialog', problem: 'busy' }],
    [{ message: 'Bad token', code: 20101 }, { kind: 'dialog', title: 'ERROR', message: 'Bad token. Please make sure you are using the correct credentials.', code: 20101 }],
    [{ message: 'Oops' }, { kind: 'dialog', title: 'ERROR', message: 'Oops' }],
  ] as const)('%j', (err, expected) => expect(callErrorRoute(err)).toEqual(expected));

  it.each([
    [{ cameraDenied: true, token: 't' }, { kind: 'navigate', to: '/link-to-consult-permissions' }],
    [{ cameraDenied: false, error: 'x', token: 't' }, { kind: 'navigate', to: '/link-to-consult-closed' }],
    [{ cameraDenied: false, token: 't' }, { kind: 'join', token: 't', joinMethod: 'link' }],
    [{ cameraDenied: false }, { kind: 'navigate', to: '/link-to-consult-closed' }],
  ] as const)('link entry %j', (q, expected) => expect(linkToConsultEntry(q)).toEqual(expected));

  it('finished link button', () => {
    expect(linkFinishedButtonTarget({ partnerSession: false })).toBe('/open');
    expect(linkFinishedButtonTarget({ partnerSession: true, homePageUrl: 'https://org.example' })).toBe('https://org.example');
  });
});

describe('mediaDeviceProblem: a camera or microphone that could not be opened, other than by permission', () => {
  it.each([
    ['NotFoundError', 'missing'],
    ['DevicesNotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
    ['TrackStartError', 'busy'],
    ['AbortError', 'busy'],
    ['NotAllowedError', null],
    ['SecurityError', null],
    [undefined, null],
  ] as const)('%s -> %s', (name, expected) => expect(mediaDeviceProblem(name)).toBe(expected));
});
