import {
  APPOINTMENT_STATE as S,
  buildPath,
  inCallAction,
  isAppointmentState,
  isFinishedLike,
  isStatusReason,
  memberCancelRoute,
  endReasonRoute,
  prejoinRedirect,
  routeOnAppointmentAlert,
  STORAGE_KEYS as DOMAIN_STORAGE_KEYS,
  TIMEOUT_MODAL_OPTIONS,
  type AppointmentState,
  type AppointmentType,
} from '@puente/domain';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import type { InfoModalConfig } from '@/lib/ui-store';
import type { AppointmentPatch } from './api/get-appointment';
import { clearCurrentAppointment, getCurrentAppointmentId, isRoutedOnce, noteRoutedState, routedState, setCurrentAppointmentId } from './current-appointment';

/**
 * The member side of spec 000 §4 "Member routing on an appointment alert", "Cancel or end reasons
 * on the member side", the modal situations and the in-call / prejoin transitions. The decisions
 * are the domain's; this module reads the appointment from the query cache (`read`), keeps the
 * current appointment's id, and performs the decisions through the effects it is given (navigate,
 * modal, toast), so the shell can wire it to the alerts and tests can drive it without a browser.
 */

export const VIDEO_CALL_PATH = buildPath('videoCall');

/** What routing reads of an appointment (the cached record's fields). */
export interface AppointmentView {
  id: string;
  state: AppointmentState;
  type: AppointmentType;
  usDoctorNeeded: boolean;
  statusReason: string | null;
}

export interface RouterEffects {
  navigate: (to: string, state?: Readonly<Record<string, unknown>>) => void;
  /** The path the member is on now. */
  pathname: () => string;
  openModal: (config: InfoModalConfig) => void;
  toast: (messageKey: string) => void;
  /** The cached appointment (the query cache owns it), if any. */
  read: (appointmentId: string) => AppointmentView | undefined;
  /** Tells the cache what an alert or a recovery learnt (patched, never refetched). */
  patch: (patch: AppointmentPatch) => void;
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

/**
 * spec 4 "Modal situations": a cancel or end for one of these reasons also tells the member why, in
 * a modal (the domain's END_REASON_ROUTES says which). The timeout modal offers more coaches or
 * home (spec 4/8: 'Ha pasado el tiempo límite...'); the others explain and close.
 */
export const cancelModalFor = (reason: string | null | undefined): InfoModalConfig | null => {
  const modal = endReasonRoute(reason).modal;
  if (!reason || !modal) return null;
  if (modal === 'timeout') {
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

const remember = (event: AppointmentPatch, fx: RouterEffects): void => {
  if (getCurrentAppointmentId() !== event.appointmentId) setCurrentAppointmentId(event.appointmentId);
  noteRoutedState(event.appointmentId, event.state);
  fx.patch(event);
};

/**
 * The current appointment as routing knows it: its id (stored), the cached record (as it was
 * before the alert, when given) and the state routing last acted on, which wins over the record's.
 */
const known = (fx: RouterEffects, before?: AppointmentView | null): (Partial<AppointmentView> & { id: string }) | null => {
  const id = getCurrentAppointmentId();
  if (!id) return null;
  const record = before !== undefined ? before : fx.read(id);
  const view = record && record.id === id ? { ...record } : { id };
  const routed = routedState(id);
  return routed ? { ...view, state: routed } : view;
};

const eventPatch = (event: AppointmentEvent & { appointmentId: string; state: AppointmentState }): AppointmentPatch => ({
  appointmentId: event.appointmentId,
  state: event.state,
  statusReason: event.statusReason ?? null,
  ...(event.type ? { type: event.type } : {}),
  ...(typeof event.usDoctorNeeded === 'boolean' ? { usDoctorNeeded: event.usDoctorNeeded } : {}),
});

export type RoutedAs = 'ignored' | 'navigated' | 'stayed' | 'cancel';

/**
 * An appointment-alert from the server (or a state learnt on recovery). `before` is the cached
 * record as it was before the alert patched it (the alerts hook patches first); without it the
 * cache is read.
 */
export const applyAppointmentAlert = (payload: unknown, fx: RouterEffects, before?: AppointmentView | null): RoutedAs => {
  const event = asEvent(payload);
  const current = known(fx, before);
  // A cancel can come as an alert with the canceled state and its reason.
  if ((event.state === S.S12_CANCELED || event.state === S.SCHEDULED_CANCELED) && event.statusReason && event.appointmentId) {
    return applyAppointmentCancel(payload, fx, before);
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
      remember(eventPatch({ ...event, appointmentId: event.appointmentId, state: event.state }), fx);
      return inCallOrPrejoin(event.appointmentId, event.state, fx) ?? 'stayed';
    }
    return 'ignored';
  }
  const appointmentId = event.appointmentId as string;
  const state = event.state as AppointmentState;
  remember(eventPatch({ ...event, appointmentId, state }), fx);

  const special = inCallOrPrejoin(appointmentId, state, fx);
  if (special) return special;
  if (route.to === fx.pathname()) return 'stayed';
  fx.navigate(route.to, route.state);
  return 'navigated';
};

/** spec 4 "In call" and "On the prejoin screen": the video call screen's own transitions. */
const inCallOrPrejoin = (appointmentId: string, state: AppointmentState, fx: RouterEffects): RoutedAs | null => {
  if (fx.pathname() !== VIDEO_CALL_PATH) return null;
  const usDoctorNeeded = fx.read(appointmentId)?.usDoctorNeeded ?? false;
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
export const applyAppointmentCancel = (payload: unknown, fx: RouterEffects, before?: AppointmentView | null): RoutedAs => {
  const event = asEvent(payload);
  const current = known(fx, before);
  if (!event.appointmentId) {
    console.warn('appointment cancel ignored: no appointmentId', payload);
    return 'ignored';
  }
  if (current && current.id !== event.appointmentId) return 'ignored';
  // A cancel for an appointment already over (replayed after a reconnect) changes nothing.
  if (current?.state && isFinishedLike(current.state) && current.statusReason === (event.statusReason ?? null)) return 'ignored';
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
  const patch: AppointmentPatch = { appointmentId: event.appointmentId, state: isAppointmentState(event.state) ? event.state : S.S12_CANCELED, statusReason: reason, ...(type ? { type } : {}) };
  if (clear) {
    clearCurrentAppointment();
    fx.patch(patch);
  } else remember(patch, fx);
  return 'cancel';
};

/** How often a recovery asks at most when alerts keep routing while it waits (not in the spec). */
const RECOVERY_ASKS = 3;

/** What routing knows of the current appointment, for a recovery to compare the server's answer with. */
const routingKnows = (fx: RouterEffects) => {
  const knownId = getCurrentAppointmentId();
  const cached = knownId ? fx.read(knownId) : undefined;
  const routed = knownId ? routedState(knownId) : null;
  // A cancel or a sent plan in the cache that routing has no note of (a new page load: a routed one
  // is stored) was learnt by a screen's fetch (e.g. home's card), never shown: it is routed once now.
  const unseen = !routed && !!cached && isRoutedOnce(cached.state);
  // What routing knew: the state it last acted on (a refetch may have updated the record since).
  const before = cached && !unseen ? { ...cached, ...(routed ? { state: routed } : {}) } : null;
  // Routing already acted on its end (this page, or an earlier load: a routed cancel is stored), so
  // it is not replayed (issue 11: a cancel is shown once).
  const over = (before && isFinishedLike(before.state)) || (routed !== null && isFinishedLike(routed));
  return { knownId, routed, before, over };
};
const sameKnowledge = (a: ReturnType<typeof routingKnows>, b: ReturnType<typeof routingKnows>): boolean => a.knownId === b.knownId && a.routed === b.routed;

/**
 * After a (re)connect or a reload: ask the server where the appointment is and route on it as if
 * the missed alert had arrived (issue 4: no transition is missed).
 */
export const recoverAppointment = async <A extends AppointmentView>(
  api: { getCurrent: () => Promise<A | null>; getById: (id: string) => Promise<A> },
  fx: RouterEffects & { store: (appointment: A) => void },
): Promise<RoutedAs> => {
  // An alert can route while the server is asked (a consultation that began, or moved on, as the
  // socket connected): its answer may then be older than the alert, and what routing knew before
  // asking is out of date. Routing compares the answer with what it knows when the answer comes;
  // one that may predate an alert is asked for again. (A late answer once took a member who had
  // seen her summary and gone home back to it: read before the alert, it "adopted" the consultation
  // from the queue and routed S5 a second time.)
  let knew = routingKnows(fx);
  let server = await api.getCurrent();
  for (let asked = 1; asked < RECOVERY_ASKS && !sameKnowledge(knew, routingKnows(fx)); asked++) {
    knew = routingKnows(fx);
    server = await api.getCurrent();
  }
  const { knownId, before, over } = routingKnows(fx);
  // The one we knew about is over (or this page never saw how it stands): learn how it ended.
  if (!server && knownId && !over) server = await api.getById(knownId);
  if (!server) return 'ignored';
  if (before && before.id === server.id && before.state === server.state) {
    // Nothing to route, but the cache holds the server's fresh record (what depends on it, e.g. a
    // payment the app missed while offline, looks again).
    fx.store(server);
    return 'stayed';
  }
  const event = { appointmentId: server.id, state: server.state, statusReason: server.statusReason, type: server.type, usDoctorNeeded: server.usDoctorNeeded };
  const adopt = knownId !== server.id;
  const canceled = server.state === S.S12_CANCELED || server.state === S.SCHEDULED_CANCELED;
  if (adopt && !canceled && isFinishedLike(server.state)) return 'ignored';
  // The server's whole record goes in the cache; routing compares with what was known before.
  fx.store(server);
  if (canceled) return applyAppointmentCancel(event, fx, before);
  // An appointment we did not know (another tab or device): adopt it, then route from its state.
  if (adopt) {
    setCurrentAppointmentId(server.id);
    noteRoutedState(server.id, S.S1_IN_QUEUE_FOR_COACH);
    return applyAppointmentAlert(event, fx, { ...server, state: S.S1_IN_QUEUE_FOR_COACH, statusReason: null });
  }
  return applyAppointmentAlert(event, fx, before);
};
