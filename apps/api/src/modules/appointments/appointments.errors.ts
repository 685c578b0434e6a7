import { APPOINTMENT_STATE as S, isCanceledState, isFinishedLike, type AppointmentState, type TransitionError } from '@puente/domain';
import { AppError } from '../../errors';

/** The appointment is no longer where the caller thought: already cancelled, finished or taken. */
export function stateConflict(current: AppointmentState, to: AppointmentState, lostRace = false): AppError {
  const data = { state: current, to, ...(lostRace ? { lostRace: true } : {}) };
  if (isCanceledState(current)) return new AppError('APPOINTMENT_ALREADY_CANCELED', { data });
  if (isFinishedLike(current) || current === S.EXPIRED) return new AppError('APPOINTMENT_ALREADY_FINISHED', { data });
  if (lostRace || current !== S.S1_IN_QUEUE_FOR_COACH) return new AppError('APPOINTMENT_ALREADY_IN_PROGRESS', { data });
  return new AppError('CONFLICT', { data });
}

/** A machine refusal as a catalogue error (spec 8): bad reasons are bad input; the rest conflicts. */
export function transitionFailure(error: TransitionError, from: AppointmentState, to?: AppointmentState): AppError {
  if (error === 'reason-required') return new AppError('INVALID_DATA', { fields: { statusReason: 'reason_required' } });
  if (error === 'reason-not-allowed') return new AppError('INVALID_DATA', { fields: { statusReason: 'reason_not_allowed' } });
  if (error === 'unknown-state') return new AppError('INVALID_DATA', { fields: { state: 'invalid_state' } });
  if (isCanceledState(from) || isFinishedLike(from) || from === S.EXPIRED) return stateConflict(from, to ?? from);
  return new AppError('CONFLICT', { data: { transitionError: error, from, ...(to ? { to } : {}) } });
}
