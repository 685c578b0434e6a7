import { memberCareViewSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createPhysician, createSessionFor, memberWithSession, request, startTestServer, type TestServer } from '../../test';
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
});
