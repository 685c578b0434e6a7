import { apiErrorSchema, deletionRequestResponseSchema, GQL, pwdlessPhoneResponseSchema, pwdlessVerifyResponseSchema, restoreAccountResponseSchema } from '@puente/contracts';
import { AUTH, PENDING_DELETION_THRESHOLD_MINUTES } from '@puente/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../lib/jobs';
import { registerAccountErasure } from './account-deletion.service';
import { createMember, createSessionFor, graphql, loginByPhone, randomMxPhone, randomUsPhone, readLatestCode, request, startTestServer, type TestServer } from '../../test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const THRESHOLD_MS = PENDING_DELETION_THRESHOLD_MINUTES * 60_000;

/** The phone sign-in up to verify, as the web app does it (no session yet). */
async function verifyPhone(phone: string) {
  t.clock.advance(AUTH.resendWaitMs);
  const sent = pwdlessPhoneResponseSchema.parse((await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone, language: 'es' } })).body);
  return request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken: sent.pwdlessToken, code: await readLatestCode(t.url, phone) } });
}

describe('deleting and restoring an account', () => {
  it('a member asks to delete her account, is signed out, signs in again and restores it within the threshold', async () => {
    const phone = randomMxPhone();
    const ana = await loginByPhone(t.url, phone);
    const res = await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: ana.sessionToken, body: {} });
    expect(res.status).toBe(200);
    const body = deletionRequestResponseSchema.parse(res.body);
    expect(body.deletionRequestTime).toBe(t.clock.now().toISOString());
    expect(Date.parse(body.restorableUntil) - Date.parse(body.deletionRequestTime)).toBe(THRESHOLD_MS);
    // Signed out everywhere.
    expect((await graphql(t.url, GQL.getMember, {}, ana.sessionToken)).status).toBe(401);

    // A sign-in finds the request: the status says so, and no session can be opened.
    t.clock.advance(60 * 60_000);
    const verified = pwdlessVerifyResponseSchema.parse((await verifyPhone(phone)).body);
    expect(verified).toMatchObject({ status: 'account_exist', deletionRequestTime: body.deletionRequestTime, memberId: ana.member.id });
    const session = await graphql(t.url, GQL.createSession, { loginToken: verified.loginToken, timeZone: 'America/Mexico_City' });
    expect(session.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    // Restore with the login token of that sign-in (she has no session).
    const verifiedAgain = pwdlessVerifyResponseSchema.parse((await verifyPhone(phone)).body);
    const restored = await request(t.url, `/api/member/${ana.member.id}/restore-account`, { body: { loginToken: verifiedAgain.loginToken } });
    expect(restored.status).toBe(200);
    expect(restoreAccountResponseSchema.parse(restored.body)).toEqual({ restored: true });
    // The token is spent; the next sign-in is an ordinary one with the same account.
    expect((await request(t.url, `/api/member/${ana.member.id}/restore-account`, { body: { loginToken: verifiedAgain.loginToken } })).status).toBe(404);
    t.clock.advance(AUTH.resendWaitMs);
    const back = await loginByPhone(t.url, phone);
    expect(back).toMatchObject({ status: 'account_exist', member: { id: ana.member.id } });
    // Nothing is erased once restored, however long after.
    t.clock.advance(THRESHOLD_MS + 60_000);
    await t.server.services.accountDeletion.eraseExpired();
    const rows = await t.server.database.db.execute(sql`select deleted_at, phone_number from users where id = ${ana.member.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ deleted_at: null, phone_number: phone });
  });

  it('after the threshold the account is blocked, then erased by the job: personal data gone, the pseudonymous row and the audit trail kept', async () => {
    const phone = randomUsPhone();
    const john = await loginByPhone(t.url, phone, { lang: 'en' });
    await request(t.url, `/api/member/${john.member.id}/deletion-request`, { method: 'POST', token: john.sessionToken, body: {} });
    t.clock.advance(THRESHOLD_MS + 60_000);

    // Before the job runs, a sign-in is refused as blocked (the web app goes to /eliminar-cuenta).
    const blocked = await verifyPhone(phone);
    expect(blocked.status).toBe(404);
    expect(apiErrorSchema.parse(blocked.body).error.reason).toBe('is blocked');
    const verifiedEarlier = await request(t.url, `/api/member/${john.member.id}/restore-account`, { body: { loginToken: 'whatever' } });
    expect(verifiedEarlier.status).toBe(404);

    expect(await t.server.services.accountDeletion.eraseExpired()).toBeGreaterThanOrEqual(1);
    const rows = await t.server.database.db.execute(sql`select * from users where id = ${john.member.id}`);
    const row = (rows as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    expect(row).toMatchObject({ first_name: null, last_name: null, email: null, phone_number: null, address: null, recovery_code_hash: null, time_zone: null });
    expect(row.deleted_at).not.toBeNull();
    expect(row.user_type).toBe('member');
    const sessions = await t.server.database.db.execute(sql`select count(*)::int as n from sessions where user_id = ${john.member.id}`);
    expect((sessions as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Login tokens, sign-in codes (the auth module's) and phone resets (the recovery module's) go with the account.
    for (const query of [sql`select count(*)::int as n from login_tokens where user_id = ${john.member.id}`, sql`select count(*)::int as n from otp_challenges where phone_number = ${phone}`, sql`select count(*)::int as n from phone_resets where user_id = ${john.member.id}`]) {
      expect(((await t.server.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    }
    const outbox = await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    expect((outbox.body as { messages: unknown[] }).messages).toHaveLength(0);
    const trail = await t.server.services.audit.forSubject(john.member.id);
    expect(trail.map((r) => [r.actorRole, r.action, r.resource])).toContainEqual(['system', 'erase', 'member']);

    // The phone is free again: signing in makes a new, different account.
    const fresh = await loginByPhone(t.url, phone);
    expect(fresh.status).toBe('new_account_created');
    expect(fresh.member.id).not.toBe(john.member.id);
  });

  it('the scheduler runs the erasure on its own, reading the injectable clock', async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: ana.sessionToken, body: {} });
    t.clock.advance(THRESHOLD_MS + 60_000);
    const jobs = new JobRunner({ error: () => undefined });
    registerAccountErasure(jobs, t.server.services.accountDeletion, 20);
    jobs.start();
    await expect
      .poll(async () => {
        const r = await t.server.database.db.execute(sql`select deleted_at from users where id = ${ana.member.id}`);
        return (r as unknown as { rows: { deleted_at: unknown }[] }).rows[0]!.deleted_at;
      }, { timeout: 5000 })
      .not.toBeNull();
    await jobs.stop();
  });

  it('asking twice keeps the first request time', async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    const first = deletionRequestResponseSchema.parse((await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: ana.sessionToken, body: {} })).body);
    t.clock.advance(60_000);
    // Her old session is gone; the request is kept without one too (restore is the way back).
    const again = await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: ana.sessionToken, body: {} });
    expect(again.status).toBe(401);
    const rows = await t.server.database.db.execute(sql`select deletion_requested_at from users where id = ${ana.member.id}`);
    expect(new Date((rows as unknown as { rows: { deletion_requested_at: string }[] }).rows[0]!.deletion_requested_at).toISOString()).toBe(first.deletionRequestTime);
  });

  it("one member cannot ask to delete or restore another member's account (404); staff cannot either", async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    const eve = await loginByPhone(t.url, randomUsPhone());
    const del = await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: eve.sessionToken, body: {} });
    expect(del.status).toBe(404);
    expect(apiErrorSchema.parse(del.body).error.code).toBe('NOT_FOUND');
    const admin = await createMember(t.server, { userType: 'admin' });
    const adminSession = await createSessionFor(t.server, admin.id);
    expect((await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: adminSession.sessionToken, body: {} })).status).toBe(404);

    // Ana asks; Eve tries to restore it, with her session and with her own login token.
    await request(t.url, `/api/member/${ana.member.id}/deletion-request`, { method: 'POST', token: ana.sessionToken, body: {} });
    expect((await request(t.url, `/api/member/${ana.member.id}/restore-account`, { token: eve.sessionToken, body: {} })).status).toBe(404);
    const eveVerify = pwdlessVerifyResponseSchema.parse((await verifyPhone(eve.member.phoneNumber!)).body);
    expect((await request(t.url, `/api/member/${ana.member.id}/restore-account`, { body: { loginToken: eveVerify.loginToken } })).status).toBe(404);
    // Ana's request is still pending.
    const rows = await t.server.database.db.execute(sql`select deletion_requested_at from users where id = ${ana.member.id}`);
    expect((rows as unknown as { rows: { deletion_requested_at: unknown }[] }).rows[0]!.deletion_requested_at).not.toBeNull();
  });

  it('unauthenticated and malformed requests get catalogue errors', async () => {
    expect((await request(t.url, `/api/member/${crypto.randomUUID()}/deletion-request`, { method: 'POST', body: {} })).status).toBe(401);
    expect((await request(t.url, '/api/member/not-an-id/restore-account', { body: {} })).status).toBe(404);
    expect((await request(t.url, `/api/member/${crypto.randomUUID()}/restore-account`, { body: { loginToken: 5 } })).status).toBe(400);
    expect((await request(t.url, `/api/member/${crypto.randomUUID()}/restore-account`, { body: {} })).status).toBe(404);
  });
});
