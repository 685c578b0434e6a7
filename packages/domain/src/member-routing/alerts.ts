/** Appointment alert (spec 4 "Member routing on an appointment alert"): where the member goes when her appointment changes state. */
import { APPOINTMENT_STATE as S, assertNever, isAppointmentState, isFinishedLike, isRxSent, type AppointmentState } from '../appointment-machine';
import type { AppointmentType } from '../enums';
import { paths } from '../routes';
import { FINISHED_LINK_PAGE, nav, VIDEO_CALL, type NavigateTo } from './navigate';

export interface AlertContext {
  /** The appointment the member is in now, if any. */
  currentAppointmentId?: string | null;
  /** Its last known state. */
  currentState?: AppointmentState | null;
  usDoctorNeeded: boolean;
  loginless: boolean;
  appointmentType?: AppointmentType | null;
}

export type AlertIgnoreReason = 'missing-state-or-id' | 'unknown-state' | 'other-appointment' | 'already-finished' | 'not-routed';
export type AlertRoute =
  | { kind: 'ignore'; reason: AlertIgnoreReason; log: boolean }
  | (NavigateTo & {
      /** spec 4: a scheduled appointment in S1 checks whether the coach is busy in another appointment. */
      checkCoachBusy?: boolean;
      /** spec 4: COACH_FINISH_VIDEO_CALL reaches SC064 via the call screen. */
      via?: 'call-screen';
    });

export const routeOnAppointmentAlert = (
  alert: { state?: string | null; appointmentId?: string | null },
  ctx: AlertContext,
): AlertRoute => {
  // spec 4 / spec 8: an alert without a state or appointmentId is ignored and logged.
  if (!alert.state || !alert.appointmentId) return { kind: 'ignore', reason: 'missing-state-or-id', log: true };
  if (!isAppointmentState(alert.state)) return { kind: 'ignore', reason: 'unknown-state', log: true };
  if (ctx.currentAppointmentId && alert.appointmentId !== ctx.currentAppointmentId) {
    return { kind: 'ignore', reason: 'other-appointment', log: false };
  }
  // spec 4: ignored if the (current) state is finished or a treatment was sent.
  if (isFinishedLike(ctx.currentState) || isRxSent(ctx.currentState)) return { kind: 'ignore', reason: 'already-finished', log: false };

  const state = alert.state;
  switch (state) {
    case S.S1_IN_QUEUE_FOR_COACH:
      return ctx.appointmentType === 'scheduled' ? { ...nav(VIDEO_CALL), checkCoachBusy: true } : nav(VIDEO_CALL);
    case S.S2_COACH_IS_REVIEWING:
    case S.S3_COACH_JOINS_CALL:
    case S.CONSULTATION_WITHOUT_ER:
    case S.ER_ACCEPTS_CONSULTATION:
    case S.S7_ER_IS_REVIEWING:
    case S.S8_ER_JOINS_CALL:
      return nav(VIDEO_CALL);
    case S.COACH_FINISH_VIDEO_CALL:
      if (ctx.loginless) return nav(FINISHED_LINK_PAGE);
      return ctx.usDoctorNeeded ? nav(paths.infoPage('SC038')) : { ...nav(paths.infoPage('SC064')), via: 'call-screen' };
    case S.S5_COACH_SENDS_RX:
    case S.S10_ER_SENDS_RX:
      return nav('/consulta/resumen-de-cita');
    case S.S6_IN_QUEUE_FOR_ER:
    case S.SEND_SOCIO_TO_WAITING_ROOM:
      return nav(paths.infoPage('SC038'));
    case S.S9_ER_ENDS_CALL:
      return ctx.loginless ? nav(FINISHED_LINK_PAGE) : nav(paths.infoPage('SC064'));
    case S.US_DR_PENDING:
      // spec 4: loginless finish states go to the finished page; members are told in the call.
      return ctx.loginless ? nav(FINISHED_LINK_PAGE) : { kind: 'ignore', reason: 'not-routed', log: false };
    case S.S4_COACH_ENDS_CALL:
    case S.S11_FINISHED:
    case S.S12_CANCELED:
    case S.SCHEDULED_CANCELED:
    case S.EMPTY:
    case S.EXPIRED:
    case S.PENDING_NOTES:
    case S.TREAT_PENDING:
    case S.TREAT_COMPLETED:
    case S.COACH_REQUEST_US_DR:
    case S.NO_DOCTOR_AVAILABLE:
    case S.COACH_STORES_INCOMPLETE:
      // Cancels arrive as their own event (memberCancelRoute); the rest are not routed.
      return { kind: 'ignore', reason: 'not-routed', log: false };
    default:
      return assertNever(state);
  }
};
