import {
  APPOINTMENT_STATE as S,
  inCallAction,
  isAppointmentState,
  isFinishedLike,
  isStatusReason,
  memberCancelRoute,
  MODAL_SITUATIONS,
  prejoinRedirect,
  routeOnAppointmentAlert,
  STORAGE_KEYS as DOMAIN_STORAGE_KEYS,
  TIMEOUT_MODAL_OPTIONS,
  type AppointmentState,
  type AppointmentType,
  type ModalSituation,
  buildPath,
} from '@puente/domain';
import { clearCurrentAppointment, getCurrentAppointment, setCurrentAppointment, updateCurrentAppointment, type CurrentAppointment } from './current-appointment';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage';
import type { InfoModalConfig } from './ui-store';

/**
 * The member side of spec 000 §4 "Member routing on an appointment alert", "Cancel or end reasons
 * on the member side", the modal situations and the in-call / prejoin transitions. The decisions
 * are the domain's; this module keeps the current appointment up to date and performs them through
 * the effects it is given (navigate, modal, toast), so the shell can wire it to the socket and
 * tests can drive it without a browser.
 */

export const VIDEO_CALL_PATH = buildPath('videoCall');

export interface RouterEffects {
  navigate: (to: string, state?: Readonly<Record<string, unknown>>) => void;
  /** The path the member is on now. */
  pathname: () => string;
  openModal: (config: InfoModalConfig) => void;
  toast: (messageKey: string) => void;
  /** An appointment changed on the server: refresh what shows it. */
  invalidate: (appointmentId: string) => void;
}

/** What an alert or a cancel carries (the contract's AppointmentAlert, read defensively). */
export interface AppointmentEvent {
  appointmentId?: string | null;
  state?: string | null;
  statusReason?: string | null;
  type?: AppointmentType | null;
  usDoctorNeeded?: boolean | null;
}

const asEvent = (payload: unknown): AppointmentEvent => (payload && typeof payload === 'object' ? (payload as AppointmentEvent) : {});

/** spec 3: hasJoinedToCall (and consultationRejoined) are cleared when the call ends. */
/** spec 3/4: a guest who came by link (the loginless-consult flag): finish states go to the finished page. */
const isLoginless = (): boolean => readStorage(STORAGE_KEYS.loginlessConsult) !== null;

export const hasJoinedCall = (): boolean => readStorage(STORAGE_KEYS.hasJoinedToCall) === 'true';
export const clearJoinedFlags = (): void => {
  removeStorage(STORAGE_KEYS.hasJoinedToCall);
  removeStorage(STORAGE_KEYS.consultationRejoined);
  removeStorage(STORAGE_KEYS.joinedCall);
};

/** The reasons whose modal is the timeout modal (spec 8: 'Ha pasado el tiempo límite...'). */
const TIMEOUT_REASONS: readonly string[] = ['first-timeout', 'second-timeout'];

const isModalSituation = (reason: string): reason is ModalSituation => (MODAL_SITUATIONS as readonly string[]).includes(reason);

/**
 * spec 4 "Modal situations": a cancel or end for one of these reasons also tells the member why, in
 * a modal. The timeout modal offers more coaches or home (spec 4/8); the others explain and close.
 */
export const cancelModalFor = (reason: string | null | undefined): InfoModalConfig | null => {
  if (!reason || !isModalSituation(reason)) return null;
  if (TIMEOUT_REASONS.includes(reason)) {
    const [moreCoaches, home] = TIMEOUT_MODAL_OPTIONS;
    return {
      title: 'appointment_timeout_modal_title',
      body: 'appointment_timeout_modal_body',
      primaryButton: { label: 'appointment_modal_more_coaches', action: { type: 'navigate-to', path: moreCoaches.to } },
      outlineButton: { label: 'appointment_modal_go_home', action: { type: 'navigate-to', path: home.to } },
    };
  }
  return { title: 'appointment_modal_title', body: `appointment_modal_${reason.replace(/-/g, '_')}` };
};

const remember = (event: { appointmentId: string; state: AppointmentState; type?: AppointmentType | null; usDoctorNeeded?: boolean | null; statusReason?: string | null }): void => {
  const current = getCurrentAppointment();
  const next: CurrentAppointment = {
    id: event.appointmentId,
    state: event.state,
    type: event.type ?? current?.type ?? 'on-demand',
    usDoctorNeeded: event.usDoctorNeeded ?? current?.usDoctorNeeded ?? false,
    statusReason: event.statusReason ?? null,
  };
  if (current && current.id === event.appointmentId) updateCurrentAppointment(current.id, next);
  else setCurrentAppointment(next);
};

export type RoutedAs = 'ignored' | 'navigated' | 'stayed' | 'cancel';

/** An appointment-alert from the server (or a state learnt on recovery). */
export const applyAppointmentAlert = (payload: unknown, fx: RouterEffects): RoutedAs => {
  const event = asEvent(payload);
  const current = getCurrentAppointment();
  // A cancel can come as an alert with the canceled state and its reason.
  if ((event.state === S.S12_CANCELED || event.state === S.SCHEDULED_CANCELED) && event.statusReason && event.appointmentId) {
    return applyAppointmentCancel(payload, fx);
  }
  const route = routeOnAppointmentAlert(event, {
    currentAppointmentId: current?.id ?? null,
    currentState: current?.state ?? null,
    usDoctorNeeded: event.usDoctorNeeded ?? current?.usDoctorNeeded ?? false,
    loginless: isLoginless(),
    appointmentType: event.type ?? current?.type ?? null,
  });
  if (route.kind === 'ignore') {
    // spec 5/8: an alert without a state or appointmentId is ignored and logged.
    if (route.log) console.warn('appointment alert ignored', route.reason, payload);
    // The state is still news for screens that show it (waiting room, call), unless it is stale.
    if (route.reason === 'not-routed' && event.appointmentId && isAppointmentState(event.state)) {
      remember({ ...event, appointmentId: event.appointmentId, state: event.state });
      fx.invalidate(event.appointmentId);
      return inCallOrPrejoin(event.appointmentId, event.state, fx) ?? 'stayed';
    }
    return 'ignored';
  }
  const appointmentId = event.appointmentId as string;
  const state = event.state as AppointmentState;
  remember({ ...event, appointmentId, state });
  fx.invalidate(appointmentId);

  const special = inCallOrPrejoin(appointmentId, state, fx);
  if (special) return special;
  if (route.to === fx.pathname()) return 'stayed';
  fx.navigate(route.to, route.state);
  return 'navigated';
};

/** spec 4 "In call" and "On the prejoin screen": the video call screen's own transitions. */
const inCallOrPrejoin = (appointmentId: string, state: AppointmentState, fx: RouterEffects): RoutedAs | null => {
  if (fx.pathname() !== VIDEO_CALL_PATH) return null;
  const usDoctorNeeded = getCurrentAppointment()?.usDoctorNeeded ?? false;
  if (hasJoinedCall()) {
    const action = inCallAction(state, { loginless: isLoginless(), usDoctorNeeded });
    switch (action.kind) {
      case 'stay':
        return null;
      case 'notify-pending-treatment':
        fx.toast('call_pending_treatment_toast');
        return 'stayed';
      case 'navigate':
        if (action.clearJoinedFlags) clearJoinedFlags();
        fx.navigate(action.to);
        return 'navigated';
      default: {
        const exhaustive: never = action;
        return exhaustive;
      }
    }
  }
  const redirect = prejoinRedirect(state, { loginless: isLoginless(), appointmentId });
  if (!redirect) return null;
  fx.navigate(redirect.to);
  return 'navigated';
};

/** An appointment-cancel (or a canceled alert): spec 4 cancel or end reasons, modal situations. */
export const applyAppointmentCancel = (payload: unknown, fx: RouterEffects): RoutedAs => {
  const event = asEvent(payload);
  const current = getCurrentAppointment();
  if (!event.appointmentId) {
    console.warn('appointment cancel ignored: no appointmentId', payload);
    return 'ignored';
  }
  if (current && current.id !== event.appointmentId) return 'ignored';
  // A cancel for an appointment already over (replayed after a reconnect) changes nothing.
  if (current && isFinishedLike(current.state) && current.statusReason === (event.statusReason ?? null)) return 'ignored';
  const reason = event.statusReason ?? (payload as { reason?: string } | null)?.reason ?? null;
  const route = memberCancelRoute(reason, { appointmentState: current?.state ?? (isAppointmentState(event.state) ? event.state : null) });
  const type = event.type ?? current?.type ?? null;

  const clear = route.kind === 'clear-appointment' || route.clearAppointment;
  removeStorage(DOMAIN_STORAGE_KEYS.waitingRoomStarted);
  clearJoinedFlags();
  if (reason && !isStatusReason(reason)) console.warn('appointment cancel with an unknown reason', reason);
  const modal = cancelModalFor(reason);
  if (modal) fx.openModal(modal);
  // Navigate before forgetting the appointment: the call screen sends a member without one to the root.
  if (route.kind === 'navigate') fx.navigate(route.to, { ...(route.state ?? {}), appointmentType: type ?? 'on-demand' });
  if (clear) clearCurrentAppointment();
  else remember({ appointmentId: event.appointmentId, state: isAppointmentState(event.state) ? event.state : S.S12_CANCELED, type, statusReason: reason });
  fx.invalidate(event.appointmentId);
  return 'cancel';
};

/**
 * After a (re)connect or a reload: ask the server where the appointment is and route on it as if
 * the missed alert had arrived (issue 4: no transition is missed).
 */
export const recoverAppointment = async (
  api: { getCurrent: () => Promise<{ id: string; state: AppointmentState; statusReason: string | null; type: AppointmentType; usDoctorNeeded: boolean } | null>; getById: (id: string) => Promise<{ id: string; state: AppointmentState; statusReason: string | null; type: AppointmentType; usDoctorNeeded: boolean }> },
  fx: RouterEffects,
): Promise<RoutedAs> => {
  const known = getCurrentAppointment();
  let server = await api.getCurrent();
  // The one we knew about is over: learn how it ended.
  if (!server && known && !isFinishedLike(known.state)) server = await api.getById(known.id);
  if (!server) return 'ignored';
  if (known && known.id === server.id && known.state === server.state) return 'stayed';
  const event = { appointmentId: server.id, state: server.state, statusReason: server.statusReason, type: server.type, usDoctorNeeded: server.usDoctorNeeded };
  if (server.state === S.S12_CANCELED || server.state === S.SCHEDULED_CANCELED) return applyAppointmentCancel(event, fx);
  // An appointment we did not know (another tab or device): adopt it, then route from its state.
  if (!known || known.id !== server.id) {
    if (isFinishedLike(server.state)) return 'ignored';
    setCurrentAppointment({ id: server.id, state: S.S1_IN_QUEUE_FOR_COACH, type: server.type, usDoctorNeeded: server.usDoctorNeeded, statusReason: null });
  }
  return applyAppointmentAlert(event, fx);
};
