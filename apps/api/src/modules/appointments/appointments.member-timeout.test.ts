import { randomUUID } from 'node:crypto';
import { APPOINTMENT_GQL, type CallJoinAck, type CreateAppointmentResult } from '@puente/contracts';
import { APPOINTMENT_STATE as S, DEFAULT_APPOINTMENT_TIMEOUTS, memberCancelRoute } from '@puente/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentData, onlinePhysician, type TestServer, type TestSocket } from '../../test';
import { appointmentsTestServer, gql, insertAppointment, nextAlert, readAppointment, transitionsOf } from './appointments.test-kit';

const env = appointmentsTestServer();
const { track, memberOnline } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});
const tick = () => t.server.services.appointmentScheduler.tick();
const tolerance = DEFAULT_APPOINTMENT_TIMEOUTS.memberJoinMs;
const create = (token: string, data = appointmentData()) => gql<CreateAppointmentResult>(t, APPOINTMENT_GQL.createAppointment, { data, returnNewDocument: true }, token);
const join = (socket: TestSocket, appointmentId: string, peerId: string) => new Promise<CallJoinAck>((resolve) => socket.emit('call-join', { appointmentId, peerId }, resolve));
const leave = (socket: TestSocket, appointmentId: string, peerId: string) => new Promise<unknown>((resolve) => socket.emit('call-leave', { appointmentId, peerId }, resolve));

/** A member's request taken by a coach who is now in the call (S3): through the real transitions. */
async function coachInCall() {
  const coach = track(await onlinePhysician(t.server, t.url));
  const member = await memberOnline();
  const { data } = await create(member.token);
  const id = data!.id;
  await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, coach.token);
  await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S3_COACH_JOINS_CALL } }, coach.token);
  return { coach, member, id };
}

describe('the member does not enter the call in time (spec 4 first-timeout, second-timeout)', () => {
  it('the coach is in the call and the member never enters: canceled with first-timeout, and the member is sent to SC023', async () => {
    const { member, id } = await coachInCall();
    expect((await readAppointment(t, id)).deadlineAt?.getTime()).toBe(t.clock.now().getTime() + tolerance);
    t.clock.advance(tolerance - 1_000);
    await tick();
    expect((await readAppointment(t, id)).state).toBe(S.S3_COACH_JOINS_CALL);
    const alert = nextAlert(member.socket, (a) => a.appointmentId === id && a.state === S.S12_CANCELED);
    t.clock.advance(1_001);
    await tick();
    expect(await alert).toMatchObject({ statusReason: 'first-timeout' });
    expect((await transitionsOf(t, id)).at(-1)).toEqual([S.S3_COACH_JOINS_CALL, S.S12_CANCELED, 'first-timeout']);
    expect(memberCancelRoute('first-timeout')).toMatchObject({ clearAppointment: false });
  });

  it('a member who is in the call is not timed out (the deadline is cleared)', async () => {
    const { member, id } = await coachInCall();
    expect(await join(member.socket, id, randomUUID())).toMatchObject({ ok: true, role: 'member' });
    t.clock.advance(tolerance + 1);
    await tick();
    expect(await readAppointment(t, id)).toMatchObject({ state: S.S3_COACH_JOINS_CALL, deadlineAt: null });
  });

  it('the US doctor is in the second call and the member left the first and never came back: second-timeout', async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S7_ER_IS_REVIEWING, usDoctorId: doctor.user.id, usDoctorNeeded: true });
    const peerId = randomUUID();
    expect(await join(member.socket, a.id, peerId)).toMatchObject({ ok: true });
    await leave(member.socket, a.id, peerId);
    const joined = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.S8_ER_JOINS_CALL } }, doctor.token);
    expect(joined.data).toMatchObject({ state: S.S8_ER_JOINS_CALL });
    const alert = nextAlert(member.socket, (x) => x.appointmentId === a.id && x.state === S.S12_CANCELED);
    t.clock.advance(tolerance + 1);
    await tick();
    expect(await readAppointment(t, a.id)).toMatchObject({ state: S.S12_CANCELED, statusReason: 'second-timeout' });
    expect(await alert).toMatchObject({ statusReason: 'second-timeout' });
  });

  it('a chat consultation has no call to enter: no timeout', async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S3_COACH_JOINS_CALL, channel: 'chat', deadlineAt: new Date(t.clock.now().getTime() + tolerance) });
    t.clock.advance(tolerance + 1);
    await tick();
    expect((await readAppointment(t, a.id)).state).toBe(S.S3_COACH_JOINS_CALL);
  });
});
