import { APPOINTMENT_GQL, type AppointmentDto, type ConsultationNoteDto } from '@puente/contracts';
import {
  APPOINTMENT_STATE as S,
  APPOINTMENT_TRANSITIONS,
  assertTransition,
  REASONS_BY_ROLE,
  type AppointmentState,
  type TransitionRole,
} from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import { appointmentData, memberWithSession, onlinePhysician, openSocket, startTestServer, type Participant, type TestServer, type TestSocket } from '../../test';
import { expectError, gql, insertAppointment, MONDAY_10, nextAlert, readAppointment, transitionsOf } from './appointments.test-kit';

let t: TestServer;
const sockets: TestSocket[] = [];
let member: Participant;
let coach: Participant;
let doctor: Participant;
let admin: Participant;
beforeAll(async () => {
  t = await startTestServer({ clock: createControlledClock(MONDAY_10) });
  member = await memberWithSession(t.server);
  const c = await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health', licenses: ['MX'] });
  const d = await onlinePhysician(t.server, t.url, { userType: 'us-physician', languages: ['en', 'es'], licenses: ['CA', 'TX'] });
  sockets.push(c.socket, d.socket);
  coach = c;
  doctor = d;
  admin = await memberWithSession(t.server, { userType: 'admin' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const tokenOf: Record<Exclude<TransitionRole, 'system'>, () => string> = {
  member: () => member.token,
  'mx-physician': () => coach.token,
  'us-physician': () => doctor.token,
  admin: () => admin.token,
};
const ROLES = Object.keys(tokenOf) as Exclude<TransitionRole, 'system'>[];

/** The reason a role would give on an edge that needs one (the first it may give). */
const reasonFor = (rule: (typeof APPOINTMENT_TRANSITIONS)[number], role: TransitionRole): string | undefined =>
  rule.reasons ? (rule.reasons.find((r) => REASONS_BY_ROLE[role].includes(r)) ?? rule.reasons[0]) : undefined;

// Edges the server only takes itself or through a dedicated call (prescriptions, taking a request).
const rows = APPOINTMENT_TRANSITIONS.filter((r) => r.from !== S.EMPTY && r.to !== S.SCHEDULED_CANCELED).flatMap((rule) =>
  ROLES.map((role) => ({ rule, role, reason: reasonFor(rule, role) })),
);

describe('every edge of the machine, for every role, through updateAppointment (spec 4)', () => {
  it.each(rows.map((r) => [r.rule.from, r.rule.to, r.role, r.reason ?? '-', r] as const))('%s -> %s as %s (reason %s)', async (from, to, role, _reason, row) => {
    // The appointment is the member's, with the coach and (for the doctor's phases) the US doctor
    // assigned; the member is in California, where the doctor is licensed.
    const inQueue = from === S.S1_IN_QUEUE_FOR_COACH || from === S.S6_IN_QUEUE_FOR_ER;
    const a = await insertAppointment(t, {
      memberId: member.user.id,
      state: from,
      mxDoctorId: from === S.S1_IN_QUEUE_FOR_COACH ? null : coach.user.id,
      usDoctorId: inQueue || from === S.COACH_REQUEST_US_DR ? null : doctor.user.id,
      location: { country: 'US', state: 'CA', city: 'San Francisco' },
    });
    const expected = assertTransition(from, to, role, { reason: row.reason, licensedStates: role === 'us-physician' ? ['CA', 'TX'] : ['MX'], memberState: 'CA' });
    const res = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: to, statusReason: row.reason ?? null } }, tokenOf[role]());
    if (expected.ok) {
      expect(res.error).toBeUndefined();
      expect(await transitionsOf(t, a.id)).toContainEqual([from, to, row.reason ?? null]);
    } else {
      expect(res.error?.status).toBeGreaterThanOrEqual(400);
      expect(res.error?.status).toBeLessThan(500);
      expect(['CONFLICT', 'INVALID_DATA', 'APPOINTMENT_ALREADY_CANCELED', 'APPOINTMENT_ALREADY_FINISHED', 'NOT_FOUND']).toContain(res.code);
      expect((await readAppointment(t, a.id)).state).toBe(from);
    }
  });
});

describe('licensure and roles (spec 1/6): only a US doctor licensed in the member state prescribes; a coach never', () => {
  const rx = [{ code: '197361', codeSystem: 'RxNorm', name: 'Amoxicillin 500 MG', qty: '21', freq: 'c/8h', duration: '7 días' }];
  it.each([
    ['CA', true],
    ['TX', true],
    ['FL', false],
    ['AZ', false],
  ])('a doctor licensed in CA and TX prescribing for a member in %s: %s', async (state, allowed) => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S9_ER_ENDS_CALL, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id, location: { country: 'US', state, city: 'X' } });
    const res = await gql(t, APPOINTMENT_GQL.sendPrescription, { appointmentId: a.id, prescriptions: rx }, doctor.token);
    if (allowed) {
      expect(res.data).toMatchObject({ state: S.S10_ER_SENDS_RX, prescriptionNeeded: true, prescriptions: [expect.objectContaining({ name: 'Amoxicillin 500 MG' })] });
    } else {
      expectError(res, 'CONFLICT');
      expect(res.error?.data).toMatchObject({ transitionError: 'not-licensed-to-prescribe' });
    }
  });

  it('a coach can never send a prescription nor write a treatment, whatever the state', async () => {
    for (const state of [S.S4_COACH_ENDS_CALL, S.S3_COACH_JOINS_CALL, S.S9_ER_ENDS_CALL] as AppointmentState[]) {
      const a = await insertAppointment(t, { memberId: member.user.id, state, mxDoctorId: coach.user.id, location: { country: 'MX', state: 'CDMX', city: 'CDMX' } });
      expectError(await gql(t, APPOINTMENT_GQL.sendPrescription, { appointmentId: a.id, prescriptions: rx }, coach.token), 'CONFLICT');
      const treatment = await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: a.id, medicalRecord: { plan: { treatment: [{ medication: 'Ibuprofeno', dosis: '400 mg' }] } } }, coach.token);
      expectError(treatment, 'CONFLICT');
      expect((await readAppointment(t, a.id)).prescriptions).toEqual([]);
    }
  });

  it('physicians write the medical record; the member reads it without the internal notes and cannot write it', async () => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    const record = { internalNotes: 'Sospecha de migraña; descartar HTA.', plan: { conclusions: 'Cefalea tensional', recomendations: 'Hidratación y descanso' } };
    const saved = await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: a.id, medicalRecord: record }, coach.token);
    expect(saved.data?.medicalRecord).toMatchObject(record);
    const mine = await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: a.id }, member.token);
    expect(mine.data?.medicalRecord).toMatchObject({ internalNotes: null, plan: { conclusions: 'Cefalea tensional' } });
    expectError(await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: a.id, medicalRecord: { internalNotes: 'x' } }, member.token), 'FORBIDDEN');
    // The US doctor in California may add a treatment.
    const b = await insertAppointment(t, { memberId: member.user.id, state: S.S8_ER_JOINS_CALL, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id });
    const treated = await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: b.id, medicalRecord: { plan: { treatment: [{ medication: 'Ibuprofeno', dosis: '400 mg c/8h' }] } } }, doctor.token);
    expect(treated.data?.medicalRecord?.plan?.treatment).toEqual([{ medication: 'Ibuprofeno', dosis: '400 mg c/8h' }]);
  });

  it('a save changes only what it carries: the US doctor’s treatment keeps the coach’s plan, her later conclusions keep his treatment and her notes', async () => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S8_ER_JOINS_CALL, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id });
    const save = (medicalRecord: Record<string, unknown>, token: string) => gql<AppointmentDto>(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: a.id, medicalRecord }, token);
    await save({ internalNotes: 'Descartar HTA.', plan: { conclusions: 'Faringitis', recomendations: 'Reposo' } }, coach.token);
    const treated = await save({ plan: { treatment: [{ medication: 'Amoxicilina', dosis: '500 mg c/8h' }] } }, doctor.token);
    expect(treated.data?.medicalRecord).toMatchObject({ internalNotes: 'Descartar HTA.', plan: { conclusions: 'Faringitis', recomendations: 'Reposo', treatment: [{ medication: 'Amoxicilina' }] } });
    // Her conclusions, later: no treatment sent, so no licence asked; his treatment and the rest stay.
    const later = await save({ plan: { conclusions: 'Faringitis bacteriana' } }, coach.token);
    expect(later.error).toBeUndefined();
    expect(later.data?.medicalRecord).toMatchObject({ internalNotes: 'Descartar HTA.', plan: { conclusions: 'Faringitis bacteriana', recomendations: 'Reposo', treatment: [{ medication: 'Amoxicilina' }] } });
    // The plan's text keeps its writer's language: a treatment alone did not relabel it English.
    expect((await readAppointment(t, a.id)).medicalRecord?.planLanguage).toBe('es');
    // An emptied field (the plan tab sends it empty) is cleared.
    expect((await save({ plan: { recomendations: '' } }, coach.token)).data?.medicalRecord?.plan).toMatchObject({ conclusions: 'Faringitis bacteriana', recomendations: '' });
  });

  it('a save that would write over a colleague’s text since its writer read it is refused, and two saves at once both land', async () => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S8_ER_JOINS_CALL, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id });
    const save = (medicalRecord: Record<string, unknown>, basedOn: Record<string, unknown> | undefined, token: string) =>
      gql<AppointmentDto>(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: a.id, medicalRecord, ...(basedOn ? { basedOn } : {}) }, token);
    await save({ plan: { conclusions: 'Faringitis' } }, undefined, coach.token);
    // He read 'Faringitis' and changed it: nobody had changed it since.
    expect((await save({ plan: { conclusions: 'Faringitis bacteriana' } }, { plan: { conclusions: 'Faringitis' } }, doctor.token)).error).toBeUndefined();
    // She too read 'Faringitis': her save would write over his text without her knowing.
    const refused = await save({ plan: { conclusions: 'Faringitis viral' } }, { plan: { conclusions: 'Faringitis' } }, coach.token);
    expectError(refused, 'CONFLICT');
    expect(refused.error).toMatchObject({ reason: 'record-changed', data: { fields: ['plan.conclusions'] } });
    expect(refused.error?.message).toMatch(/[áéíóúñ¿]|conflicto/i);
    expect((await readAppointment(t, a.id)).medicalRecord?.plan?.conclusions).toBe('Faringitis bacteriana');
    // A field nobody else touched is taken; and once she has read his text, hers is taken too.
    expect((await save({ plan: { recomendations: 'Reposo' } }, { plan: { recomendations: '' } }, coach.token)).error).toBeUndefined();
    expect((await save({ plan: { conclusions: 'Faringitis viral' } }, { plan: { conclusions: 'Faringitis bacteriana' } }, coach.token)).data?.medicalRecord?.plan).toMatchObject({ conclusions: 'Faringitis viral', recomendations: 'Reposo' });
    // Two saves at the same moment, of different texts, both from the record as it was: both land.
    const both = await Promise.all([
      save({ internalNotes: 'Descartar HTA.' }, { internalNotes: '' }, coach.token),
      save({ plan: { treatment: [{ medication: 'Amoxicilina', dosis: '500 mg c/8h' }] } }, undefined, doctor.token),
      save({ plan: { recomendations: 'Reposo y líquidos' } }, { plan: { recomendations: 'Reposo' } }, doctor.token),
    ]);
    expect(both.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect((await readAppointment(t, a.id)).medicalRecord).toMatchObject({
      internalNotes: 'Descartar HTA.',
      plan: { conclusions: 'Faringitis viral', recomendations: 'Reposo y líquidos', treatment: [{ medication: 'Amoxicilina' }] },
    });
    // Two saves at once of the same text from the same reading: one lands, the other is refused.
    const race = await Promise.all([
      save({ internalNotes: 'Mine' }, { internalNotes: 'Descartar HTA.' }, coach.token),
      save({ internalNotes: 'His' }, { internalNotes: 'Descartar HTA.' }, doctor.token),
    ]);
    expect(race.map((r) => r.code ?? 'ok').sort()).toEqual(['CONFLICT', 'ok']);
  });

  it('a save of the record tells its physicians to read it again (appointment-record-update), and never the member', async () => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S8_ER_JOINS_CALL, mxDoctorId: coach.user.id, usDoctorId: doctor.user.id });
    const memberSocket = await openSocket(t.url, member.token);
    sockets.push(memberSocket);
    const heard = { coach: [] as unknown[], doctor: [] as unknown[], member: [] as unknown[] };
    const listen = (socket: TestSocket, into: unknown[]) => socket.on('appointment-record-update', (p) => void into.push(p));
    listen(coach.socket!, heard.coach);
    listen(doctor.socket!, heard.doctor);
    listen(memberSocket, heard.member);
    await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: a.id, medicalRecord: { plan: { conclusions: 'Faringitis' } } }, doctor.token);
    await expect.poll(() => heard.coach).toEqual([{ appointmentId: a.id }]);
    const note = await gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId: a.id, templateId: 'health-soap', values: { subjective: 'Dolor de garganta' } }, coach.token);
    expect(note.error).toBeUndefined();
    await expect.poll(() => heard.doctor).toEqual([{ appointmentId: a.id }, { appointmentId: a.id }]);
    // (Both saves were heard by both physicians; the member's socket, connected all along, heard none.)
    expect(heard.coach).toHaveLength(2);
    expect(heard.member).toEqual([]);
  });

  it.each([
    [['CA'], 'CA', true],
    [['TX'], 'CA', false],
    [['CA', 'TX'], 'TX', true],
  ] as const)('a doctor licensed in %j sees an escalation of a member in %s: %s', async (licenses, state, visible) => {
    const d = await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: [...licenses] });
    sockets.push(d.socket);
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S6_IN_QUEUE_FOR_ER, mxDoctorId: coach.user.id, usDoctorNeeded: true, location: { country: 'US', state, city: 'X' } });
    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, d.token);
    expect(queue.data!.some((x) => x.id === a.id)).toBe(visible);
    const accept = await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: a.id }, d.token);
    if (visible) expect(accept.data?.state).toBe(S.S7_ER_IS_REVIEWING);
    else expectError(accept, 'NOT_FOUND');
  });

  it.each([
    ['language', { language: 'en' as const }, {}],
    ['practice', { practice: 'mentalhealth' as const }, {}],
    ['licence (a Mexican member needs a coach with a Mexican licence)', {}, { licenses: ['CA'] }],
  ])('a coach does not see a request that does not match the %s', async (_what, data, coachOptions) => {
    const m = await memberWithSession(t.server);
    const c = await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health', licenses: ['MX'], ...coachOptions });
    sockets.push(c.socket);
    // Request for Spanish physical health unless the row changes one attribute; someone else matches it.
    const request = appointmentData(data);
    const other = await onlinePhysician(t.server, t.url, { languages: [request.language ?? 'es'], practice: request.practice, licenses: ['MX'] });
    sockets.push(other.socket);
    const matching = request;
    const created = await gql<{ id: string }>(t, APPOINTMENT_GQL.createAppointment, { data: matching, returnNewDocument: false }, m.token);
    expect(created.error).toBeUndefined();
    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, c.token);
    expect(queue.data!.map((x) => x.id)).not.toContain(created.data!.id);
    expectError(await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: created.data!.id }, c.token), 'NOT_FOUND');
    await gql(t, APPOINTMENT_GQL.cancelAppointment, { appointmentId: created.data!.id, reason: 'canceled-by-socio' }, m.token);
  });

  it('a coach cannot ask for a US doctor for a member outside full care (coaching only, spec 1)', async () => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id, location: { country: 'US', state: 'NY', city: 'New York' } });
    const res = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id: a.id, state: S.COACH_REQUEST_US_DR } }, coach.token);
    expectError(res, 'CONFLICT');
    expect(res.error?.data).toMatchObject({ reason: 'coaching-only' });
  });
});

describe('escalation to a US doctor, S3 -> COACH_REQUEST_US_DR -> S6 -> ER_ACCEPTS_CONSULTATION -> S7 -> S8 -> S9 -> S10 -> S11', () => {
  it('the member and the physicians are alerted at every step and the coach notes reach the doctor', async () => {
    // Physicians free of other consultations (the ones above hold many in this file).
    const coach = await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health', licenses: ['MX'] });
    const doctor = await onlinePhysician(t.server, t.url, { userType: 'us-physician', languages: ['en', 'es'], licenses: ['CA'] });
    sockets.push(coach.socket, doctor.socket);
    const m = await memberWithSession(t.server, { address: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const memberSocket = await openSocket(t.url, m.token);
    sockets.push(memberSocket);
    const states: string[] = [];
    memberSocket.on('appointment-alert', (a) => states.push(a.state));
    const created = await gql<{ id: string }>(t, APPOINTMENT_GQL.createAppointment, { data: appointmentData({ location: { country: 'US', state: 'CA', city: 'San Francisco' } }), returnNewDocument: false }, m.token);
    const id = created.data!.id;
    await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, coach.token);
    await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S3_COACH_JOINS_CALL } }, coach.token);
    await gql(t, APPOINTMENT_GQL.saveMedicalRecord, { appointmentId: id, medicalRecord: { internalNotes: 'Posible infección de garganta; requiere antibiótico.' } }, coach.token);

    const offer = nextAlert(doctor.socket, (a) => a.appointmentId === id && a.state === S.S6_IN_QUEUE_FOR_ER);
    const requested = await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.COACH_REQUEST_US_DR } }, coach.token);
    expect(requested.data).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, usDoctorNeeded: true });
    await offer;
    const queue = await gql<AppointmentDto[]>(t, APPOINTMENT_GQL.getAppointmentQueue, {}, doctor.token);
    expect(queue.data!.find((x) => x.id === id)?.medicalRecord?.internalNotes).toBe('Posible infección de garganta; requiere antibiótico.');

    expect((await gql(t, APPOINTMENT_GQL.acceptAppointment, { appointmentId: id }, doctor.token)).data?.state).toBe(S.S7_ER_IS_REVIEWING);
    expect((await gql(t, APPOINTMENT_GQL.updateAppointment, { appointment: { id, state: S.S8_ER_JOINS_CALL } }, doctor.token)).data?.state).toBe(S.S8_ER_JOINS_CALL);
    expect((await gql(t, APPOINTMENT_GQL.finishAppointment, { appointmentId: id }, doctor.token)).data?.state).toBe(S.S9_ER_ENDS_CALL);
    const rx = [{ code: '197361', codeSystem: 'RxNorm', name: 'Amoxicillin 500 MG', qty: '21' }];
    expect((await gql(t, APPOINTMENT_GQL.sendPrescription, { appointmentId: id, prescriptions: rx }, doctor.token)).data?.state).toBe(S.S10_ER_SENDS_RX);
    const finished = nextAlert(memberSocket, (a) => a.appointmentId === id && a.state === S.S11_FINISHED);
    expect((await gql(t, APPOINTMENT_GQL.finishAppointment, { appointmentId: id }, doctor.token)).data).toMatchObject({ state: S.S11_FINISHED, status: 'finished' });
    await finished;
    expect(states).toEqual([
      S.S1_IN_QUEUE_FOR_COACH,
      S.S2_COACH_IS_REVIEWING,
      S.S3_COACH_JOINS_CALL,
      S.COACH_REQUEST_US_DR,
      S.S6_IN_QUEUE_FOR_ER,
      // The US doctor's accept is announced as the event, then the doctor reviews.
      S.ER_ACCEPTS_CONSULTATION,
      S.S7_ER_IS_REVIEWING,
      S.S8_ER_JOINS_CALL,
      S.S9_ER_ENDS_CALL,
      S.S10_ER_SENDS_RX,
      S.S11_FINISHED,
    ]);
    // The member's history shows it with the doctor's name; the member's own view hides the internal notes.
    const history = await gql<{ id: string; physicianUserType: string; prescriptionNeeded: boolean }[]>(t, APPOINTMENT_GQL.getAppointmentsHistory, { memberId: m.user.id }, m.token);
    expect(history.data!.find((h) => h.id === id)).toMatchObject({ physicianUserType: 'us-physician', prescriptionNeeded: true });
    expect((await gql(t, APPOINTMENT_GQL.appointmentDetails, { appointmentId: id }, m.token)).data?.medicalRecord?.internalNotes).toBeNull();
  });
});

describe('consultation notes by practice template (getConsultationNoteForMember)', () => {
  it('the assigned coach writes the health template; the member reads it; others are refused', async () => {
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    const empty = await gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: a.id, memberId: member.user.id }, coach.token);
    expect(empty.data).toMatchObject({ values: {}, partnerProducts: [] });
    expect(empty.data!.templates.map((x) => [x._id, x.practice])).toEqual([['health-soap', 'health']]);
    const values = { chiefComplaint: 'Dolor de garganta', assessment: 'Faringitis', plan: 'Reposo' };
    const saved = await gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId: a.id, templateId: 'health-soap', values }, coach.token);
    expect(saved.data?.values).toEqual(values);
    const read = await gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: a.id, memberId: member.user.id, templateId: 'health-soap' }, member.token);
    expect(read.data?.values).toEqual(values);
    expectError(await gql(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId: a.id, templateId: 'health-soap', values }, member.token), 'FORBIDDEN');
    expectError(await gql(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId: a.id, templateId: 'health-soap', values: { diagnosisCode: 'J02' } }, coach.token), 'INVALID_DATA');
    expectError(await gql(t, APPOINTMENT_GQL.saveConsultationNote, { appointmentId: a.id, templateId: 'mentalhealth-session', values: {} }, coach.token), 'INVALID_DATA');
    expectError(await gql(t, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: a.id, memberId: coach.user.id }, coach.token), 'NOT_FOUND');
    const mental = await insertAppointment(t, { memberId: member.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id, practice: 'mentalhealth' });
    const mentalNote = await gql<ConsultationNoteDto>(t, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: mental.id, memberId: member.user.id }, coach.token);
    expect(mentalNote.data!.templates.map((x) => x._id)).toEqual(['mentalhealth-session']);
  });
});
