/**
 * Who is in an appointment (spec 4/6): its member, its coach (mxDoctorId) and its US doctor
 * (usDoctorId). The one definition of the participant rule; the API's policies, call, chat and
 * alerts use it, and the repository's SQL mirrors `isAssignedPhysician` in one helper.
 */

export interface AppointmentPeople {
  memberId: string;
  mxDoctorId: string | null;
  usDoctorId: string | null;
}

export type ParticipantRole = 'member' | 'mx-physician' | 'us-physician';

/** The user's place in the appointment, or null when they are not one of its people. */
export const participantRole = (a: AppointmentPeople, userId: string): ParticipantRole | null => {
  if (a.memberId === userId) return 'member';
  if (a.mxDoctorId === userId) return 'mx-physician';
  if (a.usDoctorId === userId) return 'us-physician';
  return null;
};

export const isParticipant = (a: AppointmentPeople, userId: string): boolean => participantRole(a, userId) !== null;

/** The user is the appointment's coach or US doctor. */
export const isAssignedPhysician = (a: Pick<AppointmentPeople, 'mxDoctorId' | 'usDoctorId'>, userId: string): boolean =>
  a.mxDoctorId === userId || a.usDoctorId === userId;

/** The appointment's people as they are now: member, coach, US doctor (those set, each once). */
export const appointmentPeople = (a: AppointmentPeople): string[] =>
  [...new Set([a.memberId, a.mxDoctorId, a.usDoctorId].filter((id): id is string => !!id))];
