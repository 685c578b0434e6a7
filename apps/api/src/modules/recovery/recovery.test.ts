import { apiErrorSchema, phoneTakenResponseSchema, pwdlessPhoneResponseSchema, pwdlessResetResponseSchema, pwdlessVerifyResponseSchema, recoveryCodeResponseSchema, sendRecoveryCodeResponseSchema } from '@puente/contracts';
import { AUTH, loginStatusOutcome } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, loginByPhone, memberWithSession, randomMxPhone, randomUsPhone, readLatestCode, request, startTestServer, type TestServer } from '../../test';
import { GQL } from '@puente/contracts';
import { RECOVERY_LIMITS } from './recovery.service';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

/** A new member and her recovery code, as she saw it on /login/save-recovery-code. */
async function memberWithCode(phone = randomMxPhone()) {
  const login = await loginByPhone(t.url, phone);
  const res = await request(t.url, `/api/members/${login.member.id}/recovery-code`, { token: login.sessionToken });
  const { recoveryCode } = recoveryCodeResponseSchema.parse(res.body);
  return { ...login, phone, recoveryCode };
}

/** Each test runs in its own hour, so per-IP counters of one story do not spill into the next. */
const nextHour = () => t.clock.advance(61 * 60_000);

async function sendToNewPhone(resetToken: string, newPhone: string) {
  const res = await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: newPhone, resetToken, language: 'es' } });
  return res;
}

async function verifyNewPhone(newPhone: string, pwdlessToken: string) {
  const res = await request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken, code: await readLatestCode(t.url, newPhone) } });
  return pwdlessVerifyResponseSchema.parse(res.body);
}

describe('recovery and phone change', () => {
  it('a member who lost her phone moves her account to a new one with her recovery code (phone_recovery)', async () => {
    nextHour();
    const ana = await memberWithCode();
    const reset = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode.toLowerCase() } });
    expect(reset.status).toBe(200);
    const { resetToken } = pwdlessResetResponseSchema.parse(reset.body);

    const newPhone = randomUsPhone();
    const taken = await request(t.url, `/api/user/phone-taken/${encodeURIComponent(newPhone)}?resetToken=${encodeURIComponent(resetToken)}`);
    expect(phoneTakenResponseSchema.parse(taken.body)).toEqual({ taken: false });

    const sent = await sendToNewPhone(resetToken, newPhone);
    expect(sent.status).toBe(200);
    const verified = await verifyNewPhone(newPhone, pwdlessPhoneResponseSchema.parse(sent.body).pwdlessToken);
    expect(verified.status).toBe('phone_recovery');
    expect(loginStatusOutcome(verified.status)).toMatchObject({ login: true, to: '/login/save-recovery-code' });

    const s = await graphql<{ createSession: { member: { id: string; phoneNumber: string }; sessionToken: string } }>(t.url, GQL.createSession, { loginToken: verified.loginToken, timeZone: 'America/Mexico_City' });
    expect(s.body.data?.createSession.member).toMatchObject({ id: ana.member.id, phoneNumber: newPhone });
    // A new recovery code is issued and shown once.
    const fresh = await request(t.url, `/api/members/${ana.member.id}/recovery-code`, { token: s.body.data?.createSession.sessionToken });
    const { recoveryCode: newCode } = recoveryCodeResponseSchema.parse(fresh.body);
    expect(newCode).not.toBe(ana.recoveryCode);
    // The old session (the lost phone) no longer works.
    expect((await graphql(t.url, GQL.getMember, {}, ana.sessionToken)).status).toBe(401);
    // The used code works once: it no longer opens a reset for the new phone, the new one does.
    const again = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: newPhone, recoveryCode: ana.recoveryCode } });
    expect(again.status).toBe(400);
    const withNew = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: newPhone, recoveryCode: newCode } });
    expect(withNew.status).toBe(200);
    // And the old phone is free: signing in with it makes a brand-new account.
    t.clock.advance(AUTH.resendWaitMs);
    expect((await loginByPhone(t.url, ana.phone)).status).toBe('new_account_created');
  });

  it('the stored recovery code is a hash, never the code', async () => {
    nextHour();
    const ana = await memberWithCode();
    const rows = await t.server.database.db.execute<{ recovery_code_hash: string | null; recovery_code_pending: string | null }>(
      (await import('drizzle-orm')).sql`select recovery_code_hash, recovery_code_pending from users where id = ${ana.member.id}`,
    );
    const row = (rows as unknown as { rows: { recovery_code_hash: string | null; recovery_code_pending: string | null }[] }).rows[0]!;
    expect(row.recovery_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.recovery_code_hash).not.toContain(ana.recoveryCode);
    expect(row.recovery_code_pending).toBeNull();
  });

  it('a new phone that already has an account gives phone_already_in_use; another number can still be tried', async () => {
    nextHour();
    const ana = await memberWithCode();
    const other = await loginByPhone(t.url, randomUsPhone());
    const { resetToken } = pwdlessResetResponseSchema.parse((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode } })).body);
    const taken = await request(t.url, `/api/user/phone-taken/${encodeURIComponent(other.member.phoneNumber!)}?resetToken=${encodeURIComponent(resetToken)}`);
    expect(phoneTakenResponseSchema.parse(taken.body)).toEqual({ taken: true });

    t.clock.advance(AUTH.resendWaitMs); // the other member signed in with that phone a moment ago
    const sent = await sendToNewPhone(resetToken, other.member.phoneNumber!);
    const verified = await verifyNewPhone(other.member.phoneNumber!, pwdlessPhoneResponseSchema.parse(sent.body).pwdlessToken);
    expect(verified.status).toBe('phone_already_in_use');
    expect(verified.loginToken).toBe('');
    expect(loginStatusOutcome(verified.status)).toMatchObject({ login: false, toast: { key: 'phone_number_taken' }, action: 'open-help' });

    const free = randomUsPhone();
    const sent2 = await sendToNewPhone(resetToken, free);
    expect((await verifyNewPhone(free, pwdlessPhoneResponseSchema.parse(sent2.body).pwdlessToken)).status).toBe('phone_recovery');
  });

  it('a wrong code and an unknown phone get the same answer, and no reset', async () => {
    nextHour();
    const ana = await memberWithCode();
    const wrong = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: 'AAAAAAAAAAAA' } });
    const unknown = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: randomMxPhone(), recoveryCode: ana.recoveryCode } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(apiErrorSchema.parse(wrong.body).error).toEqual(apiErrorSchema.parse(unknown.body).error);
    expect(apiErrorSchema.parse(wrong.body).error.fields).toEqual({ recoveryCode: 'recovery_code_invalid' });
  });

  it('bad input is a 400 with the spec keys; a bogus resetToken sends no SMS', async () => {
    nextHour();
    const missing = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: '+525512345678' } });
    expect(apiErrorSchema.parse(missing.body).error.fields).toMatchObject({ recoveryCode: 'change_phone_screen_code_error_required' });
    const badPhone = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: '123', recoveryCode: 'X' } });
    expect(badPhone.status).toBe(400);
    const phone = randomUsPhone();
    const bogus = await sendToNewPhone('not-a-reset-token', phone);
    expect(bogus.status).toBe(401);
    expect(apiErrorSchema.parse(bogus.body).error.reason).toBe('passwordless-invalid-token');
    await expect(readLatestCode(t.url, phone)).rejects.toThrow();
  });

  it('a reset token expires after 15 minutes', async () => {
    nextHour();
    const ana = await memberWithCode();
    const { resetToken } = pwdlessResetResponseSchema.parse((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode } })).body);
    t.clock.advance(RECOVERY_LIMITS.resetTokenTtlMs + 1000);
    expect((await sendToNewPhone(resetToken, randomUsPhone())).status).toBe(401);
  });

  it('reset attempts are limited per phone (429 LIMIT_EXCEEDED with Retry-After)', async () => {
    nextHour();
    const ana = await memberWithCode();
    for (let i = 0; i < RECOVERY_LIMITS.resetTriesPerPhonePerHour; i++) {
      expect((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: `WRONG${i}` } })).status).toBe(400);
    }
    // Even the right code is refused once the phone's tries are spent.
    const limited = await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode } });
    expect(limited.status).toBe(429);
    expect(apiErrorSchema.parse(limited.body).error.code).toBe('LIMIT_EXCEEDED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('reset attempts are limited per IP across phones', async () => {
    nextHour();
    let last = 0;
    for (let i = 0; i <= RECOVERY_LIMITS.resetTriesPerIpPerHour; i++) {
      last = (await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: randomMxPhone(), recoveryCode: 'NOPE' } })).status;
    }
    expect(last).toBe(429);
  });
});

describe('send-recovery-code', () => {
  it('without a session the saved code survives: the phone on file only hears that it has not changed; the same answer for unknown phones', async () => {
    nextHour();
    const ana = await memberWithCode();
    const res = await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(ana.phone)}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = sendRecoveryCodeResponseSchema.parse(res.body);
    expect(new Date(body.availableAt).getTime() - t.clock.now().getTime()).toBe(AUTH.resendWaitMs);
    const outbox = (await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(ana.phone)}`)).body as { messages: { body: string }[] };
    expect(outbox.messages.some((m) => m.body.includes('Tu código de recuperación no cambió'))).toBe(true);
    expect(outbox.messages.some((m) => /\b[0-9A-Z]{12}\b/.test(m.body))).toBe(false);
    // The code she saved still moves her account.
    expect((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode } })).status).toBe(200);

    const unknownPhone = randomMxPhone();
    const unknown = await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(unknownPhone)}`, { method: 'POST' });
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.body as object).sort()).toEqual(Object.keys(res.body as object).sort());
    const none = (await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(unknownPhone)}`)).body as { messages: unknown[] };
    expect(none.messages).toHaveLength(0);
  });

  it('the signed-in member rotates her own code: a new one by SMS, the old one stops working; another member cannot', async () => {
    nextHour();
    const ana = await memberWithCode();
    const other = await memberWithCode();
    // Someone else's session is no better than none.
    expect((await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(ana.phone)}`, { method: 'POST', token: other.sessionToken })).status).toBe(200);
    expect((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode } })).status).toBe(200);

    t.clock.advance(AUTH.resendWaitMs);
    const res = await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(ana.phone)}`, { method: 'POST', token: ana.sessionToken });
    expect(res.status).toBe(200);
    const outbox = (await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(ana.phone)}`)).body as { messages: { body: string }[] };
    const newCode = outbox.messages.map((m) => /\b([0-9A-Z]{12})\b/.exec(m.body)?.[1]).find(Boolean);
    expect(newCode).toBeDefined();
    expect((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: ana.recoveryCode } })).status).toBe(400);
    expect((await request(t.url, '/api/auth/pwdless/reset', { body: { phoneNumber: ana.phone, recoveryCode: newCode } })).status).toBe(200);
  });

  it('the button waits 2 minutes, for any phone alike', async () => {
    nextHour();
    for (const phone of [randomMxPhone(), (await memberWithCode()).phone]) {
      expect((await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(phone)}`, { method: 'POST' })).status).toBe(200);
      const soon = await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(phone)}`, { method: 'POST' });
      expect(soon.status).toBe(429);
      expect(apiErrorSchema.parse(soon.body).error.reason).toBe('resend-too-soon');
    }
    t.clock.advance(AUTH.resendWaitMs);
    expect((await request(t.url, `/api/auth/send-recovery-code/${encodeURIComponent(randomMxPhone())}`, { method: 'POST' })).status).toBe(200);
  });

  it('a bad phone is a 400, never a 500', async () => {
    const res = await request(t.url, '/api/auth/send-recovery-code/hello', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).error.code).toBe('INVALID_DATA');
  });
});

describe('phone-taken', () => {
  it('answers a signed-in member; refuses anyone without a session or a reset token', async () => {
    nextHour();
    const ana = await loginByPhone(t.url, randomMxPhone());
    const other = await loginByPhone(t.url, randomUsPhone());
    const anon = await request(t.url, `/api/user/phone-taken/${encodeURIComponent(other.member.phoneNumber!)}`);
    expect(anon.status).toBe(401);
    const takenByOther = await request(t.url, `/api/user/phone-taken/${encodeURIComponent(other.member.phoneNumber!)}`, { token: ana.sessionToken });
    expect(phoneTakenResponseSchema.parse(takenByOther.body)).toEqual({ taken: true });
    // Her own number is not "taken" from her point of view.
    const own = await request(t.url, `/api/user/phone-taken/${encodeURIComponent(ana.member.phoneNumber!)}`, { token: ana.sessionToken });
    expect(phoneTakenResponseSchema.parse(own.body)).toEqual({ taken: false });
    const bad = await request(t.url, '/api/user/phone-taken/nope', { token: ana.sessionToken });
    expect(bad.status).toBe(400);
  });
});

describe('adding a phone while signed in (issue 12: a member who signed up without one)', () => {
  const open = (body: unknown, token?: string) => request(t.url, '/api/user/phone/reset', { body, token });

  it('refuses without a session (401) and bad input (400 INVALID_DATA); a member with a phone changes it with her recovery code instead', async () => {
    nextHour();
    expect((await open({ phoneNumber: randomUsPhone() })).status).toBe(401);
    const lena = await memberWithSession(t.server, { phoneNumber: null });
    const bad = await open({ phoneNumber: 'nope' }, lena.token);
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error.code).toBe('INVALID_DATA');
    expect((await open({}, lena.token)).status).toBe(400);
    const withPhone = await loginByPhone(t.url, randomMxPhone());
    expect((await open({ phoneNumber: randomUsPhone() }, withPhone.sessionToken)).status).toBe(409);
  });

  it('a phone another account holds is refused with phone_number_taken', async () => {
    nextHour();
    const lena = await memberWithSession(t.server, { phoneNumber: null });
    const other = await loginByPhone(t.url, randomUsPhone());
    const res = await open({ phoneNumber: other.member.phoneNumber }, lena.token);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { phoneNumber: 'phone_number_taken' } });
  });

  it('the code sent to the phone, verified, puts it on her account and keeps her session; a wrong code does not', async () => {
    nextHour();
    const lena = await memberWithSession(t.server, { phoneNumber: null });
    const phone = randomUsPhone();
    const opened = await open({ phoneNumber: phone }, lena.token);
    expect(opened.status).toBe(200);
    const { resetToken } = pwdlessResetResponseSchema.parse(opened.body);
    const sent = await sendToNewPhone(resetToken, phone);
    expect(sent.status).toBe(200);
    const { pwdlessToken } = pwdlessPhoneResponseSchema.parse(sent.body);
    const code = await readLatestCode(t.url, phone);
    const wrong = await request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(apiErrorSchema.parse(wrong.body).error).toMatchObject({ code: 'INVALID_DATA', reason: 'passwordless-invalid-code' });
    const still = await graphql<{ getMember: { phoneNumber: string | null } }>(t.url, GQL.getMember, {}, lena.token);
    expect(still.body.data?.getMember.phoneNumber ?? null).toBeNull();

    const verified = await request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken, code } });
    expect(pwdlessVerifyResponseSchema.parse(verified.body).status).toBe('phone_recovery');
    // Her session (the waiting room's) still works, and the phone is hers.
    const after = await graphql<{ getMember: { id: string; phoneNumber: string | null } }>(t.url, GQL.getMember, {}, lena.token);
    expect(after.body.data?.getMember).toMatchObject({ id: lena.user.id, phoneNumber: phone });
    // Once she has a phone, this door is closed.
    expect((await open({ phoneNumber: randomUsPhone() }, lena.token)).status).toBe(409);
  });
});
