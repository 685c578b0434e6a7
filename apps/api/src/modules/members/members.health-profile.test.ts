import { GQL, memberCareViewSchema, memberDataUpdateSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createPhysician, createSessionFor, graphql, memberWithSession, openSocket, request, startTestServer, type TestServer } from '../../test';
import { insertAppointment } from '../appointments/appointments.test-kit';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const patch = (memberId: string, body: unknown, token?: string) => request(t.url, `/api/members/${memberId}/health-profile`, { method: 'PATCH', body, token });
const clinician = async (userType: 'mx-physician' | 'us-physician' = 'mx-physician') => {
  const user = await createPhysician(t.server, { userType });
  const { sessionToken } = await createSessionFor(t.server, user.id);
  return { user, token: sessionToken };
};

describe('her clinician corrects the member’s health profile (issue 11)', () => {
  it('the coach of her consultation adds an allergy: saved, shown in the care view, audited with field names only', async () => {
    const member = await memberWithSession(t.server, { alergies: ['Polen'] });
    const coach = await clinician();
    await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });

    const res = await patch(member.user.id, { alergies: ['Polen', 'Penicilina'], medications: ['Losartán 50 mg'] }, coach.token);
    expect(res.status).toBe(200);
    expect(memberCareViewSchema.parse(res.body)).toMatchObject({ alergies: ['Polen', 'Penicilina'], medications: ['Losartán 50 mg'] });
    const read = await request(t.url, `/api/members/${member.user.id}`, { token: coach.token });
    expect(read.body).toMatchObject({ alergies: ['Polen', 'Penicilina'] });

    const rows = await t.server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, member.user.id), eq(auditLog.resource, 'health-profile')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: coach.user.id, action: 'update' });
    expect(JSON.stringify(rows[0])).not.toContain('Penicilina');
  });

  it('refuses anyone without a care relationship (404, audited), the unauthenticated, and bad input (400 with field keys)', async () => {
    const member = await memberWithSession(t.server);
    const stranger = await clinician('us-physician');
    const coach = await clinician();
    await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });

    expect((await patch(member.user.id, { alergies: ['X'] })).status).toBe(401);
    expect((await patch(member.user.id, { alergies: ['X'] }, stranger.token)).status).toBe(404);
    // The member edits her own profile with updateMember, not here.
    expect((await patch(member.user.id, { alergies: ['X'] }, member.token)).status).toBe(404);
    const denied = await t.server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, member.user.id), eq(auditLog.action, 'read-denied')));
    expect(denied.length).toBeGreaterThanOrEqual(1);

    const bad = await patch(member.user.id, { alergies: 'penicilina', notes: 'x' }, coach.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'INVALID_DATA' } });
    const empty = await patch(member.user.id, {}, coach.token);
    expect(empty.status).toBe(400);
    expect((await patch('not-a-uuid', { alergies: ['X'] }, coach.token)).status).toBe(404);
  });

  it('an edit made from what she read keeps what the member changed since: her new allergy stays, the surgery keeps its date through the member’s own save', async () => {
    const member = await memberWithSession(t.server, { alergies: ['Polen'] });
    const coach = await clinician();
    await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    const updateOwn = (data: unknown) => graphql<{ updateMember: unknown }>(t.url, GQL.updateMember, { memberId: member.user.id, data }, member.token);
    // The coach opened the profile ([Polen]); meanwhile the member added latex herself.
    expect((await updateOwn({ alergies: ['Polen', 'Látex'] })).status).toBe(200);
    const res = await patch(member.user.id, { alergies: ['Polen', 'Penicilina'], basedOn: { alergies: ['Polen'] } }, coach.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alergies: ['Polen', 'Látex', 'Penicilina'] });
    // What she took out goes (and only that).
    expect((await patch(member.user.id, { alergies: ['Látex', 'Penicilina'], basedOn: { alergies: ['Polen', 'Látex', 'Penicilina'] } }, coach.token)).body).toMatchObject({ alergies: ['Látex', 'Penicilina'] });
    // Without basedOn the list is hers as sent (as before).
    expect((await patch(member.user.id, { medications: ['Losartán 50 mg'] }, coach.token)).body).toMatchObject({ medications: ['Losartán 50 mg'] });
    // The coach records a surgery's date; the member's form names surgeries only: her save keeps it.
    await patch(member.user.id, { surgeries: [{ name: 'Apendicectomía', date: '2015-06-01' }] }, coach.token);
    expect((await updateOwn({ surgeries: [{ name: 'apendicectomía' }, { name: 'Cesárea' }] })).status).toBe(200);
    const read = await request(t.url, `/api/members/${member.user.id}`, { token: coach.token });
    expect(read.body).toMatchObject({ surgeries: [{ name: 'Apendicectomía', date: '2015-06-01' }, { name: 'Cesárea', date: null }] });
    // Two clinicians' edits at the same moment from the same reading: both land.
    const doctor = await clinician('us-physician');
    await insertAppointment(t, { memberId: member.user.id, state: S.S8_ER_JOINS_CALL, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id });
    const basedOn = { alergies: ['Látex', 'Penicilina'] };
    const both = await Promise.all([
      patch(member.user.id, { alergies: ['Látex', 'Penicilina', 'Sulfas'], basedOn }, coach.token),
      patch(member.user.id, { alergies: ['Látex', 'Penicilina', 'Ibuprofeno'], basedOn }, doctor.token),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = await request(t.url, `/api/members/${member.user.id}`, { token: coach.token });
    expect([...(after.body as { alergies: string[] }).alergies].sort()).toEqual(['Ibuprofeno', 'Látex', 'Penicilina', 'Sulfas']);
  });

  it('her signed-in devices hear what changed (member-data-update): her own save elsewhere, her clinician’s correction', async () => {
    const member = await memberWithSession(t.server, { alergies: ['Polen'] });
    const coach = await clinician();
    await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    const phone = await openSocket(t.url, member.token);
    const heard: unknown[] = [];
    phone.on('member-data-update', (p) => void heard.push(p));
    try {
      await graphql(t.url, GQL.updateMember, { memberId: member.user.id, data: { nickName: 'Anita' } }, member.token);
      await expect.poll(() => heard).toHaveLength(1);
      expect(memberDataUpdateSchema.parse(heard[0]).member).toMatchObject({ id: member.user.id, nickName: 'Anita', alergies: ['Polen'] });
      expect(heard[0]).not.toHaveProperty('member.organization');
      await patch(member.user.id, { alergies: ['Polen', 'Penicilina'], basedOn: { alergies: ['Polen'] } }, coach.token);
      await expect.poll(() => heard).toHaveLength(2);
      expect(heard[1]).toEqual({ member: { alergies: ['Polen', 'Penicilina'], medications: [], medicalConditions: [], surgeries: [] } });
    } finally {
      phone.disconnect();
    }
  });
});
