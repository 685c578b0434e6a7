import { GQL, staffMfaStepSchema, staffTotpEnrolmentResponseSchema, staffTotpVerifyResponseSchema } from '@puente/contracts';
import { STAFF_AUTH } from '@puente/domain';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, staffTotpSecrets } from '../../db/schema';
import { createMember, graphql, request, startTestServer, type TestServer } from '../../test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Whether the session token is still accepted (an authenticated call answers 404 here, an anonymous one 401). */
async function signedIn(token: string, id = '00000000-0000-4000-8000-000000000000'): Promise<boolean> {
  const res = await request(t.url, `/api/members/${id}/recovery-code`, { token });
  return res.status !== 401;
}

const email = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@puente.test`;

async function emailCode(to: string): Promise<string> {
  const res = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (res.body as { messages: { body: string }[] }).messages[0]?.body ?? '';
  return /\b(\d{6})\b/.exec(body)![1]!;
}

async function firstFactor(address: string) {
  const start = await request(t.url, '/api/staff/auth/email', { body: { email: address } });
  expect(start.status).toBe(200);
  const { challengeToken } = start.body as { challengeToken: string };
  const res = await request(t.url, '/api/staff/auth/email/verify', { body: { challengeToken, code: await emailCode(address) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return staffMfaStepSchema.parse(res.body);
}

const totpNow = (secret: string) => TOTP.generate({ secret: secretOf(secret), timestamp: t.clock.now().getTime(), period: STAFF_AUTH.totpPeriodSeconds, digits: STAFF_AUTH.totpDigits });
const secretOf = (base32: string) => new TOTP({ secret: base32 }).secret;

async function signInStaff(address: string) {
  const step = await firstFactor(address);
  let secret: string | undefined;
  if (step.enrolmentRequired) {
    const enrol = await request(t.url, '/api/staff/auth/totp/enrolment', { body: { mfaToken: step.mfaToken } });
    secret = staffTotpEnrolmentResponseSchema.parse(enrol.body).secret;
  }
  return { step, secret };
}

describe('staff sign-in: email code, then TOTP', () => {
  it('a coach enrols on the first sign-in (QR), signs in with the code, and the secret is encrypted at rest', async () => {
    const address = email('coach');
    const coach = await createMember(t.server, { userType: 'mx-physician', email: address });
    const step = await firstFactor(address);
    expect(step.enrolmentRequired).toBe(true);
    const enrol = staffTotpEnrolmentResponseSchema.parse((await request(t.url, '/api/staff/auth/totp/enrolment', { body: { mfaToken: step.mfaToken } })).body);
    expect(enrol.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Puente:/);
    expect(enrol.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await t.server.database.db.select().from(staffTotpSecrets);
    expect(row?.secretCiphertext).not.toContain(enrol.secret);

    const wrong = await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: step.mfaToken, code: '000000' === totpNow(enrol.secret) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { code: 'staff_totp_error_invalid' } } });

    const ok = await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: step.mfaToken, code: totpNow(enrol.secret) } });
    expect(ok.status).toBe(200);
    const { loginToken } = staffTotpVerifyResponseSchema.parse(ok.body);
    const session = await graphql<{ createSession: { member: { id: string; userType: string } } }>(t.url, GQL.createSession, { loginToken, timeZone: 'America/Mexico_City' });
    expect(session.body.data?.createSession.member).toMatchObject({ id: coach.id, userType: 'mx-physician' });

    // Next sign-in: no enrolment, and the secret is never shown again.
    t.clock.advance(121_000);
    const again = await firstFactor(address);
    expect(again.enrolmentRequired).toBe(false);
    expect((await request(t.url, '/api/staff/auth/totp/enrolment', { body: { mfaToken: again.mfaToken } })).status).toBe(409);
    // The code used a moment ago cannot be replayed; the next step's code works.
    t.clock.advance(STAFF_AUTH.totpPeriodSeconds * 1000);
    const next = await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: again.mfaToken, code: totpNow(enrol.secret) } });
    expect(next.status).toBe(200);
  });

  it('an unknown or member email gets the same answer and no email; its challenge never succeeds', async () => {
    const memberEmail = email('member');
    await createMember(t.server, { email: memberEmail });
    const start = await request(t.url, '/api/staff/auth/email', { body: { email: memberEmail } });
    expect(start.status).toBe(200);
    const outbox = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(memberEmail)}`);
    expect((outbox.body as { messages: unknown[] }).messages).toHaveLength(0);
    const res = await request(t.url, '/api/staff/auth/email/verify', { body: { challengeToken: (start.body as { challengeToken: string }).challengeToken, code: '123456' } });
    expect(res.status).toBe(400);
  });

  it('email code rules: expired after 10 minutes, single use, 5 tries, bad input is INVALID_DATA', async () => {
    const address = email('doctor');
    await createMember(t.server, { userType: 'us-physician', email: address });
    const start = await request(t.url, '/api/staff/auth/email', { body: { email: address } });
    const { challengeToken } = start.body as { challengeToken: string };
    const code = await emailCode(address);
    for (let i = 0; i < 5; i++) expect((await request(t.url, '/api/staff/auth/email/verify', { body: { challengeToken, code: code === '000000' ? '000001' : '000000' } })).status).toBe(400);
    expect((await request(t.url, '/api/staff/auth/email/verify', { body: { challengeToken, code } })).status).toBe(401);

    t.clock.advance(121_000);
    const start2 = await request(t.url, '/api/staff/auth/email', { body: { email: address } });
    const token2 = (start2.body as { challengeToken: string }).challengeToken;
    const code2 = await emailCode(address);
    t.clock.advance(10 * 60_000 + 1);
    expect((await request(t.url, '/api/staff/auth/email/verify', { body: { challengeToken: token2, code: code2 } })).body).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });

    expect((await request(t.url, '/api/staff/auth/email', { body: { email: 'not-an-email' } })).body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { email: 'staff_login_email_invalid' } } });
    expect((await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: 'x', code: '12' } })).status).toBe(400);
    expect((await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: 'unknown', code: '123456' } })).status).toBe(401);
  });

  it('staff sessions end after 15 minutes idle (HIPAA automatic logoff); activity keeps them alive', async () => {
    const address = email('admin');
    await createMember(t.server, { userType: 'admin', email: address });
    const { step, secret } = await signInStaff(address);
    const { loginToken } = staffTotpVerifyResponseSchema.parse((await request(t.url, '/api/staff/auth/totp/verify', { body: { mfaToken: step.mfaToken, code: totpNow(secret!) } })).body);
    const session = await graphql<{ createSession: { sessionToken: string } }>(t.url, GQL.createSession, { loginToken, timeZone: 'America/Mexico_City' });
    const token = session.body.data!.createSession.sessionToken;
    const me = () => signedIn(token);

    t.clock.advance(14 * 60_000);
    expect(await me()).toBe(true); // active: the idle clock restarts
    t.clock.advance(14 * 60_000);
    expect(await me()).toBe(true);
    t.clock.advance(STAFF_AUTH.idleTimeoutMs + 60_000);
    expect(await me()).toBe(false);
    // And it stays ended, even with activity afterwards.
    expect(await me()).toBe(false);
  });

  it('a member session is not subject to the staff idle logoff; staff cannot open a session without TOTP', async () => {
    const member = await createMember(t.server);
    const { createSessionFor } = await import('../../test');
    const { sessionToken } = await createSessionFor(t.server, member.id);
    const lastSeen = () => t.server.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, member.id));
    const opened = await lastSeen();
    t.clock.advance(STAFF_AUTH.idleTimeoutMs * 3);
    expect(await signedIn(sessionToken, member.id)).toBe(true);
    // Nothing reads a member session's lastSeenAt, so her requests (a poll every 4 s) never write it.
    t.clock.advance(2 * 60_000);
    expect(await signedIn(sessionToken, member.id)).toBe(true);
    expect(opened).toHaveLength(1);
    expect(await lastSeen()).toEqual(opened);

    const coach = await createMember(t.server, { userType: 'mx-physician' });
    const { AuthRepository } = await import('../auth/auth.repository');
    const { hashToken, newToken } = await import('../../lib/secrets');
    const loginToken = newToken();
    const now = t.clock.now();
    await new AuthRepository(t.server.database.db).insertLoginToken({ tokenHash: hashToken(loginToken), userId: coach.id, provider: 'pwdless', createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
    const res = await graphql(t.url, GQL.createSession, { loginToken, timeZone: 'America/Mexico_City' });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'staff-sign-in-required' } });
  });
});
