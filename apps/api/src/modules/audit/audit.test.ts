import { memberCareViewSchema, memberSchema } from '@puente/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSessionFor, loginByPhone, randomMxPhone, randomUsPhone, request, startTestServer, type TestServer } from '../../test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('audit log', () => {
  it("records another person's access with who, role, what, which record and when; a member's own access is not recorded", async () => {
    const member = await createMember(t.server);
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    const audit = t.server.services.audit;
    expect(await audit.record({ actor: coach, action: 'read', resource: 'medical-record', subjectId: member.id, recordId: 'appt-1', fields: ['medications'] })).toBe(true);
    expect(await audit.record({ actor: member, action: 'read', resource: 'member', subjectId: member.id })).toBe(false);
    const rows = await audit.forSubject(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: coach.id, actorRole: 'mx-physician', action: 'read', resource: 'medical-record', subjectId: member.id, recordId: 'appt-1', detail: { fields: ['medications'] } });
    expect(rows[0]!.at.getTime()).toBe(t.clock.now().getTime());
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database itself', async () => {
    const member = await createMember(t.server);
    await t.server.services.audit.record({ actor: 'system', action: 'read', resource: 'member', subjectId: member.id });
    const db = t.server.database.db;
    await expect(db.execute(sql`update audit_log set action = 'nothing' where subject_id = ${member.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where subject_id = ${member.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await t.server.services.audit.forSubject(member.id)).toHaveLength(1);
  });

  it('a row written in a transaction that rolls back disappears with it', async () => {
    const member = await createMember(t.server);
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    await expect(
      t.server.database.db.transaction(async (tx) => {
        await t.server.services.audit.record({ actor: coach, action: 'update', resource: 'member', subjectId: member.id }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.server.services.audit.forSubject(member.id)).toHaveLength(0);
  });
});

describe('audit log wired into member reads', () => {
  const addAppointment = async (memberId: string, coachId: string) => {
    const now = t.clock.now();
    await t.server.database.db.execute(
      sql`insert into appointments (member_id, mx_doctor_id, state, type, channel, practice, language, service_scope, start_date, created_at, updated_at)
          values (${memberId}, ${coachId}, '11-finished', 'on-demand', 'video-call', 'health', 'es', 'full-care', ${now}, ${now}, ${now})`,
    );
  };

  it("a coach's read of her patient leaves a row; the member's own read does not", async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    await addAppointment(ana.member.id, coach.id);
    const coachSession = await createSessionFor(t.server, coach.id);
    const read = await request(t.url, `/api/members/${ana.member.id}`, { token: coachSession.sessionToken });
    expect(read.status).toBe(200);
    // The coach gets the care view (strict: a self-view field would fail the parse).
    expect(memberCareViewSchema.parse(read.body).id).toBe(ana.member.id);
    const own = await request(t.url, `/api/members/${ana.member.id}`, { token: ana.sessionToken });
    expect(own.status).toBe(200);
    expect(memberSchema.parse(own.body).id).toBe(ana.member.id);
    const rows = await t.server.services.audit.forSubject(ana.member.id);
    expect(rows.map((r) => [r.actorId, r.actorRole, r.action, r.resource])).toEqual([[coach.id, 'mx-physician', 'read', 'member']]);
  });

  it('a coach without a care relationship and another member are refused (404), and the refusal is recorded', async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    const stranger = await createMember(t.server, { userType: 'mx-physician' });
    const strangerSession = await createSessionFor(t.server, stranger.id);
    expect((await request(t.url, `/api/members/${ana.member.id}`, { token: strangerSession.sessionToken })).status).toBe(404);
    const eve = await loginByPhone(t.url, randomUsPhone());
    expect((await request(t.url, `/api/members/${ana.member.id}`, { token: eve.sessionToken })).status).toBe(404);
    expect((await request(t.url, `/api/members/${ana.member.id}/recovery-code`, { token: eve.sessionToken })).status).toBe(404);
    const rows = await t.server.services.audit.forSubject(ana.member.id);
    expect(rows.map((r) => [r.actorId, r.action, r.resource])).toEqual([
      [stranger.id, 'read-denied', 'member'],
      [eve.member.id, 'read-denied', 'member'],
      [eve.member.id, 'read-denied', 'recovery-code'],
    ]);
  });

  it('an admin may read a member, audited; unauthenticated is refused', async () => {
    const ana = await loginByPhone(t.url, randomMxPhone());
    const admin = await createMember(t.server, { userType: 'admin' });
    const adminSession = await createSessionFor(t.server, admin.id);
    const read = await request(t.url, `/api/members/${ana.member.id}`, { token: adminSession.sessionToken });
    expect(read.status).toBe(200);
    // An admin gets the same narrow care view as a physician (minimum necessary).
    expect(memberCareViewSchema.parse(read.body).id).toBe(ana.member.id);
    expect((await request(t.url, `/api/members/${ana.member.id}`)).status).toBe(401);
    expect((await t.server.services.audit.forSubject(ana.member.id)).map((r) => r.actorRole)).toEqual(['admin']);
  });
});
