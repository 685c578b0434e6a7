import { APPOINTMENT_GQL, type AppointmentDto, type CreateAppointmentResult } from '@puente/contracts';
import { APPOINTMENT_STATE as S, memberCancelRoute, routeOnAppointmentAlert } from '@puente/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentData, memberWithSession, onlinePhysician, type TestServer } from '../../test';
import { appointmentsTestServer, collectAlerts, expectError, gql, insertAppointment, nextAlert, readAppointment, transitionsOf } from './appointments.test-kit';

const env = appointmentsTestServer();
const { track, memberOnline } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});
const create = (token: string, data = appointmentData()) => gql<CreateAppointmentResult>(t, APPOINTMENT_GQL.createAppointment, { data, returnNewDocument: true }, token);
const decline = (id: string, token?: string) => gql<boolean>(t, APPOINTMENT_GQL.declineAppointment, { appointmentId: id }, token);
const queueIds = async (token: string) => ((await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, token)).data ?? []).map((a) => a.id);

describe('a coach declines a request (issue 11)', () => {
  it('from the queue it stays for the other coaches; a coach who took it sends it back to the queue', async () => {
    const ana = track(await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health' }));
    const bea = track(await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health' }));
    const member = await memberOnline();
    const { data } = await create(member.token);
    const id = data!.id;
    expect(await queueIds(ana.token)).toContain(id);

    // Ana passes: the request leaves her queue, not Bea's, and nothing changes for the member.
    expect((await decline(id, ana.token)).data).toBe(true);
    expect(await queueIds(ana.token)).not.toContain(id);
    expect(await queueIds(bea.token)).toContain(id);
    expect(await readAppointment(t, id)).toMatchObject({ state: S.S1_IN_QUEUE_FOR_COACH, doctorsBlacklist: [ana.user.id] });
    // Ana can no longer see or take it.
    expectError(await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, ana.token), 'NOT_FOUND');

    // Bea takes it, then declines: back to the queue with the reason; the member keeps waiting.
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, bea.token);
    const back = nextAlert(member.socket, (a) => a.appointmentId === id && a.state === S.S1_IN_QUEUE_FOR_COACH);
    expect((await decline(id, bea.token)).data).toBe(true);
    expect(await back).toMatchObject({ statusReason: 'rejected-by-coach' });
    expect(await readAppointment(t, id)).toMatchObject({ state: S.S1_IN_QUEUE_FOR_COACH, mxDoctorId: null, doctorsBlacklist: [ana.user.id, bea.user.id] });
    expect(await transitionsOf(t, id)).toEqual([
      ['empty', S.S1_IN_QUEUE_FOR_COACH, null],
      [S.S1_IN_QUEUE_FOR_COACH, S.S2_COACH_IS_REVIEWING, null],
      [S.S2_COACH_IS_REVIEWING, S.S1_IN_QUEUE_FOR_COACH, 'rejected-by-coach'],
    ]);
  });

  it('a request addressed to her ends with rejected-by-coach: the member is offered other coaches (SC023)', async () => {
    const chosen = track(await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health' }));
    const member = await memberOnline();
    const { data } = await create(member.token, appointmentData({ mxDoctorId: chosen.user.id }));
    const id = data!.id;
    const ended = nextAlert(member.socket, (a) => a.appointmentId === id && a.state === S.S12_CANCELED);
    expect((await decline(id, chosen.token)).data).toBe(true);
    const alert = await ended;
    expect(alert.statusReason).toBe('rejected-by-coach');
    expect(memberCancelRoute(alert.statusReason)).toMatchObject({ to: '/consulta/infoPage/SC023' });
  });

  it('refuses the unauthenticated, members, strangers and bad ids with catalogue errors', async () => {
    const coach = track(await onlinePhysician(t.server, t.url, { languages: ['en'], practice: 'mentalhealth' }));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token);
    const id = data!.id;
    expectError(await decline(id), 'UNAUTHORIZED');
    expectError(await decline(id, member.token), 'FORBIDDEN');
    // Not offered to this coach (language and practice differ): as if it did not exist.
    expectError(await decline(id, coach.token), 'NOT_FOUND');
    expectError(await decline('', coach.token), 'INVALID_DATA');
    expectError(await decline('00000000-0000-4000-8000-000000000000', coach.token), 'NOT_FOUND');
  });
});

describe('a US doctor declines or transfers an escalation (issue 11 "a US doctor may decline or transfer")', () => {
  const escalation = async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true });
    return { member, coach, id: a.id };
  };

  it('from the US doctors\' queue (S6) she passes: it leaves her queue, stays in the others\', and nothing changes for the member or the coach', async () => {
    const { member, coach, id } = await escalation();
    const emily = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const grace = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    expect(await queueIds(emily.token)).toContain(id);
    const memberAlerts = collectAlerts(member.socket);
    const coachAlerts = collectAlerts(coach.socket);

    expect((await decline(id, emily.token)).data).toBe(true);
    expect(await queueIds(emily.token)).not.toContain(id);
    expect(await queueIds(grace.token)).toContain(id);
    expect(await readAppointment(t, id)).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, usDoctorId: null, doctorsBlacklist: [emily.user.id] });
    expectError(await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, emily.token), 'NOT_FOUND');
    expect(await transitionsOf(t, id)).toEqual([]);
    expect([...memberAlerts, ...coachAlerts].filter((a) => a.appointmentId === id)).toEqual([]);
  });

  it('one who took it (S7) transfers it: back to the US doctors\' queue without her, rejected-by-doctor; the coach and the member hear it', async () => {
    const { member, coach, id } = await escalation();
    const emily = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const grace = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    expect((await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, emily.token)).data).toMatchObject({ state: S.S7_ER_IS_REVIEWING, usDoctorId: emily.user.id });
    expect(await queueIds(grace.token)).not.toContain(id);

    const memberHears = nextAlert(member.socket, (a) => a.appointmentId === id && a.state === S.S6_IN_QUEUE_FOR_ER);
    const coachHears = nextAlert(coach.socket, (a) => a.appointmentId === id && a.state === S.S6_IN_QUEUE_FOR_ER);
    expect((await decline(id, emily.token)).data).toBe(true);
    const toMember = await memberHears;
    expect(toMember).toMatchObject({ statusReason: 'rejected-by-doctor', previousState: S.S7_ER_IS_REVIEWING });
    // spec 000 §4: S6 sends the member to the second waiting room (SC038).
    expect(routeOnAppointmentAlert(toMember, { currentAppointmentId: id, currentState: S.S7_ER_IS_REVIEWING, loginless: false, usDoctorNeeded: true })).toMatchObject({ kind: 'navigate', to: '/consulta/infoPage/SC038' });
    expect(await coachHears).toMatchObject({ statusReason: 'rejected-by-doctor' });

    expect(await readAppointment(t, id)).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, usDoctorId: null, mxDoctorId: coach.user.id, doctorsBlacklist: [emily.user.id] });
    expect((await transitionsOf(t, id)).at(-1)).toEqual([S.S7_ER_IS_REVIEWING, S.S6_IN_QUEUE_FOR_ER, 'rejected-by-doctor']);
    // The other US doctors see it again; she does not, and cannot take it back.
    expect(await queueIds(grace.token)).toContain(id);
    expect(await queueIds(emily.token)).not.toContain(id);
    expectError(await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, emily.token), 'NOT_FOUND');
  });

  it('a US doctor cannot decline an escalation another US doctor holds', async () => {
    const { id } = await escalation();
    const emily = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const grace = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, emily.token);
    // Held by another US doctor: no longer offered to her, as if it did not exist.
    expectError(await decline(id, grace.token), 'NOT_FOUND');
    expect(await readAppointment(t, id)).toMatchObject({ state: S.S7_ER_IS_REVIEWING, usDoctorId: emily.user.id });
  });
});
