import { APPOINTMENT_GQL, type ConsultationNoteDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { memberWithSession, onlinePhysician, type TestServer } from '../../test';
import { appointmentsTestServer, expectError, gql, insertAppointment } from './appointments.test-kit';

const env = appointmentsTestServer();
const { track } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});

const note = (appointmentId: string, memberId: string, token: string) => gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId, memberId }, token);
const save = (appointmentId: string, values: Record<string, string>, token: string) => gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId, templateId: 'health-soap', values }, token);
const sign = (appointmentId: string, authorId: string, token: string) => gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.signConsultationNote, { appointmentId, authorId }, token);
const addendum = (appointmentId: string, text: string, token: string) => gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.addConsultationNoteAddendum, { appointmentId, text }, token);

/** A consultation the coach handed to a US doctor, both in it. */
async function sharedConsultation() {
  const member = await memberWithSession(t.server);
  const coach = track(await onlinePhysician(t.server, t.url));
  const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
  const a = await insertAppointment(t, { memberId: member.user.id, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id, usDoctorNeeded: true, state: S.S8_ER_JOINS_CALL });
  return { member, coach, doctor, id: a.id };
}

describe('one shared, signed consultation record (issue 11)', () => {
  it('both clinicians write their own attributed part; signing locks it (CONFLICT note-signed, a catalogue error); later changes are addenda, attributed and audited', async () => {
    const { member, coach, doctor, id } = await sharedConsultation();
    await save(id, { chiefComplaint: 'Dolor de garganta', assessment: 'Faringitis probable' }, coach.token);
    t.clock.advance(1_000);
    await save(id, { assessment: 'Streptococcal pharyngitis', plan: 'Amoxicillin' }, doctor.token);

    const both = await note(id, member.user.id, doctor.token);
    expect(both.data!.parts).toEqual([
      expect.objectContaining({ authorId: coach.user.id, authorRole: 'mx-physician', authorName: expect.stringContaining('Coach'), values: { chiefComplaint: 'Dolor de garganta', assessment: 'Faringitis probable' }, signedAt: null }),
      expect.objectContaining({ authorId: doctor.user.id, authorRole: 'us-physician', authorName: expect.stringContaining('Doctor'), values: { assessment: 'Streptococcal pharyngitis', plan: 'Amoxicillin' }, signedAt: null }),
    ]);

    // The coach signs her part: it is locked, the doctor's is not.
    const signedAt = t.clock.now().toISOString();
    const signed = await sign(id, coach.user.id, coach.token);
    expect(signed.data!.parts.find((p) => p.authorId === coach.user.id)?.signedAt).toBe(signedAt);
    const refused = await save(id, { chiefComplaint: 'cambiado' }, coach.token);
    expectError(refused, 'CONFLICT');
    expect(refused.error).toMatchObject({ status: 409, reason: 'note-signed' });
    expectError(await sign(id, coach.user.id, coach.token), 'CONFLICT');
    expect((await note(id, member.user.id, coach.token)).data!.parts.find((p) => p.authorId === coach.user.id)?.values).toEqual({ chiefComplaint: 'Dolor de garganta', assessment: 'Faringitis probable' });
    expect((await save(id, { plan: 'Amoxicilina 500 mg' }, doctor.token)).data).toBeDefined();

    // An addendum only after signing; appended, attributed and timestamped, in order.
    expect((await addendum(id, 'too early', doctor.token)).error).toMatchObject({ code: 'CONFLICT', reason: 'note-not-signed' });
    t.clock.advance(60_000);
    const first = await addendum(id, 'La paciente refiere alergia a penicilina.', coach.token);
    t.clock.advance(60_000);
    const second = await addendum(id, 'Confirmado con la familia.', coach.token);
    expect(first.data!.addenda).toHaveLength(1);
    expect(second.data!.addenda).toEqual([
      expect.objectContaining({ authorId: coach.user.id, authorRole: 'mx-physician', authorName: expect.stringContaining('Coach'), text: 'La paciente refiere alergia a penicilina.', createdAt: new Date(Date.parse(signedAt) + 60_000).toISOString() }),
      expect.objectContaining({ authorId: coach.user.id, text: 'Confirmado con la familia.', createdAt: new Date(Date.parse(signedAt) + 120_000).toISOString() }),
    ]);
    expectError(await addendum(id, '   ', coach.token), 'INVALID_DATA');
    const audited = await t.server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, id), eq(auditLog.actorId, coach.user.id), eq(auditLog.resource, 'consultation-note-addendum')));
    expect(audited.map((r) => [r.action, r.subjectId])).toEqual([
      ['create', member.user.id],
      ['create', member.user.id],
    ]);
  });

  it('a clinician cannot sign for another; an outsider cannot sign at all; nothing written cannot be signed', async () => {
    const { member, coach, doctor, id } = await sharedConsultation();
    await save(id, { chiefComplaint: 'Tos' }, coach.token);
    expectError(await sign(id, coach.user.id, doctor.token), 'FORBIDDEN');
    const outsider = track(await onlinePhysician(t.server, t.url));
    expect((await sign(id, outsider.user.id, outsider.token)).error?.status).toBeGreaterThanOrEqual(403);
    expectError(await sign(id, member.user.id, member.token), 'FORBIDDEN');
    expectError(await sign(id, doctor.user.id, doctor.token), 'INVALID_DATA');
    expect((await note(id, member.user.id, coach.token)).data!.parts[0]!.signedAt).toBeNull();
  });

  it('the member reads her summary, never the authored parts, addenda or internal notes', async () => {
    const { member, coach, id } = await sharedConsultation();
    await save(id, { chiefComplaint: 'Tos', assessment: 'Bronquitis' }, coach.token);
    await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: id, medicalRecord: { internalNotes: 'Solo para el equipo clínico' } }, coach.token);
    await sign(id, coach.user.id, coach.token);
    await addendum(id, 'Nota interna posterior', coach.token);
    const mine = await note(id, member.user.id, member.token);
    expect(mine.data).toMatchObject({ values: { chiefComplaint: 'Tos', assessment: 'Bronquitis' }, parts: [], addenda: [] });
    expect(JSON.stringify(mine.data)).not.toContain('Nota interna posterior');
    const details = await gql(t, APPOINTMENT_GQL.appointmentDetails, { appointmentId: id }, member.token);
    expect(details.data?.medicalRecord?.internalNotes ?? null).toBeNull();
    expect(JSON.stringify(details.data)).not.toContain('Solo para el equipo clínico');
    expectError(await addendum(id, 'x', member.token), 'FORBIDDEN');
  });
});
