import { apiErrorSchema, APPOINTMENT_GQL, paymentIntentResponseSchema, visitPaymentSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';
import { describe, expect, it } from 'vitest';
import { appointmentsTestServer, gql, insertAppointment, readAppointment } from '../appointments/appointments.test-kit';
import { createOrganization, memberWithSession, onlinePhysician, request } from '../../test';

const env = appointmentsTestServer();

const postForm = (path: string, card: string) =>
  fetch(`${env.t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card }).toString(), redirect: 'manual' });

/** A USP_REQUIRES_PAYMENT member in a call with a coach who asks for a US doctor; the member hears payment-requested. */
async function escalated(flags: string[] = ['USP_REQUIRES_PAYMENT'], path: { from: AppointmentState; to: AppointmentState } = { from: S.S4_COACH_ENDS_CALL, to: S.COACH_REQUEST_US_DR }) {
  const org = await createOrganization(env.t.server, { flags });
  const coach = env.track(await onlinePhysician(env.t.server, env.t.url));
  const doctor = env.track(await onlinePhysician(env.t.server, env.t.url, { userType: 'us-physician' }));
  const member = await env.memberOnline({ organizationId: org.id });
  const requested = new Promise<{ appointmentId?: string; priceType: string; paymentId?: string }>((resolve) => member.socket.once('payment-requested', resolve));
  const a = await insertAppointment(env.t, { memberId: member.user.id, state: path.from, mxDoctorId: coach.user.id, usDoctorNeeded: path.from === S.S4_COACH_ENDS_CALL });
  const res = await gql(env.t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: path.to } }, coach.token);
  return { org, coach, doctor, member, a, res, requested };
}

const intent = (orgId: string, paymentId: string, token: string, priceType = 'usp') =>
  request(env.t.url, `/api/organizations/${orgId}/payment-intent`, { method: 'POST', body: { priceType, paymentId }, token });
const setStatus = (paymentId: string, status: unknown, token: string) => request(env.t.url, `/api/payments/${paymentId}/status`, { method: 'PATCH', body: { status }, token });

describe('paid US-doctor visits (USP_REQUIRES_PAYMENT)', () => {
  it('the US doctor is gated until the member pays; a succeeded status the provider did not confirm is refused; paid, the consultation joins the doctors queue', async () => {
    const { org, doctor, member, a, res, requested } = await escalated();
    // Held: the request waits for the payment instead of the US doctors' queue.
    expect(res.data?.state).toBe(S.COACH_REQUEST_US_DR);
    const asked = await requested;
    expect(asked).toMatchObject({ appointmentId: a.id, priceType: 'usp' });
    const paymentId = asked.paymentId!;

    // The US doctor cannot take it before the payment (nor see it in the queue).
    const early = await gql(env.t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: a.id }, doctor.token);
    expect(early.code).toBe('APPOINTMENT_ALREADY_IN_PROGRESS');
    const direct = await gql(env.t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.ER_ACCEPTS_CONSULTATION } }, doctor.token);
    expect(direct.code).toBe('CONFLICT');
    expect(direct.error?.data).toMatchObject({ reason: 'payment-pending' });
    const queue = await gql<{ id: string }[]>(env.t, APPOINTMENT_GQL.getAppointmentQueue, {}, doctor.token);
    expect(queue.data!.map((q) => q.id)).not.toContain(a.id);

    // Claiming success without paying is refused.
    expect((await setStatus(paymentId, 'succeeded', member.token)).status).toBe(409);
    const pi = paymentIntentResponseSchema.parse((await intent(org.id, paymentId, member.token)).body);
    expect(pi).toMatchObject({ paymentId, priceType: 'usp', status: 'pending', amountMinor: 4999, currency: 'USD', provider: 'local' });
    expect((await setStatus(paymentId, 'succeeded', member.token)).status).toBe(409);
    expect((await readAppointment(env.t, a.id)).state).toBe(S.COACH_REQUEST_US_DR);

    // She pays on the local test card page; her app reports succeeded.
    expect((await postForm(pi.url!, '4242 4242 4242 4242')).status).toBe(303);
    const paid = await setStatus(paymentId, 'succeeded', member.token);
    expect(paid.status).toBe(200);
    expect(visitPaymentSchema.parse(paid.body)).toMatchObject({ status: 'succeeded', appointmentId: a.id });
    expect((await readAppointment(env.t, a.id)).state).toBe(S.S6_IN_QUEUE_FOR_ER);
    const accepted = await gql(env.t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: a.id }, doctor.token);
    expect(accepted.code).toBeUndefined();
    expect((await readAppointment(env.t, a.id)).usDoctorId).toBe(doctor.user.id);

    // The retry rule: the app re-sends a succeeded status that failed to save: same answer, nothing twice.
    const retried = await setStatus(paymentId, 'succeeded', member.token);
    expect(retried.status).toBe(200);
    expect(visitPaymentSchema.parse(retried.body).status).toBe('succeeded');
    // ... and the next payment request for it is answered as paid (no second charge).
    expect(paymentIntentResponseSchema.parse((await intent(org.id, paymentId, member.token)).body)).toMatchObject({ status: 'succeeded', url: null, clientSecret: null });
    // A failed status after success is refused.
    expect((await setStatus(paymentId, 'failed', member.token)).status).toBe(409);
    const ledger = await env.t.server.services.membership['deps'].repository.eventsOf(member.user.id);
    expect(ledger.filter((e) => e.source === 'single-visit')).toHaveLength(1);
  });

  it('a declined card changes nothing; failed (sent on close) leaves the consultation with the coach', async () => {
    const { org, member, a, requested } = await escalated();
    const { paymentId } = await requested;
    const pi = paymentIntentResponseSchema.parse((await intent(org.id, paymentId!, member.token)).body);
    expect((await postForm(pi.url!, '4000 0000 0000 0002')).headers.get('location')).toContain('declined=1');
    expect((await setStatus(paymentId!, 'succeeded', member.token)).status).toBe(409);
    const failed = await setStatus(paymentId!, 'failed', member.token);
    expect(visitPaymentSchema.parse(failed.body).status).toBe('failed');
    expect((await readAppointment(env.t, a.id)).state).toBe(S.CONSULTATION_WITHOUT_ER);
    expect((await setStatus(paymentId!, 'failed', member.token)).status).toBe(200);
    expect((await intent(org.id, paymentId!, member.token)).status).toBe(409);
  });

  it('the other escalation path (the coach sends the member to the waiting room) is held for payment too: paid, the doctors queue; failed, the coach', async () => {
    const waitingRoom = { from: S.S3_COACH_JOINS_CALL, to: S.SEND_SOCIO_TO_WAITING_ROOM };
    const { org, doctor, member, a, res, requested } = await escalated(['USP_REQUIRES_PAYMENT'], waitingRoom);
    expect(res.data?.state).toBe(S.SEND_SOCIO_TO_WAITING_ROOM);
    const asked = await requested;
    expect(asked).toMatchObject({ appointmentId: a.id, priceType: 'usp' });
    const queue = await gql<{ id: string }[]>(env.t, APPOINTMENT_GQL.getAppointmentQueue, {}, doctor.token);
    expect(queue.data!.map((q) => q.id)).not.toContain(a.id);
    // Not offered to US doctors before the payment.
    expect((await gql(env.t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: a.id }, doctor.token)).code).toBe('NOT_FOUND');
    expect((await setStatus(asked.paymentId!, 'succeeded', member.token)).status).toBe(409);
    const pi = paymentIntentResponseSchema.parse((await intent(org.id, asked.paymentId!, member.token)).body);
    expect((await postForm(pi.url!, '4242 4242 4242 4242')).status).toBe(303);
    expect((await setStatus(asked.paymentId!, 'succeeded', member.token)).status).toBe(200);
    expect((await readAppointment(env.t, a.id)).state).toBe(S.S6_IN_QUEUE_FOR_ER);

    const unpaid = await escalated(['USP_REQUIRES_PAYMENT'], waitingRoom);
    const { paymentId } = await unpaid.requested;
    expect(visitPaymentSchema.parse((await setStatus(paymentId!, 'failed', unpaid.member.token)).body).status).toBe('failed');
    expect((await readAppointment(env.t, unpaid.a.id)).state).toBe(S.CONSULTATION_WITHOUT_ER);

    // Without the flag the waiting room goes straight to the doctors queue.
    expect((await escalated([], waitingRoom)).res.data?.state).toBe(S.S6_IN_QUEUE_FOR_ER);
  });

  it('an organization without USP_REQUIRES_PAYMENT escalates straight to the doctors queue', async () => {
    const { res } = await escalated([]);
    expect(res.data?.state).toBe(S.S6_IN_QUEUE_FOR_ER);
  });

  it('a coach visit (priceType coach): the app opens the payment for her open consultation with its own id, pays, and succeeded is recorded without moving the consultation', async () => {
    // The spec never says when a coach visit is paid: nothing asks for it; payment-intent with priceType coach works on its own.
    const org = await createOrganization(env.t.server, {});
    const coach = env.track(await onlinePhysician(env.t.server, env.t.url));
    const member = await env.memberOnline({ organizationId: org.id });
    const paymentId = crypto.randomUUID();
    // No open consultation: nothing to pay for.
    expect((await intent(org.id, paymentId, member.token, 'coach')).status).toBe(409);
    const a = await insertAppointment(env.t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    // Not her organization.
    expect((await intent(crypto.randomUUID(), paymentId, member.token, 'coach')).status).toBe(404);
    const first = paymentIntentResponseSchema.parse((await intent(org.id, paymentId, member.token, 'coach')).body);
    expect(first).toMatchObject({ paymentId, appointmentId: a.id, priceType: 'coach', status: 'pending', amountMinor: 1999, currency: 'USD', provider: 'local' });
    // The same id again is the same payment (a new checkout for it, no second payment).
    const again = paymentIntentResponseSchema.parse((await intent(org.id, paymentId, member.token, 'coach')).body);
    expect(again).toMatchObject({ paymentId, amountMinor: 1999 });
    // Someone else cannot use her payment id; nor ask for it as a usp payment.
    const other = await memberWithSession(env.t.server, { organizationId: org.id });
    expect((await intent(org.id, paymentId, other.token, 'coach')).status).toBe(404);
    expect((await intent(org.id, paymentId, member.token, 'usp')).status).toBe(404);
    const heard = new Promise<{ paymentId: string; status: string }>((resolve) => member.socket.once('payment-status-update', resolve));
    expect((await setStatus(paymentId, 'succeeded', member.token)).status).toBe(409);
    expect((await postForm(again.url!, '4242 4242 4242 4242')).status).toBe(303);
    const paid = await setStatus(paymentId, 'succeeded', member.token);
    expect(visitPaymentSchema.parse(paid.body)).toMatchObject({ status: 'succeeded', priceType: 'coach' });
    expect(await heard).toEqual({ paymentId, status: 'succeeded' });
    expect((await readAppointment(env.t, a.id)).state).toBe(S.S3_COACH_JOINS_CALL);
    const ledger = await env.t.server.services.membership['deps'].repository.eventsOf(member.user.id);
    expect(ledger.filter((e) => e.source === 'single-visit').map((e) => e.planId)).toEqual(['visit-coach']);
  });

  it('other people\'s payments are NOT_FOUND; bad input is INVALID_DATA, never a 500', async () => {
    const { org, member, requested } = await escalated();
    const { paymentId } = await requested;
    const other = await memberWithSession(env.t.server, { organizationId: org.id });
    expect((await intent(org.id, paymentId!, other.token)).status).toBe(404);
    expect((await setStatus(paymentId!, 'succeeded', other.token)).status).toBe(404);
    expect((await intent(crypto.randomUUID(), paymentId!, member.token)).status).toBe(404);
    expect((await intent(org.id, paymentId!, member.token, 'coach')).status).toBe(404);
    expect((await request(env.t.url, `/api/payments/${paymentId}/status`, { method: 'PATCH', body: { status: 'succeeded' } })).status).toBe(401);
    const bodies: unknown[] = [undefined, null, {}, [], 'x', { status: 'pending' }, { status: 'SUCCEEDED' }, { status: 1 }, { status: ['succeeded'] }];
    for (const body of bodies) {
      const res = await request(env.t.url, `/api/payments/${paymentId}/status`, { method: 'PATCH', body, token: member.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.body).error.code).toBe('INVALID_DATA');
    }
    for (const body of [undefined, {}, { priceType: 'gold', paymentId }, { priceType: 'usp' }, { priceType: 'usp', paymentId: '' }, { priceType: 'usp', paymentId: 'x'.repeat(65) }, { priceType: 'usp', paymentId: 5 }]) {
      const res = await request(env.t.url, `/api/organizations/${org.id}/payment-intent`, { method: 'POST', body, token: member.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['x', '1', 'not-a-uuid', '%20', 'a'.repeat(64)]) {
      expect((await setStatus(id, 'failed', member.token)).status).toBe(404);
      expect((await intent(org.id, id, member.token)).status).toBe(404);
      expect((await intent(id, paymentId!, member.token)).status).toBe(404);
    }
  });
});
