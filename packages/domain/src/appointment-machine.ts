/**
 * The appointment state machine (spec 000 §4 "Appointment states", "Failure and cancellation
 * reasons"): the states, the reasons and the groups (finished-like, rx-sent, ended) the web app
 * reads to route the member. Its edges, who may take them and with which reason, are in
 * ./appointment-transitions.ts.
 */
import type { AppointmentType, Channel } from './enums';

/** spec 4: appointment states in order, then the other states, then the event-like states. */
export const APPOINTMENT_STATE = {
  S1_IN_QUEUE_FOR_COACH: '1-in-queue-for-coach',
  S2_COACH_IS_REVIEWING: '2-coach-is-reviewing',
  S3_COACH_JOINS_CALL: '3-coach-joins-call',
  S4_COACH_ENDS_CALL: '4-coach-ends-call',
  S5_COACH_SENDS_RX: '5-coach-sends-rx',
  S6_IN_QUEUE_FOR_ER: '6-in-queue-for-er',
  S7_ER_IS_REVIEWING: '7-er-is-reviewing',
  S8_ER_JOINS_CALL: '8-er-joins-call',
  S9_ER_ENDS_CALL: '9-er-ends-call',
  S10_ER_SENDS_RX: '10-er-sends-rx',
  S11_FINISHED: '11-finished',
  S12_CANCELED: '12-canceled',
  SCHEDULED_CANCELED: 'scheduled-canceled',
  EMPTY: 'empty',
  EXPIRED: 'expired',
  PENDING_NOTES: 'pending-notes',
  TREAT_PENDING: 'treat-info-pending',
  TREAT_COMPLETED: 'treat-info-completed',
  // Event-like states: the spec gives their names only; the string values are ours.
  COACH_REQUEST_US_DR: 'coach-request-us-dr',
  CONSULTATION_WITHOUT_ER: 'consultation-without-er', // the coach continues alone
  ER_ACCEPTS_CONSULTATION: 'er-accepts-consultation',
  COACH_FINISH_VIDEO_CALL: 'coach-finish-video-call',
  NO_DOCTOR_AVAILABLE: 'no-doctor-available',
  SEND_SOCIO_TO_WAITING_ROOM: 'send-socio-to-waiting-room',
  COACH_STORES_INCOMPLETE: 'coach-stores-incomplete', // coach stores an incomplete appointment
  US_DR_PENDING: 'us-dr-pending',
} as const;
export type AppointmentStateName = keyof typeof APPOINTMENT_STATE;
export type AppointmentState = (typeof APPOINTMENT_STATE)[AppointmentStateName];
const S = APPOINTMENT_STATE;

/** All states, numbered ones first in spec order. */
export const APPOINTMENT_STATES = Object.values(APPOINTMENT_STATE) as AppointmentState[];

export const isAppointmentState = (value: unknown): value is AppointmentState =>
  typeof value === 'string' && (APPOINTMENT_STATES as readonly string[]).includes(value);

const FINISHED_LIKE: readonly AppointmentState[] = [S.S5_COACH_SENDS_RX, S.S10_ER_SENDS_RX, S.S11_FINISHED, S.S12_CANCELED];
const RX_SENT: readonly AppointmentState[] = [S.S5_COACH_SENDS_RX, S.S10_ER_SENDS_RX];
const ENDED: readonly AppointmentState[] = [S.COACH_FINISH_VIDEO_CALL, S.S9_ER_ENDS_CALL, S.US_DR_PENDING];

/** spec 4: finished-like states 5, 10, 11, 12. */
export const isFinishedLike = (state: AppointmentState | null | undefined): boolean => !!state && FINISHED_LIKE.includes(state);
/** spec 4: rx-sent states 5 and 10. */
export const isRxSent = (state: AppointmentState | null | undefined): boolean => !!state && RX_SENT.includes(state);
/** spec 4: appointment-ended: coach finished call, 9, US doctor pending. */
export const isAppointmentEnded = (state: AppointmentState | null | undefined): boolean => !!state && ENDED.includes(state);

/**
 * States from which nothing but bookkeeping follows. Cancelling is refused from these (spec 4:
 * cancel from any non-finished state). Scheduled-canceled and expired are terminal too.
 */
export const TERMINAL_STATES: readonly AppointmentState[] = [...FINISHED_LIKE, S.SCHEDULED_CANCELED, S.EXPIRED];
export const isTerminal = (state: AppointmentState): boolean => TERMINAL_STATES.includes(state);

/** spec 4 "Failure and cancellation reasons". */
export const FAILURE_REASONS = [
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
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
/** spec 4 / spec 7: the link cancel reason sent to scheduled-appointments/{id}/cancel. */
export const CANCEL_BY_SMS = 'CANCEL_BY_SMS';
/** spec 7: cancel_reason values of scheduled-appointments/{id}/cancel ("include CANCEL_BY_SMS and limited services"). */
export const SCHEDULED_CANCEL_REASONS = [CANCEL_BY_SMS, 'LIMITED_SERVICES', 'CANCELED_BY_SOCIO'] as const;
export type ScheduledCancelReason = (typeof SCHEDULED_CANCEL_REASONS)[number];

/** spec 4: dashboard end reasons. */
export const DASHBOARD_END_REASONS = [
  'cancelled_consultation',
  'technical_issues_no_coach',
  'treat_info_completed',
  'go_to_finished_appointment',
] as const;
export type DashboardEndReason = (typeof DASHBOARD_END_REASONS)[number];

/**
 * spec 4 "Cancel or end reasons on the member side" / "Modal situations": the member-side
 * situations a consultation can end in. They travel as statusReason next to FAILURE_REASONS.
 */
export const MODAL_SITUATIONS = [
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
] as const;
export type ModalSituation = (typeof MODAL_SITUATIONS)[number];

export type StatusReason = FailureReason | ModalSituation;
export const STATUS_REASONS: readonly StatusReason[] = [...new Set<StatusReason>([...FAILURE_REASONS, ...MODAL_SITUATIONS])];
export const isStatusReason = (v: unknown): v is StatusReason => typeof v === 'string' && (STATUS_REASONS as readonly string[]).includes(v);

export interface NewAppointmentDefaults {
  type: AppointmentType;
  state: AppointmentState;
  channel: Channel;
  usDoctorNeeded: boolean;
}

/** spec 4: new appointment defaults; usDoctorNeeded becomes true when a US doctor id is set. */
export const newAppointmentDefaults = (input: { usDoctorId?: string | null } = {}): NewAppointmentDefaults => ({
  type: 'on-demand',
  state: S.S1_IN_QUEUE_FOR_COACH,
  channel: 'video-call',
  usDoctorNeeded: !!input.usDoctorId,
});

/** spec 4: loginless consults treat states 1 to 3 as 3, with preJoinStep 3. */
export const loginlessView = <T extends { state: AppointmentState; preJoinStep?: number | null }>(appointment: T): T => {
  const early: readonly AppointmentState[] = [S.S1_IN_QUEUE_FOR_COACH, S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL];
  return early.includes(appointment.state) ? { ...appointment, state: S.S3_COACH_JOINS_CALL, preJoinStep: 3 } : appointment;
};

/** spec 4: a dropped consultation: preJoinStep 3, video call not on, state neither ended nor rx. */
export const isConsultationDropped = (input: {
  preJoinStep: number | null | undefined;
  videoCallOn: boolean;
  state: AppointmentState | null | undefined;
}): boolean => input.preJoinStep === 3 && !input.videoCallOn && !isAppointmentEnded(input.state) && !isRxSent(input.state);

/** Exhaustiveness helper for switches over unions. */
export const assertNever = (value: never): never => {
  throw new Error(`Unhandled value: ${String(value)}`);
};
