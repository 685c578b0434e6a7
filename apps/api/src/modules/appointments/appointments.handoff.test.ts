import { APPOINTMENT_GQL, type AppointmentDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession, onlinePhysician, request, type TestServer } from '../../test';
import { appointmentsTestServer, expectError, gql, insertAppointment, readAppointment } from './appointments.test-kit';

/** issue 11: the handoff from the coach to a US doctor (reason, urgency, the coach's note, a chat summary). */
const env = appointmentsTestServer();
const { track, memberOnline } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});

describe('asking for a US doctor carries a reason and an urgency', () => {
  it('stores them on the appointment and shows them to the physicians, never to the member', async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S3_COACH_JOINS_CALL });
    const asked = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR, escalation: { reason: '  Dolor torácico al esfuerzo  ', urgency: 'urgent' } } }, coach.token);
    expect(asked.error).toBeUndefined();
    expect(asked.data).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, escalation: { reason: 'Dolor torácico al esfuerzo', urgency: 'urgent', requestedAt: t.clock.now().toISOString() } });
    expect(await readAppointment(t, a.id)).toMatchObject({ escalationReason: 'Dolor torácico al esfuerzo', escalationUrgency: 'urgent' });
    const mine = await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: a.id }, member.token);
    expect(mine.error).toBeUndefined();
    expect(mine.data?.escalation ?? null).toBeNull();
    expect(mine.data?.handoff ?? null).toBeNull();
  });

  it('refuses an empty reason, an unknown urgency, or a reason without the request (400, field keys)', async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, state: S.S3_COACH_JOINS_CALL });
    const ask = (escalation: unknown, state: string = S.COACH_REQUEST_US_DR) => gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state, escalation } }, coach.token);
    const blank = await ask({ reason: '   ', urgency: 'routine' });
    expectError(blank, 'INVALID_DATA');
    expect(JSON.stringify(blank.error)).toContain('escalation_reason_required');
    const urgency = await ask({ reason: 'Revisión', urgency: 'whenever' });
    expectError(urgency, 'INVALID_DATA');
    expect(JSON.stringify(urgency.error)).toContain('escalation_urgency_required');
    expectError(await ask({ reason: 'Revisión', urgency: 'routine' }, S.CONSULTATION_WITHOUT_ER), 'INVALID_DATA');
    expect((await readAppointment(t, a.id)).state).toBe(S.S3_COACH_JOINS_CALL);
  });
});

describe("the US doctor's escalation card: the coach's note, the chief complaint, the intake and a chat summary", () => {
  it('the queue carries them, the most urgent first', async () => {
    const member = await memberOnline();
    const coach = track(await onlinePhysician(t.server, t.url));
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const routine = await insertAppointment(t, { memberId: (await memberOnline()).user.id, mxDoctorId: coach.user.id, state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true, escalationReason: 'Control', escalationUrgency: 'routine', escalatedAt: t.clock.now() });
    const a = await insertAppointment(t, {
      memberId: member.user.id,
      mxDoctorId: coach.user.id,
      state: S.S3_COACH_JOINS_CALL,
      chiefComplaint: 'Tos de dos semanas',
      selfAssessment: { appointmentReason: 'Tos', painLevel: 3, symptoms: ['fiebre'] },
    });
    // The coach writes her note during the call, and the member and the coach chat.
    const note = await gql(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId: a.id, templateId: 'health-soap', values: { subjective: 'Tos seca, fiebre 38 °C', objective: '' } }, coach.token);
    expect(note.error).toBeUndefined();
    const chat = t.server.services.chat;
    const { id: conversationId } = await chat.ensureConversation(coach.user, a.id);
    for (const [who, body] of [[member, 'Hola'], [coach, '¿Desde cuándo?'], [member, 'Dos semanas'], [coach, 'Le pido un médico de EE. UU.']] as const) {
      await chat.sendText({ userId: who.user.id, sessionScope: null }, { conversationId, clientMessageId: randomUUID(), body });
    }
    const asked = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR, escalation: { reason: 'Posible neumonía', urgency: 'soon' } } }, coach.token);
    expect(asked.data?.state).toBe(S.S6_IN_QUEUE_FOR_ER);

    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, doctor.token);
    expect(queue.error).toBeUndefined();
    const ids = queue.data!.map((x) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(routine.id));
    const card = queue.data!.find((x) => x.id === a.id)!;
    expect(card).toMatchObject({
      chiefComplaint: 'Tos de dos semanas',
      selfAssessment: { appointmentReason: 'Tos', painLevel: 3, symptoms: ['fiebre'] },
      escalation: { reason: 'Posible neumonía', urgency: 'soon' },
      handoff: {
        // Only the fields the coach filled.
        coachNote: [{ name: 'subjective', value: 'Tos seca, fiebre 38 °C' }],
        chat: {
          messageCount: 4,
          attachmentCount: 0,
          last: [
            { role: 'mx-physician', text: '¿Desde cuándo?', attachment: false },
            { role: 'member', text: 'Dos semanas', attachment: false },
            { role: 'mx-physician', text: 'Le pido un médico de EE. UU.', attachment: false },
          ],
        },
      },
    });
    // The coach herself is not handed her own summary; the read by the US doctor is audited.
    const coachView = await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: a.id }, coach.token);
    expect(coachView.data?.escalation?.reason).toBe('Posible neumonía');
    expect(coachView.data?.handoff ?? null).toBeNull();
    const audit = await t.server.services.audit.forSubject(member.user.id);
    expect(audit.some((r) => r.actorId === doctor.user.id && r.resource === 'handoff')).toBe(true);
  });
});

describe("readiness before escalation on the US doctor's card (issue 12)", () => {
  it('the card lists what the member still lacks for a prescription, and drops what she fills in', async () => {
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const member = await memberWithSession(t.server, { address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' }, phoneNumber: null });
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true, escalationReason: 'Antibiótico', escalationUrgency: 'soon', escalatedAt: t.clock.now(), location: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const card = async () => (await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, doctor.token)).data!.find((x) => x.id === a.id)!;
    expect((await card()).handoff?.readiness).toEqual(['phone', 'pharmacy']);
    expect((await request(t.url, '/api/pharmacies/mine', { method: 'PUT', token: member.token, body: { pharmacyId: 'ca-sf-mission' } })).status).toBe(200);
    expect((await card()).handoff?.readiness).toEqual(['phone']);
    // The member never receives the handoff.
    expect((await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: a.id }, member.token)).data?.handoff ?? null).toBeNull();
  });
});
