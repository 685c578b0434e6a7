import { describe, expect, it } from 'vitest';
import {
  acceptStep,
  BUSY_STATES,
  CANCELED_STATES,
  CURRENT_STATES,
  DEFAULT_APPOINTMENT_TIMEOUTS,
  finishStep,
  followUpStep,
  isCallOver,
  isClinicalRecordClosed,
  isHeldForPayment,
  LIVE_STATES,
  NOT_A_CONSULTATION_STATES,
  PAYMENT_HOLD_STATES,
  prescriptionTarget,
  redirectedTarget,
  timeoutStep,
  transitionEffects,
  type LifecycleAppointment,
} from './appointment-lifecycle';
import { APPOINTMENT_STATE as S, APPOINTMENT_STATES, type AppointmentState } from './appointment-machine';
import { assertTransition, type TransitionRole } from './appointment-transitions';

const row = (over: Partial<LifecycleAppointment> = {}): LifecycleAppointment => ({
  state: S.S1_IN_QUEUE_FOR_COACH,
  usDoctorNeeded: false,
  requestedMxDoctorId: null,
  mxDoctorId: null,
  usDoctorId: null,
  statusUserId: null,
  doctorsBlacklist: [],
  ...over,
});

describe('state groups', () => {
  const groups: [string, readonly AppointmentState[], AppointmentState[]][] = [
    ['live', LIVE_STATES, [S.S1_IN_QUEUE_FOR_COACH, S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, S.COACH_REQUEST_US_DR, S.SEND_SOCIO_TO_WAITING_ROOM, S.S6_IN_QUEUE_FOR_ER, S.S7_ER_IS_REVIEWING, S.S8_ER_JOINS_CALL, S.ER_ACCEPTS_CONSULTATION, S.NO_DOCTOR_AVAILABLE, S.CONSULTATION_WITHOUT_ER]],
    ['current', CURRENT_STATES, [...LIVE_STATES, S.COACH_FINISH_VIDEO_CALL, S.S4_COACH_ENDS_CALL, S.S9_ER_ENDS_CALL, S.US_DR_PENDING, S.COACH_STORES_INCOMPLETE, S.PENDING_NOTES, S.TREAT_PENDING, S.TREAT_COMPLETED]],
    ['busy', BUSY_STATES, [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, S.COACH_REQUEST_US_DR, S.ER_ACCEPTS_CONSULTATION, S.S7_ER_IS_REVIEWING, S.S8_ER_JOINS_CALL, S.NO_DOCTOR_AVAILABLE, S.CONSULTATION_WITHOUT_ER]],
    ['cancelled', CANCELED_STATES, [S.S12_CANCELED, S.SCHEDULED_CANCELED]],
    ['held for payment', PAYMENT_HOLD_STATES, [S.COACH_REQUEST_US_DR, S.SEND_SOCIO_TO_WAITING_ROOM]],
    ['not a consultation', NOT_A_CONSULTATION_STATES, [S.EMPTY, S.EXPIRED, S.SCHEDULED_CANCELED]],
  ];
  it.each(groups)('%s states are exactly the listed ones', (_name, group, expected) => {
    expect([...group].sort()).toEqual([...expected].sort());
  });

  it('a physician is only busy in a live consultation; queues are live but nobody holds them', () => {
    for (const s of BUSY_STATES) expect(LIVE_STATES).toContain(s);
    expect(BUSY_STATES).not.toContain(S.S1_IN_QUEUE_FOR_COACH);
    expect(BUSY_STATES).not.toContain(S.S6_IN_QUEUE_FOR_ER);
  });

  it.each([
    [S.S12_CANCELED, true],
    [S.SCHEDULED_CANCELED, true],
    [S.EXPIRED, true],
    [S.S11_FINISHED, false],
    [S.S4_COACH_ENDS_CALL, false],
  ] as const)('clinical record closed in %s: %s', (state, closed) => expect(isClinicalRecordClosed(state)).toBe(closed));

  it.each([
    [S.COACH_REQUEST_US_DR, true],
    [S.SEND_SOCIO_TO_WAITING_ROOM, true],
    [S.S6_IN_QUEUE_FOR_ER, false],
    [S.S3_COACH_JOINS_CALL, false],
  ] as const)('an escalation waits for payment in %s: %s', (state, held) => expect(isHeldForPayment(state)).toBe(held));

  it.each([
    [S.S11_FINISHED, true],
    [S.S5_COACH_SENDS_RX, true],
    [S.S10_ER_SENDS_RX, true],
    [S.S12_CANCELED, true],
    [S.S9_ER_ENDS_CALL, true],
    [S.COACH_FINISH_VIDEO_CALL, true],
    [S.S4_COACH_ENDS_CALL, true],
    [S.S3_COACH_JOINS_CALL, false],
    [S.S8_ER_JOINS_CALL, false],
    [S.S1_IN_QUEUE_FOR_COACH, false],
    [S.TREAT_PENDING, true],
    [S.TREAT_COMPLETED, true],
  ] as const)('the call is over in %s: %s', (state, over) => expect(isCallOver(state)).toBe(over));
});

describe('automatic follow-up moves', () => {
  it.each([
    [S.COACH_REQUEST_US_DR, false, S.S6_IN_QUEUE_FOR_ER],
    [S.SEND_SOCIO_TO_WAITING_ROOM, false, S.S6_IN_QUEUE_FOR_ER],
    [S.NO_DOCTOR_AVAILABLE, false, S.CONSULTATION_WITHOUT_ER],
    [S.ER_ACCEPTS_CONSULTATION, true, S.S7_ER_IS_REVIEWING],
    [S.COACH_FINISH_VIDEO_CALL, false, S.S4_COACH_ENDS_CALL],
    [S.S4_COACH_ENDS_CALL, false, S.S11_FINISHED],
    [S.S4_COACH_ENDS_CALL, true, undefined],
    [S.S3_COACH_JOINS_CALL, false, undefined],
    [S.S6_IN_QUEUE_FOR_ER, true, undefined],
  ] as const)('after %s (US doctor needed: %s) the server moves to %s', (state, usDoctorNeeded, to) => {
    expect(followUpStep({ state, usDoctorNeeded })?.to).toBe(to);
  });

  it('every follow-up is an edge the system may take', () => {
    for (const state of APPOINTMENT_STATES) {
      for (const usDoctorNeeded of [true, false]) {
        const step = followUpStep({ state, usDoctorNeeded });
        if (step) expect(assertTransition(state, step.to, 'system', { reason: step.reason }).ok, `${state} -> ${step.to}`).toBe(true);
      }
    }
  });
});

describe('timeout steps', () => {
  it.each([
    [S.S1_IN_QUEUE_FOR_COACH, null, S.S12_CANCELED, 'no-coaches'],
    [S.S2_COACH_IS_REVIEWING, null, S.S1_IN_QUEUE_FOR_COACH, 'timeout-by-coach'],
    [S.S2_COACH_IS_REVIEWING, 'chosen-coach', S.S12_CANCELED, 'timeout-by-coach'],
    [S.S6_IN_QUEUE_FOR_ER, null, S.NO_DOCTOR_AVAILABLE, 'no-doctors'],
    [S.S7_ER_IS_REVIEWING, null, S.S6_IN_QUEUE_FOR_ER, 'timeout-by-doctor'],
    [S.S3_COACH_JOINS_CALL, null, S.S12_CANCELED, 'first-timeout'],
    [S.S8_ER_JOINS_CALL, null, S.S12_CANCELED, 'second-timeout'],
  ] as const)('%s (requested coach %s) times out to %s with %s', (state, requestedMxDoctorId, to, reason) => {
    const step = timeoutStep({ state, requestedMxDoctorId });
    expect(step).toEqual({ to, reason });
    expect(assertTransition(state, to, 'system', { reason }).ok).toBe(true);
  });

  it.each([S.S4_COACH_ENDS_CALL, S.S11_FINISHED, S.S12_CANCELED])('%s has no timeout', (state) => {
    expect(timeoutStep({ state, requestedMxDoctorId: null })).toBeUndefined();
  });

  it.each([
    [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, 'coach', S.S12_CANCELED],
    [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, null, S.S1_IN_QUEUE_FOR_COACH],
    [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, 'coach', S.S3_COACH_JOINS_CALL],
    [S.S7_ER_IS_REVIEWING, S.S6_IN_QUEUE_FOR_ER, 'coach', S.S6_IN_QUEUE_FOR_ER],
  ] as const)('sending %s back to %s (requested coach %s) goes to %s', (state, to, requestedMxDoctorId, expected) => {
    expect(redirectedTarget({ state, requestedMxDoctorId }, to)).toBe(expected);
  });
});

describe('finish by role', () => {
  it.each<[TransitionRole, AppointmentState, boolean, { to: AppointmentState; as: TransitionRole } | undefined]>([
    ['mx-physician', S.S3_COACH_JOINS_CALL, true, { to: S.COACH_FINISH_VIDEO_CALL, as: 'mx-physician' }],
    ['mx-physician', S.CONSULTATION_WITHOUT_ER, true, { to: S.COACH_FINISH_VIDEO_CALL, as: 'mx-physician' }],
    ['mx-physician', S.S4_COACH_ENDS_CALL, true, { to: S.S11_FINISHED, as: 'mx-physician' }],
    ['mx-physician', S.PENDING_NOTES, true, { to: S.S11_FINISHED, as: 'mx-physician' }],
    ['us-physician', S.S8_ER_JOINS_CALL, true, { to: S.S9_ER_ENDS_CALL, as: 'us-physician' }],
    ['us-physician', S.S9_ER_ENDS_CALL, true, { to: S.S11_FINISHED, as: 'us-physician' }],
    ['us-physician', S.TREAT_COMPLETED, true, { to: S.S11_FINISHED, as: 'us-physician' }],
    ['us-physician', S.PENDING_NOTES, true, { to: S.S11_FINISHED, as: 'us-physician' }],
    ['mx-physician', S.S5_COACH_SENDS_RX, true, { to: S.S11_FINISHED, as: 'system' }],
    ['us-physician', S.S10_ER_SENDS_RX, true, { to: S.S11_FINISHED, as: 'system' }],
    ['us-physician', S.S10_ER_SENDS_RX, false, undefined],
    ['admin', S.S10_ER_SENDS_RX, false, { to: S.S11_FINISHED, as: 'admin' }],
    ['admin', S.S3_COACH_JOINS_CALL, false, undefined],
    ['member', S.S3_COACH_JOINS_CALL, true, undefined],
    ['mx-physician', S.S8_ER_JOINS_CALL, true, undefined],
    ['us-physician', S.S3_COACH_JOINS_CALL, true, undefined],
  ])('%s finishing in %s (assigned %s) -> %j', (role, state, assigned, expected) => {
    const step = finishStep(role, state, assigned);
    expect(step).toEqual(expected);
    if (step) expect(assertTransition(state, step.to, step.as).ok).toBe(true);
  });
});

describe('accept and prescribe targets', () => {
  it.each([
    ['mx-physician', { from: S.S1_IN_QUEUE_FOR_COACH, to: S.S2_COACH_IS_REVIEWING }],
    ['us-physician', { from: S.S6_IN_QUEUE_FOR_ER, to: S.ER_ACCEPTS_CONSULTATION }],
    ['member', undefined],
    ['admin', undefined],
  ] as const)('%s accepts %j', (userType, expected) => expect(acceptStep(userType)).toEqual(expected));

  it.each([
    [S.S4_COACH_ENDS_CALL, S.S5_COACH_SENDS_RX],
    [S.S9_ER_ENDS_CALL, S.S10_ER_SENDS_RX],
    [S.US_DR_PENDING, S.S10_ER_SENDS_RX],
  ] as const)('a prescription from %s moves to %s', (state, to) => expect(prescriptionTarget(state)).toBe(to));
});

describe('transition effects', () => {
  const now = new Date('2026-03-02T15:00:00Z');
  const t = DEFAULT_APPOINTMENT_TIMEOUTS;
  const later = (ms: number) => new Date(now.getTime() + ms);
  const coach = { id: 'coach-1', userType: 'mx-physician' as const };
  const doctor = { id: 'doctor-1', userType: 'us-physician' as const };
  const cases: [string, AppointmentState, Partial<LifecycleAppointment>, typeof coach | typeof doctor | null, Record<string, unknown>][] = [
    ['back to the coach queue blacklists the coach and clears her', S.S1_IN_QUEUE_FOR_COACH, { mxDoctorId: 'coach-0', doctorsBlacklist: ['x'] }, null, { mxDoctorId: null, isMxDoctorBusy: false, deadlineAt: later(t.coachQueueMs), doctorsBlacklist: ['x', 'coach-0'] }],
    ['a coach reviewing is assigned with the join deadline', S.S2_COACH_IS_REVIEWING, {}, coach, { mxDoctorId: 'coach-1', deadlineAt: later(t.coachJoinMs), statusUserId: 'coach-1' }],
    ['requesting a US doctor marks one needed', S.COACH_REQUEST_US_DR, {}, coach, { usDoctorNeeded: true, deadlineAt: null }],
    ['the waiting room marks one needed', S.SEND_SOCIO_TO_WAITING_ROOM, {}, coach, { usDoctorNeeded: true }],
    ['the doctors queue blacklists and clears the doctor', S.S6_IN_QUEUE_FOR_ER, { usDoctorId: 'doctor-0' }, null, { usDoctorId: null, usDoctorNeeded: true, deadlineAt: later(t.doctorQueueMs), doctorsBlacklist: ['doctor-0'] }],
    ['a US doctor accepting is assigned with no deadline', S.ER_ACCEPTS_CONSULTATION, {}, doctor, { usDoctorId: 'doctor-1', usDoctorNeeded: true, deadlineAt: null, statusUserId: 'doctor-1' }],
    ['the server step to S7 keeps who accepted', S.S7_ER_IS_REVIEWING, { usDoctorId: 'doctor-1', statusUserId: 'doctor-1' }, null, { usDoctorId: 'doctor-1', statusUserId: 'doctor-1', deadlineAt: later(t.doctorJoinMs) }],
    ['continuing without a US doctor withdraws her', S.CONSULTATION_WITHOUT_ER, { usDoctorId: 'doctor-1', usDoctorNeeded: true }, coach, { usDoctorNeeded: false, usDoctorId: null }],
    ['finishing ends it', S.S11_FINISHED, {}, coach, { status: 'finished', endDate: now }],
    ['cancelling ends it', S.S12_CANCELED, {}, null, { status: 'finished', endDate: now, statusUserId: null }],
    ['the coach in the call gives the member her tolerance to enter', S.S3_COACH_JOINS_CALL, {}, coach, { state: S.S3_COACH_JOINS_CALL, deadlineAt: later(t.memberJoinMs), statusUserId: 'coach-1' }],
    ['the US doctor in the call gives the member her tolerance to enter', S.S8_ER_JOINS_CALL, {}, doctor, { deadlineAt: later(t.memberJoinMs) }],
    ['other states write the base only', S.S4_COACH_ENDS_CALL, {}, coach, { state: S.S4_COACH_ENDS_CALL, deadlineAt: null, statusUserId: 'coach-1' }],
  ];
  it.each(cases)('%s', (_name, to, over, actor, expected) => {
    const effects = transitionEffects({ row: row(over), to, actor, reason: 'why', now, timeouts: t });
    expect(effects).toMatchObject({ state: to, statusReason: 'why', updatedAt: now, ...expected });
  });

  it('writes only the base columns for a plain move', () => {
    const effects = transitionEffects({ row: row(), to: S.S4_COACH_ENDS_CALL, actor: coach, reason: null, now, timeouts: t });
    expect(Object.keys(effects).sort()).toEqual(['deadlineAt', 'state', 'statusReason', 'statusUserId', 'updatedAt']);
  });
});
