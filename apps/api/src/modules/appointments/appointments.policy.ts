import { APPOINTMENT_STATE as S, canPrescribe, isParticipant as isAppointmentParticipant, type AppointmentState, type TransitionRole } from '@puente/domain';
import type { AppointmentRow, UserRow } from '../../db/schema';
import type { PhysicianRecord } from '../physicians/physicians.service';

/** The queue states: members wait here and eligible physicians are offered the request. */
export const COACH_QUEUE: AppointmentState = S.S1_IN_QUEUE_FOR_COACH;
export const DOCTOR_QUEUE: AppointmentState = S.S6_IN_QUEUE_FOR_ER;

/** spec 6: each role moves the machine as itself; staff without a physician type act as admin. */
export const roleOf = (user: Pick<UserRow, 'userType'>): Exclude<TransitionRole, 'system'> => user.userType;

const memberStateOf = (a: AppointmentRow): string | null => a.location?.state?.toUpperCase() ?? null;
const memberCountryOf = (a: AppointmentRow): string | null => a.location?.country?.toUpperCase() ?? null;

/**
 * A coach sees (and may take) a request in the coach queue when it matches their language,
 * practice and licence: the consultation language is one they speak, the practice is theirs, and
 * they hold a professional licence for the member's country. Not in the spec in detail: a Mexican
 * member needs a coach with a Mexican licence (cédula, licence state "MX"); members in the US get
 * guidance from any licensed coach (spec 1: coaching only; diagnosing and prescribing are for US
 * doctors). Coaches who rejected it or let it time out are not offered it again, and a request
 * for a chosen coach goes to that coach only.
 */
export function isEligibleCoach(coach: PhysicianRecord, a: AppointmentRow): boolean {
  if (coach.user.userType !== 'mx-physician') return false;
  if (a.requestedMxDoctorId && a.requestedMxDoctorId !== coach.user.id) return false;
  if (a.doctorsBlacklist.includes(coach.user.id)) return false;
  if (!coach.user.languages.includes(a.language)) return false;
  if (coach.user.practice !== a.practice) return false;
  if (coach.licenses.length === 0) return false;
  if (memberCountryOf(a) === 'MX' && !coach.licenses.some((l) => l.state.toUpperCase() === 'MX')) return false;
  return true;
}

/**
 * spec 6: a US doctor licensed in the member's state sees the escalations of that state (and can
 * prescribe there); doctors who rejected it or timed out are not offered it again.
 */
export function isEligibleDoctor(doctor: PhysicianRecord, a: AppointmentRow): boolean {
  if (doctor.user.userType !== 'us-physician') return false;
  if (a.doctorsBlacklist.includes(doctor.user.id)) return false;
  return canPrescribe('us-physician', licensedStates(doctor), memberStateOf(a));
}

export const licensedStates = (record: PhysicianRecord | undefined): string[] => (record?.licenses ?? []).map((l) => l.state);
export const memberStateFor = memberStateOf;

export const isParticipant = (user: Pick<UserRow, 'id'>, a: AppointmentRow): boolean => isAppointmentParticipant(a, user.id);

/**
 * Who may see an appointment (spec 6). Everyone else gets NOT_FOUND, never a hint it exists:
 * the member who owns it; the assigned coach and US doctor; while it waits in a queue, the
 * physicians it is offered to; admins.
 */
export function canSee(user: UserRow, a: AppointmentRow, record: PhysicianRecord | undefined): boolean {
  if (user.userType === 'admin') return true;
  if (isParticipant(user, a)) return true;
  if (!record) return false;
  if (a.state === COACH_QUEUE) return isEligibleCoach(record, a);
  // A coach's request for a US doctor is the doctors' queue a moment before S6 (spec 4).
  if (a.state === DOCTOR_QUEUE || a.state === S.COACH_REQUEST_US_DR) return isEligibleDoctor(record, a);
  return false;
}

/** Internal notes are for the physician dashboard only (spec 6). */
export const seesInternalNotes = (user: Pick<UserRow, 'userType'>): boolean => user.userType !== 'member';

/**
 * Which transitions a caller may ask for, beyond what the machine's roles say: a member only on
 * their own appointment; a physician only on the one assigned to them, except taking a request
 * from the queue they are eligible for; admins on any.
 */
export function mayAct(user: UserRow, a: AppointmentRow, to: AppointmentState, record: PhysicianRecord | undefined): boolean {
  switch (user.userType) {
    case 'admin':
      return true;
    case 'member':
      return a.memberId === user.id;
    case 'mx-physician':
      if (a.state === COACH_QUEUE && to === S.S2_COACH_IS_REVIEWING) return !!record && isEligibleCoach(record, a);
      return a.mxDoctorId === user.id;
    case 'us-physician':
      if (a.state === DOCTOR_QUEUE || a.state === S.COACH_REQUEST_US_DR) return !!record && isEligibleDoctor(record, a);
      return a.usDoctorId === user.id;
  }
}
