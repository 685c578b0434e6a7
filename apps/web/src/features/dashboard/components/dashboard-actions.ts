import { APPOINTMENT_STATE as S, canTransition, isRxSent, type AppointmentState, type TransitionRole } from '@puente/domain';

/**
 * The buttons a physician sees on a consultation, read from the domain state machine: a button
 * shows only when its edge exists from the current state for the viewer's role (spec 000 §4,
 * spec 001 §6: the coach may request a US doctor, continue alone, send the member to a waiting
 * room; the US doctor reviews, joins, ends and sends the treatment). The server checks again.
 */
export const DASHBOARD_ACTIONS = {
  'accept-request': { roles: ['mx-physician'], to: S.S2_COACH_IS_REVIEWING, testId: 'accept-request' },
  'coach-join-call': { roles: ['mx-physician'], to: S.S3_COACH_JOINS_CALL, testId: 'coach-join-call' },
  'request-us-doctor': { roles: ['mx-physician'], to: S.COACH_REQUEST_US_DR, testId: 'request-us-doctor' },
  'continue-alone': { roles: ['mx-physician'], to: S.CONSULTATION_WITHOUT_ER, testId: 'continue-alone' },
  'send-to-waiting-room': { roles: ['mx-physician'], to: S.SEND_SOCIO_TO_WAITING_ROOM, testId: 'send-to-waiting-room' },
  'finish-call': { roles: ['mx-physician'], to: S.COACH_FINISH_VIDEO_CALL, testId: 'finish-call' },
  'accept-escalation': { roles: ['us-physician'], to: S.S7_ER_IS_REVIEWING, testId: 'accept-escalation' },
  'join-call': { roles: ['us-physician'], to: S.S8_ER_JOINS_CALL, testId: 'join-call' },
  'end-call': { roles: ['us-physician'], to: S.S9_ER_ENDS_CALL, testId: 'end-call' },
  'send-treatment': { roles: ['us-physician'], to: S.S10_ER_SENDS_RX, testId: 'send-treatment' },
  'finish-consultation': { roles: ['mx-physician', 'us-physician'], to: S.S11_FINISHED, testId: 'finish-consultation' },
} as const satisfies Record<string, { roles: readonly TransitionRole[]; to: AppointmentState; testId: string }>;
export type DashboardAction = keyof typeof DASHBOARD_ACTIONS;
export const DASHBOARD_ACTION_IDS = Object.keys(DASHBOARD_ACTIONS) as DashboardAction[];

export interface ActionViewer {
  userType: 'mx-physician' | 'us-physician';
  /** The viewer is the appointment's coach (mxDoctorId) or US doctor (usDoctorId). */
  assigned: boolean;
}

/** Accepting is for a physician not yet assigned; everything else for the assigned one only. */
const ACCEPTS: readonly DashboardAction[] = ['accept-request', 'accept-escalation'];

export const actionsFor = (state: AppointmentState, viewer: ActionViewer): DashboardAction[] =>
  DASHBOARD_ACTION_IDS.filter((id) => {
    const action = DASHBOARD_ACTIONS[id];
    if (!(action.roles as readonly TransitionRole[]).includes(viewer.userType)) return false;
    if (ACCEPTS.includes(id) === viewer.assigned) return false;
    // After an rx (5 or 10) only the system may finish: finishAppointment asks the server to, for the assigned physician.
    if (id === 'finish-consultation' && isRxSent(state)) return true;
    return canTransition(state, action.to, viewer.userType);
  });
