import { apiErrorSchema, storeValidationResponseSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GooglePlayStoreVerifier } from '../../providers/store/google-play.store-verifier';
import { createAppleTestChain, installationAppleTestChain, signAppleTestData, type AppleTestChain } from '../../providers/store/apple-test-chain';
import { LOCAL_APP_APPLE_ID, LocalPlayBackend, signLocalStoreData } from '../../providers/store/local.store-verifier';
import { memberSubscription, memberWithSession, request, startTestServer, type TestServer } from '../../test';
import { loadStoreSettings } from './store.settings';

const DAY = 86_400_000;
const SECRET = 'puente-local-store-secret';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const subscriptionOf = (token: string) => memberSubscription(t.url, token);
const ledgerOf = async (memberId: string) => (await t.server.services.membership['deps'].repository.eventsOf(memberId)).filter((e) => e.source === 'applestore' || e.source === 'playstore');

// ---- App Store: the shapes of Apple's JWSTransactionDecodedPayload and ResponseBodyV2DecodedPayload
const appleTx = (over: Record<string, unknown> = {}) => {
  const now = t.clock.now().getTime();
  return {
    originalTransactionId: 'otx-1',
    transactionId: 'tx-1',
    productId: 'app.puente.bs_1m',
    bundleId: 'app.puente',
    purchaseDate: now,
    expiresDate: now + 30 * DAY,
    environment: 'Production',
    currency: 'USD',
    price: 19990,
    ...over,
  };
};
// The App Store's test mode: Apple's SignedDataVerifier trusting the test server's local root (x5c chains, like Apple's).
const chainOf = (): AppleTestChain => installationAppleTestChain('memory://');
const signTx = (tx: object, chain = chainOf()) => signAppleTestData(tx, chain);
const appleNotification = async (type: string, subtype: string | undefined, tx: object, renewal?: object, uuid = crypto.randomUUID()) => ({
  signedPayload: await signAppleTestData(
    {
      notificationType: type,
      subtype,
      notificationUUID: uuid,
      data: { bundleId: 'app.puente', appAppleId: LOCAL_APP_APPLE_ID, environment: 'Production', signedTransactionInfo: await signTx(tx), signedRenewalInfo: renewal ? await signTx({ environment: 'Production', signedDate: Date.now(), ...renewal }) : undefined },
    },
    chainOf(),
  ),
});
const postApple = (body: unknown) => request(t.url, '/api/payments/notifications/applestore', { method: 'POST', body });

describe('App Store purchases (local verifier: Apple payload shapes signed with a test key)', () => {
  it('validates a signed transaction into the ledger; a replay is one event; tampered, foreign-signed, other app, unknown product and expired are refused', async () => {
    const m = await memberWithSession(t.server);
    const key = `otx-${crypto.randomUUID()}`;
    const tx = appleTx({ originalTransactionId: key, transactionId: `${key}-1`, appAccountToken: m.user.id });
    const signed = await signTx(tx);

    const ok = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: signed }, token: m.token });
    expect(ok.status).toBe(200);
    expect(storeValidationResponseSchema.parse(ok.body).subscription).toMatchObject({ type: 'applestore', provider: 'applestore', subscriptionId: 'bs_1m', status: 'active', daysLeft: 30, autoRenew: true });
    // Replayed: still one event.
    expect((await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: signed }, token: m.token })).status).toBe(200);
    expect(await ledgerOf(m.user.id)).toHaveLength(1);

    const refused = async (signedTransaction: string, field = 'signedTransaction', key = 'store_receipt_invalid') => {
      const res = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction }, token: m.token });
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { [field]: key } });
    };
    const [h, p, s] = signed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...tx, expiresDate: tx.expiresDate + 365 * DAY })).toString('base64url');
    await refused(`${h}.${forged}.${s}`);
    // Signed by another chain (a root the server does not trust).
    await refused(await signTx(tx, createAppleTestChain()));
    await refused('not-a-jws');
    await refused(`${h}.${p}`);
    // Apple's sandbox data is not this environment's.
    await refused(await signTx({ ...tx, environment: 'Sandbox' }));
    await refused(await signTx({ ...tx, bundleId: 'com.other' }));
    await refused(await signTx({ ...tx, transactionId: 'x', productId: 'app.puente.gold' }), 'signedTransaction', 'store_product_invalid');
    await refused(await signTx({ ...tx, transactionId: 'y', expiresDate: t.clock.now().getTime() - DAY }), 'signedTransaction', 'store_purchase_expired');
    await refused(await signTx({ ...tx, transactionId: 'z', revocationDate: t.clock.now().getTime() }), 'signedTransaction', 'store_purchase_expired');
    expect(await ledgerOf(m.user.id)).toHaveLength(1);

    // Another member cannot claim her purchase (bound by the account token and by the ledger).
    const other = await memberWithSession(t.server);
    const stolen = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: signed }, token: other.token });
    expect(stolen.status).toBe(409);
    const noToken = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: await signTx({ ...tx, appAccountToken: undefined }) }, token: other.token });
    expect(noToken.status).toBe(409);
    expect(await subscriptionOf(other.token)).toMatchObject({ type: 'trial' });
  });

  it('server notifications v2: renewal, auto-renew off, grace, refund and expiry, each processed once', async () => {
    const m = await memberWithSession(t.server);
    const key = `otx-${crypto.randomUUID()}`;
    const tx1 = appleTx({ originalTransactionId: key, transactionId: `${key}-1`, appAccountToken: m.user.id });
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: await signTx(tx1) }, token: m.token });

    const now = t.clock.now().getTime();
    const renewal = await appleNotification('DID_RENEW', undefined, { ...tx1, transactionId: `${key}-2`, expiresDate: now + 60 * DAY }, { autoRenewStatus: 1 });
    const first = await postApple(renewal);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect(await postApple(renewal)).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'applestore', daysLeft: 60, status: 'active' });
    expect(await ledgerOf(m.user.id)).toHaveLength(2);

    const off = await appleNotification('DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_DISABLED', { ...tx1, transactionId: `${key}-2`, expiresDate: now + 60 * DAY }, { autoRenewStatus: 0 });
    await postApple(off);
    await postApple(off);
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'cancelled', autoRenew: false, daysLeft: 60 });
    expect(await ledgerOf(m.user.id)).toHaveLength(3);

    const grace = await appleNotification('DID_FAIL_TO_RENEW', 'GRACE_PERIOD', { ...tx1, transactionId: `${key}-2`, expiresDate: now + DAY }, { autoRenewStatus: 1, gracePeriodExpiresDate: now + 6 * DAY });
    await postApple(grace);
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'error-payment', daysLeft: 6 });

    const refund = await appleNotification('REFUND', undefined, { ...tx1, transactionId: `${key}-2`, revocationDate: now });
    expect((await postApple(refund)).status).toBe(200);
    expect((await postApple(refund)).body).toEqual({ received: true, duplicate: true });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'applestore', status: 'expired', daysLeft: 0, endReason: 'membership-expired' });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'renewed', 'auto-renew-off', 'grace', 'revoked']);
  });

  it('an expiry notification ends access; bad or forged notifications are refused and change nothing', async () => {
    const m = await memberWithSession(t.server);
    const key = `otx-${crypto.randomUUID()}`;
    const tx = appleTx({ originalTransactionId: key, transactionId: `${key}-1`, appAccountToken: m.user.id });
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: await signTx(tx) }, token: m.token });
    for (const body of [{}, { signedPayload: 'x.y.z' }, { signedPayload: await signTx(tx) }, { signedPayload: 42 }, 'text', null, []]) {
      const res = await postApple(body);
      expect(res.status).toBe(401);
      expect(apiErrorSchema.parse(res.body).error.code).toBe('UNAUTHORIZED');
    }
    const forged = await appleNotification('EXPIRED', 'VOLUNTARY', tx);
    const [h, , s] = forged.signedPayload.split('.');
    const payload = Buffer.from(JSON.stringify({ notificationType: 'REVOKE', notificationUUID: crypto.randomUUID(), data: {} })).toString('base64url');
    expect((await postApple({ signedPayload: `${h}.${payload}.${s}` })).status).toBe(401);
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'applestore', status: 'active' });

    // Expired (the store's expiry is already past when the notification arrives): access ended then.
    expect((await postApple(await appleNotification('EXPIRED', 'VOLUNTARY', { ...tx, expiresDate: t.clock.now().getTime() - 1000 }))).status).toBe(200);
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'applestore', status: 'expired', endReason: 'membership-expired' });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'ended']);
  });
});

describe('App Store notifications: before the validation, and plan changes', () => {
  it('a notification that arrives before the app\'s validation is held (replay: once) and applied when the validation arrives; a tampered one is not held', async () => {
    const m = await memberWithSession(t.server);
    const key = `otx-${crypto.randomUUID()}`;
    const now = t.clock.now().getTime();
    // No account token in the transaction: nothing says whose it is until the app validates it.
    const tx1 = appleTx({ originalTransactionId: key, transactionId: `${key}-1` });
    const uuid = crypto.randomUUID();
    const early = await appleNotification('DID_RENEW', undefined, { ...tx1, transactionId: `${key}-2`, expiresDate: now + 60 * DAY }, { autoRenewStatus: 1 }, uuid);
    expect(await postApple(early)).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    expect(await postApple(early)).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    const off = await appleNotification('DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_DISABLED', { ...tx1, transactionId: `${key}-2`, expiresDate: now + 60 * DAY }, { autoRenewStatus: 0 });
    expect((await postApple(off)).status).toBe(200);
    // Tampered: refused, never held.
    const [h, , sig] = (await appleNotification('REFUND', undefined, tx1)).signedPayload.split('.');
    const forged = Buffer.from(JSON.stringify({ notificationType: 'REFUND', notificationUUID: crypto.randomUUID(), data: { bundleId: 'app.puente', signedTransactionInfo: await signTx({ ...tx1, revocationDate: now }) } })).toString('base64url');
    expect((await postApple({ signedPayload: `${h}.${forged}.${sig}` })).status).toBe(401);
    expect(await ledgerOf(m.user.id)).toHaveLength(0);

    const ok = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: await signTx(tx1) }, token: m.token });
    expect(ok.status).toBe(200);
    // The held renewal and cancellation applied, in the order they came, once each.
    expect(storeValidationResponseSchema.parse(ok.body).subscription).toMatchObject({ type: 'applestore', daysLeft: 60, status: 'cancelled', autoRenew: false });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'renewed', 'auto-renew-off']);
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: await signTx(tx1) }, token: m.token });
    expect(await postApple(early)).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await ledgerOf(m.user.id)).toHaveLength(3);
  });

  it('a notification that names its member (the account token) opens the entitlement itself', async () => {
    const m = await memberWithSession(t.server);
    const key = `otx-${crypto.randomUUID()}`;
    const tx = appleTx({ originalTransactionId: key, transactionId: `${key}-1`, appAccountToken: m.user.id });
    expect((await postApple(await appleNotification('DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_DISABLED', tx, { autoRenewStatus: 0 }))).status).toBe(200);
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'applestore', subscriptionId: 'bs_1m', status: 'cancelled', daysLeft: 30 });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'auto-renew-off']);
  });

  it('DID_CHANGE_RENEWAL_PREF: a downgrade is recorded and the plan changes at the next renewal; an upgrade is a new period at once', async () => {
    const m = await memberWithSession(t.server);
    const key = `otx-${crypto.randomUUID()}`;
    const now = t.clock.now().getTime();
    const tx1 = appleTx({ originalTransactionId: key, transactionId: `${key}-1`, appAccountToken: m.user.id, productId: 'app.puente.bs_6m', expiresDate: now + 180 * DAY });
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: await signTx(tx1) }, token: m.token });
    const down = await appleNotification('DID_CHANGE_RENEWAL_PREF', 'DOWNGRADE', tx1, { autoRenewStatus: 1, autoRenewProductId: 'app.puente.bs_1m' });
    expect((await postApple(down)).status).toBe(200);
    expect(await postApple(down)).toMatchObject({ body: { duplicate: true } });
    // This period keeps its plan.
    expect(await subscriptionOf(m.token)).toMatchObject({ subscriptionId: 'bs_6m', daysLeft: 180, status: 'active' });
    const ledger = await ledgerOf(m.user.id);
    expect(ledger.map((e) => [e.kind, e.planId])).toEqual([
      ['granted', 'bs_6m'],
      ['renewal-pref-changed', 'bs_1m'],
    ]);
    // The renewal is of the new plan.
    await postApple(await appleNotification('DID_RENEW', undefined, { ...tx1, transactionId: `${key}-2`, productId: 'app.puente.bs_1m', expiresDate: now + 210 * DAY }, { autoRenewStatus: 1 }));
    expect(await subscriptionOf(m.token)).toMatchObject({ subscriptionId: 'bs_1m', daysLeft: 210 });
    // An upgrade takes effect at once.
    await postApple(await appleNotification('DID_CHANGE_RENEWAL_PREF', 'UPGRADE', { ...tx1, transactionId: `${key}-3`, productId: 'app.puente.bs_12m', expiresDate: now + 365 * DAY }, { autoRenewStatus: 1 }));
    expect(await subscriptionOf(m.token)).toMatchObject({ subscriptionId: 'bs_12m', daysLeft: 365 });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'renewal-pref-changed', 'renewed', 'renewed']);
  });
});

// ---- Google Play: purchase tokens read back as SubscriptionPurchaseV2; RTDN through Pub/Sub push
const playPurchase = (over: Record<string, unknown> = {}, expiry = t.clock.now().getTime() + 30 * DAY) => ({
  subscriptionState: 'SUBSCRIPTION_STATE_ACTIVE',
  latestOrderId: 'GPA.1',
  acknowledgementState: 'ACKNOWLEDGEMENT_STATE_PENDING',
  lineItems: [{ productId: 'app.puente.bs_6m', expiryTime: new Date(expiry).toISOString(), autoRenewingPlan: { autoRenewEnabled: true } }],
  ...over,
});
const playToken = (purchaseToken: string, purchase: object, secret = SECRET) => signLocalStoreData('play-token', { purchaseToken, purchase }, secret);
const push = async (notification: object, opts: { messageId?: string; secret?: string; packageName?: string } = {}) => {
  const data = Buffer.from(JSON.stringify({ version: '1.0', packageName: opts.packageName ?? 'app.puente', eventTimeMillis: String(t.clock.now().getTime()), ...notification })).toString('base64');
  const bearer = await signLocalStoreData('play-push', { aud: 'puente' }, opts.secret ?? SECRET);
  return request(t.url, '/api/payments/notifications/playstore', {
    method: 'POST',
    body: { message: { data, messageId: opts.messageId ?? crypto.randomUUID(), publishTime: new Date().toISOString() }, subscription: 'projects/p/subscriptions/rtdn' },
    headers: { authorization: `Bearer ${bearer}` },
  });
};

describe('Google Play purchases (local backend: Play payload shapes signed with a test key)', () => {
  it('validates a purchase token and acknowledges it; replay, tampering, wrong product and pending are refused or no-ops', async () => {
    const m = await memberWithSession(t.server);
    const stable = `play-${crypto.randomUUID()}`;
    const token = await playToken(stable, playPurchase({ externalAccountIdentifiers: { obfuscatedExternalAccountId: m.user.id } }));
    const ok = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: token }, token: m.token });
    expect(ok.status).toBe(200);
    expect(storeValidationResponseSchema.parse(ok.body).subscription).toMatchObject({ type: 'playstore', subscriptionId: 'bs_6m', status: 'active', daysLeft: 30, length: 6 });
    const backend = (t.server.services.storePurchases['deps'].verifiers.playstore as GooglePlayStoreVerifier).backend as LocalPlayBackend;
    expect(backend.acknowledged.has(stable)).toBe(true);
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: token }, token: m.token });
    expect(await ledgerOf(m.user.id)).toHaveLength(1);

    const bad = async (body: object, fields: Record<string, string>) => {
      const res = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', ...body }, token: m.token });
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'INVALID_DATA', fields });
    };
    await bad({ productId: 'app.puente.bs_1m', purchaseToken: token }, { purchaseToken: 'store_receipt_invalid' });
    await bad({ productId: 'app.puente.bs_6m', purchaseToken: await playToken(stable, playPurchase(), 'wrong') }, { purchaseToken: 'store_receipt_invalid' });
    await bad({ productId: 'app.puente.bs_6m', purchaseToken: await playToken('p2', playPurchase({ subscriptionState: 'SUBSCRIPTION_STATE_PENDING' })) }, { purchaseToken: 'store_receipt_invalid' });
    await bad({ productId: 'com.x.y', purchaseToken: await playToken('p3', playPurchase({ lineItems: [{ productId: 'com.x.y', expiryTime: new Date(t.clock.now().getTime() + DAY).toISOString() }] })) }, { productId: 'store_product_invalid' });
    expect(await ledgerOf(m.user.id)).toHaveLength(1);
  });

  it('real-time developer notifications: renewed, canceled, grace, revoked and voided; once each; an unsigned push is refused', async () => {
    const m = await memberWithSession(t.server);
    const stable = `play-${crypto.randomUUID()}`;
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: await playToken(stable, playPurchase()) }, token: m.token });
    const now = t.clock.now().getTime();

    const renewedToken = await playToken(stable, playPurchase({ latestOrderId: 'GPA.1..0', acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED' }, now + 200 * DAY));
    const messageId = crypto.randomUUID();
    const renewed = { subscriptionNotification: { version: '1.0', notificationType: 2, purchaseToken: renewedToken } };
    expect(await push(renewed, { messageId })).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    expect(await push(renewed, { messageId })).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'playstore', daysLeft: 200 });

    // Unsigned, foreign-signed, another package, not a push: refused, nothing written.
    expect((await push({ subscriptionNotification: { notificationType: 12, purchaseToken: renewedToken } }, { secret: 'wrong' })).status).toBe(401);
    expect((await push({ subscriptionNotification: { notificationType: 12, purchaseToken: renewedToken } }, { packageName: 'com.other' })).status).toBe(401);
    expect((await request(t.url, '/api/payments/notifications/playstore', { method: 'POST', body: { message: { data: 'eA==' } } })).status).toBe(401);
    expect(await ledgerOf(m.user.id)).toHaveLength(2);

    await push({ subscriptionNotification: { notificationType: 3, purchaseToken: renewedToken } });
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'cancelled', autoRenew: false });
    const graceToken = await playToken(stable, playPurchase({ subscriptionState: 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD' }, now + 3 * DAY));
    await push({ subscriptionNotification: { notificationType: 6, purchaseToken: graceToken } });
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'error-payment', daysLeft: 3 });
    // A test notification (no subscription) is received and ignored.
    expect((await push({ testNotification: { version: '1.0' } })).status).toBe(200);
    const voided = { voidedPurchaseNotification: { purchaseToken: graceToken, orderId: 'GPA.1..0', productType: 1, refundType: 1 } };
    const voidedId = crypto.randomUUID();
    await push(voided, { messageId: voidedId });
    await push(voided, { messageId: voidedId });
    expect(await subscriptionOf(m.token)).toMatchObject({ type: 'playstore', status: 'expired', endReason: 'membership-expired' });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'renewed', 'auto-renew-off', 'grace', 'revoked']);
  });
});

describe('Google Play acknowledgement retried within 3 days', () => {
  const playBackend = () => (t.server.services.storePurchases['deps'].verifiers.playstore as GooglePlayStoreVerifier).backend as LocalPlayBackend;
  /** Play's acknowledge fails `failures` times (Infinity: always), then works. */
  const failingAck = (failures: number) => {
    const backend = playBackend();
    const real = LocalPlayBackend.prototype.acknowledge;
    let left = failures;
    let calls = 0;
    backend.acknowledge = (productId: string, token: string) => {
      calls++;
      return left-- > 0 ? Promise.reject(new Error('Play is down')) : real.call(backend, productId, token);
    };
    return { calls: () => calls, restore: () => Reflect.deleteProperty(backend, 'acknowledge') };
  };
  const validate = async (stable: string) => {
    const m = await memberWithSession(t.server);
    const res = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: await playToken(stable, playPurchase({ externalAccountIdentifiers: { obfuscatedExternalAccountId: m.user.id } })) }, token: m.token });
    expect(res.status).toBe(200);
    return m;
  };

  it('a failed acknowledgement does not refuse the purchase; the job tries again with backoff until Play has it', async () => {
    const ack = failingAck(2);
    const start = t.clock.now();
    const retry = () => t.server.services.storePurchases.retryAcknowledgements();
    try {
      const stable = `play-${crypto.randomUUID()}`;
      await validate(stable);
      expect(playBackend().acknowledged.has(stable)).toBe(false);
      expect(ack.calls()).toBe(1);
      // Not due yet (1 minute).
      expect(await retry()).toBe(0);
      expect(ack.calls()).toBe(1);
      t.clock.advance(61_000);
      expect(await retry()).toBe(0); // the second failure: next in 4 minutes
      expect(ack.calls()).toBe(2);
      t.clock.advance(61_000);
      expect(await retry()).toBe(0);
      expect(ack.calls()).toBe(2);
      t.clock.advance(4 * 60_000);
      expect(await retry()).toBe(1);
      expect(playBackend().acknowledged.has(stable)).toBe(true);
      t.clock.advance(6 * 3_600_000);
      expect(await retry()).toBe(0);
      expect(ack.calls()).toBe(3);
    } finally {
      ack.restore();
      t.clock.set(start);
    }
  });

  it('a failed acknowledgement is kept in the database: after a restart, or on another node, the job still retries it, once', async () => {
    const ack = failingAck(1);
    const start = t.clock.now();
    const { StorePurchasesService } = await import('./store-purchases.service');
    // Two fresh services over the same database: a restarted node and a second node (nothing in memory).
    const deps = t.server.services.storePurchases['deps'];
    const restarted = new StorePurchasesService(deps);
    const other = new StorePurchasesService(deps);
    try {
      const stable = `play-${crypto.randomUUID()}`;
      await validate(stable);
      expect(ack.calls()).toBe(1);
      expect(playBackend().acknowledged.has(stable)).toBe(false);
      expect(await deps.repository.pendingAcknowledgement('playstore', stable)).toMatchObject({ attempts: 1, nextAt: new Date(t.clock.now().getTime() + 60_000) });
      t.clock.advance(61_000);
      // Both nodes' jobs run at once: one of them takes the retry.
      const done = await Promise.all([restarted.retryAcknowledgements(), other.retryAcknowledgements()]);
      expect(done.sort()).toEqual([0, 1]);
      expect(ack.calls()).toBe(2);
      expect(playBackend().acknowledged.has(stable)).toBe(true);
      // Done: nothing is left to retry.
      t.clock.advance(6 * 3_600_000);
      expect(await restarted.retryAcknowledgements()).toBe(0);
      expect(await deps.repository.pendingAcknowledgement('playstore', stable)).toBeUndefined();
      expect(ack.calls()).toBe(2);
    } finally {
      ack.restore();
      t.clock.set(start);
    }
  });

  it('after Google\'s 3 days the job gives up (Play has refunded it by then)', async () => {
    const ack = failingAck(Number.POSITIVE_INFINITY);
    const start = t.clock.now();
    const retry = () => t.server.services.storePurchases.retryAcknowledgements();
    try {
      const stable = `play-${crypto.randomUUID()}`;
      await validate(stable);
      for (let i = 0; i < 20; i++) {
        t.clock.advance(6 * 3_600_000);
        await retry();
      }
      const tries = ack.calls();
      // Every 6 hours at most, and not past 3 days: 1 + the retries in 72 hours.
      expect(tries).toBeGreaterThan(5);
      expect(tries).toBeLessThanOrEqual(1 + 13);
      t.clock.advance(6 * 3_600_000);
      await retry();
      expect(ack.calls()).toBe(tries);
      expect(playBackend().acknowledged.has(stable)).toBe(false);
    } finally {
      ack.restore();
      t.clock.set(start);
    }
  });
});

describe('Google Play upgrades and downgrades (linkedPurchaseToken) and notifications before the validation', () => {
  it('the new purchase replaces the old: the old entitlement ends as the new one starts (by validation, or by a notification that names the old purchase)', async () => {
    const m = await memberWithSession(t.server);
    const a = `play-${crypto.randomUUID()}`;
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: await playToken(a, playPurchase()) }, token: m.token });
    const now = t.clock.now().getTime();
    // Upgrade to the yearly plan: a new purchase token linked to the old one.
    const b = `play-${crypto.randomUUID()}`;
    const upgraded = playPurchase({ latestOrderId: 'GPA.2', linkedPurchaseToken: a, lineItems: [{ productId: 'app.puente.bs_12m', expiryTime: new Date(now + 365 * DAY).toISOString(), autoRenewingPlan: { autoRenewEnabled: true } }] });
    const ok = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_12m', purchaseToken: await playToken(b, upgraded) }, token: m.token });
    expect(ok.status).toBe(200);
    expect(storeValidationResponseSchema.parse(ok.body).subscription).toMatchObject({ type: 'playstore', subscriptionId: 'bs_12m', daysLeft: 365, status: 'active' });
    const kinds = async () => (await ledgerOf(m.user.id)).map((e) => `${e.entitlementKey === a ? 'a' : e.entitlementKey === b ? 'b' : 'c'}:${e.kind}`);
    expect(await kinds()).toEqual(['a:granted', 'b:granted', 'a:ended']);
    // The old purchase's renewal notification later gives nothing back (its entitlement ended).
    await push({ subscriptionNotification: { notificationType: 3, purchaseToken: await playToken(a, playPurchase()) } });
    expect(await subscriptionOf(m.token)).toMatchObject({ subscriptionId: 'bs_12m', status: 'active' });

    // Downgrade, and the store's notification comes before the app's validation: it names the replaced purchase, so it is hers.
    const c = `play-${crypto.randomUUID()}`;
    const downgraded = playPurchase({ latestOrderId: 'GPA.3', linkedPurchaseToken: b, lineItems: [{ productId: 'app.puente.bs_1m', expiryTime: new Date(now + 30 * DAY).toISOString(), autoRenewingPlan: { autoRenewEnabled: true } }] });
    const purchased = { subscriptionNotification: { notificationType: 4, purchaseToken: await playToken(c, downgraded) } };
    const messageId = crypto.randomUUID();
    await push(purchased, { messageId });
    await push(purchased, { messageId });
    expect(await subscriptionOf(m.token)).toMatchObject({ subscriptionId: 'bs_1m', daysLeft: 30 });
    expect((await kinds()).slice(3)).toEqual(['a:auto-renew-off', 'c:renewed', 'b:ended']);
    // Then the app's validation of it: nothing twice.
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_1m', purchaseToken: await playToken(c, downgraded) }, token: m.token });
    expect(await ledgerOf(m.user.id)).toHaveLength(6);
  });

  it('another member\'s purchase named as the replaced one is not ended', async () => {
    const owner = await memberWithSession(t.server);
    const thief = await memberWithSession(t.server);
    const a = `play-${crypto.randomUUID()}`;
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: await playToken(a, playPurchase()) }, token: owner.token });
    const b = `play-${crypto.randomUUID()}`;
    const linked = playPurchase({ linkedPurchaseToken: a, lineItems: [{ productId: 'app.puente.bs_1m', expiryTime: new Date(t.clock.now().getTime() + 30 * DAY).toISOString() }] });
    expect((await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_1m', purchaseToken: await playToken(b, linked) }, token: thief.token })).status).toBe(200);
    expect(await subscriptionOf(owner.token)).toMatchObject({ subscriptionId: 'bs_6m', status: 'active' });
    expect((await ledgerOf(owner.user.id)).map((e) => e.kind)).toEqual(['granted']);
  });

  it('a Play notification before any validation and without an account id is held, then applied by the validation', async () => {
    const m = await memberWithSession(t.server);
    const stable = `play-${crypto.randomUUID()}`;
    const graceToken = await playToken(stable, playPurchase({ subscriptionState: 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD', acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED' }, t.clock.now().getTime() + 3 * DAY));
    expect((await push({ subscriptionNotification: { notificationType: 6, purchaseToken: graceToken } })).status).toBe(200);
    expect(await ledgerOf(m.user.id)).toHaveLength(0);
    await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: await playToken(stable, playPurchase()) }, token: m.token });
    expect((await ledgerOf(m.user.id)).map((e) => e.kind)).toEqual(['granted', 'grace']);
    expect(await subscriptionOf(m.token)).toMatchObject({ status: 'error-payment', daysLeft: 3 });
  });
});

describe('store validation: bad input is a catalogue error, never a 500', () => {
  it('refuses the unauthenticated and every malformed body with INVALID_DATA', async () => {
    const m = await memberWithSession(t.server);
    expect((await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: 'x' } })).status).toBe(401);
    const cases: unknown[] = [
      undefined,
      null,
      {},
      [],
      'x',
      42,
      { store: 'amazon' },
      { store: 'applestore' },
      { store: 'applestore', signedTransaction: '' },
      { store: 'applestore', signedTransaction: 'a'.repeat(20_000) },
      { store: 'applestore', signedTransaction: 12 },
      { store: 'applestore', signedTransaction: 'a\u0000b' },
      { store: 'playstore', purchaseToken: 'x' },
      { store: 'playstore', productId: '', purchaseToken: 'x' },
      { store: 'playstore', productId: 'app.puente.bs_1m', purchaseToken: ['x'] },
      { store: 'playstore', productId: { a: 1 }, purchaseToken: 'x' },
    ];
    for (const body of cases) {
      const res = await request(t.url, '/api/payments/validation', { method: 'POST', body, token: m.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.body).error.code).toBe('INVALID_DATA');
    }
    // Well-formed but unverifiable strings: INVALID_DATA on the receipt field.
    for (const s of ['.', '..', 'a.b.c', 'eyJ.eyJ.sig', '%%%', '\u00e9'.repeat(50)]) {
      const apple = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'applestore', signedTransaction: s }, token: m.token });
      expect(apple.status).toBe(400);
      const play = await request(t.url, '/api/payments/validation', { method: 'POST', body: { store: 'playstore', productId: 'app.puente.bs_1m', purchaseToken: s }, token: m.token });
      expect(play.status).toBe(400);
    }
  });
});

describe('store settings', () => {
  it('the real adapters need their configuration; unknown verifiers are refused', () => {
    expect(loadStoreSettings({})).toMatchObject({ apple: { verifier: 'local' }, play: { verifier: 'local' } });
    expect(() => loadStoreSettings({ APP_STORE_VERIFIER: 'apple' })).toThrow(/APPLE_ROOT_CERTIFICATES/);
    expect(() => loadStoreSettings({ GOOGLE_PLAY_VERIFIER: 'google' })).toThrow(/GOOGLE_PLAY_SERVICE_ACCOUNT_FILE/);
    expect(() => loadStoreSettings({ APP_STORE_VERIFIER: 'itunes' })).toThrow(/local or apple/);
    expect(loadStoreSettings({ GOOGLE_PLAY_VERIFIER: 'google', GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: '/k.json', GOOGLE_PLAY_PUSH_AUDIENCE: 'aud' }).play).toMatchObject({ verifier: 'google' });
  });
});

describe('production refuses test mode', () => {
  const service = async (verifiers: { applestore: unknown; playstore: unknown }, production: boolean, recorded: unknown[]) => {
    const { StorePurchasesService } = await import('./store-purchases.service');
    return new StorePurchasesService({
      repository: t.server.services.storePurchases['deps'].repository,
      clock: t.clock,
      verifiers: verifiers as never,
      production,
      storeProductPrefix: 'app.puente',
      membership: { record: (w) => Promise.resolve(recorded.push(w) > 0), subscriptionOf: () => Promise.resolve(null), ownerOfEntitlement: () => Promise.resolve(undefined) },
      members: { exists: () => Promise.resolve(true) },
    });
  };

  it('the local Apple verifier is unavailable; a real verifier\'s sandbox purchase gives access only outside production', async () => {
    const { AppleStoreVerifier, SignedDataAppleDecoder } = await import('../../providers/store/apple.store-verifier');
    const recorded: unknown[] = [];
    // Apple's SignedDataVerifier trusting the test root: `mode` stands for Apple's roots (real) or the
    // test signer (local); `environment` is APPLE_ENVIRONMENT (a Sandbox verifier decodes sandbox purchases).
    const make = (mode: 'local' | 'real', production: boolean, environment: 'Production' | 'Sandbox' = 'Sandbox') => {
      const decoder = new SignedDataAppleDecoder(mode, { roots: [chainOf().root], onlineChecks: false, bundleId: 'app.puente', appAppleId: LOCAL_APP_APPLE_ID, environment });
      const apple = new AppleStoreVerifier(decoder, 'app.puente');
      return service({ applestore: apple, playstore: apple }, production, recorded);
    };
    const actor = { ...(await memberWithSession(t.server)).user, sessionScope: null };
    const sandbox = await signTx(appleTx({ environment: 'Sandbox', transactionId: 'sb-1' }));
    await expect((await make('local', true)).validate(actor, { store: 'applestore', signedTransaction: sandbox })).rejects.toMatchObject({ code: 'CONFLICT' });
    // The same sandbox purchase through the same verifier: only the production rule tells them apart.
    await expect((await make('real', false)).validate(actor, { store: 'applestore', signedTransaction: sandbox })).resolves.toBeDefined();
    expect(recorded).toHaveLength(1);
    await expect((await make('real', true)).validate(actor, { store: 'applestore', signedTransaction: sandbox })).rejects.toMatchObject({ code: 'INVALID_DATA', fields: { signedTransaction: 'store_receipt_invalid' } });
    expect(recorded).toHaveLength(1);
    await expect((await make('real', true, 'Production')).validate(actor, { store: 'applestore', signedTransaction: await signTx(appleTx({ transactionId: 'prod-1' })) })).resolves.toMatchObject({ subscription: null });
    expect(recorded).toHaveLength(2);
  });

  it('a Play test purchase (testPurchase) gives access only outside production; a real purchase does in production', async () => {
    const { GooglePlayStoreVerifier } = await import('../../providers/store/google-play.store-verifier');
    const recorded: unknown[] = [];
    const make = (production: boolean) => {
      const backend = new LocalPlayBackend(SECRET);
      // The same tokens; `mode` stands for the Play Developer API (real).
      Object.defineProperty(backend, 'mode', { value: 'real' });
      const play = new GooglePlayStoreVerifier(backend, 'app.puente');
      return service({ applestore: play, playstore: play }, production, recorded);
    };
    const actor = { ...(await memberWithSession(t.server)).user, sessionScope: null };
    const tester = await playToken(`play-${crypto.randomUUID()}`, playPurchase({ testPurchase: {} }));
    await expect((await make(false)).validate(actor, { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: tester })).resolves.toBeDefined();
    expect(recorded).toHaveLength(1);
    await expect((await make(true)).validate(actor, { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: tester })).rejects.toMatchObject({ code: 'INVALID_DATA', fields: { purchaseToken: 'store_receipt_invalid' } });
    expect(recorded).toHaveLength(1);
    const real = await playToken(`play-${crypto.randomUUID()}`, playPurchase());
    await expect((await make(true)).validate(actor, { store: 'playstore', productId: 'app.puente.bs_6m', purchaseToken: real })).resolves.toBeDefined();
    expect(recorded).toHaveLength(2);
  });
});
