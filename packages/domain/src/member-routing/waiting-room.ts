/** Waiting room and call (spec 4): joining, the first and second call, returning, in-call transitions, hanging up, prejoin and the countdowns. */
import { APPOINTMENT_STATE as S, assertNever, isTerminal, type AppointmentState } from '../appointment-machine';
import { TIMERS } from '../constants';
import { formatMinutesSeconds } from '../timer-format';
import { paths } from '../routes';
import { FINISHED_LINK_PAGE, HOME, nav, type NavigateTo } from './navigate';

export type WaitingRoomDecision = 'join' | 'enter-consultation-dialog' | 'wait';

/** What the waiting room does when the appointment reaches `state`. */
export const waitingRoomDecision = (
  state: AppointmentState,
  ctx: { alreadyJoined: boolean; loginless: boolean; hasUsDoctor: boolean },
): WaitingRoomDecision => {
  if (state === S.ER_ACCEPTS_CONSULTATION || state === S.TREAT_COMPLETED || state === S.CONSULTATION_WITHOUT_ER) return 'join';
  const asksToEnter = state === S.S3_COACH_JOINS_CALL || (state === S.S8_ER_JOINS_CALL && ctx.hasUsDoctor);
  if (!asksToEnter) return 'wait';
  // The dialog is non-dismissible: the member must enter (spec 4).
  return ctx.alreadyJoined || ctx.loginless ? 'join' : 'enter-consultation-dialog';
};

const SECOND_CALL: readonly AppointmentState[] = [S.SEND_SOCIO_TO_WAITING_ROOM, S.S7_ER_IS_REVIEWING, S.S8_ER_JOINS_CALL, S.TREAT_COMPLETED];
/** spec 4: the second call (with the US doctor, WR two) applies in these states. */
export const isSecondCall = (state: AppointmentState | null | undefined): boolean => !!state && SECOND_CALL.includes(state);

/** spec 4: the first call (with the coach) or the second one (with the US doctor, after waiting room two). */
export type CallPhase = 'first' | 'second';
export const callPhase = (state: AppointmentState): CallPhase => (isSecondCall(state) ? 'second' : 'first');

/** Where the member was last in the call of an appointment (stored when they are in it). */
export interface JoinedCall {
  appointmentId: string;
  phase: CallPhase;
}

/**
 * spec 4: "A returning member sees a return-to-call modal". Returning means the member left this
 * appointment's call in the same phase by a reload or a drop (the page's memory is gone) while the
 * call was on. The planned second call after SC038 / waiting room two is not a return (the member
 * joins as S3 says: directly, having joined before), nor is a guest by link.
 */
export const isReturningToCall = (
  state: AppointmentState,
  ctx: { appointmentId: string; stored: JoinedCall | null; inThisPage: JoinedCall | null; loginless: boolean },
): boolean => {
  if (ctx.loginless || !ctx.stored || ctx.stored.appointmentId !== ctx.appointmentId) return false;
  const phase = callPhase(state);
  if (ctx.stored.phase !== phase) return false;
  // Joined this phase in this page's life: not a reload, the member goes straight back in.
  return !(ctx.inThisPage?.appointmentId === ctx.appointmentId && ctx.inThisPage.phase === phase);
};

export type InCallAction =
  | { kind: 'stay' }
  | { kind: 'notify-pending-treatment' }
  | (NavigateTo & { clearJoinedFlags: boolean; disconnect: boolean });

/** spec 4 "In call" transitions. */
export const inCallAction = (state: AppointmentState, ctx: { loginless: boolean; usDoctorNeeded: boolean }): InCallAction => {
  const go = (to: string, clearJoinedFlags: boolean, disconnect: boolean): InCallAction => ({ ...nav(to), clearJoinedFlags, disconnect });
  switch (state) {
    case S.US_DR_PENDING:
      return { kind: 'notify-pending-treatment' };
    case S.COACH_FINISH_VIDEO_CALL:
      if (ctx.loginless) return go(FINISHED_LINK_PAGE, true, true);
      if (ctx.usDoctorNeeded) return go(HOME, true, true);
      return go(paths.infoPage('SC064'), true, true);
    case S.SEND_SOCIO_TO_WAITING_ROOM:
      return go(paths.infoPage('SC038'), false, true);
    case S.S9_ER_ENDS_CALL:
      return ctx.loginless ? go(FINISHED_LINK_PAGE, true, true) : go(paths.infoPage('SC064'), true, true);
    default:
      return { kind: 'stay' };
  }
};

/**
 * The hang-up button of the call bar and the waiting room's "leave" (issue 11): what it does for
 * each role. Ending that affects the others asks for confirmation first: the member's cancel
 * (her coach or doctor is told), the coach finishing the video call, the US doctor ending it.
 * Anything else only leaves the screen.
 */
export type HangUpAction =
  | { kind: 'cancel'; reason: 'canceled-by-socio' | 'waiting-room'; confirm: true }
  | { kind: 'transition'; to: AppointmentState; confirm: true }
  | { kind: 'leave'; confirm: false };

export const hangUpAction = (role: 'member' | 'mx-physician' | 'us-physician', state: AppointmentState, where: 'call' | 'waiting-room'): HangUpAction => {
  const leave: HangUpAction = { kind: 'leave', confirm: false };
  switch (role) {
    case 'member':
      if (isTerminal(state)) return leave;
      return { kind: 'cancel', reason: where === 'waiting-room' ? 'waiting-room' : 'canceled-by-socio', confirm: true };
    case 'mx-physician':
      return state === S.S3_COACH_JOINS_CALL || state === S.CONSULTATION_WITHOUT_ER ? { kind: 'transition', to: S.COACH_FINISH_VIDEO_CALL, confirm: true } : leave;
    case 'us-physician':
      return state === S.S8_ER_JOINS_CALL ? { kind: 'transition', to: S.S9_ER_ENDS_CALL, confirm: true } : leave;
    default:
      return assertNever(role);
  }
};

/** spec 4: on the prejoin screen these states redirect to the survey (or the finished page). */
export const prejoinRedirect = (state: AppointmentState, ctx: { loginless: boolean; appointmentId: string }): NavigateTo | null => {
  if (state !== S.COACH_FINISH_VIDEO_CALL && state !== S.S9_ER_ENDS_CALL && state !== S.US_DR_PENDING) return null;
  return ctx.loginless ? nav(FINISHED_LINK_PAGE) : nav(paths.survey(ctx.appointmentId));
};

/** spec 2: /consulta/video-llamada with no appointment in state redirects to root. */
export const videoCallEntryRedirect = (hasAppointment: boolean): NavigateTo | null => (hasAppointment ? null : nav('/'));

/** spec 4: states 1 and 6 trigger refresh and queue handling on home. */
export const refreshesQueueOnHome = (state: AppointmentState | null | undefined): boolean =>
  state === S.S1_IN_QUEUE_FOR_COACH || state === S.S6_IN_QUEUE_FOR_ER;

/** spec 4: waiting countdown of 300 s shown m:ss, then 'a few more minutes' (null). */
export const formatWaitingCountdown = (elapsedSeconds: number, totalSeconds: number = TIMERS.waitingCountdownSeconds): string | null => {
  const left = Math.ceil(totalSeconds - elapsedSeconds);
  return left <= 0 ? null : formatMinutesSeconds(left * 1000);
};

/**
 * The waiting room's countdown (spec 4, issue 11): to the server's deadline for the current wait
 * (the queue's, `deadlineAt`), so a reload or a later visit shows the time really left; without a
 * deadline, 300 s from when the wait began. Then 'a few more minutes' (null).
 */
export const waitingCountdown = (ctx: { now: number; deadlineAt?: string | null; waitingSince: number }): string | null => {
  const deadline = ctx.deadlineAt ? Date.parse(ctx.deadlineAt) : Number.NaN;
  const leftMs = Number.isNaN(deadline) ? ctx.waitingSince + TIMERS.waitingCountdownSeconds * 1000 - ctx.now : deadline - ctx.now;
  return formatWaitingCountdown(0, leftMs / 1000);
};

/** spec 4: S5 changes the consultations tab label to a notification variant (the bottom navigation). */
export const consultationsTabHasNotification = (state: AppointmentState | null | undefined): boolean => state === S.S5_COACH_SENDS_RX;
