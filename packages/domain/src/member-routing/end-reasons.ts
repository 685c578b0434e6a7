/** Cancel or end reasons on the member side (spec 4): the member's screen, her modal and what the clinicians are told, one row per reason. */
import { APPOINTMENT_STATE as S, assertNever, isStatusReason, type AppointmentState, type StatusReason } from '../appointment-machine';
import { paths } from '../routes';
import { AVAILABLE_COACHES, HOME, nav, type NavigateTo } from './navigate';

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
