import { APPOINTMENT_STATE } from '@puente/domain';
import type { ScheduledAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';

/** Who asks: the session's account (what the scheduling rules read of it). */
export type Actor = Pick<UserRow, 'id' | 'userType' | 'preferredLang' | 'timeZone'>;

/** Admins only; anyone else is NOT_FOUND (as every admin call). */
export function assertAdmin(actor: Actor): void {
  if (actor.userType !== 'admin') throw new AppError('NOT_FOUND');
}

/** A coach's calendar and bookings: the coach herself or an admin; other physicians FORBIDDEN, anyone else NOT_FOUND. */
export function assertCalendarEditor(actor: Actor, physicianId: string): void {
  if (actor.userType === 'admin') return;
  if (actor.userType === 'mx-physician' && actor.id === physicianId) return;
  if (actor.userType === 'mx-physician' || actor.userType === 'us-physician') throw new AppError('FORBIDDEN');
  throw new AppError('NOT_FOUND');
}

/** Whom a booking is for: a member books for herself, an admin names the member; anyone else FORBIDDEN. */
export function bookingMemberFor(actor: Actor, memberId: string | null | undefined): string {
  if (actor.userType === 'member') {
    if (memberId && memberId !== actor.id) throw new AppError('NOT_FOUND');
    return actor.id;
  }
  if (actor.userType === 'admin') {
    if (!memberId) throw new AppError('INVALID_DATA', { fields: { memberId: 'required' } });
    return memberId;
  }
  throw new AppError('FORBIDDEN');
}

/** Whether the actor may see the booking: an admin any, the member hers, the coach the ones held with her. */
export function maySee(actor: Actor, row: ScheduledAppointmentRow): boolean {
  if (actor.userType === 'admin') return true;
  if (actor.userType === 'member' && row.memberId === actor.id) return true;
  if (actor.userType === 'mx-physician' && row.physicianId === actor.id) return true;
  return false;
}

/** spec 8: scheduling errors for an appointment that can no longer change (`marginMs` before its start). */
export function assertChangeable(row: ScheduledAppointmentRow, now: Date, marginMs: number): void {
  if (row.state === APPOINTMENT_STATE.SCHEDULED_CANCELED) throw new AppError('APPOINTMENT_ALREADY_CANCELED');
  if (row.status === 'finished') throw new AppError('APPOINTMENT_ALREADY_FINISHED');
  if (row.status === 'in-progress' || row.appointmentId) throw new AppError('APPOINTMENT_ALREADY_IN_PROGRESS');
  // A booking whose time has passed without being joined is over, as join() answers it.
  if (now.getTime() >= row.endDate.getTime()) throw new AppError('APPOINTMENT_ALREADY_FINISHED');
  if (now.getTime() >= row.startDate.getTime() - marginMs) throw new AppError('APPOINTMENT_ALREADY_IN_PROGRESS');
}
