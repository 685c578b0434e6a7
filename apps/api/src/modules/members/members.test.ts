import * as z from 'zod/mini';
import { apiErrorSchema, GQL, memberCareViewSchema, memberSchema, pwdlessPhoneResponseSchema, pwdlessVerifyResponseSchema, recoveryCodeResponseSchema, sessionPayloadSchema } from '@puente/contracts';
import { AUTH } from '@puente/domain';
import { sql } from 'drizzle-orm';
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

describe('GET /api/members/{id}: who sees what (minimum necessary)', () => {
  /** The care fields, exactly: what a coach or US doctor needs to treat her, nothing else. */
  const CARE_FIELDS = [
    'address', 'alergies', 'birthday', 'consultationLang', 'firstName', 'gender', 'height', 'heightMetricSystem', 'id', 'lastName',
    'medicalConditions', 'medications', 'pharmacy', 'preferredLang', 'sex', 'surgeries', 'weight', 'weightMetricSystem',
  ].sort();

  const anaWithEverything = async () => {
    const now = t.clock.now();
    const ana = await createMember(t.server, {
      firstName: 'Ana',
      lastName: 'López',
      email: `ana.${crypto.randomUUID()}@puente.test`,
      identificationNumber: 'LOAA900412MJCPNN09',
      emailVerifiedAt: now,
      birthday: '1990-04-12',
      sex: 'female',
      height: 162,
      weight: 58,
      alergies: ['Penicilina'],
      medications: ['Losartán 50 mg'],
      medicalConditions: ['Hipertensión'],
      address: { zipCode: '44100', city: 'Guadalajara', state: 'JAL', country: 'MX' },
      pharmacy: { pharmStoreName: 'Farmacia Guadalajara', pharmCity: 'Guadalajara', pharmState: 'JAL' },
    });
    return { ana, session: await createSessionFor(t.server, ana.id) };
  };
  const coachOf = async (memberId: string) => {
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    const now = t.clock.now();
    await t.server.database.db.execute(
      sql`insert into appointments (member_id, mx_doctor_id, state, type, channel, practice, language, service_scope, start_date, created_at, updated_at)
          values (${memberId}, ${coach.id}, '3-coach-joins-call', 'on-demand', 'video-call', 'health', 'es', 'full-care', ${now}, ${now}, ${now})`,
    );
    return createSessionFor(t.server, coach.id);
  };

  it('her coach gets exactly the care fields: no email, phone, identification number, login or tokens', async () => {
    const { ana } = await anaWithEverything();
    const coach = await coachOf(ana.id);
    const res = await request(t.url, `/api/members/${ana.id}`, { token: coach.sessionToken });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(CARE_FIELDS);
    expect(memberCareViewSchema.parse(body)).toMatchObject({
      id: ana.id,
      firstName: 'Ana',
      birthday: Date.parse('1990-04-12T00:00:00Z'),
      alergies: ['Penicilina'],
      address: { city: 'Guadalajara', state: 'JAL', country: 'MX' },
      pharmacy: expect.objectContaining({ pharmStoreName: 'Farmacia Guadalajara' }),
    });
    const text = JSON.stringify(body);
    for (const secret of [ana.email!, ana.phoneNumber!, 'LOAA900412MJCPNN09', '44100']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/token|recovery|hash|loginType|agreedTos|emailVerified|organization/i);
  });

  it('an admin gets the same care view', async () => {
    const { ana } = await anaWithEverything();
    const admin = await createMember(t.server, { userType: 'admin' });
    const res = await request(t.url, `/api/members/${ana.id}`, { token: (await createSessionFor(t.server, admin.id)).sessionToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object).sort()).toEqual(CARE_FIELDS);
  });

  it('the member herself still reads her full view', async () => {
    const { ana, session } = await anaWithEverything();
    const res = await request(t.url, `/api/members/${ana.id}`, { token: session.sessionToken });
    expect(res.status).toBe(200);
    expect(z.strictObject(memberSchema.shape).parse(res.body)).toMatchObject({
      id: ana.id,
      email: ana.email,
      phoneNumber: ana.phoneNumber,
      identificationNumber: 'LOAA900412MJCPNN09',
      loginTypes: ['pwdless'],
      emailVerifiedAt: expect.any(String),
      address: { zipCode: '44100', city: 'Guadalajara', state: 'JAL', country: 'MX' },
    });
  });
});
