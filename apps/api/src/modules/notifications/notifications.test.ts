import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { APPOINTMENT_GQL, pushPayloadSchema, type PushPayload } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { WebPushProvider } from '../../providers/push/web-push.provider';
import { createMember, createPhysician, createSessionFor, graphql, insertConsultation, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/**
 * Push notifications (issue 12): registration (spec 7 POST notifications/push/permissions) and a
 * push driven end to end through Web Push with VAPID to a local push service (an HTTP server here
 * playing the browser vendor's), whose body the test decrypts with the browser's keys.
 */
// Web Push's content coding (RFC 8188), from the library web-push itself encrypts with.
const ece = createRequire(import.meta.url)('http_ece') as { decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

let t: TestServer;
let pushService: Server;
let pushUrl: string;
const received: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
/** Paths the local push service answers 410 Gone for (an unsubscribed browser). */
const gone = new Set<string>();
const vapid = { ...WebPushProvider.generateKeys(), subject: 'mailto:soporte@puente.test' };

/** A certificate for the local push service (web-push speaks https only), trusted by the provider's agent. */
const certificate = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
};

beforeAll(async () => {
  const tls = certificate();
  pushService = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = gone.has(req.url ?? '') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushUrl = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await startTestServer({ providers: { push: new WebPushProvider(vapid, { agent: new Agent({ ca: tls.cert }) }) } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's subscription: its P-256 key pair and auth secret, as PushManager.subscribe makes them. */
const browser = (path: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, subscription: { endpoint: `${pushUrl}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
};

const waitFor = async <T>(find: () => T | undefined, ms = 5000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('POST /api/notifications/push/permissions', () => {
  it('stores her subscription; another user id, bad input and no session are refused', async () => {
    const ana = await memberWithSession(t.server);
    const b = browser('/sub/ana-1');
    const ok = await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [b.subscription] } });
    expect([ok.status, ok.body]).toEqual([200, { ok: true }]);
    // The same browser again is the same row.
    await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [b.subscription] } });
    const rows = await t.server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.user.id));
    expect(rows.map((r) => r.endpoint)).toEqual([b.subscription.endpoint]);

    const eve = await memberWithSession(t.server);
    expect((await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: eve.token, body: { userId: ana.user.id, mobileTokens: [b.subscription] } })).status).toBe(404);
    const bad = await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [] } });
    expect([bad.status, (bad.body as { error: { code: string; fields: unknown } }).error]).toMatchObject([400, { code: 'INVALID_DATA', fields: { mobileTokens: 'push_token_required' } }]);
    const notUrl = await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [{ endpoint: 'nope', keys: { p256dh: 'a', auth: 'b' } }] } });
    expect(notUrl.status).toBe(400);
    const plain = await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [{ ...b.subscription, endpoint: 'http://127.0.0.1/x' }] } });
    expect([plain.status, (plain.body as { error: { fields: unknown } }).error.fields]).toEqual([400, { 'mobileTokens.0.endpoint': 'invalid_push_endpoint' }]);
    expect((await request(t.url, '/api/notifications/push/permissions', { method: 'POST', body: { userId: ana.user.id, mobileTokens: [b.subscription] } })).status).toBe(401);
    expect((await request(t.url, '/api/notifications/push/public-key', { token: ana.token })).body).toEqual({ publicKey: vapid.publicKey });
  });
});

describe('a cancelled consultation reaches her browser as an encrypted Web Push (CANCELLED_CONSULTATION)', () => {
  it('VAPID-signed, aes128gcm, decrypted by the browser keys to the action and ids only; a gone subscription is forgotten', async () => {
    const ana = await memberWithSession(t.server, { preferredLang: 'en' });
    const b = browser('/sub/ana-2');
    const old = browser('/sub/ana-old');
    gone.add('/sub/ana-old');
    await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [b.subscription, old.subscription] } });
    const row = await insertConsultation(t.server, { memberId: ana.user.id, state: S.S3_COACH_JOINS_CALL });
    const admin = await createMember(t.server, { userType: 'admin' });
    const { sessionToken } = await createSessionFor(t.server, admin.id);
    const res = await graphql(t.url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: row.id, reason: 'canceled-by-admin' }, sessionToken);
    expect(res.body.errors).toBeUndefined();

    const push = await waitFor(() => received.find((r) => r.path === '/sub/ana-2'));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload: PushPayload = pushPayloadSchema.parse(JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString()));
    expect(payload).toEqual({ title: 'Your consultation was canceled', body: 'Tap to see your options.', action: 'CANCELLED_CONSULTATION', appointmentId: row.id, userId: ana.user.id });

    // The push service said 410 for the old browser: its subscription is removed.
    const endpoints = async () => (await t.server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.user.id))).map((r) => r.endpoint);
    const until = Date.now() + 5000;
    while ((await endpoints()).length > 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await endpoints()).toEqual([b.subscription.endpoint]);
  });

  it('her own cancellation sends no push', async () => {
    const bea = await memberWithSession(t.server);
    const b = browser('/sub/bea');
    await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: bea.token, body: { userId: bea.user.id, mobileTokens: [b.subscription] } });
    const row = await insertConsultation(t.server, { memberId: bea.user.id, state: S.S1_IN_QUEUE_FOR_COACH });
    const res = await graphql(t.url, APPOINTMENT_GQL.cancelAppointment, { appointmentId: row.id, reason: 'canceled-by-socio' }, bea.token);
    expect(res.body.errors).toBeUndefined();
    // A push for another member after hers proves the queue moved on without one for her.
    const ana = await memberWithSession(t.server);
    const c = browser('/sub/after');
    await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: ana.token, body: { userId: ana.user.id, mobileTokens: [c.subscription] } });
    await t.server.services.notifications.push(ana.user.id, 'GO_TO_FINISHED_APPOINTMENT', null);
    await waitFor(() => received.find((r) => r.path === '/sub/after'));
    expect(received.some((r) => r.path === '/sub/bea')).toBe(false);
  });
});

describe('a signed prescription reaches her browser as a TREAT_COMPLETED push', () => {
  it('the US doctor signs (the local e-prescribing default sends at once): the member gets the push with the consultation id', async () => {
    const cam = await memberWithSession(t.server, { preferredLang: 'es', firstName: 'Camila', lastName: 'Ruiz', address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' }, alergies: [] });
    const b = browser('/sub/cam');
    await request(t.url, '/api/notifications/push/permissions', { method: 'POST', token: cam.token, body: { userId: cam.user.id, mobileTokens: [b.subscription] } });
    expect((await request(t.url, '/api/pharmacies/mine', { method: 'PUT', token: cam.token, body: { pharmacyId: 'ca-sf-mission' } })).status).toBe(200);
    const doctor = await createPhysician(t.server, { userType: 'us-physician', licenses: ['CA'], languages: ['en'] });
    const dr = await createSessionFor(t.server, doctor.id);
    const row = await insertConsultation(t.server, { memberId: cam.user.id, usDoctorId: doctor.id, usDoctorNeeded: true, state: S.S9_ER_ENDS_CALL, location: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const line = { rxcui: '308191', dose: 1, doseUnit: 'capsule', route: 'oral', frequency: 'every-8-hours', durationDays: 10, quantity: 30, quantityUnit: 'capsule', daysSupply: 10, refills: 0, substitutionAllowed: true, diagnosisCode: 'J02.9' };
    expect((await request(t.url, `/api/appointments/${row.id}/prescription`, { method: 'PUT', token: dr.sessionToken, body: { lines: [line] } })).status).toBe(200);
    expect((await request(t.url, `/api/appointments/${row.id}/prescription/review`, { method: 'POST', token: dr.sessionToken, body: {} })).status).toBe(200);
    expect(received.some((r) => r.path === '/sub/cam')).toBe(false);
    expect((await request(t.url, `/api/appointments/${row.id}/prescription/sign`, { method: 'POST', token: dr.sessionToken, body: {} })).status).toBe(200);

    const push = await waitFor(() => received.find((r) => r.path === '/sub/cam'));
    const payload: PushPayload = pushPayloadSchema.parse(JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString()));
    expect(payload).toMatchObject({ action: 'TREAT_COMPLETED', appointmentId: row.id, userId: cam.user.id });
    // Only the action and ids: no medication on a lock screen.
    expect(JSON.stringify(payload)).not.toMatch(/amoxicil/i);
  });
});
