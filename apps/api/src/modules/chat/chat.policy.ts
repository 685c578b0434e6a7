import { appointmentPeople } from '@puente/domain';
import type { AppointmentRow, UserRow } from '../../db/schema';

/**
 * Who may read or write an appointment's chat (issue 5, spec 6): the member, the assigned coach
 * and US doctor, and admins. Everyone else is told the conversation does not exist (NOT_FOUND).
 */
export const mayUseChat = (user: Pick<UserRow, 'id' | 'userType'>, a: Pick<AppointmentRow, 'memberId' | 'mxDoctorId' | 'usDoctorId'>): boolean =>
  user.userType === 'admin' || chatRecipients(a).includes(user.id);

/**
 * Who receives live messages: the appointment's people as they are now (read again before every
 * emit, so a physician taken off the appointment stops receiving at once).
 */
export const chatRecipients = (a: Pick<AppointmentRow, 'memberId' | 'mxDoctorId' | 'usDoctorId'>): string[] => appointmentPeople(a);

/** spec 2: a chat or email consultation; every other channel chats beside the call. */
export const conversationChannel = (a: Pick<AppointmentRow, 'channel'>): 'chat' | 'email' => (a.channel === 'email' ? 'email' : 'chat');
