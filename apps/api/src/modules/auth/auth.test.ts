import { apiErrorSchema, GQL, memberSchema, pwdlessPhoneResponseSchema, pwdlessVerifyResponseSchema, sessionPayloadSchema } from '@puente/contracts';
import { AUTH, STAFF_AUTH } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createMember, createOrganization, createSessionFor, graphql, randomMxPhone, randomUsPhone, readLatestCode, request, startTestServer, type TestServer } from '../../test';

// One server for the file (phones are random, so stories do not meet); the per-address limit is
// raised here and tested on its own server below.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ limits: { sendsPerIpPerHour: 10_000 } });
});
afterAll(async () => {
  await t.close();
});

const sendCode = (phoneNumber: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber, ...extra }, headers });
const verify = (pwdlessToken: string, code: string, extra: Record<string, unknown> = {}) =>
  request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken, code, ...extra } });
const errorOf = (body: unknown) => apiErrorSchema.parse(body).error;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function challenge(phone: string, extra: Record<string, unknown> = {}) {
  const res = await sendCode(phone, extra);
  expect(res.status).toBe(200);
  const { pwdlessToken } = pwdlessPhoneResponseSchema.parse(res.body);
  return { pwdlessToken, code: await readLatestCode(t.url, phone) };
}

describe('phone login, the whole story', () => {
  it('a new member gets a code by SMS, verifies, opens a session, reads herself, refreshes and logs out', async () => {
    const phone = randomMxPhone();
    const sent = await sendCode(phone, { language: 'es' });
    expect(sent.status).toBe(200);
    const { pwdlessToken, resendAvailableAt } = pwdlessPhoneResponseSchema.parse(sent.body);
    expect(new Date(resendAvailableAt).getTime()).toBe(t.clock.now().getTime() + AUTH.resendWaitMs);

    const outbox = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    const sms = (outbox.body as { messages: { body: string; channel: string }[] }).messages[0]!;
    expect(sms.channel).toBe('sms');
    expect(sms.body).toMatch(/^Tu código de Puente es \d{6}$/);
    const code = sms.body.slice(-6);

    const verified = await verify(pwdlessToken, code);
    expect(verified.status).toBe(200);
    const v = pwdlessVerifyResponseSchema.parse(verified.body);
    expect(v).toMatchObject({ status: 'new_account_created', loginProvider: 'pwdless' });

    const created = await graphql<{ createSession: unknown }>(t.url, GQL.createSession, { loginToken: v.loginToken, timeZone: 'America/Mexico_City' });
    expect(created.status).toBe(200);
    const session = sessionPayloadSchema.parse(created.body.data?.createSession);
    expect(session.mustAcceptTos).toBe(true); // a new account must accept the terms
    expect(session.member).toMatchObject({ phoneNumber: phone, countryCode: '52', preferredLang: 'es', userType: 'member', timeZone: 'America/Mexico_City', loginType: 'pwdless' });

    const me = await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, session.sessionToken);
    expect(memberSchema.parse(me.body.data?.getMember).id).toBe(session.member.id);

    const refreshed = await graphql<{ refreshSession: unknown }>(t.url, GQL.refreshSession, { sessionToken: session.sessionToken, timeZone: 'America/Tijuana' });
    const next = sessionPayloadSchema.parse(refreshed.body.data?.refreshSession);
    expect(next.sessionToken).not.toBe(session.sessionToken);
    expect(next.member.timeZone).toBe('America/Tijuana');

    // rotation: the old token no longer works
    const old = await graphql(t.url, GQL.getMember, {}, session.sessionToken);
    expect(old.status).toBe(401);
    expect(errorOf(old.body.errors?.[0]?.extensions).code).toBe('UNAUTHORIZED');

    const out = await request(t.url, '/api/auth/logout', { method: 'POST', token: next.sessionToken });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    const after = await graphql(t.url, GQL.getMember, {}, next.sessionToken);
    expect(after.status).toBe(401);
    const again = await request(t.url, '/api/auth/logout', { method: 'POST', token: next.sessionToken });
    expect(again.status).toBe(401);
  });

  it('an existing member logs in again and is told account_exist; English SMS when asked in English', async () => {
    const phone = randomUsPhone();
    const first = await challenge(phone, { language: 'en' });
    expect(pwdlessVerifyResponseSchema.parse((await verify(first.pwdlessToken, first.code)).body).status).toBe('new_account_created');
    t.clock.advance(AUTH.resendWaitMs);
    const second = await challenge(phone, { language: 'en' });
    const outbox = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    expect((outbox.body as { messages: { body: string }[] }).messages[0]!.body).toBe(`Your Puente code is ${second.code}`);
    expect(pwdlessVerifyResponseSchema.parse((await verify(second.pwdlessToken, second.code)).body).status).toBe('account_exist');
  });

  it('a new member who came with an employer code joins that organization', async () => {
    await createOrganization(t.server, { name: 'Org Test', code: 'TEST42' });
    const phone = randomUsPhone();
    const c = await challenge(phone, { empCode: 'test42' });
    const v = pwdlessVerifyResponseSchema.parse((await verify(c.pwdlessToken, c.code)).body);
    const s = await graphql<{ createSession: { member: { organizationId: string | null } } }>(t.url, GQL.createSession, { loginToken: v.loginToken, timeZone: 'UTC' });
    expect(s.body.data?.createSession.member.organizationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('codes', () => {
  it('five wrong tries end the challenge; even the right code is refused afterwards', async () => {
    const { pwdlessToken, code } = await challenge(randomUsPhone());
    for (let i = 1; i <= AUTH.maxCodeAttempts; i++) {
      const res = await verify(pwdlessToken, wrongCodeFor(code));
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'INVALID_DATA', reason: 'passwordless-invalid-code', fields: { code: 'passwordless-invalid-code' }, data: { attemptsLeft: AUTH.maxCodeAttempts - i } });
    }
    const res = await verify(pwdlessToken, code);
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ code: 'TOKEN_INVALID', reason: 'passwordless-invalid-token' });
  });

  it('a code expires after ten minutes', async () => {
    const { pwdlessToken, code } = await challenge(randomUsPhone());
    t.clock.advance(AUTH.codeTtlMs - 1000);
    t.clock.advance(1000);
    const res = await verify(pwdlessToken, code);
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ code: 'TOKEN_EXPIRED', reason: 'passwordless-expired-code' });
  });

  it('a code one second before expiry still works', async () => {
    const { pwdlessToken, code } = await challenge(randomUsPhone());
    t.clock.advance(AUTH.codeTtlMs - 1000);
    expect((await verify(pwdlessToken, code)).status).toBe(200);
  });

  it('a code works once', async () => {
    const { pwdlessToken, code } = await challenge(randomUsPhone());
    expect((await verify(pwdlessToken, code)).status).toBe(200);
    const res = await verify(pwdlessToken, code);
    expect(res.status).toBe(401);
    expect(errorOf(res.body).reason).toBe('passwordless-invalid-token');
  });

  it('a code is bound to its token: the code of challenge A does not open challenge B', async () => {
    const a = await challenge(randomUsPhone());
    const b = await challenge(randomMxPhone());
    const res = await verify(b.pwdlessToken, a.code === b.code ? wrongCodeFor(b.code) : a.code);
    expect(res.status).toBe(400);
    expect(errorOf(res.body).reason).toBe('passwordless-invalid-code');
    expect((await verify(b.pwdlessToken, b.code)).status).toBe(200);
  });

  it('an unknown token is refused as invalid', async () => {
    const res = await verify('not-a-real-token', '123456');
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ code: 'TOKEN_INVALID', reason: 'passwordless-invalid-token' });
  });

  it('a newer code replaces the older one for the same phone', async () => {
    const phone = randomUsPhone();
    const first = await challenge(phone);
    t.clock.advance(AUTH.resendWaitMs);
    const second = await challenge(phone);
    expect((await verify(first.pwdlessToken, first.code)).status).toBe(401);
    expect((await verify(second.pwdlessToken, second.code)).status).toBe(200);
  });
});

describe('login tokens and sessions', () => {
  it('a login token opens one session only, and expires', async () => {
    const c = await challenge(randomUsPhone());
    const v = pwdlessVerifyResponseSchema.parse((await verify(c.pwdlessToken, c.code)).body);
    expect((await graphql(t.url, GQL.createSession, { loginToken: v.loginToken, timeZone: 'UTC' })).status).toBe(200);
    const reused = await graphql(t.url, GQL.createSession, { loginToken: v.loginToken, timeZone: 'UTC' });
    expect(reused.status).toBe(401);
    expect(errorOf(reused.body.errors?.[0]?.extensions).code).toBe('TOKEN_INVALID');

    t.clock.advance(AUTH.resendWaitMs);
    const c2 = await challenge(randomMxPhone());
    const v2 = pwdlessVerifyResponseSchema.parse((await verify(c2.pwdlessToken, c2.code)).body);
    t.clock.advance(AUTH.loginTokenTtlMs + 1);
    const late = await graphql(t.url, GQL.createSession, { loginToken: v2.loginToken, timeZone: 'UTC' });
    expect(late.status).toBe(401);
    expect(errorOf(late.body.errors?.[0]?.extensions).code).toBe('TOKEN_EXPIRED');
  });

  it('a session ends after its lifetime', async () => {
    const c = await challenge(randomUsPhone());
    const v = pwdlessVerifyResponseSchema.parse((await verify(c.pwdlessToken, c.code)).body);
    const s = await graphql<{ createSession: { sessionToken: string } }>(t.url, GQL.createSession, { loginToken: v.loginToken, timeZone: 'UTC' });
    const token = s.body.data!.createSession.sessionToken;
    expect((await graphql(t.url, GQL.getMember, {}, token)).status).toBe(200);
    t.clock.advance(AUTH.sessionTtlMs + 1);
    expect((await graphql(t.url, GQL.getMember, {}, token)).status).toBe(401);
  });

  it('unauthenticated callers are refused', async () => {
    const me = await graphql(t.url, GQL.getMember);
    expect(me.status).toBe(401);
    expect(errorOf(me.body.errors?.[0]?.extensions)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sesión expirada' });
    const bad = await graphql(t.url, GQL.getMember, {}, 'forged');
    expect(bad.status).toBe(401);
    const out = await request(t.url, '/api/auth/logout', { method: 'POST', headers: { 'accept-language': 'en' } });
    expect(out.status).toBe(401);
    expect(errorOf(out.body)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Session expired' });
    const refresh = await graphql(t.url, GQL.refreshSession, { sessionToken: 'forged', timeZone: 'UTC' });
    expect(refresh.status).toBe(401);
  });
});

describe('sending limits', () => {
  it('a resend before two minutes is refused with the time left', async () => {
    const phone = randomUsPhone();
    await challenge(phone);
    t.clock.advance(30_000);
    const res = await sendCode(phone);
    expect(res.status).toBe(429);
    expect(errorOf(res.body)).toMatchObject({ code: 'LIMIT_EXCEEDED', reason: 'resend-too-soon', retryAfterSeconds: 90 });
    expect(res.headers.get('retry-after')).toBe('90');
    t.clock.advance(90_000);
    expect((await sendCode(phone)).status).toBe(200);
  });

  it('a phone gets at most five codes an hour', async () => {
    const phone = randomUsPhone();
    for (let i = 0; i < AUTH.sendsPerPhonePerHour; i++) {
      expect((await sendCode(phone)).status).toBe(200);
      t.clock.advance(AUTH.resendWaitMs);
    }
    const res = await sendCode(phone);
    expect(res.status).toBe(429);
    const error = errorOf(res.body);
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.reason).toBeUndefined();
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    t.clock.advance(60 * 60_000);
    expect((await sendCode(phone)).status).toBe(200);
  });

  it('one address gets at most twenty codes an hour, whatever the phones', async () => {
    const own = await startTestServer();
    try {
      const send = (phoneNumber: string) => request(own.url, '/api/auth/pwdless/phone', { body: { phoneNumber } });
      for (let i = 0; i < AUTH.sendsPerIpPerHour; i++) expect((await send(randomUsPhone())).status).toBe(200);
      const res = await send(randomMxPhone());
      expect(res.status).toBe(429);
      expect(errorOf(res.body).code).toBe('LIMIT_EXCEEDED');
      own.clock.advance(60 * 60_000);
      expect((await send(randomMxPhone())).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('sessions looked up together (lib/session-lookups.ts)', () => {
  it('authenticateMany answers every token in a batch as alone: open, logged out, erased, unknown; a staff session idle too long ends for good', async () => {
    const auth = t.server.services.auth;
    const alone = async (token: string) => (await auth.authenticateMany([token])).get(token);
    const open = await createMember(t.server);
    const loggedOut = await createMember(t.server);
    const erased = await createMember(t.server);
    const admin = await createMember(t.server, { userType: 'admin' });
    const tokens = {
      open: (await createSessionFor(t.server, open.id)).sessionToken,
      second: (await createSessionFor(t.server, open.id)).sessionToken,
      loggedOut: (await createSessionFor(t.server, loggedOut.id)).sessionToken,
      erased: (await createSessionFor(t.server, erased.id)).sessionToken,
      admin: (await createSessionFor(t.server, admin.id)).sessionToken,
      unknown: 'a'.repeat(43),
    };
    await auth.logout((await alone(tokens.loggedOut))!);
    await t.server.database.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, erased.id));

    const all = Object.values(tokens);
    const many = await auth.authenticateMany(all);
    expect([...many.keys()]).toEqual(all);
    for (const token of all) expect(many.get(token)).toEqual(await alone(token));
    expect(many.get(tokens.open)?.user.id).toBe(open.id);
    expect(many.get(tokens.second)?.user.id).toBe(open.id);
    expect(many.get(tokens.open)?.session.id).not.toBe(many.get(tokens.second)?.session.id);
    expect(many.get(tokens.admin)?.user.userType).toBe('admin');
    for (const gone of [tokens.loggedOut, tokens.erased, tokens.unknown]) expect(many.get(gone)).toBeUndefined();
    expect(await auth.authenticateMany([])).toEqual(new Map());

    // HIPAA automatic logoff, in a batch too: the idle staff session is revoked, not only refused.
    t.clock.advance(STAFF_AUTH.idleTimeoutMs + 60_000);
    const later = await auth.authenticateMany([tokens.admin, tokens.open]);
    expect(later.get(tokens.admin)).toBeUndefined();
    expect(later.get(tokens.open)?.user.id).toBe(open.id);
    t.clock.advance(-(STAFF_AUTH.idleTimeoutMs + 60_000));
    expect(await alone(tokens.admin)).toBeUndefined();
  });
});

describe('no enumeration', () => {
  it('the phone step answers a known and an unknown phone the same way', async () => {
    const known = randomUsPhone();
    const c = await challenge(known);
    await verify(c.pwdlessToken, c.code); // now the account exists
    t.clock.advance(AUTH.resendWaitMs);
    const a = await sendCode(known);
    const b = await sendCode(randomUsPhone());
    expect(a.status).toBe(b.status);
    expect(Object.keys(a.body as object).sort()).toEqual(Object.keys(b.body as object).sort());
    const pa = pwdlessPhoneResponseSchema.parse(a.body);
    const pb = pwdlessPhoneResponseSchema.parse(b.body);
    expect(pa.resendAvailableAt).toBe(pb.resendAvailableAt);
    expect(pa.pwdlessToken.length).toBe(pb.pwdlessToken.length);
  });
});

describe('bad input gets catalogue errors, never a 500', () => {
  const cases: [string, string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, number][] = [
    ['phone: no body', '/api/auth/pwdless/phone', { rawBody: '' }, 400],
    ['phone: malformed JSON', '/api/auth/pwdless/phone', { rawBody: '{"phoneNumber": ' }, 400],
    ['phone: empty object', '/api/auth/pwdless/phone', { body: {} }, 400],
    ['phone: a number', '/api/auth/pwdless/phone', { body: { phoneNumber: 5512345678 } }, 400],
    ['phone: too short', '/api/auth/pwdless/phone', { body: { phoneNumber: '+1415555' } }, 400],
    ['phone: unsupported country', '/api/auth/pwdless/phone', { body: { phoneNumber: '+445512345678' } }, 400],
    ['phone: unknown language', '/api/auth/pwdless/phone', { body: { phoneNumber: '+14155550123', language: 'fr' } }, 400],
    ['phone: an array', '/api/auth/pwdless/phone', { body: [1, 2] }, 400],
    ['phone: a JSON string', '/api/auth/pwdless/phone', { rawBody: '"hello"' }, 400],
    ['phone: text/plain', '/api/auth/pwdless/phone', { rawBody: 'phone', headers: { 'content-type': 'text/plain' } }, 400],
    ['phone: unsupported media type', '/api/auth/pwdless/phone', { rawBody: '<x/>', headers: { 'content-type': 'application/xml' } }, 415],
    ['verify: code too short', '/api/auth/pwdless/verify', { body: { code: '123', pwdlessToken: 'x' } }, 400],
    ['verify: code a number', '/api/auth/pwdless/verify', { body: { code: 123456, pwdlessToken: 'x' } }, 400],
    ['verify: token missing', '/api/auth/pwdless/verify', { body: { code: '123456' } }, 400],
    ['verify: token an object', '/api/auth/pwdless/verify', { body: { code: '123456', pwdlessToken: { $ne: 1 } } }, 400],
    ['verify: null', '/api/auth/pwdless/verify', { rawBody: 'null' }, 400],
  ];
  it.each(cases)('%s', async (_name, path, init, status) => {
    const res = await request(t.url, path, init);
    expect(res.status).toBe(status);
    const error = errorOf(res.body);
    expect(error.code).toBe('INVALID_DATA');
    expect(error.status).toBe(status);
    expect(error.message).toBe('Revisa los datos enviados.');
  });

  it('field errors carry the message keys the form translates', async () => {
    const res = await sendCode('+1415555', {}, { 'accept-language': 'en-US,en;q=0.9' });
    expect(errorOf(res.body)).toMatchObject({ fields: { phoneNumber: 'login_screen_error_invalid_length' }, message: 'Please check the information you sent.' });
    const v = await verify('tok', '12');
    expect(errorOf(v.body).fields).toEqual({ code: 'verify_code_error_invalid_length' });
  });

  it('GraphQL: wrong variable types, bad time zones and syntax errors are INVALID_DATA', async () => {
    const wrongType = await graphql(t.url, GQL.createSession, { loginToken: 5, timeZone: 'UTC' });
    expect(wrongType.status).toBe(400);
    expect(errorOf(wrongType.body.errors?.[0]?.extensions).code).toBe('INVALID_DATA');
    const badZone = await graphql(t.url, GQL.createSession, { loginToken: 'x', timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(errorOf(badZone.body.errors?.[0]?.extensions).fields).toEqual({ timeZone: 'invalid_time_zone' });
    const syntax = await graphql(t.url, '{ getMember { id ');
    expect(syntax.status).toBe(400);
    expect(errorOf(syntax.body.errors?.[0]?.extensions).code).toBe('INVALID_DATA');
    const unknownField = await graphql(t.url, '{ getMember { password } }');
    expect(unknownField.status).toBe(400);
    const malformed = await request(t.url, '/api/graphql', { rawBody: '{"query":' });
    expect(malformed.status).toBe(400);
  });
});
