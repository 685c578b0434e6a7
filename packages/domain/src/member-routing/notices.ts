/** Doctor-side notices (spec 4 / spec 6) and push actions (spec 4): the modal or toast a clinician sees, where a push takes the member. */
import { APPOINTMENT_STATE as S, assertNever, type AppointmentState, type DashboardEndReason } from '../appointment-machine';
import { COACH_SEARCHING_US_DOCTOR_TOAST } from '../constants';
import type { PushAction, UserType } from '../enums';
import { paths } from '../routes';
import { TIMEOUT_MODAL_OPTIONS } from './end-reasons';
import { nav, type NavigateTo } from './navigate';

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
