import { APPOINTMENT_GQL, apiErrorSchema, memberLedgerResponseSchema, scheduledAppointmentSchema, SCHEDULING_GQL, slotsResponseSchema, subscriptionProductsResponseSchema } from '@puente/contracts';
import { sql } from 'drizzle-orm';
import { loadMembershipSettings } from './membership.settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentData, createMember, createOrganization, createPhysician, createSessionFor, graphql, loginByPhone, memberSubscription, memberWithSession, randomMxPhone, request, startTestServer, type TestServer } from '../../test';

const DAY = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ config: {} });
});
afterAll(async () => {
  await t.close();
});

const subscriptionOf = (token: string) => memberSubscription(t.url, token);
/** Sessions expire while the clock jumps weeks ahead: a fresh one for the same member. */
const fresh = async (userId: string) => (await createSessionFor(t.server, userId)).sessionToken;
const askForCoach = async (token: string) => {
  const res = await graphql<{ createAppointment: unknown }>(t.url, APPOINTMENT_GQL.createAppointment, { data: appointmentData(), returnNewDocument: true }, token);
  return res.body.errors?.[0] ? apiErrorSchema.parse(res.body.errors[0].extensions).error : null;
};

describe('GET /api/configs/products (spec 7, spec 9 pricing)', () => {
  it('serves the four plans in order with derived prices in minor units, cached 12 h', async () => {
    const res = await request(t.url, '/api/configs/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=43200');
    const { subscriptions } = subscriptionProductsResponseSchema.parse(res.body);
    expect(subscriptions.map((s) => s.id)).toEqual(['bs_12m', 'bs_6m', 'bs_1m', 'bs_1w']);
    expect(subscriptions.find((s) => s.isDefault)?.id).toBe('bs_1m');
    // Defaults: 11999 / 6999 / 1999 / 799 cents.
    expect(subscriptions.map((s) => [s.totalPriceMinor, s.monthlyPriceMinor, s.savingsPercentage, s.subscriptionLength])).toEqual([
      [11999, 1000, 50, 12],
      [6999, 1167, 42, 6],
      [1999, 1999, 0, 1],
      [799, 799, 60, 1],
    ]);
    expect(subscriptions[2]!.pricing).toEqual({ priceMicros: 19_990_000, currency: 'USD', billingPeriod: 'P1M' });
  });

  it('prices come from SUBSCRIPTION_PRICES in integer minor units; a bad value is refused', () => {
    expect(loadMembershipSettings({ SUBSCRIPTION_PRICES: 'bs_1m=2500,bs_1w=900' }).prices).toEqual([
      { id: 'bs_1m', amountMinor: 2500, currency: 'USD' },
      { id: 'bs_1w', amountMinor: 900, currency: 'USD' },
    ]);
    expect(() => loadMembershipSettings({ SUBSCRIPTION_PRICES: 'bs_1m=19.99' })).toThrow(/SUBSCRIPTION_PRICES/);
    expect(() => loadMembershipSettings({ SUBSCRIPTION_PRICES: 'gold=100' })).toThrow(/SUBSCRIPTION_PRICES/);
  });
});

describe('the free trial and the paywall on the server', () => {
  it('a new member signs up, gets the 45-day trial; when it ends she must pay to ask for a coach', async () => {
    const login = await loginByPhone(t.url, randomMxPhone());
    expect(login.member.subscription).toMatchObject({ type: 'trial', status: 'trial', daysLeft: 45, autoRenew: true, currency: 'USD', endReason: null });
    expect(await subscriptionOf(login.sessionToken)).toMatchObject({ status: 'trial', daysLeft: 45 });

    const start = t.clock.now();
    try {
      t.clock.advance(40 * DAY);
      expect(await subscriptionOf(await fresh(login.member.id))).toMatchObject({ status: 'trial', daysLeft: 5 });

      t.clock.advance(6 * DAY);
      const token = await fresh(login.member.id);
      expect(await subscriptionOf(token)).toMatchObject({ status: 'trial', daysLeft: 0, endReason: 'trial-expired' });
      const error = await askForCoach(token);
      expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
    } finally {
      t.clock.set(start);
    }
  });

  it('an existing member with no ledger gets her trial on first read; she may ask for a coach', async () => {
    const m = await memberWithSession(t.server);
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'trial', daysLeft: 45 });
    // No coach is online in this test: the request passes the paywall and stops at the next rule.
    expect((await askForCoach(m.token))?.code).toBe('PHYSICIAN_NOT_AVAILABLE');
  });

  it('an organization covers its member: no trial, an open-ended employer benefit, never payment-required', async () => {
    const org = await createOrganization(t.server, { name: 'Acme' });
    const m = await memberWithSession(t.server, { organizationId: org.id });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'employer', provider: 'b2b', status: 'active', daysLeft: null, organizationName: 'Acme', endReason: null });
    const start = t.clock.now();
    try {
      t.clock.advance(400 * DAY);
      expect((await askForCoach(await fresh(m.user.id)))?.code).toBe('PHYSICIAN_NOT_AVAILABLE');
      // She leaves the organization: the benefit ends (its own paywall reason), no trial appears.
      await t.server.services.members.update(m.user.id, { organizationId: null });
      const token = await fresh(m.user.id);
      expect(await subscriptionOf(token)).toMatchObject({ status: 'expired', daysLeft: 0, endReason: 'employer-benefit-ended' });
      expect(await askForCoach(token)).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    } finally {
      t.clock.set(start);
    }
  });

  it('a withdrawn invitation offers the 30-day trial, once', async () => {
    const m = await memberWithSession(t.server);
    await t.server.services.membership.startSignUpTrial({ ...m.user, createdAt: new Date(t.clock.now().getTime() - 60 * DAY) });
    expect(await subscriptionOf(m.token)).toMatchObject({ endReason: 'trial-expired' });
    expect(await t.server.services.membership.grantWithdrawnInvitationTrial(m.user.id)).toMatchObject({ status: 'trial', daysLeft: 30, endReason: null });
    t.clock.advance(DAY);
    expect(await t.server.services.membership.grantWithdrawnInvitationTrial(m.user.id)).toMatchObject({ daysLeft: 29 });
    t.clock.advance(-DAY);
  });
});

describe('booking a scheduled consultation checks access too', () => {
  const MX = 'America/Mexico_City';
  const schedule = (token: string, physicianId: string, startDate: string) =>
    graphql<{ scheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId, language: 'es', startDate, timezone: MX, topic: { topicId: 'mh', topicText: 'Ansiedad' } } }, token);
  const reschedule = (token: string, appointmentId: string, physicianId: string, startDate: string) =>
    graphql<{ rescheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId, input: { physicianId, language: 'es', startDate, timezone: MX } }, token);
  const gqlError = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => (res.body.errors?.[0] ? apiErrorSchema.parse(res.body.errors[0].extensions).error : null);

  it('a member whose access ended gets PAYMENT_REQUIRED on scheduleAppointment and rescheduleAppointment', async () => {
    const coach = await createPhysician(t.server, { hours: { starts: '00:00', ends: '23:59', slotMinutes: 45 }, isAvailable: false });
    const org = await createOrganization(t.server, { name: 'Acme', settings: { SchedulingAvailable: true } });
    const m = await memberWithSession(t.server, { organizationId: org.id });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'employer', status: 'active' });
    const from = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    const to = new Date(t.clock.now().getTime() + 4 * DAY).toISOString().slice(0, 10);
    const slotsRes = await request(t.url, `/api/physicians/${coach.id}/slots?from=${from}&to=${to}&timeZone=${encodeURIComponent(MX)}`, { token: m.token });
    const slots = Object.values(slotsResponseSchema.parse(slotsRes.body).slots).flat();
    expect(slots.length).toBeGreaterThan(3);
    // Covered by her organization: she books.
    const booked = await schedule(m.token, coach.id, slots[0]!);
    expect(booked.body.errors).toBeUndefined();
    const booking = scheduledAppointmentSchema.parse(booked.body.data?.scheduleAppointment);

    // She leaves it: the benefit has ended and no trial follows.
    await t.server.services.members.update(m.user.id, { organizationId: null });
    const token = await fresh(m.user.id);
    expect(await subscriptionOf(token)).toMatchObject({ status: 'expired', endReason: 'employer-benefit-ended' });
    expect(gqlError(await schedule(token, coach.id, slots[1]!))).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
    expect(gqlError(await reschedule(token, booking.id, coach.id, slots[2]!))).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
  });

  it('an expired-trial member gets PAYMENT_REQUIRED on scheduleAppointment', async () => {
    const coach = await createPhysician(t.server, { hours: { starts: '00:00', ends: '23:59', slotMinutes: 45 }, isAvailable: false });
    const m = await memberWithSession(t.server);
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'trial', daysLeft: 45 });
    const start = t.clock.now();
    try {
      t.clock.advance(46 * DAY);
      const token = await fresh(m.user.id);
      expect(await subscriptionOf(token)).toMatchObject({ status: 'trial', daysLeft: 0, endReason: 'trial-expired' });
      // Three days: a weekend has no working hours (one day, two days ahead, found none on a Saturday).
      const from = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
      const to = new Date(t.clock.now().getTime() + 4 * DAY).toISOString().slice(0, 10);
      const slotsRes = await request(t.url, `/api/physicians/${coach.id}/slots?from=${from}&to=${to}&timeZone=${encodeURIComponent(MX)}`, { token });
      const slot = Object.values(slotsResponseSchema.parse(slotsRes.body).slots).flat()[0];
      expect(slot).toBeDefined();
      expect(gqlError(await schedule(token, coach.id, slot!))).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
    } finally {
      t.clock.set(start);
    }
  });
});

describe('the entitlement ledger', () => {
  it('a dependant shares her referrer\'s card plan; when the referrer lapses so does she; removal ends it', async () => {
    const membership = t.server.services.membership;
    const referrer = await memberWithSession(t.server);
    const dependant = await memberWithSession(t.server);
    const start = t.clock.now();
    // The referrer pays one month by card; the dependant's own sign-up trial ran out long ago.
    await membership.record({
      memberId: referrer.user.id,
      event: { source: 'card', kind: 'granted', entitlementKey: 'sub_family', occurredAt: start, planId: 'bs_1m', expiresAt: new Date(start.getTime() + 30 * DAY), autoRenew: true },
      origin: 'test',
      dedupeKey: `test:${referrer.user.id}`,
    });
    await membership.startSignUpTrial({ ...dependant.user, createdAt: new Date(start.getTime() - 100 * DAY) });
    await membership.linkFamilyMember(dependant.user.id, referrer.user.id);
    try {
      expect(await subscriptionOf(dependant.token)).toMatchObject({ type: 'family', status: 'active', daysLeft: 30, endReason: null });
      t.clock.advance(31 * DAY);
      const token = await fresh(dependant.user.id);
      expect(await subscriptionOf(token)).toMatchObject({ type: 'family', status: 'expired', endReason: 'membership-expired' });
      expect(await askForCoach(token)).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    } finally {
      t.clock.set(start);
    }
    await membership.unlinkFamilyMember(dependant.user.id, referrer.user.id);
    expect(await subscriptionOf(await fresh(dependant.user.id))).toMatchObject({ type: 'family', endReason: 'removed-from-family-plan' });
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const m = await memberWithSession(t.server);
    await subscriptionOf(m.token);
    const db = t.server.database.db;
    await expect(db.execute(sql`update entitlement_events set kind = 'revoked' where member_id = ${m.user.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from entitlement_events where member_id = ${m.user.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate entitlement_events`)).rejects.toThrow();
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'trial' });
  });

  it('the admin reads a member\'s ledger; anyone else gets not-found; bad ids are refused', async () => {
    const m = await memberWithSession(t.server);
    await subscriptionOf(m.token);
    const admin = await createSessionFor(t.server, (await createMember(t.server, { userType: 'admin' })).id);
    const res = await request(t.url, `/api/admin/members/${m.user.id}/entitlements`, { token: admin.sessionToken });
    expect(res.status).toBe(200);
    const ledger = memberLedgerResponseSchema.parse(res.body);
    expect(ledger.events.map((e) => [e.source, e.kind, e.origin])).toEqual([['trial', 'granted', 'sign-up']]);
    expect(ledger.current).toMatchObject({ status: 'trial', daysLeft: 45 });

    expect((await request(t.url, `/api/admin/members/${m.user.id}/entitlements`)).status).toBe(401);
    const other = await memberWithSession(t.server);
    expect((await request(t.url, `/api/admin/members/${m.user.id}/entitlements`, { token: other.token })).status).toBe(404);
    expect((await request(t.url, `/api/admin/members/${m.user.id}/entitlements`, { token: m.token })).status).toBe(404);
    expect((await request(t.url, `/api/admin/members/${crypto.randomUUID()}/entitlements`, { token: admin.sessionToken })).status).toBe(404);
    const bad = await request(t.url, `/api/admin/members/${'x'.repeat(80)}/entitlements`, { token: admin.sessionToken });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error.code).toBe('INVALID_DATA');
  });
});

describe('POST /api/membership/invitation-trial (a withdrawn family invitation offers 30 days, once)', () => {
  it('only a member removed from a family plan starts it, once; others get a catalogue error', async () => {
    const membership = t.server.services.membership;
    const referrer = await memberWithSession(t.server);
    const dependant = await memberWithSession(t.server);
    const start = t.clock.now();
    await membership.startSignUpTrial({ ...dependant.user, createdAt: new Date(start.getTime() - 100 * DAY) });
    expect(await subscriptionOf(referrer.token)).toMatchObject({ type: 'trial', endReason: null }); // the referrer's own access is live
    const trial = () => request(t.url, '/api/membership/invitation-trial', { method: 'POST', token: dependant.token });

    // While the family plan lasts (or before any), there is nothing to offer.
    await membership.linkFamilyMember(dependant.user.id, referrer.user.id);
    expect((await trial()).status).toBe(409);
    await membership.unlinkFamilyMember(dependant.user.id, referrer.user.id);
    expect(await subscriptionOf(dependant.token)).toMatchObject({ endReason: 'removed-from-family-plan' });

    const res = await trial();
    expect(res.status).toBe(200);
    expect((res.body as { subscription: unknown }).subscription).toMatchObject({ type: 'trial', status: 'trial', daysLeft: 30, endReason: null });
    const again = await trial();
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(again.body).error.code).toBe('CONFLICT');

    // A sign-up trial member, the unauthenticated: refused.
    const other = await memberWithSession(t.server);
    expect((await request(t.url, '/api/membership/invitation-trial', { method: 'POST', token: other.token })).status).toBe(409);
    expect((await request(t.url, '/api/membership/invitation-trial', { method: 'POST' })).status).toBe(401);
    expect((await request(t.url, '/api/membership/invitation-trial', { method: 'POST', token: other.token, body: { days: 999 } })).status).toBe(409);
  });
});
