/**
 * The appointment state machine's edges (spec 000 §4): who may move an appointment from which state
 * to which, with which reason, and who may prescribe. The server applies them through
 * `assertTransition`; the physician dashboard offers only the moves `canTransition` allows.
 *
 * A file of its own, apart from the states (./appointment-machine.ts), which every screen's first
 * script needs: a bundler places a module whole in one chunk, so the table (with its notes) was in
 * the web app's first script for the dashboard's sake (issue 10, first load).
 */
import type { UserType } from './enums';
import {
  APPOINTMENT_STATE as S,
  APPOINTMENT_STATES,
  STATUS_REASONS,
  TERMINAL_STATES,
  isAppointmentState,
  isStatusReason,
  type AppointmentState,
  type StatusReason,
} from './appointment-machine';

/** Who moves an appointment. 'system' is the server itself (timeouts, matching, integrations). */
export const TRANSITION_ROLES = ['member', 'mx-physician', 'us-physician', 'admin', 'system'] as const;
export type TransitionRole = (typeof TRANSITION_ROLES)[number];

/**
 * Reasons each role may give when cancelling or sending back (spec 4 reasons named by actor:
 * "-by-socio", "-by-admin", "-by-coach", "-by-doctor"; the rest are the system's observations).
 */
export const REASONS_BY_ROLE: Record<TransitionRole, readonly StatusReason[]> = {
  member: [
    'canceled-by-socio',
    'canceled-by-sms',
    'waiting-room',
    'limited-services',
    'location-confirmation',
    'media-permissions',
    'scheduled-card',
    'scheduled-modal',
  ],
  admin: ['canceled-by-admin'],
  'mx-physician': ['rejected-by-coach', 'busy-coach', 'timeout-by-coach'],
  'us-physician': ['rejected-by-doctor', 'busy-doctor', 'timeout-by-doctor'],
  system: [
    'no-coaches',
    'no-doctors',
    'busy-coach',
    'busy-doctor',
    'timeout-by-coach',
    'timeout-by-doctor',
    'canceled-by-sms',
    'socio-disconnected',
    'first-timeout',
    'second-timeout',
    'coach-absence',
    'consultation-request',
    'busy',
  ],
};

export interface TransitionRule {
  from: AppointmentState;
  to: AppointmentState;
  roles: readonly TransitionRole[];
  /** Why this edge exists, in the spec's words. */
  note: string;
  /** The actor issues a prescription: only a provider licensed in the member's state (spec 6). */
  prescribes?: boolean;
  /** A reason is required and must be one of these (and one the role may give). */
  reasons?: readonly StatusReason[];
}

const BACK_TO_COACH_QUEUE: readonly StatusReason[] = ['rejected-by-coach', 'timeout-by-coach', 'busy-coach'];
const BACK_TO_ER_QUEUE: readonly StatusReason[] = ['rejected-by-doctor', 'timeout-by-doctor', 'busy-doctor'];

/** Non-terminal states a consultation can be cancelled from (spec 4: "cancel from any non-finished state"). */
export const CANCELLABLE_STATES: readonly AppointmentState[] = APPOINTMENT_STATES.filter(
  (s) => !TERMINAL_STATES.includes(s) && s !== S.S12_CANCELED,
);

/** Physicians may end (with their own reasons) only in the phase they are part of. */
const COACH_PHASE: readonly AppointmentState[] = [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL];
const ER_PHASE: readonly AppointmentState[] = [S.S7_ER_IS_REVIEWING, S.S8_ER_JOINS_CALL];

const cancelRule = (from: AppointmentState): TransitionRule => ({
  from,
  to: S.S12_CANCELED,
  roles: [
    'member',
    'admin',
    'system',
    ...(COACH_PHASE.includes(from) ? (['mx-physician'] as const) : []),
    ...(ER_PHASE.includes(from) ? (['us-physician'] as const) : []),
  ],
  note: 'cancel from any non-finished state, with a reason',
  reasons: STATUS_REASONS,
});

/**
 * spec 4, read as a machine. One row per edge; the tests have one row per edge too.
 * Coach = mx-physician, ER (US doctor) = us-physician.
 */
export const APPOINTMENT_TRANSITIONS: readonly TransitionRule[] = [
  { from: S.EMPTY, to: S.S1_IN_QUEUE_FOR_COACH, roles: ['member', 'system'], note: 'member requests a consultation' },
  { from: S.S1_IN_QUEUE_FOR_COACH, to: S.S2_COACH_IS_REVIEWING, roles: ['mx-physician', 'system'], note: 'coach reviews the request' },
  { from: S.S2_COACH_IS_REVIEWING, to: S.S3_COACH_JOINS_CALL, roles: ['mx-physician'], note: 'coach accepts and joins the call' },
  { from: S.S2_COACH_IS_REVIEWING, to: S.S1_IN_QUEUE_FOR_COACH, roles: ['mx-physician', 'system'], note: 'coach rejects, times out or is busy: back to the queue', reasons: BACK_TO_COACH_QUEUE },
  { from: S.S3_COACH_JOINS_CALL, to: S.S4_COACH_ENDS_CALL, roles: ['mx-physician'], note: 'coach ends the call' },
  { from: S.S3_COACH_JOINS_CALL, to: S.COACH_FINISH_VIDEO_CALL, roles: ['mx-physician'], note: 'coach finishes the video call' },
  { from: S.S3_COACH_JOINS_CALL, to: S.COACH_REQUEST_US_DR, roles: ['mx-physician'], note: 'coach requests a US doctor during the call' },
  { from: S.S3_COACH_JOINS_CALL, to: S.SEND_SOCIO_TO_WAITING_ROOM, roles: ['mx-physician'], note: 'coach sends the member to the waiting room' },
  { from: S.COACH_FINISH_VIDEO_CALL, to: S.S4_COACH_ENDS_CALL, roles: ['mx-physician', 'system'], note: 'the finished call is recorded as ended' },
  { from: S.COACH_FINISH_VIDEO_CALL, to: S.COACH_REQUEST_US_DR, roles: ['mx-physician'], note: 'a US doctor is needed after the coach call' },
  { from: S.S4_COACH_ENDS_CALL, to: S.S5_COACH_SENDS_RX, roles: ['us-physician'], note: 'rx sent; a coach can never prescribe, only a licensed provider', prescribes: true },
  { from: S.S4_COACH_ENDS_CALL, to: S.COACH_REQUEST_US_DR, roles: ['mx-physician'], note: 'coach requests a US doctor after the call' },
  { from: S.S4_COACH_ENDS_CALL, to: S.COACH_STORES_INCOMPLETE, roles: ['mx-physician'], note: 'coach stores an incomplete appointment' },
  { from: S.S4_COACH_ENDS_CALL, to: S.PENDING_NOTES, roles: ['mx-physician', 'system'], note: 'notes still to be written' },
  { from: S.S4_COACH_ENDS_CALL, to: S.S11_FINISHED, roles: ['mx-physician', 'system'], note: 'coach consultation finishes without a prescription' },
  { from: S.COACH_STORES_INCOMPLETE, to: S.PENDING_NOTES, roles: ['mx-physician', 'system'], note: 'the incomplete appointment waits for notes' },
  { from: S.PENDING_NOTES, to: S.S11_FINISHED, roles: ['mx-physician', 'us-physician', 'system'], note: 'notes completed: finish' },
  { from: S.COACH_REQUEST_US_DR, to: S.S6_IN_QUEUE_FOR_ER, roles: ['system'], note: 'the request queues the member for a US doctor' },
  { from: S.COACH_REQUEST_US_DR, to: S.ER_ACCEPTS_CONSULTATION, roles: ['us-physician'], note: 'a US doctor accepts right away' },
  { from: S.COACH_REQUEST_US_DR, to: S.CONSULTATION_WITHOUT_ER, roles: ['mx-physician', 'system'], note: 'coach continues alone' },
  { from: S.SEND_SOCIO_TO_WAITING_ROOM, to: S.S6_IN_QUEUE_FOR_ER, roles: ['system'], note: 'the member waits in WR two for a US doctor' },
  { from: S.SEND_SOCIO_TO_WAITING_ROOM, to: S.CONSULTATION_WITHOUT_ER, roles: ['mx-physician', 'system'], note: 'the member did not pay for the US doctor (USP_REQUIRES_PAYMENT) or the coach continues alone' },
  { from: S.S6_IN_QUEUE_FOR_ER, to: S.S7_ER_IS_REVIEWING, roles: ['us-physician', 'system'], note: 'a US doctor reviews' },
  { from: S.S6_IN_QUEUE_FOR_ER, to: S.ER_ACCEPTS_CONSULTATION, roles: ['us-physician'], note: 'a US doctor accepts' },
  // spec 4 / 001 §6: "the coach may request a US doctor, continue alone, or send the member to a
  // waiting room": while the member waits for a US doctor the coach may still choose to go on alone.
  { from: S.S6_IN_QUEUE_FOR_ER, to: S.CONSULTATION_WITHOUT_ER, roles: ['mx-physician'], note: 'coach stops waiting for a US doctor and continues alone' },
  { from: S.S6_IN_QUEUE_FOR_ER, to: S.NO_DOCTOR_AVAILABLE, roles: ['system'], note: 'no US doctor available', reasons: ['no-doctors'] },
  { from: S.NO_DOCTOR_AVAILABLE, to: S.CONSULTATION_WITHOUT_ER, roles: ['mx-physician', 'system'], note: 'all US doctors busy: the coach continues alone' },
  { from: S.CONSULTATION_WITHOUT_ER, to: S.S4_COACH_ENDS_CALL, roles: ['mx-physician'], note: 'coach ends the call alone' },
  { from: S.CONSULTATION_WITHOUT_ER, to: S.COACH_FINISH_VIDEO_CALL, roles: ['mx-physician'], note: 'coach finishes the video call alone' },
  { from: S.ER_ACCEPTS_CONSULTATION, to: S.S7_ER_IS_REVIEWING, roles: ['us-physician', 'system'], note: 'the accepting US doctor reviews' },
  { from: S.ER_ACCEPTS_CONSULTATION, to: S.S8_ER_JOINS_CALL, roles: ['us-physician'], note: 'the accepting US doctor joins' },
  { from: S.S7_ER_IS_REVIEWING, to: S.S8_ER_JOINS_CALL, roles: ['us-physician'], note: 'US doctor joins the call' },
  { from: S.S7_ER_IS_REVIEWING, to: S.S6_IN_QUEUE_FOR_ER, roles: ['us-physician', 'system'], note: 'US doctor rejects, times out or is busy: back to the queue', reasons: BACK_TO_ER_QUEUE },
  { from: S.S8_ER_JOINS_CALL, to: S.S9_ER_ENDS_CALL, roles: ['us-physician'], note: 'US doctor ends the call' },
  { from: S.S8_ER_JOINS_CALL, to: S.US_DR_PENDING, roles: ['us-physician'], note: 'US doctor ends with the treatment still pending' },
  { from: S.S9_ER_ENDS_CALL, to: S.S10_ER_SENDS_RX, roles: ['us-physician'], note: 'US doctor sends the prescription', prescribes: true },
  { from: S.S9_ER_ENDS_CALL, to: S.US_DR_PENDING, roles: ['us-physician', 'system'], note: 'treatment pending' },
  { from: S.S9_ER_ENDS_CALL, to: S.TREAT_PENDING, roles: ['us-physician', 'system'], note: 'treatment information pending' },
  { from: S.S9_ER_ENDS_CALL, to: S.S11_FINISHED, roles: ['us-physician', 'system'], note: 'finished without a prescription' },
  { from: S.US_DR_PENDING, to: S.S10_ER_SENDS_RX, roles: ['us-physician'], note: 'pending treatment sent', prescribes: true },
  { from: S.US_DR_PENDING, to: S.TREAT_PENDING, roles: ['us-physician', 'system'], note: 'treatment information pending' },
  { from: S.TREAT_PENDING, to: S.TREAT_COMPLETED, roles: ['us-physician', 'system'], note: 'treatment information completed' },
  { from: S.TREAT_COMPLETED, to: S.S11_FINISHED, roles: ['system', 'us-physician'], note: 'finish after the treatment is complete' },
  { from: S.S5_COACH_SENDS_RX, to: S.S11_FINISHED, roles: ['system', 'admin'], note: 'finish after rx' },
  { from: S.S10_ER_SENDS_RX, to: S.S11_FINISHED, roles: ['system', 'admin'], note: 'finish after rx' },
  { from: S.S11_FINISHED, to: S.EXPIRED, roles: ['system'], note: 'notes hidden after expiry' },
  { from: S.S1_IN_QUEUE_FOR_COACH, to: S.SCHEDULED_CANCELED, roles: ['member', 'admin', 'system'], note: 'a scheduled appointment is cancelled before it starts', reasons: ['canceled-by-socio', 'canceled-by-admin', 'canceled-by-sms', 'scheduled-card', 'scheduled-modal', 'limited-services'] },
  ...CANCELLABLE_STATES.map(cancelRule),
];

/** All rules for an edge (there is at most one). */
export const findTransition = (from: AppointmentState, to: AppointmentState): TransitionRule | undefined =>
  APPOINTMENT_TRANSITIONS.find((t) => t.from === from && t.to === to);

/** spec 1/6: a coach cannot diagnose or prescribe; a provider licensed in the member's state can. */
export const canPrescribe = (
  userType: UserType | TransitionRole,
  licensedStates: readonly string[] | null | undefined,
  memberState: string | null | undefined,
): boolean => {
  if (userType !== 'us-physician' || !memberState) return false;
  const wanted = memberState.trim().toUpperCase();
  return (licensedStates ?? []).some((s) => s.trim().toUpperCase() === wanted);
};

/** Simple edge + role check (no reason or licence checks). */
export const canTransition = (from: AppointmentState, to: AppointmentState, role: TransitionRole): boolean =>
  findTransition(from, to)?.roles.includes(role) ?? false;

export type TransitionError =
  | 'unknown-state'
  | 'same-state'
  | 'no-such-transition'
  | 'role-not-allowed'
  | 'reason-required'
  | 'reason-not-allowed'
  | 'not-licensed-to-prescribe';

export type TransitionResult =
  | { ok: true; rule: TransitionRule; reason?: StatusReason }
  | { ok: false; error: TransitionError; from: string; to: string };

export interface TransitionContext {
  reason?: string | null;
  /** For prescribing edges: the actor's licensed states and the member's state. */
  licensedStates?: readonly string[] | null;
  memberState?: string | null;
}

/** The whole check as a value: the service turns a failure into a CONFLICT (or FORBIDDEN) error. */
export const assertTransition = (
  from: string,
  to: string,
  role: TransitionRole,
  ctx: TransitionContext = {},
): TransitionResult => {
  const fail = (error: TransitionError): TransitionResult => ({ ok: false, error, from, to });
  if (!isAppointmentState(from) || !isAppointmentState(to)) return fail('unknown-state');
  if (from === to) return fail('same-state');
  const rule = findTransition(from, to);
  if (!rule) return fail('no-such-transition');
  if (!rule.roles.includes(role)) return fail('role-not-allowed');
  if (rule.prescribes && !canPrescribe(role, ctx.licensedStates, ctx.memberState)) return fail('not-licensed-to-prescribe');
  if (rule.reasons) {
    const reason = ctx.reason ?? undefined;
    if (!reason) return fail('reason-required');
    if (!isStatusReason(reason) || !rule.reasons.includes(reason) || !REASONS_BY_ROLE[role].includes(reason)) {
      return fail('reason-not-allowed');
    }
    return { ok: true, rule, reason };
  }
  return { ok: true, rule };
};
