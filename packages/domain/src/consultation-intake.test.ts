import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATE as S, MODAL_SITUATIONS, STATUS_REASONS } from './appointment-machine';
import { declineStep } from './appointment-lifecycle';
import { crisisLines, showsCrisisPath } from './crisis';
import { END_REASON_ROUTES, endReasonRoute, hangUpAction, intakeStepNumber, intakeSteps, locationConfirmedBeforeCall, waitingCountdown } from './member-routing';

const row = { requestedMxDoctorId: null, mxDoctorId: null, usDoctorId: null, doctorsBlacklist: ['old'] };
const coach = { id: 'c1', userType: 'mx-physician' as const };
const doctor = { id: 'd1', userType: 'us-physician' as const };

describe('a physician declines a request (issue 11)', () => {
  it.each([
    ['coach, general queue: passes, not offered again', { ...row, state: S.S1_IN_QUEUE_FOR_COACH }, coach, { kind: 'pass', doctorsBlacklist: ['old', 'c1'] }],
    [
      'coach, request addressed to her: reviewed and sent back (the machine cancels it)',
      { ...row, state: S.S1_IN_QUEUE_FOR_COACH, requestedMxDoctorId: 'c1' },
      coach,
      { kind: 'transitions', steps: [{ to: S.S2_COACH_IS_REVIEWING }, { to: S.S1_IN_QUEUE_FOR_COACH, reason: 'rejected-by-coach' }] },
    ],
    ['coach reviewing: back to the queue', { ...row, state: S.S2_COACH_IS_REVIEWING, mxDoctorId: 'c1' }, coach, { kind: 'transitions', steps: [{ to: S.S1_IN_QUEUE_FOR_COACH, reason: 'rejected-by-coach' }] }],
    ['another coach reviewing: nothing to decline', { ...row, state: S.S2_COACH_IS_REVIEWING, mxDoctorId: 'c2' }, coach, undefined],
    ['coach in the call: nothing to decline', { ...row, state: S.S3_COACH_JOINS_CALL, mxDoctorId: 'c1' }, coach, undefined],
    ['US doctor, escalation queue: passes', { ...row, state: S.S6_IN_QUEUE_FOR_ER }, doctor, { kind: 'pass', doctorsBlacklist: ['old', 'd1'] }],
    ['US doctor reviewing: back to the doctors queue', { ...row, state: S.S7_ER_IS_REVIEWING, usDoctorId: 'd1' }, doctor, { kind: 'transitions', steps: [{ to: S.S6_IN_QUEUE_FOR_ER, reason: 'rejected-by-doctor' }] }],
    ['US doctor on a coach queue: nothing', { ...row, state: S.S1_IN_QUEUE_FOR_COACH }, doctor, undefined],
    ['already blacklisted: listed once', { ...row, state: S.S1_IN_QUEUE_FOR_COACH, doctorsBlacklist: ['c1'] }, coach, { kind: 'pass', doctorsBlacklist: ['c1'] }],
  ] as const)('%s', (_name, r, who, expected) => expect(declineStep(r, who)).toEqual(expected));
});

describe('the waiting countdown counts to the queue deadline (issue 11)', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  it.each([
    ['10 minutes left in the queue', { deadlineAt: '2026-11-25T10:10:00Z', waitingSince: now }, '10:00'],
    ['a later visit: the time really left', { deadlineAt: '2026-11-25T10:03:21Z', waitingSince: now - 400_000 }, '3:21'],
    ['deadline passed: a few more minutes', { deadlineAt: '2026-11-25T09:59:00Z', waitingSince: now }, null],
    ['no deadline: 300 s from when the wait began', { deadlineAt: null, waitingSince: now - 60_000 }, '4:00'],
    ['no deadline, long ago', { waitingSince: now - 400_000 }, null],
  ] as const)('%s', (_n, ctx, text) => expect(waitingCountdown({ now, ...ctx })).toBe(text));
});

describe('the crisis path (issue 11)', () => {
  it.each([
    ['US', ['988', '911']],
    ['us', ['988', '911']],
    ['MX', ['911']],
    ['CO', ['911']],
    [null, ['911']],
  ] as const)('in %s: %j', (country, numbers) => expect(crisisLines(country).map((l) => l.number)).toEqual(numbers));
  it('988 can be texted, 911 only called', () => expect(crisisLines('US').map((l) => l.sms)).toEqual([true, false]));
  it('shows for mental health only', () => {
    expect(showsCrisisPath('mentalhealth')).toBe(true);
    expect(showsCrisisPath('health')).toBe(false);
  });
});

describe('every cancel and end reason routes to its screen (spec 4, one row each)', () => {
  it.each([
    ['canceled-by-socio', 'available-coaches', null],
    ['waiting-room', 'available-coaches', 'situation'],
    ['limited-services', 'available-coaches', 'situation'],
    ['location-confirmation', 'available-coaches', 'situation'],
    ['media-permissions', 'available-coaches', 'situation'],
    ['busy-coach', 'SC094', null],
    ['busy-doctor', 'SC094', null],
    ['busy', 'SC094', 'situation'],
    ['canceled-by-admin', 'SC023', null],
    ['rejected-by-doctor', 'SC023', null],
    ['rejected-by-coach', 'SC023', null],
    ['timeout-by-doctor', 'SC023', null],
    ['timeout-by-coach', 'SC023', null],
    ['first-timeout', 'SC023', 'timeout'],
    ['second-timeout', 'SC023', 'timeout'],
    ['consultation-request', 'SC023', 'situation'],
    ['no-coaches', 'SC099', 'situation'],
    ['no-doctors', 'clear-appointment', null],
    ['scheduled-card', 'scheduled-canceled', 'situation'],
    ['canceled-by-sms', 'SC023-no-action', 'situation'],
    ['socio-disconnected', 'SC023-no-action', 'situation'],
    ['coach-absence', 'SC023-no-action', 'situation'],
    ['scheduled-modal', 'SC023-no-action', 'situation'],
    ['something-else', 'SC023-no-action', null],
    [null, 'SC023-no-action', null],
  ] as const)('%s -> %s (modal %s)', (reason, member, modal) => expect(endReasonRoute(reason)).toMatchObject({ member, modal }));

  it('has a row for every status reason, and a modal exactly for the modal situations', () => {
    expect(Object.keys(END_REASON_ROUTES).sort()).toEqual([...STATUS_REASONS].sort());
    for (const reason of STATUS_REASONS) expect(END_REASON_ROUTES[reason].modal !== null).toBe((MODAL_SITUATIONS as readonly string[]).includes(reason));
  });

  it.each([
    ['canceled-by-socio', 'member-left'],
    ['waiting-room', 'member-left'],
    ['rejected-by-coach', 'declined'],
    ['first-timeout', 'timeout'],
    ['canceled-by-admin', 'admin'],
    ['no-doctors', 'no-one-available'],
  ] as const)('the clinicians of a consultation ended with %s are told %s', (reason, notice) => expect(endReasonRoute(reason).clinician).toBe(notice));
});

describe('the hang-up button and leaving the waiting room (issue 11)', () => {
  it.each([
    ['member', S.S1_IN_QUEUE_FOR_COACH, 'waiting-room', { kind: 'cancel', reason: 'waiting-room', confirm: true }],
    ['member', S.S6_IN_QUEUE_FOR_ER, 'waiting-room', { kind: 'cancel', reason: 'waiting-room', confirm: true }],
    ['member', S.S3_COACH_JOINS_CALL, 'call', { kind: 'cancel', reason: 'canceled-by-socio', confirm: true }],
    ['member', S.S11_FINISHED, 'call', { kind: 'leave', confirm: false }],
    ['mx-physician', S.S3_COACH_JOINS_CALL, 'call', { kind: 'transition', to: S.COACH_FINISH_VIDEO_CALL, confirm: true }],
    ['mx-physician', S.CONSULTATION_WITHOUT_ER, 'call', { kind: 'transition', to: S.COACH_FINISH_VIDEO_CALL, confirm: true }],
    ['mx-physician', S.S8_ER_JOINS_CALL, 'call', { kind: 'leave', confirm: false }],
    ['us-physician', S.S8_ER_JOINS_CALL, 'call', { kind: 'transition', to: S.S9_ER_ENDS_CALL, confirm: true }],
    ['us-physician', S.S9_ER_ENDS_CALL, 'call', { kind: 'leave', confirm: false }],
  ] as const)('%s in %s (%s)', (role, state, where, expected) => expect(hangUpAction(role, state, where)).toEqual(expected));
});

describe('the intake steps are numbered as the member sees them, the location asked once (issue 11)', () => {
  it('on demand: location first (on the form), then camera, then the waiting room', () => {
    const place = { country: 'MX', state: 'Jalisco', city: 'Zapopan' };
    const steps = intakeSteps({ locationConfirmedBeforeCall: locationConfirmedBeforeCall({ type: 'on-demand', location: place }, { ...place, city: ' zapopan ' }) });
    expect(steps).toEqual(['location', 'media', 'waiting-room']);
    expect(intakeStepNumber(steps, 'location')).toEqual({ step: 1, total: 3 });
    expect(intakeStepNumber(steps, 'media')).toEqual({ step: 2, total: 3 });
    expect(intakeStepNumber(steps, 'waiting-room')).toEqual({ step: 3, total: 3 });
  });
  it('otherwise (scheduled, another appointment, another device) the call asks the location after the camera', () => {
    const place = { country: 'MX', state: 'Jalisco', city: 'Zapopan' };
    expect(locationConfirmedBeforeCall({ type: 'scheduled', location: place }, place)).toBe(false);
    expect(locationConfirmedBeforeCall({ type: 'on-demand', location: place }, { ...place, city: 'Guadalajara' })).toBe(false);
    expect(locationConfirmedBeforeCall({ type: 'on-demand', location: place }, null)).toBe(false);
    expect(locationConfirmedBeforeCall({ type: 'on-demand', location: null }, place)).toBe(false);
    expect(intakeSteps({ locationConfirmedBeforeCall: false })).toEqual(['media', 'location', 'waiting-room']);
  });
});
