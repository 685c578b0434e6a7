import { apiErrorSchema, APPOINTMENT_GQL, paymentIntentResponseSchema, visitPaymentSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { describe, expect, it } from 'vitest';
import { appointmentsTestServer, gql, insertAppointment, readAppointment } from '../appointments/appointments.test-kit';
import { createOrganization, memberWithSession, onlinePhysician, request } from '../../test';

const env = appointmentsTestServer();

const postForm = (path: string, card: string) =>
  fetch(`${env.t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card }).toString(), redirect: 'manual' });

/** A USP_REQUIRES_PAYMENT member in a call with a coach who asks for a US doctor; the member hears payment-requested. */
async function escalated(flags: string[] = ['USP_REQUIRES_PAYMENT']) {
  const org = await createOrganization(env.t.server, { flags });
  const coach = env.track(await onlinePhysician(env.t.server, env.t.url));
  const doctor = env.track(await onlinePhysician(env.t.server, env.t.url, { userType: 'us-physician' }));
  const member = await env.memberOnline({ organizationId: org.id });
  const requested = new Promise<{ appointmentId?: string; priceType: string; paymentId?: string }>((resolve) => member.socket.once('payment-requested', resolve));
  const a = await insertAppointment(env.t, { memberId: member.user.id, state: S.S4_COACH_ENDS_CALL, mxDoctorId: coach.user.id, usDoctorNeeded: true });
  const res = await gql(env.t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR } }, coach.token);
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

  it('an organization without USP_REQUIRES_PAYMENT escalates straight to the doctors queue', async () => {
    const { res } = await escalated([]);
    expect(res.data?.state).toBe(S.S6_IN_QUEUE_FOR_ER);
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
