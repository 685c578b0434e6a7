import { APPOINTMENT_STATE as S, APPOINTMENT_STATES, type AppointmentState } from '@puente/domain';
import { describe, expect, it } from 'vitest';
import { actionsFor, type DashboardAction } from './dashboard-actions';

type Row = [string, 'mx-physician' | 'us-physician', boolean, AppointmentState, DashboardAction[]];

// spec 000 §4 states and spec 001 §6 roles: which buttons each physician sees in each state.
// One row per line of the spec: the coach accepts, then during or after the call continues alone,
// requests a US doctor, sends the member to the waiting room, finishes the call; the US doctor
// accepts an escalation, joins, ends, sends the treatment or finishes.
const ROWS: Row[] = [
  ['a coach sees a request in the queue', 'mx-physician', false, S.S1_IN_QUEUE_FOR_COACH, ['accept-request']],
  ['the assigned coach reviewing joins the call', 'mx-physician', true, S.S2_COACH_IS_REVIEWING, ['coach-join-call']],
  ['the coach in the call', 'mx-physician', true, S.S3_COACH_JOINS_CALL, ['request-us-doctor', 'send-to-waiting-room', 'finish-call']],
  ['the coach waiting for a US doctor may continue alone', 'mx-physician', true, S.COACH_REQUEST_US_DR, ['continue-alone']],
  ['no US doctor available: continue alone', 'mx-physician', true, S.NO_DOCTOR_AVAILABLE, ['continue-alone']],
  ['the coach continuing alone finishes the call', 'mx-physician', true, S.CONSULTATION_WITHOUT_ER, ['finish-call']],
  ['after finishing the video call the coach may still ask for a US doctor', 'mx-physician', true, S.COACH_FINISH_VIDEO_CALL, ['request-us-doctor']],
  ['after the coach call ends: request a US doctor or finish', 'mx-physician', true, S.S4_COACH_ENDS_CALL, ['request-us-doctor', 'finish-consultation']],
  ['notes pending: the coach finishes', 'mx-physician', true, S.PENDING_NOTES, ['finish-consultation']],
  ['the member in WR two: the coach may stop waiting and continue alone', 'mx-physician', true, S.S6_IN_QUEUE_FOR_ER, ['continue-alone']],
  ['a coach never accepts an escalation', 'mx-physician', false, S.S6_IN_QUEUE_FOR_ER, []],
  ['a coach who is not assigned sees nothing in a call', 'mx-physician', false, S.S3_COACH_JOINS_CALL, []],
  ['the coach never sends a prescription', 'mx-physician', true, S.S9_ER_ENDS_CALL, []],
  ['a US doctor sees an escalation', 'us-physician', false, S.S6_IN_QUEUE_FOR_ER, ['accept-escalation']],
  ['a US doctor never takes a coach request', 'us-physician', false, S.S1_IN_QUEUE_FOR_COACH, []],
  ['the US doctor reviewing joins', 'us-physician', true, S.S7_ER_IS_REVIEWING, ['join-call']],
  ['the US doctor who accepted joins', 'us-physician', true, S.ER_ACCEPTS_CONSULTATION, ['join-call']],
  ['the US doctor in the call ends it', 'us-physician', true, S.S8_ER_JOINS_CALL, ['end-call']],
  ['after the call: send treatment or finish', 'us-physician', true, S.S9_ER_ENDS_CALL, ['send-treatment', 'finish-consultation']],
  ['pending treatment can still be sent', 'us-physician', true, S.US_DR_PENDING, ['send-treatment']],
  ['treatment completed: finish', 'us-physician', true, S.TREAT_COMPLETED, ['finish-consultation']],
  ['treatment sent: the US doctor closes the consultation', 'us-physician', true, S.S10_ER_SENDS_RX, ['finish-consultation']],
  ['treatment sent: a US doctor not assigned sees nothing', 'us-physician', false, S.S10_ER_SENDS_RX, []],
  ['finished: nothing left', 'us-physician', true, S.S11_FINISHED, []],
  ['canceled: nothing left for the coach', 'mx-physician', true, S.S12_CANCELED, []],
];

describe('dashboard buttons by role and state', () => {
  it.each(ROWS)('%s (%s, assigned %s, %s)', (_name, userType, assigned, state, expected) => {
    expect(actionsFor(state, { userType, assigned })).toEqual(expected);
  });

  it('no state offers a coach a prescribing button', () => {
    for (const state of APPOINTMENT_STATES) {
      expect(actionsFor(state, { userType: 'mx-physician', assigned: true })).not.toContain('send-treatment');
    }
  });
});
