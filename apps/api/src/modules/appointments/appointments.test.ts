import * as z from 'zod/mini';
import { APPOINTMENT_GQL, appointmentAckSchema, appointmentAlertSchema, appointmentSchema, PHYSICIAN_GQL, TOPICS_GQL, type AppointmentDto, type CreateAppointmentResult } from '@puente/contracts';
import { APPOINTMENT_STATE as S, routeOnAppointmentAlert } from '@puente/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import {
  appointmentData,
  memberWithSession,
  onlinePhysician,
  openSocket,
  request,
  startTestServer,
  type TestServer,
} from '../../test';
import { appointmentsTestServer, collectAlerts, expectError, gql, insertAppointment, MONDAY_10, nextAlert, readAppointment, transitionsOf } from './appointments.test-kit';

const env = appointmentsTestServer();
const { track, memberOnline } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});
const create = (token: string, data = appointmentData()) => gql<CreateAppointmentResult>(t, APPOINTMENT_GQL.createAppointment, { data, returnNewDocument: true }, token);

describe('a member asks for a coach; the coach accepts; the member is routed to the call', () => {
  it('runs through createAppointment, the queue offer, accept, the alert and join', async () => {
    const coach = track(await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health' }));
    const member = await memberOnline();
    const offered = nextAlert(coach.socket, (a) => a.state === S.S1_IN_QUEUE_FOR_COACH);

    const created = await create(member.token);
    expect(created.error).toBeUndefined();
    const appointment = z.strictObject(appointmentSchema.shape).parse(created.data!.appointment);
    // spec 4: new appointment defaults.
    expect(appointment).toMatchObject({ type: 'on-demand', state: S.S1_IN_QUEUE_FOR_COACH, channel: 'video-call', usDoctorNeeded: false, serviceScope: 'full-care', memberId: member.user.id, mxDoctorId: null });
    expect(appointment.deadlineAt).toBe(new Date(MONDAY_10.getTime() + 10 * 60_000).toISOString());
    const offer = appointmentAlertSchema.parse(await offered);
    expect(offer).toMatchObject({ appointmentId: appointment.id, memberId: member.user.id });

    // The coach's queue shows it (language, practice and licence match).
    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, coach.token);
    expect(queue.data!.map((a) => a.id)).toContain(appointment.id);

    const subscribed = appointmentAckSchema.parse(await member.socket.emitWithAck('appointment-subscribe', { appointmentId: appointment.id }));
    expect(subscribed).toEqual({ ok: true, appointmentId: appointment.id, state: S.S1_IN_QUEUE_FOR_COACH, statusReason: null });

    const alerted = nextAlert(member.socket, (a) => a.appointmentId === appointment.id && a.state === S.S2_COACH_IS_REVIEWING);
    const accepted = await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: appointment.id }, coach.token);
    expect(accepted.data).toMatchObject({ state: S.S2_COACH_IS_REVIEWING, mxDoctorId: coach.user.id, memberName: 'Test Member' });
    const alert = await alerted;
    expect(alert).toMatchObject({ previousState: S.S1_IN_QUEUE_FOR_COACH, mxDoctorId: coach.user.id, statusReason: null });
    // spec 4: S2 routes the member to the video call.
    expect(routeOnAppointmentAlert(alert, { currentAppointmentId: appointment.id, loginless: false, usDoctorNeeded: false, appointmentType: 'on-demand' })).toMatchObject({ kind: 'navigate', to: '/consulta/video-llamada' });

    const joined = nextAlert(member.socket, (a) => a.state === S.S3_COACH_JOINS_CALL);
    const join = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: appointment.id, state: S.S3_COACH_JOINS_CALL } }, coach.token);
    expect(join.data?.state).toBe(S.S3_COACH_JOINS_CALL);
    await joined;
    expect(await transitionsOf(t, appointment.id)).toEqual([
      ['empty', S.S1_IN_QUEUE_FOR_COACH, null],
      [S.S1_IN_QUEUE_FOR_COACH, S.S2_COACH_IS_REVIEWING, null],
      [S.S2_COACH_IS_REVIEWING, S.S3_COACH_JOINS_CALL, null],
    ]);
    // The member's copy never carries the physicians' internal notes or their own name as "memberName".
    const mine = await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: appointment.id }, member.token);
    expect(mine.data).toMatchObject({ state: S.S3_COACH_JOINS_CALL, memberName: null, mxDoctor: { id: coach.user.id } });
  });

  it('after missing alerts while disconnected, getCurrentAppointment tells the member where things stand', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token, appointmentData());
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    // No socket was open for the member: the reload recovers the state.
    const current = await gql(t, APPOINTMENT_GQL.getCurrentAppointment, {}, member.token);
    expect(current.data).toMatchObject({ id: data!.id, state: S.S2_COACH_IS_REVIEWING });
    const coachCurrent = await gql(t, APPOINTMENT_GQL.getCurrentAppointment, {}, coach.token);
    expect(coachCurrent.data).toMatchObject({ id: data!.id });
    await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-socio' }, member.token);
    expect((await gql(t, APPOINTMENT_GQL.getCurrentAppointment, {}, member.token)).data).toBeUndefined();
  });
});

describe('createAppointment', () => {
  it.each([
    ['MX', 'CDMX', 'full-care'],
    ['US', 'CA', 'full-care'],
    ['US', 'AZ', 'full-care'],
    ['US', 'TX', 'full-care'],
    ['US', 'FL', 'full-care'],
    ['US', 'NY', 'coaching-only'],
    ['US', 'WA', 'coaching-only'],
  ])('service scope for %s %s is %s (spec 1/6)', async (country, state, scope) => {
    track(await onlinePhysician(t.server, t.url, { licenses: ['MX'] }));
    const member = await memberWithSession(t.server);
    const res = await create(member.token, appointmentData({ location: { country, state, city: 'X' } }));
    expect(res.data?.appointment?.serviceScope).toBe(scope);
  });

  it('refuses without a session, with bad input, for staff, and a second live request', async () => {
    track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    expectError(await create(''), 'UNAUTHORIZED');
    const bad = await create(member.token, appointmentData({ location: { country: 'MX', state: '', city: '' } }));
    expect(bad.error).toMatchObject({ code: 'INVALID_DATA', fields: { 'data.location.state': 'mandatory_form_state_placeholder', 'data.location.city': 'mandatory_form_city_placeholder' } });
    expectError(await create(member.token, appointmentData({ practice: 'dentistry' as 'health' })), 'INVALID_DATA');
    const coach = track(await onlinePhysician(t.server, t.url));
    expectError(await create(coach.token), 'FORBIDDEN');
    const first = await create(member.token);
    const second = await create(member.token);
    expectError(second, 'APPOINTMENT_ALREADY_IN_PROGRESS');
    expect(second.error?.data).toMatchObject({ appointmentId: first.data!.id });
  });

  it('with returnNewDocument false answers only the id', async () => {
    track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const res = await gql<CreateAppointmentResult>(t, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: false }, member.token);
    expect(res.data).toEqual({ id: expect.any(String), appointment: null });
  });

  it('a chosen coach must be online and available; only that coach is offered the request', async () => {
    const chosen = track(await onlinePhysician(t.server, t.url));
    const other = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const res = await create(member.token, appointmentData({ mxDoctorId: chosen.user.id }));
    const otherQueue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, other.token);
    expect(otherQueue.data!.map((a) => a.id)).not.toContain(res.data!.id);
    expectError(await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: res.data!.id }, other.token), 'NOT_FOUND');
    await gql(t, PHYSICIAN_GQL.setAvailability, { isAvailable: false }, chosen.token);
    const again = await memberWithSession(t.server);
    expectError(await create(again.token, appointmentData({ mxDoctorId: chosen.user.id })), 'PHYSICIAN_NOT_AVAILABLE');
  });
});

describe('no coaches and working hours', () => {
  it('with nobody online who matches: PHYSICIAN_NOT_AVAILABLE with lack_of_personnel_no_ondemand (spec 8)', async () => {
    const member = await memberWithSession(t.server);
    const res = await create(member.token, appointmentData({ language: 'en', practice: 'mentalhealth' }));
    expectError(res, 'PHYSICIAN_NOT_AVAILABLE');
    expect(res.error?.data).toMatchObject({ reason: 'no-coaches', messageKey: 'lack_of_personnel_no_ondemand' });
  });

  it('out of working hours the request is refused with the schedule-or-911 options; whitelisted emails pass', async () => {
    const saturday = createControlledClock(new Date('2026-11-21T18:00:00Z'));
    const hours = { timezone: 'America/Mexico_City', intervals: [{ starts: '08:00', ends: '20:00' }], allowOnWeekend: false, whitelistDomains: ['puente.test'], whitelistEmails: [] };
    const other = await startTestServer({ clock: saturday, workingHours: () => hours });
    try {
      const coach = await onlinePhysician(other.server, other.url);
      const member = await memberWithSession(other.server, { email: 'ana@example.com' });
      const res = await gql(other, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: true }, member.token);
      expectError(res, 'PHYSICIAN_NOT_AVAILABLE');
      expect(res.error?.data).toEqual({ outOfHours: true, options: ['schedule', 'call-911'] });
      const staffer = await memberWithSession(other.server, { email: 'qa@puente.test' });
      const ok = await gql(other, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: true }, staffer.token);
      expect(ok.error).toBeUndefined();
      // Monday 10:00 is within hours for everyone.
      saturday.set(MONDAY_10);
      const monday = await gql(other, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: true }, member.token);
      expect(monday.error).toBeUndefined();
      coach.socket.disconnect();
    } finally {
      await other.close();
    }
  });
});

describe('two coaches accept the same request at once: exactly one wins', () => {
  it.each([1, 2, 3, 4, 5])('round %i', async () => {
    const a = track(await onlinePhysician(t.server, t.url));
    const b = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token);
    const id = data!.id;
    const results = await Promise.all([a, b].map((c) => gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, c.token)));
    const winners = results.filter((r) => r.data?.state === S.S2_COACH_IS_REVIEWING);
    const losers = results.filter((r) => r.error);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    // The loser either lost the conditional UPDATE or arrived after the request left the queue.
    expect(['APPOINTMENT_ALREADY_IN_PROGRESS', 'NOT_FOUND']).toContain(losers[0]!.code);
    const row = await readAppointment(t, id);
    expect(row.mxDoctorId).toBe(winners[0]!.data!.mxDoctorId);
    expect((await transitionsOf(t, id)).filter(([, to]) => to === S.S2_COACH_IS_REVIEWING)).toHaveLength(1);
  });

  it('also through the service directly, both reading the queue state before either writes', async () => {
    const a = track(await onlinePhysician(t.server, t.url));
    const b = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token);
    const settled = await Promise.allSettled([a.user, b.user].map((u) => t.server.services.appointments.accept(u, data!.id, 'es')));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const rejected = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'APPOINTMENT_ALREADY_IN_PROGRESS', data: { lostRace: true } });
  });
});

describe("a member cannot read, change or subscribe to another member's appointment (404)", () => {
  it('over REST, GraphQL and socket events', async () => {
    track(await onlinePhysician(t.server, t.url));
    const owner = await memberOnline();
    const intruder = await memberOnline();
    const seen = collectAlerts(intruder.socket);
    const { data } = await create(owner.token);
    const id = data!.id;

    for (const path of [`/api/appointments/${id}/join-method/app`, `/api/appointments/${id}/connection-strength/2`]) {
      const res = await request(t.url, path, { method: 'PATCH', token: intruder.token });
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await request(t.url, `/api/appointments/${id}/exit-redirect-url`, { token: intruder.token })).status).toBe(404);

    const calls: [string, Record<string, unknown>][] = [
      [APPOINTMENT_GQL.getAppointment, { appointmentId: id }],
      [APPOINTMENT_GQL.appointmentDetails, { appointmentId: id }],
      [APPOINTMENT_GQL.updateAppointment, { appointment: { id, preJoinStep: 2 } }],
      [APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S12_CANCELED, statusReason: 'canceled-by-socio' } }],
      [APPOINTMENT_GQL.cancelAppointment, { appointmentId: id, reason: 'canceled-by-socio' }],
      [APPOINTMENT_GQL.finishAppointment, { appointmentId: id }],
      [APPOINTMENT_GQL.getAppointmentsHistory, { memberId: owner.user.id }],
      [APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: id, memberId: owner.user.id }],
    ];
    for (const [document, variables] of calls) expectError(await gql(t, document, variables, intruder.token), 'NOT_FOUND');

    for (const [event, payload] of [
      ['appointment-subscribe', { appointmentId: id }],
      ['appointment-cancel', { appointmentId: id, reason: 'canceled-by-socio' }],
      ['appointment-update', { appointmentId: id, state: S.S12_CANCELED, statusReason: 'canceled-by-socio' }],
      ['command-finish-appointment', { appointmentId: id }],
      ['appointment-location-change', { appointmentId: id, state: 'CA', city: 'LA' }],
      ['appointment-member-joined', { appointmentId: id }],
    ] as const) {
      const ack = appointmentAckSchema.parse(await intruder.socket.emitWithAck(event as 'appointment-subscribe', payload as { appointmentId: string }));
      expect([event, 'error' in ack ? ack.error.code : 'ok']).toEqual([event, 'NOT_FOUND']);
    }
    // Nothing changed, and the intruder's socket heard nothing about it.
    expect((await readAppointment(t, id)).state).toBe(S.S1_IN_QUEUE_FOR_COACH);
    await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: id, reason: 'canceled-by-socio' }, owner.token);
    await intruder.socket.emitWithAck('user-register');
    expect(seen.filter((a) => a.appointmentId === id)).toEqual([]);
  });

  it('a random or malformed id is NOT_FOUND too, and a bad socket payload is INVALID_DATA', async () => {
    const member = await memberOnline();
    expectError(await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: '00000000-0000-4000-8000-000000000000' }, member.token), 'NOT_FOUND');
    expectError(await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: 'nope' }, member.token), 'NOT_FOUND');
    const ack = appointmentAckSchema.parse(await member.socket.emitWithAck('appointment-subscribe', {} as { appointmentId: string }));
    expect('error' in ack && ack.error.code).toBe('INVALID_DATA');
  });
});

describe('cancelling', () => {
  it('the member cancels (canceled-by-socio); a second cancel is APPOINTMENT_ALREADY_CANCELED; a wrong reason is INVALID_DATA', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    const offerWithdrawn = nextAlert(coach.socket, (a) => a.appointmentId === data!.id && a.state === S.S12_CANCELED);
    expectError(await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-admin' }, member.token), 'INVALID_DATA');
    const alert = nextAlert(member.socket, (a) => a.state === S.S12_CANCELED);
    const canceled = await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-socio' }, member.token);
    expect(canceled.data).toMatchObject({ state: S.S12_CANCELED, statusReason: 'canceled-by-socio', status: 'finished' });
    expect(await alert).toMatchObject({ statusReason: 'canceled-by-socio' });
    await offerWithdrawn; // the coach's queue learns it is gone
    expectError(await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-socio' }, member.token), 'APPOINTMENT_ALREADY_CANCELED');
  });

  it('over the socket: appointment-cancel answers with the new state', async () => {
    track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    const ack = appointmentAckSchema.parse(await member.socket.emitWithAck('appointment-cancel', { appointmentId: data!.id, reason: 'canceled-by-socio' }));
    expect(ack).toEqual({ ok: true, appointmentId: data!.id, state: S.S12_CANCELED, statusReason: 'canceled-by-socio' });
  });
});

describe('admin: the live queue and cancel (canceled-by-admin)', () => {
  it('lists live appointments and cancels one; members may not', async () => {
    track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const adminSocket = await openSocket(t.url, admin.token);
    track({ socket: adminSocket });
    const created = nextAlert(adminSocket, (a) => a.memberId === member.user.id);
    const { data } = await create(member.token);
    await created; // admins watch every alert
    const live = await request(t.url, '/api/admin/appointments/live', { token: admin.token });
    expect(live.status).toBe(200);
    expect((live.body as { appointments: AppointmentDto[] }).appointments.map((a) => a.id)).toContain(data!.id);
    expect((await request(t.url, '/api/admin/appointments/live', { token: member.token })).status).toBe(404);
    expect((await request(t.url, '/api/admin/appointments/live')).status).toBe(401);
    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, admin.token);
    expect(queue.data!.map((a) => a.id)).toContain(data!.id);

    const alert = nextAlert(member.socket, (a) => a.state === S.S12_CANCELED);
    const res = await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-admin' }, admin.token);
    expect(res.data).toMatchObject({ state: S.S12_CANCELED, statusReason: 'canceled-by-admin' });
    expect(await alert).toMatchObject({ statusReason: 'canceled-by-admin' });
  });
});

describe('REST calls of spec 7', () => {
  it('isbusy, join-method, connection-strength (1..3) and exit-redirect-url', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token);
    const id = data!.id;
    const busy = async (appointmentId?: string) =>
      (await request(t.url, `/api/physicians/${coach.user.id}/isbusy${appointmentId ? `?appointmentId=${appointmentId}` : ''}`, { token: member.token })).body;
    expect(await busy()).toEqual({ isBusy: false });
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, coach.token);
    expect(await busy()).toEqual({ isBusy: true });
    expect(await busy(id)).toEqual({ isBusy: false }); // busy in another appointment only
    expect((await request(t.url, `/api/physicians/${member.user.id}/isbusy`, { token: member.token })).status).toBe(404);
    expect((await request(t.url, `/api/physicians/${coach.user.id}/isbusy`)).status).toBe(401);

    expect((await request(t.url, `/api/appointments/${id}/join-method/app`, { method: 'PATCH', token: member.token })).body).toEqual({ ok: true });
    const badMethod = await request(t.url, `/api/appointments/${id}/join-method/fax`, { method: 'PATCH', token: member.token });
    expect(badMethod.status).toBe(400);
    for (const value of ['0', '4', 'abc', '2.5']) {
      const res = await request(t.url, `/api/appointments/${id}/connection-strength/${value}`, { method: 'PATCH', token: member.token });
      expect([value, res.status, (res.body as { error: { fields: unknown } }).error.fields]).toEqual([value, 400, { value: 'invalid_connection_strength' }]);
    }
    expect((await request(t.url, `/api/appointments/${id}/connection-strength/1`, { method: 'PATCH', token: coach.token })).status).toBe(200);
    expect((await request(t.url, `/api/appointments/${id}/connection-strength/3`, { method: 'PATCH', token: member.token })).status).toBe(200);
    const row = await readAppointment(t, id);
    expect([row.memberJoinMethod, row.connectionStrength]).toEqual(['app', 3]);

    const exit = await request(t.url, `/api/appointments/${id}/exit-redirect-url`, { token: member.token });
    expect(exit.body).toEqual({ url: `${t.server.config.publicUrl}/inicio` });
    await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S3_COACH_JOINS_CALL } }, coach.token);
    await gql(t, APPOINTMENT_GQL.finishAppointment, { appointmentId: id }, coach.token);
    const after = await request(t.url, `/api/appointments/${id}/exit-redirect-url`, { token: member.token });
    expect(after.body).toEqual({ url: `${t.server.config.publicUrl}/consulta/survey/${id}` });
    expect((await request(t.url, `/api/appointments/${id}/join-method/app`, { method: 'PATCH' })).status).toBe(401);
  });
});

describe('timeouts run off the clock', () => {
  const tick = () => t.server.services.appointmentScheduler.tick();

  it('a coach who does not join in time: back to the queue with timeout-by-coach, and not offered it again', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    t.clock.advance(60_000);
    await tick();
    expect((await readAppointment(t, data!.id)).state).toBe(S.S2_COACH_IS_REVIEWING);
    const alert = nextAlert(member.socket, (a) => a.appointmentId === data!.id && a.state === S.S1_IN_QUEUE_FOR_COACH);
    t.clock.advance(31_000);
    expect(await tick()).toBeGreaterThanOrEqual(1);
    expect(await alert).toMatchObject({ statusReason: 'timeout-by-coach', mxDoctorId: null });
    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, coach.token);
    expect(queue.data!.map((a) => a.id)).not.toContain(data!.id);
    await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-socio' }, member.token);
  });

  it('nobody takes the request in 10 minutes: canceled with no-coaches', async () => {
    track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    const alert = nextAlert(member.socket, (a) => a.appointmentId === data!.id && a.state === S.S12_CANCELED);
    t.clock.advance(10 * 60_000 + 1);
    await tick();
    expect(await alert).toMatchObject({ statusReason: 'no-coaches' });
  });

  it('a chosen coach who lets the request time out ends it with timeout-by-coach (the member sees other coaches)', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token, appointmentData({ mxDoctorId: coach.user.id }));
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    t.clock.advance(91_000);
    await tick();
    expect(await readAppointment(t, data!.id)).toMatchObject({ state: S.S12_CANCELED, statusReason: 'timeout-by-coach' });
  });

  it('a coach who rejects sends it back to the queue with rejected-by-coach', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const { data } = await create(member.token);
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    const rejected = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: data!.id, state: S.S1_IN_QUEUE_FOR_COACH, statusReason: 'rejected-by-coach' } }, coach.token);
    expect(rejected.data).toMatchObject({ state: S.S1_IN_QUEUE_FOR_COACH, statusReason: 'rejected-by-coach' });
    expect((await readAppointment(t, data!.id)).doctorsBlacklist).toEqual([coach.user.id]);
    // Without a reason the machine refuses.
    const other = track(await onlinePhysician(t.server, t.url));
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, other.token);
    expectError(await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: data!.id, state: S.S1_IN_QUEUE_FOR_COACH } }, other.token), 'INVALID_DATA');
  });

  it('escalations: no US doctor in 5 minutes -> no-doctors, and the coach continues alone; a doctor who does not join -> back with timeout-by-doctor', async () => {
    const member = await memberWithSession(t.server);
    const coach = track(await onlinePhysician(t.server, t.url));
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true, deadlineAt: new Date(t.clock.now().getTime() + 5 * 60_000) });
    const accepted = await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: a.id }, doctor.token);
    expect(accepted.data).toMatchObject({ state: S.S7_ER_IS_REVIEWING, usDoctorId: doctor.user.id });
    t.clock.advance(91_000);
    await tick();
    expect(await readAppointment(t, a.id)).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, statusReason: 'timeout-by-doctor', usDoctorId: null });
    const coachSees = nextAlert(coach.socket, (x) => x.appointmentId === a.id && x.state === S.CONSULTATION_WITHOUT_ER);
    t.clock.advance(5 * 60_000 + 1);
    await tick();
    expect(await coachSees).toMatchObject({ previousState: S.NO_DOCTOR_AVAILABLE });
    expect((await transitionsOf(t, a.id)).slice(-2)).toEqual([
      [S.S6_IN_QUEUE_FOR_ER, S.NO_DOCTOR_AVAILABLE, 'no-doctors'],
      [S.NO_DOCTOR_AVAILABLE, S.CONSULTATION_WITHOUT_ER, null],
    ]);
  });
});

describe('the GraphQL documents the web sends (contracts) are valid against the schema', () => {
  it('no document fails validation: without a session each is refused as UNAUTHORIZED', async () => {
    const variables = {
      appointmentId: 'x',
      id: 'x',
      memberId: 'x',
      date: '2026-11-23',
      isAvailable: true,
      reason: 'canceled-by-socio',
      templateId: 'health-soap',
      values: {},
      data: appointmentData(),
      returnNewDocument: true,
      appointment: { id: 'x' },
      medicalRecord: {},
      prescriptions: [],
      lang: 'es',
      authorId: 'x',
      text: 'x',
    };
    for (const [name, document] of Object.entries({ ...APPOINTMENT_GQL, ...PHYSICIAN_GQL, ...TOPICS_GQL })) {
      const res = await gql(t, document, variables);
      expect([name, res.code]).toEqual([name, 'UNAUTHORIZED']);
    }
  });
});

describe('socket policy', () => {
  it('a coach offered a request cannot join its room; the member can; a former coach is removed from it', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    const refused = appointmentAckSchema.parse(await coach.socket.emitWithAck('appointment-subscribe', { appointmentId: data!.id }));
    expect('error' in refused && refused.error.code).toBe('NOT_FOUND');
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    const joined = appointmentAckSchema.parse(await coach.socket.emitWithAck('appointment-subscribe', { appointmentId: data!.id }));
    expect(joined).toMatchObject({ ok: true, state: S.S2_COACH_IS_REVIEWING });
    // The coach rejects: the room and further alerts are no longer theirs.
    const seen = collectAlerts(coach.socket);
    await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: data!.id, state: S.S1_IN_QUEUE_FOR_COACH, statusReason: 'rejected-by-coach' } }, coach.token);
    await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: data!.id, reason: 'canceled-by-socio' }, member.token);
    await coach.socket.emitWithAck('user-register');
    expect(seen.filter((a) => a.appointmentId === data!.id).map((a) => a.state)).toEqual([]);
  });

  it('the member in the room hears the location change and the coach hears the member joined', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    await coach.socket.emitWithAck('appointment-subscribe', { appointmentId: data!.id });
    const heard = new Promise((resolve) => coach.socket.once('appointment-location-change', resolve));
    const ack = appointmentAckSchema.parse(await member.socket.emitWithAck('appointment-location-change', { appointmentId: data!.id, country: 'US', state: 'TX', city: 'Austin' }));
    expect(ack).toMatchObject({ ok: true });
    expect(await heard).toMatchObject({ appointmentId: data!.id, state: 'TX', city: 'Austin' });
    expect((await readAppointment(t, data!.id)).location).toEqual({ country: 'US', state: 'TX', city: 'Austin' });
    const joinedHeard = new Promise((resolve) => coach.socket.once('appointment-member-joined', resolve));
    await member.socket.emitWithAck('appointment-member-joined', { appointmentId: data!.id });
    expect(await joinedHeard).toEqual({ appointmentId: data!.id, memberId: member.user.id });
  });
});

describe('an alert without state or appointmentId is not sent, and is logged (spec 8)', () => {
  it('the notifier drops it before any emit', async () => {
    const { SocketAppointmentNotifier } = await import('./appointments.realtime');
    const member = await memberOnline();
    const seen = collectAlerts(member.socket);
    const warnings: string[] = [];
    const log = { warn: (_obj: unknown, msg: string) => warnings.push(msg) } as unknown as ConstructorParameters<typeof SocketAppointmentNotifier>[1];
    const notifier = new SocketAppointmentNotifier(t.server.realtime, log);
    const target = { appointmentId: 'a1', userIds: [member.user.id], admins: false, evictUserIds: [] };
    const whole = { appointmentId: 'a1', state: S.S2_COACH_IS_REVIEWING, statusReason: null, previousState: null, type: 'on-demand' as const, memberId: member.user.id, mxDoctorId: null, usDoctorId: null, usDoctorNeeded: false, at: MONDAY_10.toISOString() };
    notifier.appointmentAlert(target, { ...whole, state: undefined as unknown as typeof whole.state });
    notifier.appointmentAlert(target, { ...whole, appointmentId: '' });
    notifier.appointmentAlert(target, whole);
    await member.socket.emitWithAck('user-register');
    expect(seen).toEqual([whole]);
    expect(warnings).toEqual(['appointment alert without state or appointmentId not sent', 'appointment alert without state or appointmentId not sent']);
  });
});

describe('the coach finishes the call', () => {
  it('without a US doctor needed the consultation ends (S3 -> COACH_FINISH_VIDEO_CALL -> S4 -> S11)', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberOnline();
    const { data } = await create(member.token);
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: data!.id }, coach.token);
    await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: data!.id, state: S.S3_COACH_JOINS_CALL } }, coach.token);
    const finishedCall = nextAlert(member.socket, (a) => a.appointmentId === data!.id && a.state === S.COACH_FINISH_VIDEO_CALL);
    const res = await gql(t, APPOINTMENT_GQL.finishAppointment, { appointmentId: data!.id }, coach.token);
    expect(res.data).toMatchObject({ state: S.S11_FINISHED, status: 'finished' });
    // spec 4: COACH_FINISH_VIDEO_CALL without a US doctor sends the member to the survey.
    const alert = await finishedCall;
    expect(routeOnAppointmentAlert(alert, { currentAppointmentId: data!.id, loginless: false, usDoctorNeeded: false })).toMatchObject({ kind: 'navigate' });
    expect((await transitionsOf(t, data!.id)).slice(-3).map(([from, to]) => `${from}>${to}`)).toEqual([
      `${S.S3_COACH_JOINS_CALL}>${S.COACH_FINISH_VIDEO_CALL}`,
      `${S.COACH_FINISH_VIDEO_CALL}>${S.S4_COACH_ENDS_CALL}`,
      `${S.S4_COACH_ENDS_CALL}>${S.S11_FINISHED}`,
    ]);
  });

  it('when a US doctor is needed the call ends at S4 and the coach can still ask for one', async () => {
    const coach = track(await onlinePhysician(t.server, t.url));
    const member = await memberWithSession(t.server);
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id, usDoctorNeeded: true });
    expect((await gql(t, APPOINTMENT_GQL.finishAppointment, { appointmentId: a.id }, coach.token)).data?.state).toBe(S.S4_COACH_ENDS_CALL);
    const escalated = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR } }, coach.token);
    expect(escalated.data?.state).toBe(S.S6_IN_QUEUE_FOR_ER);
  });
});
