import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATE as S,
  APPOINTMENT_STATES,
  CANCEL_BY_SMS,
  DASHBOARD_END_REASONS,
  FAILURE_REASONS,
  MODAL_SITUATIONS,
  isAppointmentEnded,
  isConsultationDropped,
  isFinishedLike,
  isRxSent,
  loginlessView,
  newAppointmentDefaults,
  type AppointmentState,
} from './appointment-machine';
import { APPOINTMENT_TRANSITIONS, assertTransition, canPrescribe, canTransition, type TransitionRole } from './appointment-transitions';

describe('spec 4 appointment states', () => {
  it('numbered states in order', () => {
    expect(APPOINTMENT_STATES.slice(0, 12)).toEqual([
      '1-in-queue-for-coach',
      '2-coach-is-reviewing',
      '3-coach-joins-call',
      '4-coach-ends-call',
      '5-coach-sends-rx',
      '6-in-queue-for-er',
      '7-er-is-reviewing',
      '8-er-joins-call',
      '9-er-ends-call',
      '10-er-sends-rx',
      '11-finished',
      '12-canceled',
    ]);
  });

  it.each([
    ['SCHEDULED_CANCELED', 'scheduled-canceled'],
    ['EMPTY', 'empty'],
    ['EXPIRED', 'expired'],
    ['PENDING_NOTES', 'pending-notes'],
    ['TREAT_PENDING', 'treat-info-pending'],
    ['TREAT_COMPLETED', 'treat-info-completed'],
  ] as const)('%s is %s', (name, id) => expect(S[name]).toBe(id));

  it.each([
    'COACH_REQUEST_US_DR',
    'CONSULTATION_WITHOUT_ER',
    'ER_ACCEPTS_CONSULTATION',
    'COACH_FINISH_VIDEO_CALL',
    'NO_DOCTOR_AVAILABLE',
    'SEND_SOCIO_TO_WAITING_ROOM',
    'COACH_STORES_INCOMPLETE',
    'US_DR_PENDING',
  ] as const)('event-like state %s exists', (name) => expect(APPOINTMENT_STATES).toContain(S[name]));

  it('state ids are unique', () => expect(new Set(APPOINTMENT_STATES).size).toBe(APPOINTMENT_STATES.length));

  const groups: [AppointmentState, boolean, boolean, boolean][] = [
    // state, finished-like, rx-sent, ended
    [S.S1_IN_QUEUE_FOR_COACH, false, false, false],
    [S.S4_COACH_ENDS_CALL, false, false, false],
    [S.S5_COACH_SENDS_RX, true, true, false],
    [S.S9_ER_ENDS_CALL, false, false, true],
    [S.S10_ER_SENDS_RX, true, true, false],
    [S.S11_FINISHED, true, false, false],
    [S.S12_CANCELED, true, false, false],
    [S.COACH_FINISH_VIDEO_CALL, false, false, true],
    [S.US_DR_PENDING, false, false, true],
    [S.TREAT_COMPLETED, false, false, false],
  ];
  it.each(groups)('%s: finished-like %s, rx-sent %s, ended %s', (state, finished, rx, ended) => {
    expect(isFinishedLike(state)).toBe(finished);
    expect(isRxSent(state)).toBe(rx);
    expect(isAppointmentEnded(state)).toBe(ended);
  });
  it('no state means none of the groups', () => {
    expect(isFinishedLike(undefined)).toBe(false);
    expect(isRxSent(null)).toBe(false);
  });
});

describe('spec 4 reasons', () => {
  it('failure reasons', () =>
    expect(FAILURE_REASONS).toEqual([
      'no-coaches',
      'no-doctors',
      'busy-coach',
      'busy-doctor',
      'rejected-by-coach',
      'rejected-by-doctor',
      'timeout-by-coach',
      'timeout-by-doctor',
      'canceled-by-socio',
      'canceled-by-admin',
      'canceled-by-sms',
    ]));
  it('link cancel reason', () => expect(CANCEL_BY_SMS).toBe('CANCEL_BY_SMS'));
  it('dashboard end reasons', () =>
    expect(DASHBOARD_END_REASONS).toEqual(['cancelled_consultation', 'technical_issues_no_coach', 'treat_info_completed', 'go_to_finished_appointment']));
  it('modal situations', () =>
    expect(MODAL_SITUATIONS).toEqual([
      'canceled-by-sms',
      'waiting-room',
      'no-coaches',
      'limited-services',
      'location-confirmation',
      'media-permissions',
      'socio-disconnected',
      'second-timeout',
      'consultation-request',
      'first-timeout',
      'coach-absence',
      'scheduled-modal',
      'scheduled-card',
      'busy',
    ]));
});

describe('spec 4 new appointment defaults', () => {
  it('on-demand, state 1, video-call, no US doctor', () =>
    expect(newAppointmentDefaults()).toEqual({ type: 'on-demand', state: '1-in-queue-for-coach', channel: 'video-call', usDoctorNeeded: false }));
  it('usDoctorNeeded when a US doctor id is set', () => expect(newAppointmentDefaults({ usDoctorId: 'd1' }).usDoctorNeeded).toBe(true));
});

describe('spec 4 loginless and dropped consultations', () => {
  it.each([
    [S.S1_IN_QUEUE_FOR_COACH, S.S3_COACH_JOINS_CALL, 3],
    [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, 3],
    [S.S3_COACH_JOINS_CALL, S.S3_COACH_JOINS_CALL, 3],
    [S.S4_COACH_ENDS_CALL, S.S4_COACH_ENDS_CALL, 1],
  ] as const)('loginless %s is seen as %s', (state, seen, step) => {
    const v = loginlessView({ state, preJoinStep: 1 });
    expect(v.state).toBe(seen);
    expect(v.preJoinStep).toBe(step);
  });

  it.each([
    [3, false, S.S3_COACH_JOINS_CALL, true],
    [3, true, S.S3_COACH_JOINS_CALL, false],
    [2, false, S.S3_COACH_JOINS_CALL, false],
    [3, false, S.S9_ER_ENDS_CALL, false],
    [3, false, S.COACH_FINISH_VIDEO_CALL, false],
    [3, false, S.US_DR_PENDING, false],
    [3, false, S.S5_COACH_SENDS_RX, false],
    [3, false, S.S10_ER_SENDS_RX, false],
    [3, false, S.S6_IN_QUEUE_FOR_ER, true],
  ] as const)('preJoinStep %i, video %s, %s -> dropped %s', (preJoinStep, videoCallOn, state, expected) => {
    expect(isConsultationDropped({ preJoinStep, videoCallOn, state })).toBe(expected);
  });
});

describe('spec 1/6 prescribing', () => {
  it.each([
    ['us-physician', ['CA', 'TX'], 'CA', true],
    ['us-physician', ['ca'], 'CA', true],
    ['us-physician', ['TX'], 'CA', false],
    ['us-physician', [], 'CA', false],
    ['us-physician', ['CA'], null, false],
    ['mx-physician', ['CA'], 'CA', false],
    ['admin', ['CA'], 'CA', false],
    ['member', ['CA'], 'CA', false],
    ['system', ['CA'], 'CA', false],
  ] as const)('%s licensed %j, member in %s -> %s', (role, licensed, state, expected) => {
    expect(canPrescribe(role, licensed, state)).toBe(expected);
  });
});

type Row = [from: AppointmentState, to: AppointmentState, role: TransitionRole, reason: string | undefined, expected: true | string];
// One row per edge of the machine (spec 4 transitions read as roles), plus refusals.
const rows: Row[] = [
  [S.EMPTY, S.S1_IN_QUEUE_FOR_COACH, 'member', undefined, true],
  [S.S1_IN_QUEUE_FOR_COACH, S.S2_COACH_IS_REVIEWING, 'mx-physician', undefined, true],
  [S.S1_IN_QUEUE_FOR_COACH, S.S2_COACH_IS_REVIEWING, 'member', undefined, 'role-not-allowed'],
  [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, 'mx-physician', undefined, true],
  [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, 'us-physician', undefined, 'role-not-allowed'],
  [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, 'mx-physician', 'rejected-by-coach', true],
  [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, 'system', 'timeout-by-coach', true],
  [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, 'mx-physician', undefined, 'reason-required'],
  [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, 'mx-physician', 'canceled-by-admin', 'reason-not-allowed'],
  [S.S3_COACH_JOINS_CALL, S.S4_COACH_ENDS_CALL, 'mx-physician', undefined, true],
  [S.S3_COACH_JOINS_CALL, S.COACH_FINISH_VIDEO_CALL, 'mx-physician', undefined, true],
  [S.S3_COACH_JOINS_CALL, S.COACH_REQUEST_US_DR, 'mx-physician', undefined, true],
  [S.S3_COACH_JOINS_CALL, S.SEND_SOCIO_TO_WAITING_ROOM, 'mx-physician', undefined, true],
  [S.S3_COACH_JOINS_CALL, S.S6_IN_QUEUE_FOR_ER, 'mx-physician', undefined, 'no-such-transition'],
  [S.COACH_FINISH_VIDEO_CALL, S.S4_COACH_ENDS_CALL, 'system', undefined, true],
  [S.COACH_FINISH_VIDEO_CALL, S.COACH_REQUEST_US_DR, 'mx-physician', undefined, true],
  [S.S4_COACH_ENDS_CALL, S.S5_COACH_SENDS_RX, 'mx-physician', undefined, 'role-not-allowed'],
  [S.S4_COACH_ENDS_CALL, S.COACH_REQUEST_US_DR, 'mx-physician', undefined, true],
  [S.S4_COACH_ENDS_CALL, S.COACH_STORES_INCOMPLETE, 'mx-physician', undefined, true],
  [S.S4_COACH_ENDS_CALL, S.PENDING_NOTES, 'system', undefined, true],
  [S.S4_COACH_ENDS_CALL, S.S11_FINISHED, 'mx-physician', undefined, true],
  [S.COACH_STORES_INCOMPLETE, S.PENDING_NOTES, 'system', undefined, true],
  [S.PENDING_NOTES, S.S11_FINISHED, 'mx-physician', undefined, true],
  [S.COACH_REQUEST_US_DR, S.S6_IN_QUEUE_FOR_ER, 'system', undefined, true],
  [S.COACH_REQUEST_US_DR, S.ER_ACCEPTS_CONSULTATION, 'us-physician', undefined, true],
  [S.COACH_REQUEST_US_DR, S.CONSULTATION_WITHOUT_ER, 'mx-physician', undefined, true],
  [S.SEND_SOCIO_TO_WAITING_ROOM, S.S6_IN_QUEUE_FOR_ER, 'system', undefined, true],
  [S.SEND_SOCIO_TO_WAITING_ROOM, S.CONSULTATION_WITHOUT_ER, 'system', undefined, true],
  [S.SEND_SOCIO_TO_WAITING_ROOM, S.CONSULTATION_WITHOUT_ER, 'member', undefined, 'role-not-allowed'],
  [S.S6_IN_QUEUE_FOR_ER, S.S7_ER_IS_REVIEWING, 'us-physician', undefined, true],
  [S.S6_IN_QUEUE_FOR_ER, S.S7_ER_IS_REVIEWING, 'mx-physician', undefined, 'role-not-allowed'],
  [S.S6_IN_QUEUE_FOR_ER, S.ER_ACCEPTS_CONSULTATION, 'us-physician', undefined, true],
  [S.S6_IN_QUEUE_FOR_ER, S.CONSULTATION_WITHOUT_ER, 'mx-physician', undefined, true],
  [S.S6_IN_QUEUE_FOR_ER, S.CONSULTATION_WITHOUT_ER, 'us-physician', undefined, 'role-not-allowed'],
  [S.S6_IN_QUEUE_FOR_ER, S.CONSULTATION_WITHOUT_ER, 'member', undefined, 'role-not-allowed'],
  [S.S6_IN_QUEUE_FOR_ER, S.NO_DOCTOR_AVAILABLE, 'system', 'no-doctors', true],
  [S.S6_IN_QUEUE_FOR_ER, S.NO_DOCTOR_AVAILABLE, 'system', undefined, 'reason-required'],
  [S.NO_DOCTOR_AVAILABLE, S.CONSULTATION_WITHOUT_ER, 'mx-physician', undefined, true],
  [S.CONSULTATION_WITHOUT_ER, S.S4_COACH_ENDS_CALL, 'mx-physician', undefined, true],
  [S.CONSULTATION_WITHOUT_ER, S.COACH_FINISH_VIDEO_CALL, 'mx-physician', undefined, true],
  [S.ER_ACCEPTS_CONSULTATION, S.S7_ER_IS_REVIEWING, 'us-physician', undefined, true],
  [S.ER_ACCEPTS_CONSULTATION, S.S8_ER_JOINS_CALL, 'us-physician', undefined, true],
  [S.S7_ER_IS_REVIEWING, S.S8_ER_JOINS_CALL, 'us-physician', undefined, true],
  [S.S7_ER_IS_REVIEWING, S.S6_IN_QUEUE_FOR_ER, 'us-physician', 'rejected-by-doctor', true],
  [S.S7_ER_IS_REVIEWING, S.S6_IN_QUEUE_FOR_ER, 'system', 'timeout-by-doctor', true],
  [S.S7_ER_IS_REVIEWING, S.S6_IN_QUEUE_FOR_ER, 'us-physician', 'rejected-by-coach', 'reason-not-allowed'],
  [S.S8_ER_JOINS_CALL, S.S9_ER_ENDS_CALL, 'us-physician', undefined, true],
  [S.S8_ER_JOINS_CALL, S.US_DR_PENDING, 'us-physician', undefined, true],
  [S.S9_ER_ENDS_CALL, S.US_DR_PENDING, 'system', undefined, true],
  [S.S9_ER_ENDS_CALL, S.TREAT_PENDING, 'system', undefined, true],
  [S.S9_ER_ENDS_CALL, S.S11_FINISHED, 'us-physician', undefined, true],
  [S.US_DR_PENDING, S.TREAT_PENDING, 'system', undefined, true],
  [S.TREAT_PENDING, S.TREAT_COMPLETED, 'system', undefined, true],
  [S.TREAT_COMPLETED, S.S11_FINISHED, 'system', undefined, true],
  [S.S5_COACH_SENDS_RX, S.S11_FINISHED, 'system', undefined, true],
  [S.S10_ER_SENDS_RX, S.S11_FINISHED, 'system', undefined, true],
  [S.S11_FINISHED, S.EXPIRED, 'system', undefined, true],
  [S.S1_IN_QUEUE_FOR_COACH, S.SCHEDULED_CANCELED, 'member', 'canceled-by-socio', true],
  [S.S1_IN_QUEUE_FOR_COACH, S.SCHEDULED_CANCELED, 'admin', 'canceled-by-admin', true],
  // cancel -> S12 from any non-finished state, with a reason the actor may give
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'member', 'canceled-by-socio', true],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'system', 'no-coaches', true],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'admin', 'canceled-by-admin', true],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'member', 'canceled-by-admin', 'reason-not-allowed'],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'member', undefined, 'reason-required'],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'member', 'no-such-reason', 'reason-not-allowed'],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'mx-physician', 'rejected-by-coach', 'role-not-allowed'],
  [S.S2_COACH_IS_REVIEWING, S.S12_CANCELED, 'mx-physician', 'rejected-by-coach', true],
  [S.S3_COACH_JOINS_CALL, S.S12_CANCELED, 'system', 'first-timeout', true],
  [S.S3_COACH_JOINS_CALL, S.S12_CANCELED, 'member', 'media-permissions', true],
  [S.S6_IN_QUEUE_FOR_ER, S.S12_CANCELED, 'system', 'no-doctors', true],
  [S.S8_ER_JOINS_CALL, S.S12_CANCELED, 'us-physician', 'rejected-by-doctor', true],
  [S.S1_IN_QUEUE_FOR_COACH, S.S12_CANCELED, 'member', 'canceled-by-sms', true],
  [S.S5_COACH_SENDS_RX, S.S12_CANCELED, 'admin', 'canceled-by-admin', 'no-such-transition'],
  [S.S10_ER_SENDS_RX, S.S12_CANCELED, 'admin', 'canceled-by-admin', 'no-such-transition'],
  [S.S11_FINISHED, S.S12_CANCELED, 'admin', 'canceled-by-admin', 'no-such-transition'],
  [S.S12_CANCELED, S.S12_CANCELED, 'admin', 'canceled-by-admin', 'same-state'],
  [S.SCHEDULED_CANCELED, S.S12_CANCELED, 'admin', 'canceled-by-admin', 'no-such-transition'],
  [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'member', undefined, 'no-such-transition'],
  [S.S11_FINISHED, S.S1_IN_QUEUE_FOR_COACH, 'system', undefined, 'no-such-transition'],
];

describe('spec 4 transitions', () => {
  it.each(rows)('%s -> %s by %s (reason %s): %s', (from, to, role, reason, expected) => {
    const result = assertTransition(from, to, role, { reason });
    if (expected === true) expect(result).toMatchObject({ ok: true });
    else expect(result).toMatchObject({ ok: false, error: expected });
  });

  it('unknown states are refused', () => {
    expect(assertTransition('nope', S.S1_IN_QUEUE_FOR_COACH, 'system')).toMatchObject({ ok: false, error: 'unknown-state' });
  });

  it.each([
    [S.S4_COACH_ENDS_CALL, S.S5_COACH_SENDS_RX],
    [S.S9_ER_ENDS_CALL, S.S10_ER_SENDS_RX],
    [S.US_DR_PENDING, S.S10_ER_SENDS_RX],
  ] as const)('%s -> %s needs a provider licensed in the member state', (from, to) => {
    expect(assertTransition(from, to, 'us-physician', { licensedStates: ['CA'], memberState: 'CA' })).toMatchObject({ ok: true });
    expect(assertTransition(from, to, 'us-physician', { licensedStates: ['TX'], memberState: 'CA' })).toMatchObject({ ok: false, error: 'not-licensed-to-prescribe' });
    expect(assertTransition(from, to, 'us-physician')).toMatchObject({ ok: false, error: 'not-licensed-to-prescribe' });
    expect(assertTransition(from, to, 'mx-physician', { licensedStates: ['CA'], memberState: 'CA' })).toMatchObject({ ok: false });
  });

  it('every edge is unique and between known states', () => {
    const keys = APPOINTMENT_TRANSITIONS.map((t) => `${t.from}>${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of APPOINTMENT_TRANSITIONS) {
      expect(APPOINTMENT_STATES).toContain(t.from);
      expect(APPOINTMENT_STATES).toContain(t.to);
      expect(t.roles.length).toBeGreaterThan(0);
    }
  });

  it('every non-finished state can be cancelled and no finished one', () => {
    for (const s of APPOINTMENT_STATES) {
      const can = canTransition(s, S.S12_CANCELED, 'admin');
      const finished = isFinishedLike(s) || s === S.SCHEDULED_CANCELED || s === S.EXPIRED;
      expect([s, can]).toEqual([s, !finished]);
    }
  });

  it('a coach never appears on a prescribing edge', () => {
    for (const t of APPOINTMENT_TRANSITIONS.filter((x) => x.prescribes)) expect(t.roles).not.toContain('mx-physician');
  });

  it('every state except the terminal ones has a way forward', () => {
    for (const s of APPOINTMENT_STATES.filter((x) => ![S.S12_CANCELED, S.SCHEDULED_CANCELED, S.EXPIRED].includes(x as never))) {
      expect(APPOINTMENT_TRANSITIONS.some((t) => t.from === s)).toBe(true);
    }
  });
});
