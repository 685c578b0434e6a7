/**
 * Where the member (and, for notices, the doctor) goes when an appointment changes: spec 000 §4
 * "Member routing on an appointment alert", "Cancel or end reasons on the member side",
 * "Waiting room and call", "History card", "Scheduled appointment card timing", "Network
 * quality", push actions and the info pages of §2. Every function is pure and returns a
 * descriptor; the web app performs it (navigate, show a modal, clear storage).
 */
import { tz } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import {
  APPOINTMENT_STATE as S,
  assertNever,
  isAppointmentState,
  isFinishedLike,
  isRxSent,
  isStatusReason,
  isTerminal,
  type StatusReason,
  type AppointmentState,
  type DashboardEndReason,
} from './appointment-machine';
import { COACH_SEARCHING_US_DOCTOR_TOAST, TIMERS } from './constants';
import type { AppointmentType, ConnectionStrength, PushAction, ScheduledStatus, ScheduledTimeBucket, UserType } from './enums';
import { buildPath, paths, type InfoPageCode } from './routes';

export type NavigateTo = {
  kind: 'navigate';
  to: string;
  /** Router state to pass along (spec 2 names several: hasScheduledAppointment, referer...). */
  state?: Readonly<Record<string, string | boolean>>;
};

const nav = (to: string, state?: NavigateTo['state']): NavigateTo => (state ? { kind: 'navigate', to, state } : { kind: 'navigate', to });

const FINISHED_LINK_PAGE = '/link-to-consult-finished';
const VIDEO_CALL = '/consulta/video-llamada';
const AVAILABLE_COACHES = '/consulta/coaches-disponibles';
const HOME = '/inicio';

// ---------------------------------------------------------------------------------------------
// Appointment alert (spec 4 "Member routing on an appointment alert")

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

// ---------------------------------------------------------------------------------------------
// Cancel or end reasons on the member side (spec 4)

export type CancelRoute = (NavigateTo & { clearAppointment: boolean }) | { kind: 'clear-appointment' };

/** Where the member lands when a consultation ends with a reason (spec 4 "Cancel or end reasons on the member side"). */
export type MemberEndScreen = 'available-coaches' | 'SC094' | 'SC023' | 'SC023-no-action' | 'SC099' | 'clear-appointment' | 'scheduled-canceled';
/** What the clinicians still in the consultation are told (a translation key of the dashboard). */
export type ClinicianEndNotice = 'member-left' | 'timeout' | 'admin' | 'declined' | 'no-one-available' | 'ended';
export interface EndReasonRoute {
  member: MemberEndScreen;
  /** spec 4 "Modal situations": the member also sees a modal; 'timeout' is the tolerance-time modal with more coaches or home. */
  modal: 'timeout' | 'situation' | null;
  clinician: ClinicianEndNotice;
}

/**
 * Every cancel and end reason of spec 4, one row each (issue 11): the member's screen, her modal
 * and what the clinicians are told. The web's routing reads this table (memberCancelRoute,
 * endReasonRoute); a reason not in it is "anything else": SC023 with noAction.
 */
export const END_REASON_ROUTES: Readonly<Record<StatusReason, EndReasonRoute>> = {
  // go to available coaches and clear the appointment
  'canceled-by-socio': { member: 'available-coaches', modal: null, clinician: 'member-left' },
  'waiting-room': { member: 'available-coaches', modal: 'situation', clinician: 'member-left' },
  'limited-services': { member: 'available-coaches', modal: 'situation', clinician: 'member-left' },
  'location-confirmation': { member: 'available-coaches', modal: 'situation', clinician: 'member-left' },
  'media-permissions': { member: 'available-coaches', modal: 'situation', clinician: 'member-left' },
  // busy: SC094
  'busy-coach': { member: 'SC094', modal: null, clinician: 'no-one-available' },
  'busy-doctor': { member: 'SC094', modal: null, clinician: 'no-one-available' },
  busy: { member: 'SC094', modal: 'situation', clinician: 'no-one-available' },
  // SC023 with other coaches
  'canceled-by-admin': { member: 'SC023', modal: null, clinician: 'admin' },
  'rejected-by-doctor': { member: 'SC023', modal: null, clinician: 'declined' },
  'rejected-by-coach': { member: 'SC023', modal: null, clinician: 'declined' },
  'timeout-by-doctor': { member: 'SC023', modal: null, clinician: 'timeout' },
  'timeout-by-coach': { member: 'SC023', modal: null, clinician: 'timeout' },
  'first-timeout': { member: 'SC023', modal: 'timeout', clinician: 'timeout' },
  'second-timeout': { member: 'SC023', modal: 'timeout', clinician: 'timeout' },
  'consultation-request': { member: 'SC023', modal: 'situation', clinician: 'ended' },
  // no one
  'no-coaches': { member: 'SC099', modal: 'situation', clinician: 'no-one-available' },
  'no-doctors': { member: 'clear-appointment', modal: null, clinician: 'no-one-available' },
  // scheduled card
  'scheduled-card': { member: 'scheduled-canceled', modal: 'situation', clinician: 'member-left' },
  // anything else: SC023 with noAction
  'canceled-by-sms': { member: 'SC023-no-action', modal: 'situation', clinician: 'member-left' },
  'socio-disconnected': { member: 'SC023-no-action', modal: 'situation', clinician: 'member-left' },
  'coach-absence': { member: 'SC023-no-action', modal: 'situation', clinician: 'ended' },
  'scheduled-modal': { member: 'SC023-no-action', modal: 'situation', clinician: 'member-left' },
};

const ANYTHING_ELSE: EndReasonRoute = { member: 'SC023-no-action', modal: null, clinician: 'ended' };

export const endReasonRoute = (reason: string | null | undefined): EndReasonRoute =>
  reason && isStatusReason(reason) ? END_REASON_ROUTES[reason] : ANYTHING_ELSE;

export const memberCancelRoute = (reason: string | null | undefined, ctx: { appointmentState?: AppointmentState | null } = {}): CancelRoute => {
  const screen = endReasonRoute(reason).member;
  switch (screen) {
    case 'available-coaches':
      return { ...nav(AVAILABLE_COACHES), clearAppointment: ctx.appointmentState !== S.SCHEDULED_CANCELED };
    case 'SC094':
    case 'SC023':
    case 'SC099':
      return { ...nav(paths.infoPage(screen)), clearAppointment: false };
    case 'SC023-no-action':
      return { ...nav(`${paths.infoPage('SC023')}?noAction=true`), clearAppointment: false };
    case 'clear-appointment':
      return { kind: 'clear-appointment' };
    case 'scheduled-canceled':
      return { ...nav('/agenda/cancelada-exitosamente'), clearAppointment: false };
    default:
      return assertNever(screen);
  }
};

/** spec 4/8: the timeout modal offers more coaches or home. */
export const TIMEOUT_MODAL_OPTIONS = [
  { id: 'more-coaches', to: AVAILABLE_COACHES },
  { id: 'home', to: HOME },
] as const;

// ---------------------------------------------------------------------------------------------
// Info pages (spec 2 /consulta/infoPage/{code})

export type InfoPageButtonId = 'see-other-coaches' | 'go-home' | 'start-scheduling' | 'look-for-another-coach' | 'go-to-history';
export interface InfoPageSpec {
  code: InfoPageCode;
  loading: boolean;
  buttons: { id: InfoPageButtonId; to: string }[];
  /** SC038 clears the waiting-room start flag. */
  clearWaitingRoomStartFlag: boolean;
  /** SC064 redirects to the survey at once. */
  redirectTo?: string;
}

export const infoPage = (
  code: InfoPageCode,
  ctx: { appointmentType?: AppointmentType | null; noAction?: boolean; appointmentId?: string | null } = {},
): InfoPageSpec => {
  const base = { code, loading: false, buttons: [], clearWaitingRoomStartFlag: false };
  switch (code) {
    case 'SC005': // searching for coaches
      return { ...base, loading: true };
    case 'SC023': {
      // last-minute cancel: see other coaches, except for scheduled type or noAction; go home
      const others = ctx.appointmentType === 'scheduled' || ctx.noAction ? [] : [{ id: 'see-other-coaches' as const, to: AVAILABLE_COACHES }];
      return { ...base, buttons: [...others, { id: 'go-home', to: HOME }] };
    }
    case 'SC038':
      return { ...base, clearWaitingRoomStartFlag: true };
    case 'SC064':
      return ctx.appointmentId ? { ...base, loading: true, redirectTo: paths.survey(ctx.appointmentId) } : { ...base, buttons: [{ id: 'go-home', to: HOME }] };
    case 'SC094': // coach not available
      return { ...base, buttons: [{ id: 'look-for-another-coach', to: AVAILABLE_COACHES }] };
    case 'SC099': // no coaches at all
      return { ...base, buttons: [{ id: 'go-home', to: HOME }, { id: 'start-scheduling', to: '/agenda/seleccionar-coach' }] };
    case 'SMC11': // treatment sent to pharmacy
      return { ...base, buttons: [{ id: 'go-to-history', to: '/consulta/historial' }] };
    default:
      return assertNever(code);
  }
};

// ---------------------------------------------------------------------------------------------
// Waiting room and call (spec 4)

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

/**
 * The member's intake steps as she sees them numbered (issue 11: "step 2 of 3" first, the location
 * asked twice). An on-demand request confirms the location on /consulta/llenado-de-informacion
 * before the appointment exists, so the call's location step (spec 2 prejoin step 2) is not asked
 * again: location, camera and microphone, waiting room. Otherwise (a scheduled consultation) the
 * call asks it: camera and microphone, location, waiting room. The stored preJoinStep keeps the
 * spec's numbers (1 camera, 2 location, 3 waiting room); only the displayed numbering follows this.
 */
export type IntakeStep = 'location' | 'media' | 'waiting-room';
export const intakeSteps = (ctx: { locationConfirmedBeforeCall: boolean }): IntakeStep[] =>
  ctx.locationConfirmedBeforeCall ? ['location', 'media', 'waiting-room'] : ['media', 'location', 'waiting-room'];
export const intakeStepNumber = (steps: readonly IntakeStep[], step: IntakeStep): { step: number; total: number } => ({ step: steps.indexOf(step) + 1, total: steps.length });
/**
 * The member confirmed this appointment's place on the location form just before: the form
 * remembers the place it confirmed (before the appointment exists, since the S1 alert can open the
 * call before the create answers), and an on-demand appointment at that same place is not asked
 * again. An appointment made any other way (scheduled, or nothing confirmed here) asks it in the call.
 */
export interface ConfirmedPlace {
  country: string;
  state: string;
  city: string;
}
export const locationConfirmedBeforeCall = (a: { type: AppointmentType; location?: ConfirmedPlace | null }, confirmed: ConfirmedPlace | null | undefined): boolean => {
  if (a.type !== 'on-demand' || !a.location || !confirmed) return false;
  const same = (x: string, y: string) => x.trim().toLowerCase() === y.trim().toLowerCase();
  return same(a.location.country, confirmed.country) && same(a.location.state, confirmed.state) && same(a.location.city, confirmed.city);
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

/** spec 4: S5 changes the consultations tab label to a notification variant. */
export const consultationsTabHasNotification = (state: AppointmentState | null | undefined): boolean => state === S.S5_COACH_SENDS_RX;

/** spec 4: waiting countdown of 300 s shown m:ss, then 'a few more minutes' (null). */
export const formatWaitingCountdown = (elapsedSeconds: number, totalSeconds: number = TIMERS.waitingCountdownSeconds): string | null => {
  const left = Math.ceil(totalSeconds - elapsedSeconds);
  if (left <= 0) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
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

/** spec 9: m:ss for the resend wait and similar timers. */
export const formatMinutesSeconds = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

// ---------------------------------------------------------------------------------------------
// Doctor-side notices (spec 4 / spec 6)

export const DOCTOR_MODALS = [
  'consultation-finished',
  'us-doctor-support',
  'treatment-received',
  'all-us-doctors-busy',
  'pending-treatment-thanks',
] as const;
export type DoctorModal = (typeof DOCTOR_MODALS)[number];
export type DoctorNotice = { kind: 'modal'; modal: DoctorModal } | { kind: 'toast'; message: string } | null;

export const doctorNotice = (userType: UserType, state: AppointmentState): DoctorNotice => {
  switch (userType) {
    case 'us-physician':
      if (state === S.S7_ER_IS_REVIEWING) return { kind: 'modal', modal: 'treatment-received' };
      // spec 2 lists a "pending treatment thanks" doctor modal; we show it to the US doctor who left
      // the treatment pending (our reading: the spec does not name its state).
      if (state === S.US_DR_PENDING) return { kind: 'modal', modal: 'pending-treatment-thanks' };
      return null;
    case 'mx-physician':
      if (state === S.S9_ER_ENDS_CALL) return { kind: 'modal', modal: 'consultation-finished' };
      if (state === S.CONSULTATION_WITHOUT_ER) return { kind: 'modal', modal: 'all-us-doctors-busy' };
      if (state === S.ER_ACCEPTS_CONSULTATION) return { kind: 'modal', modal: 'us-doctor-support' };
      if (state === S.COACH_REQUEST_US_DR) return { kind: 'toast', message: COACH_SEARCHING_US_DOCTOR_TOAST };
      return null;
    case 'member':
    case 'admin':
      return null;
    default:
      return assertNever(userType);
  }
};

// ---------------------------------------------------------------------------------------------
// Push actions (spec 4)

export type PushRoute = NavigateTo | { kind: 'modal'; modal: 'technical-issues-no-coach'; options: typeof TIMEOUT_MODAL_OPTIONS };

export const pushActionRoute = (
  action: PushAction,
  ctx: { appointmentId?: string | null; pushUserId?: string | null; currentUserId?: string | null },
): PushRoute => {
  switch (action) {
    case 'CANCELLED_CONSULTATION':
      return nav(paths.infoPage('SC023'));
    case 'TECHNICAL_ISSUES_NO_COACH':
      return { kind: 'modal', modal: 'technical-issues-no-coach', options: TIMEOUT_MODAL_OPTIONS };
    case 'TREAT_COMPLETED':
    case 'GO_TO_FINISHED_APPOINTMENT': {
      const matches = !!ctx.appointmentId && !!ctx.currentUserId && ctx.pushUserId === ctx.currentUserId;
      return matches && ctx.appointmentId ? nav(paths.historyDetail(ctx.appointmentId)) : nav('/consulta/historial');
    }
    default:
      return assertNever(action);
  }
};

/** spec 4: dashboard end reasons are the push actions in their dashboard spelling. */
export const PUSH_ACTION_BY_DASHBOARD_END_REASON: Record<DashboardEndReason, PushAction> = {
  cancelled_consultation: 'CANCELLED_CONSULTATION',
  technical_issues_no_coach: 'TECHNICAL_ISSUES_NO_COACH',
  treat_info_completed: 'TREAT_COMPLETED',
  go_to_finished_appointment: 'GO_TO_FINISHED_APPOINTMENT',
};

// ---------------------------------------------------------------------------------------------
// History (spec 4 "History card", spec 2 /consulta/historial)

export interface HistoryCardView {
  disabled: boolean;
  expired: boolean;
  /** Notes are replaced by an expired message after expiry. */
  notesHidden: boolean;
  showPrescriptionIcon: boolean;
}

const DISABLED_WHEN_FINISHED: readonly AppointmentState[] = [S.US_DR_PENDING, S.S9_ER_ENDS_CALL, S.TREAT_PENDING, S.PENDING_NOTES, S.S12_CANCELED];
const DISABLED_WHEN_SCHEDULED: readonly AppointmentState[] = [S.SCHEDULED_CANCELED, S.S12_CANCELED];

export const historyCardView = (a: { status: ScheduledStatus; state: AppointmentState; prescriptionNeeded?: boolean | null }): HistoryCardView => {
  const disabled =
    a.status === 'in-progress' ||
    (a.status === 'finished' && DISABLED_WHEN_FINISHED.includes(a.state)) ||
    (a.status === 'scheduled' && DISABLED_WHEN_SCHEDULED.includes(a.state));
  const expired = a.state === S.EXPIRED;
  return {
    disabled,
    expired,
    notesHidden: expired,
    showPrescriptionIcon: !!a.prescriptionNeeded && a.status === 'finished' && a.state === S.TREAT_COMPLETED,
  };
};

/** spec 2: history detail tabs: Summary; Treatment only with prescriptions; Pharmacy only with pharmacy data. */
export const historyDetailTabs = (a: { prescriptions?: readonly unknown[] | null; pharmacy?: unknown }): ('summary' | 'treatment' | 'pharmacy')[] => [
  'summary',
  ...((a.prescriptions?.length ?? 0) > 0 ? (['treatment'] as const) : []),
  ...(a.pharmacy ? (['pharmacy'] as const) : []),
];

/** spec 2: the chat button only if the chat had messages; doctor card and buttons only for coach consultations without a parent. */
export const historyDetailExtras = (a: {
  chatHasMessages?: boolean | null;
  doctorUserType?: UserType | null;
  parentAppointmentId?: string | null;
}): { showChatButton: boolean; showDoctorCard: boolean } => ({
  showChatButton: !!a.chatHasMessages,
  showDoctorCard: a.doctorUserType === 'mx-physician' && !a.parentAppointmentId,
});

/** spec 2: history grouped by year then month, newest first (months 0-11 in the given time zone). */
export const groupHistory = <T extends { startDate: string }>(
  items: readonly T[],
  timeZone: string,
): { year: number; months: { month: number; items: T[] }[] }[] => {
  const sorted = [...items].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
  const parts = (iso: string): { year: number; month: number } => {
    const f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date(iso));
    const get = (t: string): number => Number(f.find((p) => p.type === t)?.value);
    return { year: get('year'), month: get('month') - 1 };
  };
  const years: { year: number; months: { month: number; items: T[] }[] }[] = [];
  for (const item of sorted) {
    const { year, month } = parts(item.startDate);
    let y = years.find((g) => g.year === year);
    if (!y) years.push((y = { year, months: [] }));
    let m = y.months.find((g) => g.month === month);
    if (!m) y.months.push((m = { month, items: [] }));
    m.items.push(item);
  }
  return years;
};

// ---------------------------------------------------------------------------------------------
// Scheduled appointment card timing (spec 4)

/** more-than-five | in-five-minutes | started, by the 5-minute threshold (spec 9). */
export const scheduledStartBucket = (
  startDate: Date | string,
  now: Date,
): Extract<ScheduledTimeBucket, 'more-than-five' | 'in-five-minutes' | 'started'> => {
  const diff = new Date(startDate).getTime() - now.getTime();
  if (diff <= 0) return 'started';
  return diff <= TIMERS.enterConsultationThresholdMs ? 'in-five-minutes' : 'more-than-five';
};

/** today | tomorrow | more-than-tomorrow, by calendar day in the member's time zone. */
export const scheduledDayBucket = (
  startDate: Date | string,
  now: Date,
  timeZone: string,
): Extract<ScheduledTimeBucket, 'today' | 'tomorrow' | 'more-than-tomorrow'> => {
  const days = differenceInCalendarDays(new Date(startDate), now, { in: tz(timeZone) });
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : 'more-than-tomorrow';
};

/** spec 4: more than 5 minutes before: cancel-request button; 5 minutes or less, or started: enter. */
export const scheduledCardAction = (bucket: ScheduledTimeBucket): 'cancel-request' | 'enter-consultation' => {
  switch (bucket) {
    case 'in-five-minutes':
    case 'started':
      return 'enter-consultation';
    case 'more-than-five':
    case 'today':
    case 'tomorrow':
    case 'more-than-tomorrow':
      return 'cancel-request';
    default:
      return assertNever(bucket);
  }
};

/** spec 4: a consult already started cannot be rescheduled in the app. */
export const canRescheduleInApp = (startDate: Date | string, now: Date): boolean => new Date(startDate).getTime() > now.getTime();

/** spec 4: cancelling asks confirmation then goes here. */
export const SCHEDULED_CANCEL_SUCCESS_PATH = '/agenda/cancelada-exitosamente';

/** spec 4: looking for coaches with a scheduled appointment already: go home with hasScheduledAppointment. */
export const lookForCoachesRoute = (hasScheduledAppointment: boolean): NavigateTo | null =>
  hasScheduledAppointment ? nav(HOME, { hasScheduledAppointment: true }) : null;

/** spec 4 "Scheduling flow": physical health has an optional topic list, mental health goes straight to coaches. */
export const schedulingFirstStep = (practice: 'health' | 'mentalhealth', hasPhysicalTopics: boolean): NavigateTo =>
  practice === 'health' && hasPhysicalTopics ? nav('/agenda/seleccionar-ph-tema') : nav('/agenda/seleccionar-coach');

/** spec 4/8: scheduling errors: already cancelled/finished/in progress -> in-progress page; else slot taken. */
export const schedulingErrorRoute = (code: string | null | undefined): NavigateTo => {
  const inProgress = ['APPOINTMENT_ALREADY_CANCELED', 'APPOINTMENT_ALREADY_FINISHED', 'APPOINTMENT_ALREADY_IN_PROGRESS', 'AppointmentAlreadyCanceled', 'AppointmentAlreadyFinished', 'AppointmentAlreadyInProgress'];
  return code && inProgress.includes(code) ? nav('/agenda/consulta-en-progreso') : nav('/agenda/espacio-ocupado');
};

/** spec 4: us-physician coaches get no calendar; cancel or reschedule goes through a support chat message. */
export const scheduleChangeChannel = (physicianType: 'mx-physician' | 'us-physician'): 'in-app' | 'support-chat' =>
  physicianType === 'us-physician' ? 'support-chat' : 'in-app';

// ---------------------------------------------------------------------------------------------
// Network quality (spec 4)

export type NetworkQuality = 'good' | 'regular' | 'bad' | 'none';

/** Level 1 bad; 2 and 3 regular; 4 and 5 good; otherwise none. */
export const networkQuality = (level: number | null | undefined): NetworkQuality => {
  switch (level) {
    case 1:
      return 'bad';
    case 2:
    case 3:
      return 'regular';
    case 4:
    case 5:
      return 'good';
    default:
      return 'none';
  }
};

/** The value sent to PATCH appointments/{id}/connection-strength/{value}: 3 good, 2 regular, 1 bad. */
export const connectionStrengthFor = (q: NetworkQuality): ConnectionStrength | null => {
  switch (q) {
    case 'good':
      return 3;
    case 'regular':
      return 2;
    case 'bad':
      return 1;
    case 'none':
      return null;
    default:
      return assertNever(q);
  }
};

export type NetworkSuggestion = 'turn-camera-mic-on' | 'turn-camera-off' | 'audio-only' | 'turn-camera-and-mic-off' | 'chat-consultation';

/** spec 4: suggestions per quality (each auto-hides after 10 s). */
export const networkSuggestions = (q: NetworkQuality, ctx: { hasConversation: boolean }): NetworkSuggestion[] => {
  switch (q) {
    case 'good':
      return ['turn-camera-mic-on'];
    case 'regular':
      return ['turn-camera-off', 'audio-only'];
    case 'bad':
      return ctx.hasConversation ? ['turn-camera-and-mic-off', 'chat-consultation'] : ['turn-camera-and-mic-off'];
    case 'none':
      return [];
    default:
      return assertNever(q);
  }
};

// ---------------------------------------------------------------------------------------------
// Call errors (spec 8 "Call")

export type CallErrorRoute = NavigateTo | { kind: 'dialog'; title: 'ERROR'; message: string; code?: number } | { kind: 'not-allowed-dialog' };

export const callErrorRoute = (err: { name?: string | null; message?: string | null; code?: number | null }): CallErrorRoute => {
  const message = err.message ?? '';
  if (err.name === 'NotAllowedError') return { kind: 'not-allowed-dialog' };
  if (message === 'Permission denied' || message === 'Permission dismissed' || message.includes('denied')) {
    return nav('/link-to-consult-permissions');
  }
  if (err.code === 53205) return nav('/link-to-consult-closed');
  const text = err.code === 20101 ? `${message}. Please make sure you are using the correct credentials.` : message;
  return err.code ? { kind: 'dialog', title: 'ERROR', message: text, code: err.code } : { kind: 'dialog', title: 'ERROR', message: text };
};

/** spec 2: link-to-consult entry. */
export const linkToConsultEntry = (q: {
  cameraDenied: boolean;
  error?: string | null;
  token?: string | null;
}): NavigateTo | { kind: 'join'; token: string; joinMethod: 'link' } => {
  if (q.cameraDenied) return nav('/link-to-consult-permissions');
  if (q.error) return nav('/link-to-consult-closed');
  if (q.token) return { kind: 'join', token: q.token, joinMethod: 'link' };
  return nav('/link-to-consult-closed');
};

/** spec 2: the finished screen button goes to /open or, for a partner session, the organization home page. */
export const linkFinishedButtonTarget = (ctx: { partnerSession: boolean; homePageUrl?: string | null }): string =>
  ctx.partnerSession && ctx.homePageUrl ? ctx.homePageUrl : buildPath('open');
