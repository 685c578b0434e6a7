import { apiErrorSchema, GQL, pwdlessPhoneResponseSchema, pwdlessVerifyResponseSchema, recoveryCodeResponseSchema, sessionPayloadSchema } from '@puente/contracts';
import { AUTH } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSessionFor, graphql, loginByPhone, randomMxPhone, randomUsPhone, readLatestCode, request, startTestServer, type TestServer } from '../../test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('recovery code', () => {
  it('a new member sees her recovery code once; afterwards it is gone', async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    expect(ana.status).toBe('new_account_created');
    const first = await request(t.url, `/api/members/${ana.member.id}/recovery-code`, { token: ana.sessionToken });
    expect(first.status).toBe(200);
    const { recoveryCode } = recoveryCodeResponseSchema.parse(first.body);
    expect(recoveryCode).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${AUTH.recoveryCodeLength}}$`));
    const second = await request(t.url, `/api/members/${ana.member.id}/recovery-code`, { token: ana.sessionToken });
    expect(second.status).toBe(404);
    expect(apiErrorSchema.parse(second.body).error.code).toBe('NOT_FOUND');
  });

  it("another member asking for it gets NOT_FOUND, and the owner can still read it", async () => {
    const owner = await loginByPhone(t.url, randomUsPhone(), { lang: 'en' });
    const other = await loginByPhone(t.url, randomUsPhone());
    const peek = await request(t.url, `/api/members/${owner.member.id}/recovery-code`, { token: other.sessionToken });
    expect(peek.status).toBe(404);
    expect(apiErrorSchema.parse(peek.body).error).toMatchObject({ code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' });
    const mine = await request(t.url, `/api/members/${owner.member.id}/recovery-code`, { token: owner.sessionToken });
    expect(mine.status).toBe(200);
  });

  it('staff cannot read a member recovery code either', async () => {
    const member = await loginByPhone(t.url, randomMxPhone());
    const admin = await createMember(t.server, { userType: 'admin' });
    const session = await createSessionFor(t.server, admin.id);
    const res = await request(t.url, `/api/members/${member.member.id}/recovery-code`, { token: session.sessionToken });
    expect(res.status).toBe(404);
  });

  it('without a session it is refused; an id that is not an id is simply not found', async () => {
    const res = await request(t.url, '/api/members/whatever/recovery-code');
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.body).error.code).toBe('UNAUTHORIZED');
    const someone = await createMember(t.server);
    const { sessionToken } = await createSessionFor(t.server, someone.id);
    const odd = await request(t.url, "/api/members/'%20or%201=1/recovery-code", { token: sessionToken });
    expect(odd.status).toBe(404);
  });

  it('an existing member logging in again gets no new recovery code', async () => {
    const phone = randomUsPhone();
    const first = await loginByPhone(t.url, phone);
    await request(t.url, `/api/members/${first.member.id}/recovery-code`, { token: first.sessionToken });
    t.clock.advance(AUTH.resendWaitMs);
    const again = await loginByPhone(t.url, phone);
    expect(again.status).toBe('account_exist');
    expect((await request(t.url, `/api/members/${again.member.id}/recovery-code`, { token: again.sessionToken })).status).toBe(404);
  });
});

describe('member language', () => {
  it('an English member gets errors in English even without Accept-Language', async () => {
    const john = await createMember(t.server, { preferredLang: 'en' });
    const { sessionToken } = await createSessionFor(t.server, john.id);
    const res = await request(t.url, `/api/members/${crypto.randomUUID()}/recovery-code`, { token: sessionToken });
    expect(apiErrorSchema.parse(res.body).error.message).toBe('We could not find what you were looking for.');
  });

  it('a member who signs up in English is created with English as her languages', async () => {
    const phone = randomUsPhone();
    const sent = await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone }, headers: { 'accept-language': 'en-US' } });
    const { pwdlessToken } = pwdlessPhoneResponseSchema.parse(sent.body);
    const verified = pwdlessVerifyResponseSchema.parse((await request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken, code: await readLatestCode(t.url, phone) } })).body);
    const s = await graphql<{ createSession: unknown }>(t.url, GQL.createSession, { loginToken: verified.loginToken, timeZone: 'America/New_York' });
    const { member } = sessionPayloadSchema.parse(s.body.data?.createSession);
    expect(member).toMatchObject({ preferredLang: 'en', consultationLang: 'en', languages: ['en'], countryCode: '1' });
  });
});
