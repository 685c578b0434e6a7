import { describe, expect, it } from 'vitest';
import { appointmentPeople, isAssignedPhysician, isParticipant, participantRole, type AppointmentPeople } from './appointment-participants';

const a: AppointmentPeople = { memberId: 'm', mxDoctorId: 'c', usDoctorId: 'd' };
const queued: AppointmentPeople = { memberId: 'm', mxDoctorId: null, usDoctorId: null };

describe('the participant rule', () => {
  it.each([
    [a, 'm', 'member', true, false],
    [a, 'c', 'mx-physician', true, true],
    [a, 'd', 'us-physician', true, true],
    [a, 'x', null, false, false],
    [queued, 'c', null, false, false],
    [queued, 'm', 'member', true, false],
  ] as const)('%j, user %s: role %s, participant %s, assigned physician %s', (appt, user, role, participant, assigned) => {
    expect(participantRole(appt, user)).toBe(role);
    expect(isParticipant(appt, user)).toBe(participant);
    expect(isAssignedPhysician(appt, user)).toBe(assigned);
  });

  it.each([
    [a, ['m', 'c', 'd']],
    [queued, ['m']],
    [{ memberId: 'm', mxDoctorId: 'c', usDoctorId: 'c' }, ['m', 'c']],
  ] as const)('people of %j are %j', (appt, people) => expect(appointmentPeople(appt)).toEqual(people));
});
