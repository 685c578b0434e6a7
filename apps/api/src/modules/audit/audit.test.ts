import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, startTestServer, type TestServer } from '../../test';

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
