import * as z from 'zod/mini';
import { apiErrorSchema, changeLanguageResponseSchema, GQL, memberSchema, outboxResponseSchema, verifyEmailResponseSchema, zipCodeLookupResponseSchema } from '@puente/contracts';
import { MEMBER_UPDATE_WHITELIST, TIMERS } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, createSessionFor, graphql, loginByPhone, randomMxPhone, randomUsPhone, request, startTestServer, type TestServer } from '../../test';
import { JobRunner } from '../../lib/jobs';
import { registerEmailReminders } from './profile.service';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const memberWithSession = async (overrides: Parameters<typeof createMember>[1] = {}) => {
  const m = await createMember(t.server, overrides);
  const { sessionToken } = await createSessionFor(t.server, m.id);
  return { id: m.id, token: sessionToken };
};

const update = (token: string | undefined, memberId: string, data: unknown) =>
  graphql<{ updateMember: unknown }>(t.url, GQL.updateMember, { memberId, data }, token);

const errorOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => apiErrorSchema.parse(body.errors?.[0]?.extensions).error;

const emailsTo = async (to: string) => {
  const res = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return outboxResponseSchema.parse(res.body).messages.filter((m) => m.channel === 'email');
};
const codeFromLink = (body: string): string => {
  const link = /https?:\/\/\S+/.exec(body)?.[0];
  if (!link) throw new Error('no link in the email');
  const url = new URL(link);
  expect(url.pathname).toBe('/cuenta-verificada');
  expect(url.searchParams.get('supportSignUp')).not.toBeNull();
  expect(url.searchParams.get('success')).toBe('true');
  return url.searchParams.get('code')!;
};

describe('terms (mustAcceptTos)', () => {
  it('a new member must accept the terms; accepting saves and returns the agreement date', async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    expect(ana.mustAcceptTos).toBe(true);
    const accepted = await graphql<{ acceptTerms: string }>(t.url, GQL.acceptTerms, {}, ana.sessionToken);
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data!.acceptTerms).toBe(t.clock.now().toISOString());
    const me = await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, ana.sessionToken);
    expect(memberSchema.parse(me.body.data!.getMember)).toMatchObject({ agreedTosAt: t.clock.now().toISOString(), needsToAcceptTerms: false });
    const again = await graphql<{ refreshSession: { mustAcceptTos: boolean } }>(t.url, GQL.refreshSession, { sessionToken: ana.sessionToken, timeZone: 'UTC' });
    expect(again.body.data!.refreshSession.mustAcceptTos).toBe(false);
  });

  it('without a session accepting is refused', async () => {
    const res = await graphql(t.url, GQL.acceptTerms, {});
    expect(res.status).toBe(401);
    expect(errorOf(res.body).code).toBe('UNAUTHORIZED');
  });
});

describe('updateMember (spec 5 whitelist)', () => {
  it('issue 11: "nothing to declare" on the health profile is remembered on her account (another device does not ask again)', async () => {
    const { id, token } = await memberWithSession();
    const before = await graphql<{ getMember: { healthProfileAnsweredAt: string | null } }>(t.url, GQL.getMember, {}, token);
    expect(before.body.data!.getMember.healthProfileAnsweredAt).toBeNull();
    // A name change is not an answer.
    await update(token, id, { firstName: 'Ana' });
    expect((await graphql<{ getMember: { healthProfileAnsweredAt: string | null } }>(t.url, GQL.getMember, {}, token)).body.data!.getMember.healthProfileAnsweredAt).toBeNull();
    const res = await update(token, id, { alergies: [], medications: [], medicalConditions: [], surgeries: [] });
    expect(res.body.errors).toBeUndefined();
    // Read from a new session (another device).
    const { sessionToken } = await createSessionFor(t.server, id);
    const after = await graphql<{ getMember: { healthProfileAnsweredAt: string | null; alergies: string[] } }>(t.url, GQL.getMember, {}, sessionToken);
    expect(after.body.data!.getMember).toMatchObject({ healthProfileAnsweredAt: expect.any(String), alergies: [] });
  });

  it('a member completes her onboarding profile and reads it back', async () => {
    const { id, token } = await memberWithSession({ firstName: null, lastName: null });
    const res = await update(token, id, {
      firstName: 'Ana',
      lastName: 'López',
      birthday: '1990-05-01',
      sex: 'female',
      gender: 'female',
      address: { country: 'US', state: 'CA', city: 'Beverly Hills', zipCode: '90210' },
      preferredContactMethod: 'text_message',
      labConsent: { wasInfoProvided: 'provided_yes' },
      healthScreeningConsent: true,
      identificationNumber: 'ABC123',
      languages: ['es', 'fr', 'en'],
    });
    expect(res.body.errors).toBeUndefined();
    const member = z.strictObject(memberSchema.shape).parse(res.body.data!.updateMember);
    expect(member).toMatchObject({
      firstName: 'Ana',
      lastName: 'López',
      birthday: Date.UTC(1990, 4, 1),
      address: { country: 'US', state: 'CA', city: 'Beverly Hills', zipCode: '90210' },
      labConsent: { wasInfoProvided: 'provided_yes', updatedAt: t.clock.now().toISOString() },
      healthScreeningConsentAt: t.clock.now().toISOString(),
      identificationNumber: 'ABC123',
      languages: ['es', 'en'],
    });
  });

  it.each(['userType', 'organizationId', 'phoneNumber', 'agreedTosAt', 'recoveryCode', 'id', 'emailVerifiedAt', 'needsToAcceptTerms'])(
    '%s is outside the whitelist: 400 INVALID_DATA naming the field, and nothing changes',
    async (field) => {
      const { id, token } = await memberWithSession({ firstName: 'Before' });
      const res = await update(token, id, { firstName: 'After', [field]: 'admin' });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'INVALID_DATA', fields: { [field]: 'field_not_allowed' } });
      const me = await graphql<{ getMember: { firstName: string; userType: string } }>(t.url, GQL.getMember, {}, token);
      expect(me.body.data!.getMember).toMatchObject({ firstName: 'Before', userType: 'member' });
    },
  );

  it('every whitelisted field is accepted by name', async () => {
    expect(MEMBER_UPDATE_WHITELIST).toContain('firstName');
    const { id, token } = await memberWithSession();
    const res = await update(token, id, { nickName: 'Anita', height: 160, weight: 60, heightMetricSystem: true, weightMetricSystem: false, alergies: ['penicilina'], medications: [], medicalConditions: ['asma'], surgeries: [{ name: 'apendicectomía', dateApprox: true }], topicsOfInterest: ['stress'], insuranceInfo: { typeOfInsurance: 'employer' }, hasInsurance: { wasInfoProvided: true }, timeZone: 'America/Tijuana', consultationLang: 'en', preferredLang: 'es', pharmacy: { pharmStoreName: 'Farmacia Centro' } });
    expect(res.body.errors).toBeUndefined();
    expect(memberSchema.parse(res.body.data!.updateMember)).toMatchObject({ nickName: 'Anita', weightMetricSystem: false, alergies: ['penicilina'], surgeries: [{ name: 'apendicectomía', dateApprox: true, date: null, howLong: null }], insuranceInfo: { typeOfInsurance: 'employer' }, pharmacy: { pharmStoreName: 'Farmacia Centro', pharmCity: null } });
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'mandatory_form_name_error'],
    [{ email: 'not-an-email' }, 'email', 'mandatory_form_email_error'],
    [{ birthday: '2020-01-01' }, 'birthday', 'mandatory_form_birthday_underage'],
    [{ birthday: '1899-12-31' }, 'birthday', 'mandatory_form_birthday_error'],
    [{ address: { city: 'LA', planet: 'Earth' } }, 'address', undefined],
  ])('bad input %j is 400 INVALID_DATA on %s', async (data, field, key) => {
    const { id, token } = await memberWithSession();
    const res = await update(token, id, data);
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('INVALID_DATA');
    expect(Object.keys(error.fields ?? {}).some((k) => k.startsWith(field))).toBe(true);
    if (key) expect(error.fields?.[field]).toBe(key);
  });

  it("another member's id is NOT_FOUND and their profile is untouched", async () => {
    const victim = await memberWithSession({ firstName: 'Victim' });
    const intruder = await memberWithSession();
    const res = await update(intruder.token, victim.id, { firstName: 'Hacked' });
    expect(res.status).toBe(404);
    expect(errorOf(res.body).code).toBe('NOT_FOUND');
    const me = await graphql<{ getMember: { firstName: string } }>(t.url, GQL.getMember, {}, victim.token);
    expect(me.body.data!.getMember.firstName).toBe('Victim');
  });

  it('without a session it is refused', async () => {
    const res = await update(undefined, crypto.randomUUID(), { firstName: 'X' });
    expect(res.status).toBe(401);
  });

  it("the member's organization comes with its flags in the canonical spelling", async () => {
    const org = await createOrganization(t.server, { name: 'Mini Corp', settings: { MinimalOnboarding: true, RequiresLabConsent: false }, flags: ['SUPPORT_AVAILABLE'] });
    const { token } = await memberWithSession({ organizationId: org.id });
    const me = await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, token);
    expect(memberSchema.parse(me.body.data!.getMember).organization).toEqual({ id: org.id, name: 'Mini Corp', settings: expect.arrayContaining(['MINIMAL_ONBOARDING', 'SUPPORT_AVAILABLE']) as unknown, dependantOrganizations: [], partner: null });
    expect(memberSchema.parse(me.body.data!.getMember).organization?.settings).not.toContain('REQUIRES_LAB_CONSENT');
  });
});

describe('language (POST /api/users/{id}/language/{lang})', () => {
  it('a member switches to English; errors then come in English', async () => {
    const { id, token } = await memberWithSession({ preferredLang: 'es' });
    const res = await request(t.url, `/api/users/${id}/language/en`, { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(changeLanguageResponseSchema.parse(res.body).preferredLang).toBe('en');
    const me = await graphql<{ getMember: { preferredLang: string } }>(t.url, GQL.getMember, {}, token);
    expect(me.body.data!.getMember.preferredLang).toBe('en');
    const notFound = await request(t.url, `/api/users/${crypto.randomUUID()}/language/es`, { method: 'POST', token });
    expect(notFound.status).toBe(404);
    expect(apiErrorSchema.parse(notFound.body).error.message).toBe('We could not find what you were looking for.');
  });

  it('an unsupported language is 400; unauthenticated is 401', async () => {
    const { id, token } = await memberWithSession();
    const bad = await request(t.url, `/api/users/${id}/language/fr`, { method: 'POST', token });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { lang: 'language_not_supported' } });
    expect((await request(t.url, `/api/users/${id}/language/en`, { method: 'POST' })).status).toBe(401);
  });
});

describe('zip code lookup (spec 5: a five-digit US zip fills state and city)', () => {
  it('90210 is Beverly Hills, CA; 10001 is New York, NY', async () => {
    const { token } = await memberWithSession();
    const a = await request(t.url, '/api/zip-codes/90210', { token });
    expect(zipCodeLookupResponseSchema.parse(a.body)).toEqual({ zipCode: '90210', state: 'CA', city: 'Beverly Hills', country: 'US' });
    const b = await request(t.url, '/api/zip-codes/10001', { token });
    expect(zipCodeLookupResponseSchema.parse(b.body)).toMatchObject({ state: 'NY', city: 'New York' });
  });

  it('an unknown zip is 404, a malformed one 400, and a session is needed', async () => {
    const { token } = await memberWithSession();
    expect((await request(t.url, '/api/zip-codes/00000', { token })).status).toBe(404);
    const bad = await request(t.url, '/api/zip-codes/9021a', { token });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error.fields).toEqual({ zip: 'mandatory_form_zipcode_error' });
    expect((await request(t.url, '/api/zip-codes/90210')).status).toBe(401);
  });
});

describe('email verification (spec 4: unverified, verified, reminder after 24 hours)', () => {
  it('setting an email sends a verification link; the code verifies it once', async () => {
    const email = `ana.${crypto.randomUUID()}@example.com`;
    const { id, token } = await memberWithSession({ preferredLang: 'es' });
    const res = await update(token, id, { email });
    expect(memberSchema.parse(res.body.data!.updateMember)).toMatchObject({ email, emailVerifiedAt: null });
    const [mail, ...rest] = await emailsTo(email);
    expect(rest).toHaveLength(0);
    expect(mail!.subject).toBe('Confirma tu correo en Puente');
    const code = codeFromLink(mail!.body);
    expect(new URL(/https?:\/\/\S+/.exec(mail!.body)![0]).searchParams.get('lang')).toBe('es');

    const verified = await request(t.url, '/api/email-verification/verify', { body: { code } });
    expect(verified.status).toBe(200);
    expect(verifyEmailResponseSchema.parse(verified.body)).toEqual({ verified: true, email });
    const me = await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, token);
    expect(memberSchema.parse(me.body.data!.getMember).emailVerifiedAt).toBe(t.clock.now().toISOString());

    const twice = await request(t.url, '/api/email-verification/verify', { body: { code } });
    expect(twice.status).toBe(401);
    expect(apiErrorSchema.parse(twice.body).error.code).toBe('TOKEN_INVALID');
  });

  it('a wrong code is refused; an empty one is bad input', async () => {
    expect((await request(t.url, '/api/email-verification/verify', { body: { code: 'nope' } })).status).toBe(401);
    const empty = await request(t.url, '/api/email-verification/verify', { body: { code: '' } });
    expect(empty.status).toBe(400);
  });

  it('still unverified after 24 hours: one reminder, sent by the scheduler on the controlled clock', async () => {
    const email = `john.${crypto.randomUUID()}@example.com`;
    const { id, token } = await memberWithSession({ preferredLang: 'en' });
    await update(token, id, { email });
    const first = codeFromLink((await emailsTo(email))[0]!.body);

    t.clock.advance(TIMERS.emailVerificationReminderMs - 60_000);
    await t.server.services.profile.sendDueReminders();
    expect(await emailsTo(email)).toHaveLength(1); // 23h59m: not yet

    t.clock.advance(60_000);
    const jobs = new JobRunner({ error: () => undefined });
    registerEmailReminders(jobs, t.server.services.profile, 20); // the same sweep the server runs every minute, faster
    jobs.start();
    try {
      await expect.poll(async () => (await emailsTo(email)).length, { timeout: 5_000 }).toBe(2);
    } finally {
      await jobs.stop();
    }
    const [reminder] = await emailsTo(email);
    expect(reminder!.subject).toBe('Reminder: confirm your email for Puente');
    // The reminder's link works; the first link was replaced by it.
    const second = codeFromLink(reminder!.body);
    expect((await request(t.url, '/api/email-verification/verify', { body: { code: first } })).status).toBe(401);
    expect((await request(t.url, '/api/email-verification/verify', { body: { code: second } })).status).toBe(200);

    t.clock.advance(TIMERS.emailVerificationReminderMs * 2);
    await t.server.services.profile.sendDueReminders();
    expect(await emailsTo(email)).toHaveLength(2); // only one reminder, ever
  });

  it('a member who verifies in time gets no reminder', async () => {
    const email = `luz.${crypto.randomUUID()}@example.com`;
    const { id, token } = await memberWithSession();
    await update(token, id, { email });
    const code = codeFromLink((await emailsTo(email))[0]!.body);
    await request(t.url, '/api/email-verification/verify', { body: { code } });
    t.clock.advance(TIMERS.emailVerificationReminderMs + 1);
    await t.server.services.profile.sendDueReminders();
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('a full sign-up keeps the phone', () => {
  it('a new US member sets her profile and can not change her phone through updateMember', async () => {
    const john = await loginByPhone(t.url, randomUsPhone(), { lang: 'en' });
    const res = await update(john.sessionToken, john.member.id, { phoneNumber: '+14155550000' });
    expect(res.status).toBe(400);
  });
});
