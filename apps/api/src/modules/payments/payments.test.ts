import { apiErrorSchema, cancelMembershipResponseSchema, cardCheckoutResponseSchema, cardCheckoutStatusSchema, GQL, memberSchema } from '@puente/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { cardCheckouts, entitlementEvents } from '../../db/schema';
import { graphql, memberSubscription, memberWithSession, request, startTestServer, type TestServer } from '../../test';

const DAY = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const subscriptionOf = (token: string) => memberSubscription(t.url, token);
const postForm = (url: string, path: string, form: Record<string, string>) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString(), redirect: 'manual' });

describe('a member subscribes by card in the local (offline) checkout', () => {
  it('opens the checkout, a declined card changes nothing, the test card pays; then she cancels at period end', async () => {
    const m = await memberWithSession(t.server);
    const start = await request(t.url, '/api/payments/card/checkout', { method: 'POST', body: { planId: 'bs_1m' }, token: m.token });
    expect(start.status).toBe(200);
    const checkout = cardCheckoutResponseSchema.parse(start.body);
    expect(checkout).toMatchObject({ provider: 'local', url: `/api/payments/local-checkout/${checkout.checkoutId}`, clientSecret: null });

    // The test card page: framed by our own app only, shows the plan and the price.
    const page = await fetch(`${t.url}${checkout.url!}?lang=en`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // A page, not an API answer: the document headers (the API's set has no permissions policy).
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('bs_1m');
    expect(html).toContain('$19.99');

    const declined = await postForm(t.url, checkout.url!, { card: '4000 0000 0000 0002', lang: 'en' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toContain('declined=1');
    expect(await (await fetch(`${t.url}${declined.headers.get('location')!}`)).text()).toContain('Your card was declined');
    expect(cardCheckoutStatusSchema.parse((await request(t.url, `/api/payments/card/checkout/${checkout.checkoutId}`, { token: m.token })).body).status).toBe('open');
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'trial' });

    const paid = await postForm(t.url, checkout.url!, { card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(cardCheckoutStatusSchema.parse((await request(t.url, `/api/payments/card/checkout/${checkout.checkoutId}`, { token: m.token })).body).status).toBe('complete');
    // Paying twice (a second submit) writes nothing more.
    await postForm(t.url, checkout.url!, { card: '4242 4242 4242 4242' });
    const sub = await subscriptionOf(m.token);
    expect(sub).toMatchObject({ type: 'card', provider: 'card', status: 'active', subscriptionId: 'bs_1m', autoRenew: true, length: 1, endReason: null });
    expect(sub!.daysLeft).toBeGreaterThanOrEqual(28);

    // Already subscribed: a second checkout would charge her twice.
    const again = await request(t.url, '/api/payments/card/checkout', { method: 'POST', body: { planId: 'bs_12m' }, token: m.token });
    expect(apiErrorSchema.parse(again.body).error.code).toBe('CONFLICT');

    const cancel = await request(t.url, '/api/membership/cancel', { method: 'POST', token: m.token });
    expect(cancel.status).toBe(200);
    expect(cancelMembershipResponseSchema.parse(cancel.body).subscription).toMatchObject({ status: 'cancelled', autoRenew: false, endReason: null });
  });

  it('refuses the unauthenticated, bad plans, other members\' checkouts, and cancel without a card subscription', async () => {
    const m = await memberWithSession(t.server);
    expect((await request(t.url, '/api/payments/card/checkout', { method: 'POST', body: { planId: 'bs_1m' } })).status).toBe(401);
    const bad = await request(t.url, '/api/payments/card/checkout', { method: 'POST', body: { planId: 'gold' }, token: m.token });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { planId: 'subscription_plan_invalid' } });
    const mine = cardCheckoutResponseSchema.parse((await request(t.url, '/api/payments/card/checkout', { method: 'POST', body: { planId: 'bs_1w' }, token: m.token })).body);
    const other = await memberWithSession(t.server);
    expect((await request(t.url, `/api/payments/card/checkout/${mine.checkoutId}`, { token: other.token })).status).toBe(404);
    expect((await request(t.url, `/api/payments/card/checkout/${crypto.randomUUID()}`, { token: m.token })).status).toBe(404);
    expect((await fetch(`${t.url}/api/payments/local-checkout/${crypto.randomUUID()}`)).status).toBe(404);
    // On the trial: nothing to cancel.
    expect((await request(t.url, '/api/membership/cancel', { method: 'POST', token: other.token })).status).toBe(404);
  });

  it.each(['applestore', 'playstore'] as const)('a %s subscriber cannot cancel here: 409 CONFLICT naming the store (she cancels in it); her plan is unchanged', async (source) => {
    const m = await memberWithSession(t.server);
    const now = t.clock.now();
    await t.server.services.membership.record({
      memberId: m.user.id,
      event: { source, kind: 'granted', entitlementKey: `orig_${crypto.randomUUID()}`, occurredAt: now, planId: 'bs_1m', expiresAt: new Date(now.getTime() + 30 * DAY), autoRenew: true, currency: 'USD' },
      origin: 'test',
      dedupeKey: `test:${crypto.randomUUID()}`,
    });
    const res = await request(t.url, '/api/membership/cancel', { method: 'POST', token: m.token });
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'CONFLICT', data: { provider: source } });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: source, status: 'active', autoRenew: true });
  });
});

describe('the local card checkout in production', () => {
  it('is refused: CONFLICT payment_processing_not_available, and no checkout is opened', async () => {
    const prod = await startTestServer({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      const m = await memberWithSession(prod.server);
      const res = await request(prod.url, '/api/payments/card/checkout', { method: 'POST', body: { planId: 'bs_1m' }, token: m.token });
      expect(res.status).toBe(409);
      expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'CONFLICT', data: { messageKey: 'payment_processing_not_available' } });
      expect(await prod.server.database.db.select().from(cardCheckouts).where(eq(cardCheckouts.memberId, m.user.id))).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});

describe('Stripe webhooks: verified on the raw body, processed once each', () => {
  const secret = 'whsec_test_secret';
  let s: TestServer;
  // Stripe's API as the adapter asks it (a refunded charge's invoice): GET /v1/invoices/{id}, GET /v1/invoice_payments.
  let stripeApi: Server;
  const stripeApiCalls: string[] = [];
  const invoices: Record<string, object> = {};
  const invoicePayments: Record<string, object[]> = {};
  const saved = { ...process.env };
  beforeAll(async () => {
    stripeApi = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stripe');
      stripeApiCalls.push(`${req.method} ${url.pathname}`);
      const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
      const body =
        invoice && invoices[invoice[1]!]
          ? invoices[invoice[1]!]
          : url.pathname === '/v1/invoice_payments'
            ? { object: 'list', url: '/v1/invoice_payments', has_more: false, data: invoicePayments[url.searchParams.get('payment[payment_intent]') ?? ''] ?? [] }
            : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: { type: 'invalid_request_error', message: 'No such object' } }));
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
    Object.assign(process.env, { CARD_PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_PUBLISHABLE_KEY: 'pk_test_offline', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_URL: apiUrl });
    try {
      s = await startTestServer();
    } finally {
      for (const k of ['CARD_PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
  afterAll(async () => {
    await s.close();
    await new Promise((resolve) => stripeApi.close(resolve));
  });
  const stripe = new Stripe('sk_test_offline');
  const send = (event: object, headerSecret = secret, tamper = false) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: headerSecret });
    const body = tamper ? payload.replace('sub_', 'sub_X') : payload;
    return fetch(`${s.url}/api/payments/webhooks/card`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body });
  };

  it('a completed checkout grants the card plan; a duplicate is ignored; a bad signature or tampered body is refused', async () => {
    const m = await memberWithSession(s.server);
    const sessionId = `cs_test_${crypto.randomUUID()}`;
    await s.server.database.db.insert(cardCheckouts).values({ memberId: m.user.id, planId: 'bs_6m', amountMinor: 6999, currency: 'USD', provider: 'stripe', externalId: sessionId });
    const completed = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'checkout.session.completed', data: { object: { id: sessionId, object: 'checkout.session', subscription: 'sub_123', payment_status: 'paid' } } };

    expect((await send(completed, 'whsec_wrong')).status).toBe(401);
    expect((await send(completed, secret, true)).status).toBe(401);
    const noHeader = await fetch(`${s.url}/api/payments/webhooks/card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(completed) });
    expect(noHeader.status).toBe(401);
    const sub0 = await subscriptionOfOn(s, m.token);
    expect(sub0).toMatchObject({ type: 'trial' });

    const ok = await send(completed);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', subscriptionId: 'bs_6m', status: 'active', length: 6 });

    const dup = await send(completed);
    expect(await dup.json()).toEqual({ received: true, duplicate: true });

    // A failed renewal: grace (error-payment); then the subscription is deleted: expired.
    const failed = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'invoice.payment_failed', data: { object: { id: 'in_1', object: 'invoice', subscription: 'sub_123' } } };
    expect((await send(failed)).status).toBe(200);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ status: 'error-payment', daysLeft: 7 });
    const renewed = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'invoice.paid', data: { object: { id: 'in_2', object: 'invoice', billing_reason: 'subscription_cycle', subscription: 'sub_123', lines: { data: [{ period: { end: Math.floor((s.clock.now().getTime() + 30 * DAY) / 1000) } }] } } } };
    expect((await send(renewed)).status).toBe(200);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ status: 'active', daysLeft: 30 });
    const deleted = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_123', object: 'subscription', ended_at: Math.floor(s.clock.now().getTime() / 1000) } } };
    expect((await send(deleted)).status).toBe(200);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ status: 'trial' });
  });

  const subscribed = async (subscriptionRef: string) => {
    const m = await memberWithSession(s.server);
    const sessionId = `cs_test_${crypto.randomUUID()}`;
    await s.server.database.db.insert(cardCheckouts).values({ memberId: m.user.id, planId: 'bs_1m', amountMinor: 1299, currency: 'USD', provider: 'stripe', externalId: sessionId });
    const completed = { id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'checkout.session.completed', data: { object: { id: sessionId, object: 'checkout.session', subscription: subscriptionRef, payment_status: 'paid' } } };
    expect((await send(completed)).status).toBe(200);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'active', autoRenew: true });
    return m;
  };
  const refundEvent = (charge: Record<string, unknown>) => ({ id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'charge.refunded', data: { object: { id: `ch_${crypto.randomUUID()}`, object: 'charge', refunded: true, ...charge } } });

  it('charge.refunded: the subscription is found from the PaymentIntent\'s invoice and its access is revoked in the ledger; a duplicate is ignored; a partial refund keeps the plan', async () => {
    const subscriptionRef = `sub_${crypto.randomUUID()}`;
    const m = await subscribed(subscriptionRef);
    invoicePayments.pi_refund_1 = [{ id: 'inpay_1', object: 'invoice_payment', invoice: { id: 'in_r1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionRef } } } }];

    const partial = refundEvent({ payment_intent: 'pi_refund_1', refunded: false, amount_refunded: 100 });
    expect(await (await send(partial)).json()).toEqual({ received: true, duplicate: false });
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'active' });

    const refunded = refundEvent({ payment_intent: 'pi_refund_1' });
    const calls = stripeApiCalls.length;
    expect(await (await send(refunded)).json()).toEqual({ received: true, duplicate: false });
    expect(stripeApiCalls.slice(calls)).toEqual(['GET /v1/invoice_payments']);
    // The card plan is gone (she had nothing else): the paywall's membership-expired.
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'expired', daysLeft: 0, endReason: 'membership-expired' });
    const cardLedger = async () =>
      (await s.server.database.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, m.user.id)).orderBy(asc(entitlementEvents.occurredAt), asc(entitlementEvents.createdAt))).filter((e) => e.source === 'card').map((e) => [e.kind, e.entitlementKey]);
    expect(await cardLedger()).toEqual([['granted', subscriptionRef], ['revoked', subscriptionRef]]);

    expect(await (await send(refunded)).json()).toEqual({ received: true, duplicate: true });
    expect(await cardLedger()).toHaveLength(2);
  });

  it('charge.refunded of an older API version names the invoice: its subscription is revoked; a bad signature is refused', async () => {
    const subscriptionRef = `sub_${crypto.randomUUID()}`;
    const m = await subscribed(subscriptionRef);
    invoices.in_old_1 = { id: 'in_old_1', object: 'invoice', subscription: subscriptionRef };
    const refunded = refundEvent({ invoice: 'in_old_1', payment_intent: 'pi_old_1' });
    expect((await send(refunded, 'whsec_wrong')).status).toBe(401);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'active' });
    expect((await send(refunded)).status).toBe(200);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'expired', daysLeft: 0 });
  });

  it('customer.subscription.updated with cancel_at_period_end: cancelled, access kept to the period end; a duplicate is ignored; undone, active again', async () => {
    const subscriptionRef = `sub_${crypto.randomUUID()}`;
    const m = await subscribed(subscriptionRef);
    const updated = (cancel: boolean) => ({ id: `evt_${crypto.randomUUID()}`, object: 'event', type: 'customer.subscription.updated', data: { object: { id: subscriptionRef, object: 'subscription', cancel_at_period_end: cancel } } });
    const cancelled = updated(true);
    expect(await (await send(cancelled)).json()).toEqual({ received: true, duplicate: false });
    // Access to the end of the paid month: one calendar month from now (the server's clock stands still), 28 to 31 days.
    const now = s.clock.now();
    const periodEnd = new Date(now);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'cancelled', autoRenew: false, daysLeft: Math.ceil((periodEnd.getTime() - now.getTime()) / DAY) });
    expect(await (await send(cancelled)).json()).toEqual({ received: true, duplicate: true });
    expect((await send(updated(false))).status).toBe(200);
    expect(await subscriptionOfOn(s, m.token)).toMatchObject({ type: 'card', status: 'active', autoRenew: true });
  });
});

async function subscriptionOfOn(server: TestServer, token: string) {
  const res = await graphql<{ getMember: unknown }>(server.url, GQL.getMember, {}, token);
  return memberSchema.parse(res.body.data!.getMember).subscription;
}
