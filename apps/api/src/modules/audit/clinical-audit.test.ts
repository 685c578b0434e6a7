import { randomUUID } from 'node:crypto';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, startTestServer, type TestServer } from '../../test';
import { createPhysician } from '../../test/appointments';
import { insertAppointment } from '../appointments/appointments.test-kit';
import { amoxicillin } from '../prescribing/prescribing.test-kit';

// Issue 9: audit is not optional. Every read or write of a clinical record, prescription, note or
// chat by anyone but the member leaves a row, recorded by the service that does it; the member's
// own access leaves none.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

interface Walk {
  member: UserRow;
  coach: UserRow;
  doctor: UserRow;
  appointmentId: string;
}

async function setUp(): Promise<Walk> {
  const member = await createMember(t.server);
  const coach = await createPhysician(t.server, { userType: 'mx-physician' });
  const doctor = await createPhysician(t.server, { userType: 'us-physician', licenses: ['CA'] });
  const row = await insertAppointment(t, { memberId: member.id, mxDoctorId: coach.id, usDoctorId: doctor.id, usDoctorNeeded: true, state: S.S9_ER_ENDS_CALL, location: { country: 'US', state: 'CA', city: 'San Francisco' } });
  return { member, coach, doctor, appointmentId: row.id };
}

/** A real 1x1 PNG (an attachment the chat accepts). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A CA member ready for a prescription (address, phone, pharmacy), her coach and her US doctor, in S9. */
async function prescribingSetUp(): Promise<Walk> {
  const member = await createMember(t.server, { address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' }, alergies: [] });
  await t.server.services.pharmacies.choose(member, { pharmacyId: 'ca-sf-mission' });
  const coach = await createPhysician(t.server, { userType: 'mx-physician' });
  const doctor = await createPhysician(t.server, { userType: 'us-physician', licenses: ['CA'], user: { firstName: 'Jane', lastName: 'Roe' } });
  const row = await insertAppointment(t, { memberId: member.id, mxDoctorId: coach.id, usDoctorId: doctor.id, usDoctorNeeded: true, state: S.S9_ER_ENDS_CALL, location: { country: 'US', state: 'CA', city: 'San Francisco' } });
  return { member, coach, doctor, appointmentId: row.id };
}

const rowsAfter = async (memberId: string, before: number) => (await t.server.services.audit.forSubject(memberId)).slice(before);
const countFor = async (memberId: string) => (await t.server.services.audit.forSubject(memberId)).length;

describe('every clinical operation by someone else leaves its audit row', () => {
  it('medical record, prescription, notes and chat: one row each, with who, what and which record', async () => {
    const w = await setUp();
    const { appointments, chat } = t.server.services;
    const steps: [string, (before: number) => Promise<unknown>, { actor: UserRow; action: string; resource: string }][] = [
      ['the coach writes the medical record', () => appointments.saveMedicalRecord(w.coach, w.appointmentId, { internalNotes: 'private' }, 'es'), { actor: w.coach, action: 'update', resource: 'medical-record' }],
      ['the coach reads the appointment with its record', () => appointments.get(w.coach, w.appointmentId, 'es'), { actor: w.coach, action: 'read', resource: 'medical-record' }],
      ['the coach reads the consultation note', () => appointments.consultationNote(w.coach, w.appointmentId, w.member.id, undefined), { actor: w.coach, action: 'read', resource: 'consultation-note' }],
      [
        'the coach writes the consultation note',
        async () => {
          const note = await appointments.consultationNote(w.coach, w.appointmentId, w.member.id, undefined);
          const template = note.templates[0]!;
          const before = await countFor(w.member.id);
          await appointments.saveConsultationNote(w.coach, w.appointmentId, template._id, { [template.fields[0]!.name]: 'x' });
          return before;
        },
        { actor: w.coach, action: 'update', resource: 'consultation-note' },
      ],
      ['the US doctor sends a prescription', () => appointments.sendPrescription(w.doctor, w.appointmentId, [{ code: '197361', codeSystem: 'RxNorm', name: 'Amlodipine 5 mg' }], 'es'), { actor: w.doctor, action: 'create', resource: 'prescription' }],
      ['the coach reads the chat', () => chat.getConversation(w.coach, w.appointmentId, {}), { actor: w.coach, action: 'read', resource: 'chat' }],
      ['the coach writes in the chat', () => chat.sendText({ userId: w.coach.id, sessionScope: null }, { conversationId: w.appointmentId, clientMessageId: randomUUID(), body: 'hola' }), { actor: w.coach, action: 'create', resource: 'chat-message' }],
    ];
    for (const [name, run, expected] of steps) {
      const before = await countFor(w.member.id);
      const result = await run(before);
      const rows = await rowsAfter(w.member.id, typeof result === 'number' ? result : before);
      const match = rows.find((r) => r.action === expected.action && r.resource === expected.resource);
      expect(match, name).toMatchObject({ actorId: expected.actor.id, actorRole: expected.actor.userType, subjectId: w.member.id, recordId: w.appointmentId });
      // Ids and field names only: never the values.
      expect(JSON.stringify(match?.detail ?? {}), name).not.toMatch(/private|hola|Amlodipine/);
    }
  });

  it('chat attachment, signed note and addendum, prescription from draft to document, handoff and history: one row each', async () => {
    const w = await prescribingSetUp();
    const other = await prescribingSetUp();
    const { appointments, chat, prescribing } = t.server.services;
    const upload = await chat.sendAttachment(w.member, w.appointmentId, { fields: { type: 'symptoms', clientMessageId: randomUUID() }, fileName: 'garganta.png', data: PNG_1X1 });
    const note = await appointments.consultationNote(w.coach, w.appointmentId, w.member.id, undefined);
    const template = note.templates[0]!;
    await appointments.saveConsultationNote(w.coach, w.appointmentId, template._id, { [template.fields[0]!.name]: 'x' });
    type Step = [string, () => Promise<unknown>, { walk?: Walk; actor: (w: Walk) => UserRow; action: string; resource: string; recordId?: false }];
    const steps: Step[] = [
      ['the coach reads a chat attachment', () => chat.readAttachment(w.coach, w.appointmentId, upload.sid), { actor: (x) => x.coach, action: 'read', resource: 'chat-attachment' }],
      ['the coach signs her note', () => appointments.signConsultationNote(w.coach, w.appointmentId, w.coach.id), { actor: (x) => x.coach, action: 'update', resource: 'consultation-note' }],
      ['the coach adds an addendum', () => appointments.addConsultationNoteAddendum(w.coach, w.appointmentId, 'later'), { actor: (x) => x.coach, action: 'create', resource: 'consultation-note-addendum' }],
      ['the US doctor reads the handoff', () => appointments.get(w.doctor, w.appointmentId, 'es'), { actor: (x) => x.doctor, action: 'read', resource: 'handoff' }],
      ['the US doctor saves a draft prescription', () => prescribing.saveDraft(w.doctor, w.appointmentId, [amoxicillin()]), { actor: (x) => x.doctor, action: 'update', resource: 'prescription' }],
      ['the US doctor reads the prescription', () => prescribing.getOrder(w.doctor, w.appointmentId), { actor: (x) => x.doctor, action: 'read', resource: 'prescription' }],
      ['the US doctor reviews the prescription', () => prescribing.review(w.doctor, w.appointmentId), { actor: (x) => x.doctor, action: 'update', resource: 'prescription' }],
      ['the US doctor signs the prescription', () => prescribing.sign(w.doctor, w.appointmentId, 'es'), { actor: (x) => x.doctor, action: 'create', resource: 'prescription' }],
      ['the US doctor reads the signed document', () => prescribing.document(w.doctor, w.appointmentId), { actor: (x) => x.doctor, action: 'read', resource: 'prescription-document' }],
      ['the coach reads the history', () => appointments.history(w.coach, w.member.id, 'es'), { actor: (x) => x.coach, action: 'read', resource: 'appointment-history', recordId: false }],
      [
        'the US doctor records why there is no prescription',
        () => prescribing.finishWithoutPrescription(other.doctor, other.appointmentId, 'member-declined', null, 'es'),
        { walk: other, actor: (x) => x.doctor, action: 'update', resource: 'prescription' },
      ],
    ];
    for (const [name, run, expected] of steps) {
      const walk = expected.walk ?? w;
      const before = await countFor(walk.member.id);
      await run();
      const rows = await rowsAfter(walk.member.id, before);
      const actor = expected.actor(walk);
      const match = rows.find((r) => r.action === expected.action && r.resource === expected.resource);
      expect(match, name).toMatchObject({ actorId: actor.id, actorRole: actor.userType, subjectId: walk.member.id, recordId: expected.recordId === false ? null : walk.appointmentId });
      expect(JSON.stringify(match?.detail ?? {}), name).not.toMatch(/later|amoxicillin/i);
    }
    // The member's own read of her signed prescription is hers: no row.
    const before = await countFor(w.member.id);
    expect((await prescribing.document(w.member, w.appointmentId)).subarray(0, 5).toString()).toBe('%PDF-');
    await chat.readAttachment(w.member, w.appointmentId, upload.sid);
    expect(await countFor(w.member.id)).toBe(before);
  });

  it("the member's own reads and writes leave no row", async () => {
    const w = await setUp();
    const { appointments, chat } = t.server.services;
    await appointments.saveMedicalRecord(w.coach, w.appointmentId, { internalNotes: 'n' }, 'es');
    const before = await countFor(w.member.id);
    await appointments.get(w.member, w.appointmentId, 'es');
    await chat.getConversation(w.member, w.appointmentId, {});
    await chat.sendText({ userId: w.member.id, sessionScope: null }, { conversationId: w.appointmentId, clientMessageId: randomUUID(), body: 'gracias' });
    expect(await countFor(w.member.id)).toBe(before);
  });
});

describe('the audit row and the write it records are one transaction', () => {
  it('a failure after the audit row is written rolls back both the record and its row', async () => {
    const w = await setUp();
    const { appointments, audit } = t.server.services;
    await appointments.saveMedicalRecord(w.coach, w.appointmentId, { internalNotes: 'first' }, 'es');
    const template = (await appointments.consultationNote(w.coach, w.appointmentId, w.member.id, undefined)).templates[0]!;
    const before = await countFor(w.member.id);
    // The row is inserted in the write's transaction, then something fails before the commit.
    const record = audit.record.bind(audit);
    const spy = vi.spyOn(audit, 'record').mockImplementation(async (entry, db) => {
      await record(entry, db);
      throw new Error('disk full');
    });
    try {
      await expect(appointments.saveMedicalRecord(w.coach, w.appointmentId, { internalNotes: 'second' }, 'es')).rejects.toThrow('disk full');
      await expect(appointments.saveConsultationNote(w.coach, w.appointmentId, template._id, { [template.fields[0]!.name]: 'second' })).rejects.toThrow('disk full');
    } finally {
      spy.mockRestore();
    }
    // Neither the change nor its row: the record still says "first", and no audit row was left.
    const rows = (await audit.forSubject(w.member.id)).slice(before);
    expect(rows.filter((r) => r.action === 'update')).toEqual([]);
    const seen = await appointments.get(w.coach, w.appointmentId, 'es');
    expect(JSON.stringify(seen)).toContain('first');
    expect(JSON.stringify(seen)).not.toContain('second');
    const note = await appointments.consultationNote(w.coach, w.appointmentId, w.member.id, template._id);
    expect(JSON.stringify(note)).not.toContain('second');
  });
});
