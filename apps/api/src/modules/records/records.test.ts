import { APPOINTMENT_GQL, clinicianListSchema, GQL, historyPageSchema, memberRecordSchema, type ConsultationNoteDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S, HARDCODED_TOPIC_IDS, HISTORY_PAGE_MAX } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationNotes } from '../../db/schema';
import type { TranslationProvider } from '../../providers/translation/translation.provider';
import { createOrganization, createPhysician, createSessionFor, graphql, insertConsultation, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/** What the member keeps (issue 12): her history in pages and one consultation as she reads it. */
let t: TestServer;
// A stand-in for an outside translation service: marks what it translated.
const translation: TranslationProvider = { name: 'test', translate: (text, from, to) => Promise.resolve(`[${from}->${to}] ${text}`) };
beforeAll(async () => {
  t = await startTestServer({ providers: { translation } });
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('the member pages through hundreds of consultations (getAppointmentsHistory, paged)', () => {
  it('newest first, 20 a page by default, every one exactly once, her own only', async () => {
    const ana = await memberWithSession(t.server);
    const coach = await createPhysician(t.server, { user: { firstName: 'María', lastName: 'Hernández' } });
    const base = t.clock.now().getTime();
    const ids: string[] = [];
    // 230 consultations, two of them at the same instant (the cursor must keep both).
    for (let i = 0; i < 230; i++) {
      const row = await insertConsultation(t.server, { memberId: ana.user.id, mxDoctorId: coach.id, state: S.S11_FINISHED, status: 'finished', startDate: new Date(base - Math.min(i, 229 - 1) * DAY) });
      ids.push(row.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await request(t.url, `/api/records/history${cursor ? `?cursor=${cursor}` : ''}`, { token: ana.token });
      expect(res.status).toBe(200);
      const page = historyPageSchema.parse(res.body);
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items.map((i) => i.id));
      if (pages === 0) expect(page.items[0]).toMatchObject({ physicianName: 'María Hernández', state: S.S11_FINISHED, status: 'finished' });
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(12);
    expect(new Set(seen).size).toBe(230);
    expect(seen.sort()).toEqual([...ids].sort());

    const big = await request(t.url, `/api/records/history?limit=${HISTORY_PAGE_MAX}`, { token: ana.token });
    expect(historyPageSchema.parse(big.body).items).toHaveLength(HISTORY_PAGE_MAX);
    const bad = await request(t.url, `/api/records/history?limit=${HISTORY_PAGE_MAX + 1}`, { token: ana.token });
    expect([bad.status, (bad.body as { error: { code: string; fields: unknown } }).error]).toMatchObject([400, { code: 'INVALID_DATA', fields: { limit: 'invalid_limit' } }]);
    const forged = await request(t.url, `/api/records/history?cursor=bm90LWEtY3Vyc29y`, { token: ana.token });
    expect([forged.status, (forged.body as { error: { fields: unknown } }).error.fields]).toEqual([400, { cursor: 'invalid_cursor' }]);
    expect((await request(t.url, '/api/records/history')).status).toBe(401);

    // Another member sees none of them.
    const eve = await memberWithSession(t.server);
    expect(historyPageSchema.parse((await request(t.url, '/api/records/history', { token: eve.token })).body)).toEqual({ items: [], nextCursor: null });
  });
});

describe('her topic in the language she reads the app in, not the one she asked in', () => {
  it('history and record name the topic in her language; what she typed and a topic her menu no longer has stay as written', async () => {
    const ana = await memberWithSession(t.server, { preferredLang: 'es' });
    const coach = await createPhysician(t.server);
    const base = t.clock.now().getTime();
    const finished = { memberId: ana.user.id, mxDoctorId: coach.id, state: S.S11_FINISHED, status: 'finished' as const };
    // Asked in English, before she switched the app to Spanish.
    const asked = await insertConsultation(t.server, { ...finished, language: 'en', startDate: new Date(base - 3 * DAY), topic: { topicId: HARDCODED_TOPIC_IDS.mental, topicText: 'Mental health', subtopicId: 'stress', subtopicText: 'Stress and anxiety' } });
    const typed = await insertConsultation(t.server, { ...finished, startDate: new Date(base - 2 * DAY), topic: { topicId: HARDCODED_TOPIC_IDS.physical, topicText: 'Physical health' }, selfAssessment: { appointmentReason: 'Dolor de garganta', appointmentReasonKey: HARDCODED_TOPIC_IDS.physical, painLevel: 3, symptoms: [] } });
    const gone = await insertConsultation(t.server, { ...finished, startDate: new Date(base - DAY), topic: { topicId: 'retired_topic', topicText: 'Back pain' } });

    const page = historyPageSchema.parse((await request(t.url, '/api/records/history', { token: ana.token })).body);
    const reason = (id: string) => page.items.find((i) => i.id === id)?.reason;
    expect([reason(asked.id), reason(typed.id), reason(gone.id)]).toEqual(['Salud mental', 'Dolor de garganta', 'Back pain']);

    const record = memberRecordSchema.parse((await request(t.url, `/api/records/appointments/${asked.id}`, { token: ana.token })).body);
    expect(record.appointment.topic).toEqual({ topicId: HARDCODED_TOPIC_IDS.mental, topicText: 'Salud mental', subtopicId: 'stress', subtopicText: 'Estrés y ansiedad' });
    // The stored consultation keeps what was asked (her coach reads it as asked).
    const stored = await t.server.database.db.query.appointments.findFirst({ where: (a, { eq }) => eq(a.id, asked.id) });
    expect(stored?.topic?.topicText).toBe('Mental health');
  });
});

describe("one consultation as the member reads it", () => {
  it('summary, treatment, pharmacy and notes; free text labelled with its language and offered translated', async () => {
    const ana = await memberWithSession(t.server, { preferredLang: 'es' });
    const coach = await createPhysician(t.server);
    const doctor = await createPhysician(t.server, { userType: 'us-physician' });
    const row = await insertConsultation(t.server, {
      memberId: ana.user.id,
      mxDoctorId: coach.id,
      usDoctorId: doctor.id,
      language: 'en',
      state: S.TREAT_COMPLETED,
      status: 'finished',
      prescriptionNeeded: true,
      prescriptions: [
        { code: '197361', codeSystem: 'RxNorm', name: 'Amoxicillin 500 MG Oral Capsule', dosage: '1 capsule', freq: 'every 8 hours', duration: '7 days', qty: '21', sig: 'Take with food' },
        // A structured line: its sig was generated at signing, it is not the doctor's free text.
        { code: '310965', codeSystem: 'RXNORM', name: 'Ibuprofen 400 MG Oral Tablet', dosage: '1 tablet', freq: 'every 8 hours', duration: '5 days', qty: '15 tablets', sig: 'Take 1 tablet by mouth every 8 hours for 5 days.', route: 'oral', dose: 1, doseUnit: 'tablet', frequency: 'every-8-hours', durationDays: 5, quantity: 15, quantityUnit: 'tablet' },
      ],
      medicalRecord: {
        internalNotes: 'Doctors only',
        plan: { conclusions: 'Acute sinusitis', recomendations: 'Rest and fluids' },
        pharmacy: { pharmStoreName: 'CVS', pharmAddressLine1: '1 Main St', pharmCity: 'San Francisco', pharmState: 'CA', pharmZip: '94103', pharmPhone: '+14155550100', pharmLatitude: 37.77, pharmLongitude: -122.41 },
      },
      chatHasMessages: true,
    });
    await t.server.database.db.insert(consultationNotes).values({ appointmentId: row.id, templateId: 'health-soap', values: { assessment: 'Sinusitis', plan: 'Amoxicillin' }, authorId: coach.id, updatedAt: t.clock.now() });

    const res = await request(t.url, `/api/records/appointments/${row.id}`, { token: ana.token });
    expect(res.status).toBe(200);
    const record = memberRecordSchema.parse(res.body);
    expect(JSON.stringify(res.body)).not.toContain('Doctors only');
    expect(record.notesHidden).toBe(false);
    expect(record.note).toEqual([
      { name: 'assessment', value: { text: 'Sinusitis', language: 'en', translation: '[en->es] Sinusitis' } },
      { name: 'plan', value: { text: 'Amoxicillin', language: 'en', translation: '[en->es] Amoxicillin' } },
    ]);
    expect(record.plan).toEqual({
      conclusions: { text: 'Acute sinusitis', language: 'en', translation: '[en->es] Acute sinusitis' },
      recomendations: { text: 'Rest and fluids', language: 'en', translation: '[en->es] Rest and fluids' },
    });
    expect(record.prescriptionNotes).toEqual([{ text: 'Take with food', language: 'en', translation: '[en->es] Take with food' }, null]);
    expect(record.appointment.medicalRecord?.pharmacy).toMatchObject({ pharmStoreName: 'CVS', pharmPhone: '+14155550100' });
    expect(record.surveyAnswered).toBe(false);

    // Nobody else reads it here: another member, the coach (the dashboard is theirs), no session.
    const eve = await memberWithSession(t.server);
    expect((await request(t.url, `/api/records/appointments/${row.id}`, { token: eve.token })).status).toBe(404);
    expect((await request(t.url, `/api/records/appointments/not-an-id`, { token: ana.token })).status).toBe(404);
    expect((await request(t.url, `/api/records/appointments/${row.id}`)).status).toBe(401);
  });

  it("free text is labelled with its writer's language, not the consultation's: a US doctor's English plan in a Spanish consultation", async () => {
    const ana = await memberWithSession(t.server, { preferredLang: 'es' });
    const coach = await createPhysician(t.server, { languages: ['es'], user: { preferredLang: 'es' } });
    const doctor = await createPhysician(t.server, { userType: 'us-physician', languages: ['en'], user: { preferredLang: 'en' } });
    const row = await insertConsultation(t.server, { memberId: ana.user.id, mxDoctorId: coach.id, usDoctorId: doctor.id, usDoctorNeeded: true, language: 'es', state: S.S9_ER_ENDS_CALL, location: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const { appointments } = t.server.services;
    // The coach writes her part in Spanish; the US doctor saves the shared note with the coach's text and his own English line, then the plan.
    await appointments.saveConsultationNote(coach, row.id, 'health-soap', { assessment: 'Faringitis' });
    await appointments.saveConsultationNote(doctor, row.id, 'health-soap', { assessment: 'Faringitis', plan: 'Amoxicillin for ten days' });
    await appointments.saveMedicalRecord(doctor, row.id, { plan: { conclusions: 'Strep throat', recomendations: 'Finish the antibiotic' } }, 'es');

    const res = await request(t.url, `/api/records/appointments/${row.id}`, { token: ana.token });
    const record = memberRecordSchema.parse(res.body);
    expect(record.plan).toEqual({
      conclusions: { text: 'Strep throat', language: 'en', translation: '[en->es] Strep throat' },
      recomendations: { text: 'Finish the antibiotic', language: 'en', translation: '[en->es] Finish the antibiotic' },
    });
    expect(record.note).toEqual([
      { name: 'assessment', value: { text: 'Faringitis', language: 'es', translation: null } },
      { name: 'plan', value: { text: 'Amoxicillin for ten days', language: 'en', translation: '[en->es] Amoxicillin for ten days' } },
    ]);
    // Nothing the client sends sets the recorded language.
    expect(JSON.stringify(res.body)).not.toContain('planLanguage');
  });

  it('the same language is not translated; the offline default translates nothing', async () => {
    const offline = await startTestServer();
    try {
      const ana = await memberWithSession(offline.server, { preferredLang: 'es' });
      const row = await insertConsultation(offline.server, { memberId: ana.user.id, language: 'en', state: S.S11_FINISHED, status: 'finished', medicalRecord: { plan: { conclusions: 'Tension headache' } } });
      const record = memberRecordSchema.parse((await request(offline.url, `/api/records/appointments/${row.id}`, { token: ana.token })).body);
      expect(record.plan?.conclusions).toEqual({ text: 'Tension headache', language: 'en', translation: null });
    } finally {
      await offline.close();
    }
    const ana = await memberWithSession(t.server, { preferredLang: 'es' });
    const row = await insertConsultation(t.server, { memberId: ana.user.id, language: 'es', state: S.S11_FINISHED, status: 'finished', medicalRecord: { plan: { conclusions: 'Cefalea tensional' } } });
    const record = memberRecordSchema.parse((await request(t.url, `/api/records/appointments/${row.id}`, { token: ana.token })).body);
    expect(record.plan?.conclusions).toEqual({ text: 'Cefalea tensional', language: 'es', translation: null });
  });

  it('after expiry the notes and plan are hidden from the member (spec 4), not from her coach', async () => {
    const ana = await memberWithSession(t.server);
    const coach = await createPhysician(t.server);
    const row = await insertConsultation(t.server, { memberId: ana.user.id, mxDoctorId: coach.id, state: S.EXPIRED, status: 'finished', medicalRecord: { plan: { conclusions: 'Gastritis' } } });
    await t.server.database.db.insert(consultationNotes).values({ appointmentId: row.id, templateId: 'health-soap', values: { assessment: 'Gastritis' }, authorId: coach.id, updatedAt: t.clock.now() });
    const record = memberRecordSchema.parse((await request(t.url, `/api/records/appointments/${row.id}`, { token: ana.token })).body);
    expect([record.notesHidden, record.note, record.plan, record.appointment.medicalRecord?.plan]).toEqual([true, [], null, null]);
    // getConsultationNoteForMember (spec 7): the member gets no values after expiry.
    const q = (token: string) => graphql<{ getConsultationNoteForMember: ConsultationNoteDto }>(t.url, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: row.id, memberId: ana.user.id }, token);
    expect((await q(ana.token)).body.data?.getConsultationNoteForMember.values).toEqual({});
    const { sessionToken } = await createSessionFor(t.server, coach.id);
    expect((await q(sessionToken)).body.data?.getConsultationNoteForMember.values).toEqual({ assessment: 'Gastritis' });
  });
});

describe('the complaint form lists who cared for her (GET /api/records/clinicians)', () => {
  it('her coaches and US doctors, once each; members only', async () => {
    const ana = await memberWithSession(t.server);
    const coach = await createPhysician(t.server, { user: { firstName: 'Bruno', lastName: 'Coach' } });
    const doctor = await createPhysician(t.server, { userType: 'us-physician', user: { firstName: 'Alma', lastName: 'Doctor' } });
    await createPhysician(t.server, { user: { firstName: 'Zoe', lastName: 'Stranger' } });
    await insertConsultation(t.server, { memberId: ana.user.id, mxDoctorId: coach.id, usDoctorId: doctor.id, state: S.S11_FINISHED, status: 'finished' });
    await insertConsultation(t.server, { memberId: ana.user.id, mxDoctorId: coach.id, state: S.S12_CANCELED });
    const res = await request(t.url, '/api/records/clinicians', { token: ana.token });
    expect(clinicianListSchema.parse(res.body).clinicians).toEqual([
      { id: doctor.id, name: 'Alma Doctor', userType: 'us-physician' },
      { id: coach.id, name: 'Bruno Coach', userType: 'mx-physician' },
    ]);
    const { sessionToken } = await createSessionFor(t.server, coach.id);
    expect((await request(t.url, '/api/records/clinicians', { token: sessionToken })).status).toBe(404);
    expect((await request(t.url, '/api/records/clinicians')).status).toBe(401);
  });
});

describe('the member edits her own health profile (issue 11: audited)', () => {
  it('the change is saved and leaves one health-profile row naming the fields changed; other changes do not', async () => {
    const ana = await memberWithSession(t.server);
    const update = (data: Record<string, unknown>) => graphql<{ updateMember: { alergies: string[] } }>(t.url, GQL.updateMember, { memberId: ana.user.id, data }, ana.token);
    await update({ nickName: 'Anita' });
    expect(await t.server.services.audit.forSubject(ana.user.id)).toEqual([]);
    const res = await update({ alergies: ['Penicilina'], medications: ['Loratadina'] });
    expect(res.body.data?.updateMember.alergies).toEqual(['Penicilina']);
    const rows = await t.server.services.audit.forSubject(ana.user.id);
    expect(rows.map((r) => [r.actorId, r.actorRole, r.action, r.resource, r.detail])).toEqual([[ana.user.id, 'member', 'update', 'health-profile', { fields: ['alergies', 'medications'] }]]);
  });
});

describe('the member corrects her address from the profile (audited)', () => {
  it('the correction is saved and leaves an audit row with the field name only; other changes do not', async () => {
    const ana = await memberWithSession(t.server, { address: { country: 'US', state: 'CA', city: 'San Fransisco', zipCode: '94103' } });
    const update = (data: Record<string, unknown>) => graphql<{ updateMember: { address: unknown } }>(t.url, GQL.updateMember, { memberId: ana.user.id, data }, ana.token);
    await update({ nickName: 'Anita' });
    expect(await t.server.services.audit.forSubject(ana.user.id)).toEqual([]);
    const res = await update({ address: { country: 'US', state: 'CA', city: 'San Francisco', zipCode: '94103' } });
    expect(res.body.data?.updateMember.address).toMatchObject({ city: 'San Francisco' });
    const rows = await t.server.services.audit.forSubject(ana.user.id);
    expect(rows.map((r) => [r.actorId, r.action, r.resource, r.detail])).toEqual([[ana.user.id, 'update', 'member-address', { fields: ['address'] }]]);
    expect(JSON.stringify(rows)).not.toContain('San Francisco');
  });
});

describe('the organization exit redirect (GET /api/appointments/{id}/exit-redirect-url)', () => {
  it("an organization member goes to the survey, then, once it is answered, to her organization's home page", async () => {
    const org = await createOrganization(t.server, { homePageUrl: 'https://acme.example.com/beneficios' });
    const ana = await memberWithSession(t.server, { organizationId: org.id });
    const row = await insertConsultation(t.server, { memberId: ana.user.id, state: S.S11_FINISHED, status: 'finished' });
    const exit = async () => (await request(t.url, `/api/appointments/${row.id}/exit-redirect-url`, { token: ana.token })).body;
    expect(await exit()).toEqual({ url: `${t.server.config.publicUrl}/consulta/survey/${row.id}` });
    await t.server.services.support.createSurvey(ana.user, { type: 'general satisfaction', memberId: ana.user.id, appointmentId: row.id, items: { satisfactionLevel: 5 } });
    expect(await exit()).toEqual({ url: 'https://acme.example.com/beneficios' });
    // Without an organization the answered survey leaves her at the survey's address (the app goes home).
    const solo = await memberWithSession(t.server);
    const mine = await insertConsultation(t.server, { memberId: solo.user.id, state: S.S11_FINISHED, status: 'finished' });
    await t.server.services.support.createSurvey(solo.user, { type: 'general satisfaction', memberId: solo.user.id, appointmentId: mine.id, items: { satisfactionLevel: 4 } });
    expect((await request(t.url, `/api/appointments/${mine.id}/exit-redirect-url`, { token: solo.token })).body).toEqual({ url: `${t.server.config.publicUrl}/consulta/survey/${mine.id}` });
    expect((await request(t.url, `/api/appointments/${row.id}/exit-redirect-url`, { token: solo.token })).status).toBe(404);
  });
});

