import { APPOINTMENT_GQL, memberCareViewSchema, type AppointmentHistoryItem } from '@puente/contracts';
import { APPOINTMENT_STATE as S, routeOnAppointmentAlert } from '@puente/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memberWithSession, onlinePhysician, request, type TestServer } from '../../test';
import { appointmentsTestServer, collectAlerts, expectError, gql, insertAppointment, MONDAY_10, nextAlert, readAppointment, transitionsOf } from './appointments.test-kit';

/** The physician dashboard (issue 4): what the coach reads and the moves around the US doctor. */
const env = appointmentsTestServer();
const { track, memberOnline } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});

const HEALTH = {
  firstName: 'Ana',
  lastName: 'López',
  birthday: '1990-04-12',
  sex: 'female' as const,
  height: 162,
  weight: 58,
  alergies: ['Penicilina'],
  medications: ['Losartán 50 mg'],
  medicalConditions: ['Hipertensión'],
  surgeries: [{ name: 'Apendicectomía', date: '2015-06-01' }],
};

describe("the coach reads the member's profile and past consultations (spec 2; audited)", () => {
  it('the treating coach reads both, and each read leaves an audit row', async () => {
    const ana = await memberWithSession(t.server, HEALTH);
    const coach = track(await onlinePhysician(t.server, t.url));
    const other = track(await onlinePhysician(t.server, t.url, { user: { firstName: 'Daniel', lastName: 'Rivera' } }));
    const past = await insertAppointment(t, { memberId: ana.user.id, state: S.S11_FINISHED, mxDoctorId: other.user.id, status: 'finished', startDate: new Date(MONDAY_10.getTime() - 30 * 86_400_000) });
    const now = await insertAppointment(t, { memberId: ana.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });

    const profile = await request(t.url, `/api/members/${ana.user.id}`, { token: coach.token });
    expect(profile.status).toBe(200);
    expect(memberCareViewSchema.parse(profile.body)).toMatchObject({
      id: ana.user.id,
      birthday: Date.parse('1990-04-12T00:00:00Z'),
      sex: 'female',
      height: 162,
      weight: 58,
      alergies: ['Penicilina'],
      medications: ['Losartán 50 mg'],
      medicalConditions: ['Hipertensión'],
      surgeries: [expect.objectContaining({ name: 'Apendicectomía' })],
    });
    expect(JSON.stringify(profile.body)).not.toMatch(/recovery|token|hash/i);

    const history = await gql<AppointmentHistoryItem[]>(t, APPOINTMENT_GQL.getAppointmentsHistory, { memberId: ana.user.id }, coach.token);
    expect(history.error).toBeUndefined();
    expect(history.data!.map((h) => h.id).sort()).toEqual([past.id, now.id].sort());
    expect(history.data!.find((h) => h.id === past.id)).toMatchObject({ physicianName: 'Daniel Rivera', state: S.S11_FINISHED });

    const rows = await t.server.services.audit.forSubject(ana.user.id);
    expect(rows.map((r) => [r.actorId, r.actorRole, r.action, r.resource])).toEqual([
      [coach.user.id, 'mx-physician', 'read', 'member'],
      [coach.user.id, 'mx-physician', 'read', 'appointment-history'],
    ]);
  });

  it('after the consultation is over the coach who held it may still read the history', async () => {
    const ana = await memberWithSession(t.server);
    const coach = track(await onlinePhysician(t.server, t.url));
    await insertAppointment(t, { memberId: ana.user.id, state: S.S11_FINISHED, mxDoctorId: coach.user.id, status: 'finished' });
    const history = await gql<AppointmentHistoryItem[]>(t, APPOINTMENT_GQL.getAppointmentsHistory, { memberId: ana.user.id }, coach.token);
    expect(history.data).toHaveLength(1);
  });

  it('an unrelated coach and another member get NOT_FOUND for both, and the refusals are recorded', async () => {
    const ana = await memberWithSession(t.server);
    const coach = track(await onlinePhysician(t.server, t.url));
    await insertAppointment(t, { memberId: ana.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    const stranger = track(await onlinePhysician(t.server, t.url));
    const eve = await memberWithSession(t.server);
    for (const who of [stranger, eve]) {
      expect((await request(t.url, `/api/members/${ana.user.id}`, { token: who.token })).status).toBe(404);
      expectError(await gql(t, APPOINTMENT_GQL.getAppointmentsHistory, { memberId: ana.user.id }, who.token), 'NOT_FOUND');
    }
    // The member herself reads her own history, unrecorded.
    expect((await gql<AppointmentHistoryItem[]>(t, APPOINTMENT_GQL.getAppointmentsHistory, { memberId: ana.user.id }, ana.token)).data).toHaveLength(1);
    const rows = await t.server.services.audit.forSubject(ana.user.id);
    expect(rows.map((r) => [r.actorId, r.action, r.resource])).toEqual([
      [stranger.user.id, 'read-denied', 'member'],
      [stranger.user.id, 'read-denied', 'appointment-history'],
      [eve.user.id, 'read-denied', 'member'],
      [eve.user.id, 'read-denied', 'appointment-history'],
    ]);
  });
});

describe('a US doctor accepts an escalation: ER_ACCEPTS_CONSULTATION is announced (spec 4, 001 §6)', () => {
  it("the member and the coach receive the alert; the member is routed to the call; the doctor reviews in S7", async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true });
    const memberHears = nextAlert(member.socket, (x) => x.appointmentId === a.id && x.state === S.ER_ACCEPTS_CONSULTATION);
    const coachHears = nextAlert(coach.socket, (x) => x.appointmentId === a.id && x.state === S.ER_ACCEPTS_CONSULTATION);
    const coachAlerts = collectAlerts(coach.socket);

    const accepted = await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: a.id }, doctor.token);
    expect(accepted.data).toMatchObject({ state: S.S7_ER_IS_REVIEWING, usDoctorId: doctor.user.id, statusUserId: doctor.user.id });

    const toMember = await memberHears;
    expect(toMember).toMatchObject({ previousState: S.S6_IN_QUEUE_FOR_ER, usDoctorId: doctor.user.id });
    expect(routeOnAppointmentAlert(toMember, { currentAppointmentId: a.id, currentState: S.S6_IN_QUEUE_FOR_ER, loginless: false, usDoctorNeeded: true })).toMatchObject({
      kind: 'navigate',
      to: '/consulta/video-llamada',
    });
    await coachHears;
    // The event comes before the review, in that order.
    const states = () => coachAlerts.filter((x) => x.appointmentId === a.id).map((x) => x.state);
    await vi.waitFor(() => expect(states()).toEqual([S.ER_ACCEPTS_CONSULTATION, S.S7_ER_IS_REVIEWING]));
    // The stored state follows the machine: S6 -> ER_ACCEPTS_CONSULTATION -> S7, each edge recorded.
    expect(await transitionsOf(t, a.id)).toEqual([
      [S.S6_IN_QUEUE_FOR_ER, S.ER_ACCEPTS_CONSULTATION, null],
      [S.ER_ACCEPTS_CONSULTATION, S.S7_ER_IS_REVIEWING, null],
    ]);
    expect(await readAppointment(t, a.id)).toMatchObject({ state: S.S7_ER_IS_REVIEWING, usDoctorId: doctor.user.id, deadlineAt: expect.any(Date) });
  });
});

describe('while waiting for a US doctor the coach may continue alone (S6 -> CONSULTATION_WITHOUT_ER)', () => {
  it('the coach continues alone at once; the doctors lose the offer; the member is routed to the call', async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S3_COACH_JOINS_CALL });
    const requested = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR } }, coach.token);
    expect(requested.data?.state).toBe(S.S6_IN_QUEUE_FOR_ER);

    // Only the coach of the consultation may: not the US doctor offered it, not the member.
    expectError(await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.CONSULTATION_WITHOUT_ER } }, doctor.token), 'CONFLICT');
    expectError(await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.CONSULTATION_WITHOUT_ER } }, member.token), 'CONFLICT');

    const memberHears = nextAlert(member.socket, (x) => x.appointmentId === a.id && x.state === S.CONSULTATION_WITHOUT_ER);
    const doctorHears = nextAlert(doctor.socket, (x) => x.appointmentId === a.id && x.state === S.CONSULTATION_WITHOUT_ER);
    const alone = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.CONSULTATION_WITHOUT_ER } }, coach.token);
    expect(alone.data).toMatchObject({ state: S.CONSULTATION_WITHOUT_ER, deadlineAt: null });
    const alert = await memberHears;
    expect(alert.previousState).toBe(S.S6_IN_QUEUE_FOR_ER);
    expect(routeOnAppointmentAlert(alert, { currentAppointmentId: a.id, loginless: false, usDoctorNeeded: true })).toMatchObject({ kind: 'navigate', to: '/consulta/video-llamada' });
    await doctorHears; // the offer is withdrawn from the doctors' queue
    const queue = await gql<unknown[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, doctor.token);
    expect((queue.data as { id: string }[]).some((x) => x.id === a.id)).toBe(false);
    expect((await transitionsOf(t, a.id)).slice(-1)).toEqual([[S.S6_IN_QUEUE_FOR_ER, S.CONSULTATION_WITHOUT_ER, null]]);

    // The doctors' queue timeout no longer applies, and the coach finishes the call.
    t.clock.advance(10 * 60_000);
    await t.server.services.appointments.runDueTimeouts();
    expect((await readAppointment(t, a.id)).state).toBe(S.CONSULTATION_WITHOUT_ER);
    const finished = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_FINISH_VIDEO_CALL } }, coach.token);
    expect(finished.error).toBeUndefined();
  });
});

describe('after continuing alone, finishing the call closes a coach-only consultation (spec 4: SC064, not SC038)', () => {
  it.each([
    ['the coach continues alone from S6', 'button'],
    ['the US-doctor queue times out', 'timeout'],
  ] as const)('%s: request US doctor -> continue alone -> finish call -> S11', async (_story, how) => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S3_COACH_JOINS_CALL });
    const requested = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR } }, coach.token);
    expect(requested.data).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true });

    const aloneHeard = nextAlert(member.socket, (x) => x.appointmentId === a.id && x.state === S.CONSULTATION_WITHOUT_ER);
    if (how === 'button') {
      expect((await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.CONSULTATION_WITHOUT_ER } }, coach.token)).error).toBeUndefined();
    } else {
      t.clock.advance(10 * 60_000);
      await t.server.services.appointments.runDueTimeouts();
    }
    expect(await aloneHeard).toMatchObject({ usDoctorNeeded: false });
    expect(await readAppointment(t, a.id)).toMatchObject({ state: S.CONSULTATION_WITHOUT_ER, usDoctorNeeded: false, usDoctorId: null, deadlineAt: null });

    const finishHeard = nextAlert(member.socket, (x) => x.appointmentId === a.id && x.state === S.COACH_FINISH_VIDEO_CALL);
    const finished = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_FINISH_VIDEO_CALL } }, coach.token);
    expect(finished.error).toBeUndefined();
    const alert = await finishHeard;
    expect(alert.usDoctorNeeded).toBe(false);
    // The member, who was in the call with the coach, goes to SC064 via the call screen.
    expect(routeOnAppointmentAlert(alert, { currentAppointmentId: a.id, currentState: S.CONSULTATION_WITHOUT_ER, loginless: false, usDoctorNeeded: alert.usDoctorNeeded })).toEqual({
      kind: 'navigate',
      to: '/consulta/infoPage/SC064',
      via: 'call-screen',
    });
    // The server closes it: COACH_FINISH_VIDEO_CALL -> S4 -> S11.
    expect(await readAppointment(t, a.id)).toMatchObject({ state: S.S11_FINISHED, status: 'finished', usDoctorNeeded: false });
    expect((await transitionsOf(t, a.id)).slice(-3).map(([from, to]) => [from, to])).toEqual([
      [S.CONSULTATION_WITHOUT_ER, S.COACH_FINISH_VIDEO_CALL],
      [S.COACH_FINISH_VIDEO_CALL, S.S4_COACH_ENDS_CALL],
      [S.S4_COACH_ENDS_CALL, S.S11_FINISHED],
    ]);
  });
});
