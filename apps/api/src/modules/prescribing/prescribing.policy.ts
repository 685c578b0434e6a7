import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';

/** While the US doctor holds the consultation the prescription may be written and reviewed. */
export const DRAFT_STATES: readonly AppointmentState[] = [S.ER_ACCEPTS_CONSULTATION, S.S7_ER_IS_REVIEWING, S.S8_ER_JOINS_CALL, S.S9_ER_ENDS_CALL, S.US_DR_PENDING];
/** Signing moves the consultation to TREAT_PENDING: only after the call (9) or with the treatment pending. */
export const SIGN_STATES: readonly AppointmentState[] = [S.S9_ER_ENDS_CALL, S.US_DR_PENDING];
/** Clinicians may search the medication directory; members may not. */
export const CLINICIANS = ['us-physician', 'mx-physician', 'admin'] as const;
