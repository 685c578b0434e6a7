import { apiErrorSchema, identityAuthorizeResponseSchema, identityProvidersResponseSchema, identityVerifyResponseSchema, staffMfaStepSchema, type IdentityVerifyResponse } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, freePort, loginByPhone, randomMxPhone, request, signInAtDevIdp, startTestServer, type TestServer } from '../../test';
import { GQL } from '@puente/contracts';
import { ERROR_MESSAGES } from '@puente/domain';
import { EMPLOYER_CODE_LIMITS } from './identity.service';
import { graphql } from '../../test';
import { organizationPartners } from '../../db/schema';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ port: await freePort() });
});
afterAll(() => t.close());

const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The whole browser round trip against the local OpenID provider: authorize, sign in, come back. */
async function providerCallback(provider: 'google' | 'email' | 'apple' | 'facebook', person: { email: string; phone?: string; givenName?: string }) {
  const res = await request(t.url, '/api/auth/oidc/authorize', { body: { provider, lang: 'es' } });
  expect(res.status).toBe(200);
  const { authorizationUrl, state } = identityAuthorizeResponseSchema.parse(res.body);
  const back = await signInAtDevIdp(authorizationUrl, person);
  expect(back.searchParams.get('state')).toBe(state);
  return { code: back.searchParams.get('code')!, state, iss: back.searchParams.get('iss') ?? undefined };
}

async function verify(body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  return request(t.url, '/api/auth/auth0/verify', { body });
}

async function signIn(provider: 'google' | 'email' | 'apple' | 'facebook', person: { email: string; phone?: string; givenName?: string }, extra: Record<string, unknown> = {}): Promise<IdentityVerifyResponse> {
  const cb = await providerCallback(provider, person);
  const res = await verify({ provider, ...cb, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return identityVerifyResponseSchema.parse(res.body);
}

describe('identity-provider login (local OpenID provider, real redirect flow)', () => {
  it('lists the configured providers (the development provider serves all four)', async () => {
    const res = await request(t.url, '/api/auth/identity-providers');
    expect(identityProvidersResponseSchema.parse(res.body)).toEqual({ providers: ['google', 'facebook', 'apple', 'email'], organization: null });
  });

  it('an employer code answers only what the login screen needs (RESTRICT_SOCIAL_LOGIN), never the organization id or its other settings', async () => {
    const org = await createOrganization(t.server, { settings: { RestrictSocialLogin: true, SupportAvailable: true, RequiresIdentificationNumber: true } });
    const res = await request(t.url, `/api/auth/identity-providers?empCode=${org.code}`);
    expect(res.body).toEqual({ providers: ['google', 'facebook', 'apple', 'email'], organization: { settings: ['RESTRICT_SOCIAL_LOGIN'] } });
    expect(JSON.stringify(res.body)).not.toContain(org.id);
    const open = await createOrganization(t.server, { settings: { SupportAvailable: true } });
    const byId = await request(t.url, `/api/auth/identity-providers?orgId=${open.id}`);
    expect(identityProvidersResponseSchema.parse(byId.body).organization).toEqual({ settings: [] });
  });

  it('spec 6 RestrictSocialLogin: no account is made through such an organization by a social login (phone sign-in instead)', async () => {
    const restricted = await createOrganization(t.server, { settings: { RestrictSocialLogin: true } });
    const cb = await providerCallback('google', { email: uniqueEmail('restricted') });
    const res = await verify({ provider: 'google', ...cb, empCode: restricted.code });
    expect(res.status).toBe(403);
    expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'FORBIDDEN', reason: 'social-login-restricted' });
    const open = await createOrganization(t.server);
    expect(await signIn('google', { email: uniqueEmail('open') }, { empCode: open.code })).toMatchObject({ status: 'new_account_created' });
  });

  it("issue 15: a partner link's id (/login?orgId=) joins a partner; an employer's id without its code, an unknown or a disabled id joins nothing", async () => {
    const organizationOf = async (extra: Record<string, unknown>) => {
      const created = await signIn('google', { email: uniqueEmail('link') }, extra);
      expect(created.status).toBe('new_account_created');
      const session = await graphql<{ createSession: { member: { organizationId: string | null } } }>(t.url, GQL.createSession, { loginToken: created.loginToken, timeZone: 'America/Mexico_City' });
      return session.body.data?.createSession.member.organizationId;
    };
    const partnerOrganization = async (enabled = true) => {
      const org = await createOrganization(t.server, { name: 'Identity Partner', enabled });
      await t.server.database.db.insert(organizationPartners).values({ organizationId: org.id, partnerId: `p-${org.id.slice(0, 8)}`, partnerName: 'Identity Partner', colors: { primary: '#112233', secondary: '#445566' } });
      return org;
    };
    const partner = await partnerOrganization();
    expect(await organizationOf({ orgId: partner.id })).toBe(partner.id);
    const employer = await createOrganization(t.server, { name: 'Identity Employer' });
    expect(await organizationOf({ orgId: employer.id })).toBeNull();
    expect(await organizationOf({ orgId: crypto.randomUUID() })).toBeNull();
    expect(await organizationOf({ orgId: (await partnerOrganization(false)).id })).toBeNull();
    // The employer's code still joins it.
    expect(await organizationOf({ orgId: employer.id, empCode: employer.code })).toBe(employer.id);
  });

  it('new_account_created: an unknown person gets a member account, then account_exist next time', async () => {
    const email = uniqueEmail('nuevo');
    const first = await signIn('google', { email, givenName: 'Nueva' });
    expect(first).toMatchObject({ status: 'new_account_created', loginProvider: 'google' });
    const session = await graphql<{ createSession: { member: { email: string; loginType: string; userType: string; firstName: string } } }>(t.url, GQL.createSession, { loginToken: first.loginToken, timeZone: 'America/Mexico_City' });
    expect(session.body.data?.createSession.member).toMatchObject({ email, loginType: 'google', userType: 'member', firstName: 'Nueva' });

    const again = await signIn('google', { email });
    expect(again).toMatchObject({ status: 'account_exist', loginProvider: 'google' });
    expect(again.loginToken).toBeTruthy();
  });

  it('merge_required then account_merged: the identity is linked after the member proves the phone', async () => {
    const phone = randomMxPhone();
    const email = uniqueEmail('ana');
    const member = await createMember(t.server, { email, phoneNumber: phone, countryCode: '52' });
    const merge = await signIn('facebook', { email });
    expect(merge.status).toBe('merge_required');
    expect(merge.loginToken).toBeUndefined();
    expect(merge.mergeToken).toBeTruthy();

    // The phone proof: the ordinary phone login, whose login token is handed over with the merge token.
    const proof = await phoneProof(phone);
    const merged = await verify({ provider: 'facebook', mergeToken: merge.mergeToken, loginToken: proof });
    expect(merged.status).toBe(200);
    const body = identityVerifyResponseSchema.parse(merged.body);
    expect(body).toMatchObject({ status: 'account_merged', loginProvider: 'facebook' });
    const session = await graphql<{ createSession: { member: { id: string; loginTypes: string[] } } }>(t.url, GQL.createSession, { loginToken: body.loginToken, timeZone: 'America/Mexico_City' });
    expect(session.body.data?.createSession.member.id).toBe(member.id);
    expect(session.body.data?.createSession.member.loginTypes).toEqual(expect.arrayContaining(['pwdless', 'facebook']));

    // Linked: the next provider login goes straight in, and the merge token is spent.
    expect(await signIn('facebook', { email })).toMatchObject({ status: 'account_exist' });
    const reuse = await verify({ provider: 'facebook', mergeToken: merge.mergeToken, loginToken: await phoneProof(phone, 121_000) });
    expect(reuse.status).toBe(401);
  });

  it('a verified phone claim matches too (merge_required)', async () => {
    const phone = randomMxPhone();
    await createMember(t.server, { phoneNumber: phone, countryCode: '52' });
    expect((await signIn('apple', { email: uniqueEmail('phone-only'), phone })).status).toBe('merge_required');
  });

  it('merge error: proving a different phone does not link the identity (TOKEN_INVALID merge-failed)', async () => {
    const email = uniqueEmail('target');
    await createMember(t.server, { email, phoneNumber: randomMxPhone(), countryCode: '52' });
    const other = randomMxPhone();
    await createMember(t.server, { phoneNumber: other, countryCode: '52' });
    const merge = await signIn('email', { email });
    expect(merge.status).toBe('merge_required');
    const res = await verify({ provider: 'email', mergeToken: merge.mergeToken, loginToken: await phoneProof(other) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'TOKEN_INVALID', reason: 'merge-failed' } });
    // Still not linked.
    expect((await signIn('email', { email })).status).toBe('merge_required');
  });

  it('multiple_accounts: the email belongs to more than one account', async () => {
    const email = uniqueEmail('twice');
    await createMember(t.server, { email });
    await createMember(t.server, { email: email.toUpperCase() });
    expect(await signIn('google', { email })).toMatchObject({ status: 'multiple_accounts', loginProvider: 'google' });
  });

  it('staff cannot use the member identity login (staff-sign-in-required)', async () => {
    const email = uniqueEmail('coach');
    await createMember(t.server, { email, userType: 'mx-physician' });
    const cb = await providerCallback('google', { email });
    const res = await verify({ provider: 'google', ...cb });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'staff-sign-in-required' } });
  });

  it('a state is used once, a forged state or code is refused, and bad input is INVALID_DATA', async () => {
    const cb = await providerCallback('google', { email: uniqueEmail('once') });
    expect((await verify({ provider: 'google', ...cb })).status).toBe(200);
    expect((await verify({ provider: 'google', ...cb })).body).toMatchObject({ error: { code: 'TOKEN_INVALID', reason: 'merge-failed' } });
    const cb2 = await providerCallback('google', { email: uniqueEmail('forged') });
    expect((await verify({ provider: 'google', ...cb2, code: 'not-the-code' })).status).toBe(401);
    expect((await verify({ provider: 'google', code: 'x', state: 'not-a-state' })).status).toBe(401);
    const cb3 = await providerCallback('apple', { email: uniqueEmail('wrong-provider') });
    expect((await verify({ provider: 'google', ...cb3 })).status).toBe(401);
    const bad = await verify({ provider: 'myspace', code: 'x', state: 'y' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'INVALID_DATA', fields: { provider: expect.any(String) } } });
    expect((await verify({ provider: 'google' })).status).toBe(400);
  });

  it('phone login for a staff account is refused with a pointer to staff sign-in', async () => {
    const phone = randomMxPhone();
    await createMember(t.server, { userType: 'us-physician', phoneNumber: phone, countryCode: '52' });
    await expect(loginByPhone(t.url, phone)).rejects.toThrow(/staff-sign-in-required/);
  });
});

describe('staff sign-in through the identity provider (purpose staff)', () => {
  async function staffCallback(email: string) {
    const res = await request(t.url, '/api/auth/oidc/authorize', { body: { provider: 'google', purpose: 'staff' } });
    const { authorizationUrl, state } = identityAuthorizeResponseSchema.parse(res.body);
    const back = await signInAtDevIdp(authorizationUrl, { email });
    return { provider: 'google', code: back.searchParams.get('code')!, state, iss: back.searchParams.get('iss') ?? undefined };
  }

  it('a doctor whose work email the provider verifies passes the first factor and must enrol TOTP', async () => {
    const email = uniqueEmail('doctor');
    await createMember(t.server, { userType: 'us-physician', email });
    const res = await request(t.url, '/api/staff/auth/idp/verify', { body: await staffCallback(email) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(staffMfaStepSchema.parse(res.body).enrolmentRequired).toBe(true);
    // The identity is now linked to the doctor: a member-purpose login with it is refused.
    const member = await providerCallback('google', { email });
    expect((await verify({ provider: 'google', ...member })).body).toMatchObject({ error: { reason: 'staff-sign-in-required' } });
  });

  it('a member (or unknown) email is refused, and a member-purpose state cannot be used for staff', async () => {
    const email = uniqueEmail('member');
    await createMember(t.server, { email });
    const refused = await request(t.url, '/api/staff/auth/idp/verify', { body: await staffCallback(email) });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'TOKEN_INVALID', reason: 'staff-sign-in-required' } });
    const staffEmail = uniqueEmail('admin');
    await createMember(t.server, { userType: 'admin', email: staffEmail });
    const memberPurpose = await providerCallback('google', { email: staffEmail });
    expect((await request(t.url, '/api/staff/auth/idp/verify', { body: { provider: 'google', ...memberPurpose } })).status).toBe(401);
  });
});

/** Signs in by phone (the outbox code) and returns the login token, unused, as the merge's proof. */
async function phoneProof(phone: string, advanceMs = 0): Promise<string> {
  t.clock.advance(advanceMs); // the resend wait between two codes to the same phone
  const send = await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone, language: 'es' } });
  expect(send.status).toBe(200);
  const { pwdlessToken } = send.body as { pwdlessToken: string };
  const outbox = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const code = /\b(\d{6})\b/.exec((outbox.body as { messages: { body: string }[] }).messages[0]!.body)![1];
  const verified = await request(t.url, '/api/auth/pwdless/verify', { body: { code, pwdlessToken, lang: 'es' } });
  expect(verified.status).toBe(200);
  return (verified.body as { loginToken: string }).loginToken;
}

describe('employer-code lookups', () => {
  it('are limited per IP like the phone sends (429 LIMIT_EXCEEDED in the caller language); an organization id lookup is not counted', async () => {
    const org = await createOrganization(t.server, {});
    t.clock.advance(61 * 60_000); // a fresh hour for this story's counter
    for (let i = 0; i < EMPLOYER_CODE_LIMITS.lookupsPerIpPerHour; i++) {
      const res = await request(t.url, `/api/auth/identity-providers?empCode=GUESS${i}`);
      expect(res.status).toBe(200);
      expect(identityProvidersResponseSchema.parse(res.body).organization).toBeNull();
    }
    const refused = await request(t.url, `/api/auth/identity-providers?empCode=${org.code}`, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(429);
    const error = apiErrorSchema.parse(refused.body).error;
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe(ERROR_MESSAGES.LIMIT_EXCEEDED.en);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The login screen of a known organization (by id) still works.
    expect((await request(t.url, `/api/auth/identity-providers?orgId=${org.id}`)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await request(t.url, `/api/auth/identity-providers?empCode=${org.code}`)).status).toBe(200);
  });
});
