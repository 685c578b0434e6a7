/**
 * The appointment life cycle around the machine (spec 000 §4): which states count as live,
 * current, busy or cancelled; the moves the server makes by itself (follow-ups and timeouts);
 * which state "finish" leads to for each role; and what each transition writes besides the state.
 * Pure: the API's appointments service applies these rules to rows, with its clock and database.
 */
import { APPOINTMENT_STATE as S, isFinishedLike, type AppointmentState } from './appointment-machine';
import type { TransitionRole } from './appointment-transitions';
import type { UserType } from './enums';

/** States in which a consultation is live: a member has at most one of these at a time. */
export const LIVE_STATES: readonly AppointmentState[] = [
  S.S1_IN_QUEUE_FOR_COACH,
  S.S2_COACH_IS_REVIEWING,
  S.S3_COACH_JOINS_CALL,
  S.COACH_REQUEST_US_DR,
  S.SEND_SOCIO_TO_WAITING_ROOM,
  S.S6_IN_QUEUE_FOR_ER,
  S.S7_ER_IS_REVIEWING,
  S.S8_ER_JOINS_CALL,
  S.ER_ACCEPTS_CONSULTATION,
  S.NO_DOCTOR_AVAILABLE,
  S.CONSULTATION_WITHOUT_ER,
];

/** States a client should still follow after a reload (live ones plus the wrap-up). */
export const CURRENT_STATES: readonly AppointmentState[] = [
  ...LIVE_STATES,
  S.COACH_FINISH_VIDEO_CALL,
  S.S4_COACH_ENDS_CALL,
  S.S9_ER_ENDS_CALL,
  S.US_DR_PENDING,
  S.COACH_STORES_INCOMPLETE,
  S.PENDING_NOTES,
  S.TREAT_PENDING,
  S.TREAT_COMPLETED,
];

/** A physician is busy while holding one of these (GET /api/physicians/{id}/isbusy). */
export const BUSY_STATES: readonly AppointmentState[] = [
  S.S2_COACH_IS_REVIEWING,
  S.S3_COACH_JOINS_CALL,
  S.COACH_REQUEST_US_DR,
  S.ER_ACCEPTS_CONSULTATION,
  S.S7_ER_IS_REVIEWING,
  S.S8_ER_JOINS_CALL,
  S.NO_DOCTOR_AVAILABLE,
  S.CONSULTATION_WITHOUT_ER,
];

/** The two cancelled states (on-demand and scheduled). */
export const CANCELED_STATES: readonly AppointmentState[] = [S.S12_CANCELED, S.SCHEDULED_CANCELED];

export const isLiveState = (state: AppointmentState): boolean => LIVE_STATES.includes(state);
export const isCurrentState = (state: string): boolean => (CURRENT_STATES as readonly string[]).includes(state);
export const isCanceledState = (state: AppointmentState): boolean => CANCELED_STATES.includes(state);
/** Clinical writes (notes, medical record) are refused once a consultation is cancelled or expired. */
export const isClinicalRecordClosed = (state: AppointmentState): boolean => isCanceledState(state) || state === S.EXPIRED;

/** The two escalation paths to a US doctor: both wait for the member's payment when her organization requires it (issue 14). */
export const PAYMENT_HOLD_STATES: readonly AppointmentState[] = [S.COACH_REQUEST_US_DR, S.SEND_SOCIO_TO_WAITING_ROOM];
export const isHeldForPayment = (state: string): boolean => (PAYMENT_HOLD_STATES as readonly string[]).includes(state);

/** The call is over (finished, cancelled, ended and being wrapped up, or its treatment pending or sent to the pharmacy):
 * leaving it leads to the survey, or home when cancelled. */
export const isCallOver = (state: AppointmentState): boolean =>
  isFinishedLike(state) ||
  state === S.S9_ER_ENDS_CALL ||
  state === S.COACH_FINISH_VIDEO_CALL ||
  state === S.S4_COACH_ENDS_CALL ||
  state === S.TREAT_PENDING ||
  state === S.TREAT_COMPLETED;

/** A request nobody took up (emptied, expired) or a scheduled one cancelled before it started: not a consultation in the reports. */
export const NOT_A_CONSULTATION_STATES: readonly AppointmentState[] = [S.EMPTY, S.EXPIRED, S.SCHEDULED_CANCELED];

/** A move the server makes by itself, with the reason it records. */
export interface LifecycleStep {
  to: AppointmentState;
  reason?: string;
}

/** What the life-cycle rules read of an appointment. */
export interface LifecycleAppointment {
  state: AppointmentState;
  usDoctorNeeded: boolean;
  requestedMxDoctorId: string | null;
  mxDoctorId: string | null;
  usDoctorId: string | null;
  statusUserId: string | null;
  doctorsBlacklist: readonly string[];
}

/**
 * After these states the server moves on by itself (spec 4: the request queues the member, and
 * so on). The US doctor's accept is announced as ER_ACCEPTS_CONSULTATION (the coach's support
 * modal, the member to the call), then the doctor reviews with the join deadline of S7. When the
 * coach's call ends and no US doctor is needed, the consultation is over (notes may follow).
 */
export const followUpStep = (row: Pick<LifecycleAppointment, 'state' | 'usDoctorNeeded'>): LifecycleStep | undefined => {
  switch (row.state) {
    case S.COACH_REQUEST_US_DR:
    case S.SEND_SOCIO_TO_WAITING_ROOM:
      return { to: S.S6_IN_QUEUE_FOR_ER };
    case S.NO_DOCTOR_AVAILABLE:
      return { to: S.CONSULTATION_WITHOUT_ER };
    case S.ER_ACCEPTS_CONSULTATION:
      return { to: S.S7_ER_IS_REVIEWING };
    case S.COACH_FINISH_VIDEO_CALL:
      return { to: S.S4_COACH_ENDS_CALL };
    case S.S4_COACH_ENDS_CALL:
      return row.usDoctorNeeded ? undefined : { to: S.S11_FINISHED };
    default:
      return undefined;
  }
};

/** Where an appointment goes when its waiting phase is over (spec 4 timeout and no-one reasons). */
export const timeoutStep = (row: Pick<LifecycleAppointment, 'state' | 'requestedMxDoctorId'>): LifecycleStep | undefined => {
  switch (row.state) {
    case S.S1_IN_QUEUE_FOR_COACH:
      return { to: S.S12_CANCELED, reason: 'no-coaches' };
    case S.S2_COACH_IS_REVIEWING:
      // A request for a chosen coach is not put back in the general queue: it ends with the reason.
      return row.requestedMxDoctorId ? { to: S.S12_CANCELED, reason: 'timeout-by-coach' } : { to: S.S1_IN_QUEUE_FOR_COACH, reason: 'timeout-by-coach' };
    case S.S6_IN_QUEUE_FOR_ER:
      return { to: S.NO_DOCTOR_AVAILABLE, reason: 'no-doctors' };
    case S.S7_ER_IS_REVIEWING:
      return { to: S.S6_IN_QUEUE_FOR_ER, reason: 'timeout-by-doctor' };
    // The member did not enter the call in time (the server skips these while she is in the call).
    case S.S3_COACH_JOINS_CALL:
      return { to: S.S12_CANCELED, reason: 'first-timeout' };
    case S.S8_ER_JOINS_CALL:
      return { to: S.S12_CANCELED, reason: 'second-timeout' };
    default:
      return undefined;
  }
};

/** A chosen coach's request that is sent back from S2 is cancelled instead of re-queued. */
export const redirectedTarget = (row: Pick<LifecycleAppointment, 'state' | 'requestedMxDoctorId'>, to: AppointmentState): AppointmentState =>
  row.state === S.S2_COACH_IS_REVIEWING && to === S.S1_IN_QUEUE_FOR_COACH && row.requestedMxDoctorId ? S.S12_CANCELED : to;

/**
 * The finish-appointment command by role: coach in the call finishes the video call (then the
 * server records S4); coach after the call: finished; US doctor in the call ends it (S9); US
 * doctor after ending without rx, after the treatment or the notes: finished.
 */
export const FINISH_BY_ROLE: Readonly<Partial<Record<TransitionRole, Readonly<Partial<Record<AppointmentState, AppointmentState>>>>>> = {
  'mx-physician': {
    [S.S3_COACH_JOINS_CALL]: S.COACH_FINISH_VIDEO_CALL,
    [S.CONSULTATION_WITHOUT_ER]: S.COACH_FINISH_VIDEO_CALL,
    [S.S4_COACH_ENDS_CALL]: S.S11_FINISHED,
    [S.PENDING_NOTES]: S.S11_FINISHED,
  },
  'us-physician': {
    [S.S8_ER_JOINS_CALL]: S.S9_ER_ENDS_CALL,
    [S.S9_ER_ENDS_CALL]: S.S11_FINISHED,
    [S.TREAT_COMPLETED]: S.S11_FINISHED,
    [S.PENDING_NOTES]: S.S11_FINISHED,
  },
};

/**
 * The finish command as one decision: the edge and the role it is applied as, or undefined when
 * the caller has nothing to finish. After an rx (5 or 10) only the system or an admin may finish:
 * the server does it for the assigned physician (`isAssigned`).
 */
export const finishStep = (
  role: TransitionRole,
  state: AppointmentState,
  isAssigned: boolean,
): { to: AppointmentState; as: TransitionRole } | undefined => {
  const to = FINISH_BY_ROLE[role]?.[state];
  if (to) return { to, as: role };
  const rxSent = state === S.S5_COACH_SENDS_RX || state === S.S10_ER_SENDS_RX;
  if (rxSent && (role === 'admin' || isAssigned)) return { to: S.S11_FINISHED, as: role === 'admin' ? 'admin' : 'system' };
  return undefined;
};

/** The state "accept" moves a physician's pick to, and the queue it must come from. */
export const acceptStep = (userType: UserType): { from: AppointmentState; to: AppointmentState } | undefined => {
  if (userType === 'mx-physician') return { from: S.S1_IN_QUEUE_FOR_COACH, to: S.S2_COACH_IS_REVIEWING };
  if (userType === 'us-physician') return { from: S.S6_IN_QUEUE_FOR_ER, to: S.ER_ACCEPTS_CONSULTATION };
  return undefined;
};

/** sendPrescription: from the coach's ended call to 5, otherwise (9 or US doctor pending) to 10. */
export const prescriptionTarget = (state: AppointmentState): AppointmentState =>
  state === S.S4_COACH_ENDS_CALL ? S.S5_COACH_SENDS_RX : S.S10_ER_SENDS_RX;

/**
 * How long each waiting phase may last before the server moves the appointment on (spec 4
 * "timeout-by-coach", "timeout-by-doctor", "no-coaches", "no-doctors"). The spec names the
 * reasons but not the times; these are ours.
 */
export interface AppointmentTimeouts {
  /** S1: nobody took the request. spec 9 shows a 300 s countdown and then "a few more minutes", so the queue outlives the countdown: 10 minutes, then no-coaches. */
  coachQueueMs: number;
  /** S2: a coach took the request but did not join the call: 90 s, then back to the queue (timeout-by-coach). */
  coachJoinMs: number;
  /** S6: no US doctor took the escalation: 5 minutes, then no-doctors and the coach continues alone. */
  doctorQueueMs: number;
  /** S7: a US doctor took it but did not join: 90 s, then back to the doctors' queue (timeout-by-doctor). */
  doctorJoinMs: number;
  /**
   * S3 and S8: the clinician is in the call but the member is not. spec 4 "Cancel or end reasons":
   * the timeout modal says "the tolerance time to enter has passed and the coach is no longer in the
   * call"; first-timeout for the coach's call (the first call), second-timeout for the US doctor's
   * (the second call, spec 4 "Waiting room and call"). The spec names no time: 3 minutes.
   */
  memberJoinMs: number;
}

export const DEFAULT_APPOINTMENT_TIMEOUTS: AppointmentTimeouts = {
  coachQueueMs: 10 * 60_000,
  coachJoinMs: 90_000,
  doctorQueueMs: 5 * 60_000,
  doctorJoinMs: 90_000,
  memberJoinMs: 3 * 60_000,
};

/** The columns a transition writes: the ones the life cycle owns. */
export interface TransitionEffects {
  state: AppointmentState;
  statusReason: string | null;
  statusUserId: string | null;
  updatedAt: Date;
  deadlineAt: Date | null;
  mxDoctorId?: string | null;
  usDoctorId?: string | null;
  isMxDoctorBusy?: boolean;
  usDoctorNeeded?: boolean;
  doctorsBlacklist?: string[];
  status?: 'finished';
  endDate?: Date;
}

export interface TransitionEffectsInput {
  row: LifecycleAppointment;
  to: AppointmentState;
  /** Who moves it; null for the server's own moves. */
  actor: { id: string; userType: UserType } | null;
  reason: string | null;
  now: Date;
  timeouts: AppointmentTimeouts;
}

/** What a transition writes besides the state (assignments, deadlines, reasons, end time). */
export const transitionEffects = ({ row, to, actor, reason, now, timeouts: t }: TransitionEffectsInput): TransitionEffects => {
  const at = (ms: number) => new Date(now.getTime() + ms);
  const base: TransitionEffects = { state: to, statusReason: reason, statusUserId: actor?.id ?? null, updatedAt: now, deadlineAt: null };
  switch (to) {
    case S.S1_IN_QUEUE_FOR_COACH:
      // The coach who sent it back is not offered it again.
      return { ...base, mxDoctorId: null, isMxDoctorBusy: false, deadlineAt: at(t.coachQueueMs), doctorsBlacklist: row.mxDoctorId ? [...row.doctorsBlacklist, row.mxDoctorId] : [...row.doctorsBlacklist] };
    case S.S2_COACH_IS_REVIEWING:
      return { ...base, mxDoctorId: actor?.id ?? row.mxDoctorId, deadlineAt: at(t.coachJoinMs) };
    case S.COACH_REQUEST_US_DR:
    case S.SEND_SOCIO_TO_WAITING_ROOM:
      return { ...base, usDoctorNeeded: true };
    case S.S3_COACH_JOINS_CALL:
    case S.S8_ER_JOINS_CALL:
      // The member's tolerance to enter the call (first-timeout / second-timeout).
      return { ...base, deadlineAt: at(t.memberJoinMs) };
    case S.S6_IN_QUEUE_FOR_ER:
      return {
        ...base,
        usDoctorId: null,
        usDoctorNeeded: true,
        deadlineAt: at(t.doctorQueueMs),
        doctorsBlacklist: row.usDoctorId ? [...row.doctorsBlacklist, row.usDoctorId] : [...row.doctorsBlacklist],
      };
    case S.S7_ER_IS_REVIEWING:
    case S.ER_ACCEPTS_CONSULTATION:
      // spec 4: usDoctorNeeded becomes true when a US doctor id is set.
      return {
        ...base,
        // The server's own step ER_ACCEPTS_CONSULTATION -> S7 keeps the accepting doctor as the one who moved it.
        statusUserId: actor?.id ?? row.statusUserId,
        usDoctorId: actor?.userType === 'us-physician' ? actor.id : row.usDoctorId,
        usDoctorNeeded: true,
        deadlineAt: to === S.S7_ER_IS_REVIEWING ? at(t.doctorJoinMs) : null,
      };
    case S.CONSULTATION_WITHOUT_ER:
      // The coach goes on without a US doctor (her choice from S6, or after the US-doctor
      // timeout): none is needed any more, so finishing the call closes it as a coach-only
      // consultation (S4 -> S11) and the member goes to SC064, not SC038. Clearing usDoctorId
      // withdraws any US doctor still attached; leaving S6 withdraws the offer.
      return { ...base, usDoctorNeeded: false, usDoctorId: null };
    // spec 4 history card: the prescription icon shows on a finished consultation in TREAT_COMPLETED.
    case S.S11_FINISHED:
    case S.S12_CANCELED:
    case S.TREAT_COMPLETED:
      return { ...base, status: 'finished', endDate: now };
    default:
      return base;
  }
};

/**
 * A physician declines a request offered to them (issue 11, spec 4 "rejected-by-coach",
 * "rejected-by-doctor"). The machine says where it goes:
 * - from a queue (S1, S6, or the coach's request for a US doctor) the request stays for the
 *   others: the decliner is added to the blacklist and is not offered it again ('pass');
 * - a request addressed to this coach (a chosen coach, S1) is reviewed and sent back, which the
 *   machine turns into a cancel (redirectedTarget): the member sees SC023 with other coaches;
 * - a request the physician holds (coach S2, US doctor S7) goes back to its queue with the reason,
 *   and the transition blacklists them.
 * Undefined when there is nothing this physician can decline.
 */
export type DeclineStep =
  | { kind: 'pass'; doctorsBlacklist: string[] }
  | { kind: 'transitions'; steps: readonly { to: AppointmentState; reason?: 'rejected-by-coach' | 'rejected-by-doctor' }[] };

export const declineStep = (
  row: Pick<LifecycleAppointment, 'state' | 'requestedMxDoctorId' | 'mxDoctorId' | 'usDoctorId' | 'doctorsBlacklist'>,
  physician: { id: string; userType: UserType },
): DeclineStep | undefined => {
  const pass = (): DeclineStep => ({ kind: 'pass', doctorsBlacklist: row.doctorsBlacklist.includes(physician.id) ? [...row.doctorsBlacklist] : [...row.doctorsBlacklist, physician.id] });
  if (physician.userType === 'mx-physician') {
    if (row.state === S.S1_IN_QUEUE_FOR_COACH) {
      return row.requestedMxDoctorId === physician.id
        ? { kind: 'transitions', steps: [{ to: S.S2_COACH_IS_REVIEWING }, { to: S.S1_IN_QUEUE_FOR_COACH, reason: 'rejected-by-coach' }] }
        : pass();
    }
    if (row.state === S.S2_COACH_IS_REVIEWING && row.mxDoctorId === physician.id) return { kind: 'transitions', steps: [{ to: S.S1_IN_QUEUE_FOR_COACH, reason: 'rejected-by-coach' }] };
    return undefined;
  }
  if (physician.userType === 'us-physician') {
    if (row.state === S.S6_IN_QUEUE_FOR_ER || row.state === S.COACH_REQUEST_US_DR) return pass();
    if (row.state === S.S7_ER_IS_REVIEWING && row.usDoctorId === physician.id) return { kind: 'transitions', steps: [{ to: S.S6_IN_QUEUE_FOR_ER, reason: 'rejected-by-doctor' }] };
    return undefined;
  }
  return undefined;
};
