import {
  APPOINTMENT_GQL,
  apiErrorSchema,
  medicationSearchResponseSchema,
  myPharmacyResponseSchema,
  pharmacySearchResponseSchema,
  prescriptionOrderSchema,
  prescriptionReadinessSchema,
} from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { physicianProfiles, type NewUserRow } from '../../db/schema';
import { createPhysician, memberWithSession, onlinePhysician, openSocket, request, type TestServer } from '../../test';
import { createSessionFor } from '../../test/factories';
import { appointmentsTestServer, expectError, gql, insertAppointment, readAppointment } from '../appointments/appointments.test-kit';
import { AMOXICILLIN_500, amoxicillin } from './prescribing.test-kit';

/** Safe prescribing (issue 11) and the prescription reaching a pharmacy (issue 12), as stories on the real server. */
const env = appointmentsTestServer();
let t: TestServer;
beforeAll(() => {
  t = env.t;
});

const CA_MEMBER: Partial<NewUserRow> = {
  firstName: 'Ana',
  lastName: 'López',
  address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' },
  alergies: ['Penicilina'],
};
const AZITHROMYCIN_250 = '308460';
const ALPRAZOLAM_05 = '308048';


async function doctor(licenses: string[] = ['CA'], npi = '1234567893') {
  const user = await createPhysician(t.server, { userType: 'us-physician', licenses, languages: ['es', 'en'], user: { firstName: 'Jane', lastName: 'Roe', preferredLang: 'en' } });
  await t.server.database.db.update(physicianProfiles).set({ npi }).where(eq(physicianProfiles.userId, user.id));
  t.server.services.physicians.invalidate();
  await t.server.services.physicians.init();
  const { sessionToken } = await createSessionFor(t.server, user.id);
  return { user, token: sessionToken };
}

async function choosePharmacy(token: string, pharmacyId = 'ca-sf-mission') {
  return request(t.url, '/api/pharmacies/mine', { method: 'PUT', token, body: { pharmacyId } });
}

/** A CA member (allergic to penicillin) with a pharmacy, her US doctor and a consultation in S9. */
async function consultation(options: { state?: (typeof S)[keyof typeof S]; member?: Partial<NewUserRow>; location?: { country: string; state: string; city: string }; pharmacy?: boolean } = {}) {
  const member = await memberWithSession(t.server, { ...CA_MEMBER, ...options.member });
  if (options.pharmacy !== false) expect((await choosePharmacy(member.token)).status).toBe(200);
  const dr = await doctor();
  const appointment = await insertAppointment(t, { memberId: member.user.id, usDoctorId: dr.user.id, usDoctorNeeded: true, state: options.state ?? S.S9_ER_ENDS_CALL, location: options.location ?? { country: 'US', state: 'CA', city: 'San Francisco' } });
  return { member, dr, appointment };
}

const put = (id: string, token: string, lines: unknown[]) => request(t.url, `/api/appointments/${id}/prescription`, { method: 'PUT', token, body: { lines } });
const review = (id: string, token: string) => request(t.url, `/api/appointments/${id}/prescription/review`, { method: 'POST', token, body: {} });
const sign = (id: string, token: string) => request(t.url, `/api/appointments/${id}/prescription/sign`, { method: 'POST', token, body: {} });
const errorOf = (body: unknown) => apiErrorSchema.parse(body).error;

describe('medication directory search (clinicians only)', () => {
  it('finds by prefix and by substring from the local RxNorm formulary; members are refused', async () => {
    const dr = await doctor();
    const prefix = await request(t.url, '/api/medications?q=amox', { token: dr.token });
    expect(prefix.status).toBe(200);
    const found = medicationSearchResponseSchema.parse(prefix.body).medications;
    expect(found.map((m) => m.rxcui)).toContain(AMOXICILLIN_500);
    expect(found.find((m) => m.rxcui === AMOXICILLIN_500)).toMatchObject({ strength: '500 MG', doseForm: 'Oral Capsule', route: 'oral', drugClass: 'penicillin', schedule: null });
    // Ingredient prefixes come before mere substrings.
    expect(found[0]!.ingredient.startsWith('amox')).toBe(true);
    const substring = medicationSearchResponseSchema.parse((await request(t.url, '/api/medications?q=cillin%20500', { token: dr.token })).body).medications;
    expect(substring.map((m) => m.rxcui)).toEqual(expect.arrayContaining([AMOXICILLIN_500]));
    expect(substring.every((m) => m.name.toLowerCase().includes('cillin') && m.name.includes('500'))).toBe(true);

    const member = await memberWithSession(t.server);
    expect((await request(t.url, '/api/medications?q=amox', { token: member.token })).status).toBe(403);
    expect((await request(t.url, '/api/medications?q=amox')).status).toBe(401);
    const short = await request(t.url, '/api/medications?q=a', { token: dr.token });
    expect([short.status, errorOf(short.body).fields]).toEqual([400, { q: 'rx_search_too_short' }]);
  });
});

describe('pharmacy directory and the member’s pharmacy', () => {
  it('searches by zip code and distance, nearest first', async () => {
    const member = await memberWithSession(t.server);
    const res = await request(t.url, '/api/pharmacies?zip=94110&radiusMiles=3', { token: member.token });
    expect(res.status).toBe(200);
    const body = pharmacySearchResponseSchema.parse(res.body);
    expect(body.pharmacies.length).toBeGreaterThanOrEqual(2);
    expect(body.pharmacies[0]!.id).toBe('ca-sf-mission');
    expect(body.pharmacies.every((p) => p.distanceMiles <= 3 && p.pharmState === 'CA')).toBe(true);
    const distances = body.pharmacies.map((p) => p.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Oakland is ~8 miles away: outside 3, inside 15.
    expect(body.pharmacies.some((p) => p.id === 'ca-oak-downtown')).toBe(false);
    const wider = pharmacySearchResponseSchema.parse((await request(t.url, '/api/pharmacies?zip=94110&radiusMiles=15', { token: member.token })).body);
    expect(wider.pharmacies.some((p) => p.id === 'ca-oak-downtown')).toBe(true);
    // Phoenix, Miami, Houston have their own; New York has none of ours.
    for (const [zip, state] of [['85004', 'AZ'], ['33135', 'FL'], ['77003', 'TX']] as const) {
      const near = pharmacySearchResponseSchema.parse((await request(t.url, `/api/pharmacies?zip=${zip}&radiusMiles=10`, { token: member.token })).body);
      expect(near.pharmacies[0]?.pharmState).toBe(state);
    }
    expect(pharmacySearchResponseSchema.parse((await request(t.url, '/api/pharmacies?zip=10001&radiusMiles=10', { token: member.token })).body).pharmacies).toEqual([]);
    const bad = await request(t.url, '/api/pharmacies?zip=123', { token: member.token });
    expect([bad.status, errorOf(bad.body).fields]).toEqual([400, { zip: 'pharmacy_zip_invalid' }]);
    expect((await request(t.url, '/api/pharmacies?zip=94110')).status).toBe(401);
  });

  it('the member chooses her pharmacy; it is remembered on her and each change recorded', async () => {
    const member = await memberWithSession(t.server);
    expect(myPharmacyResponseSchema.parse((await request(t.url, '/api/pharmacies/mine', { token: member.token })).body).pharmacy).toBeNull();
    expect((await choosePharmacy(member.token, 'ca-sf-soma')).status).toBe(200);
    const chosen = await choosePharmacy(member.token, 'ca-sf-mission');
    expect(myPharmacyResponseSchema.parse(chosen.body).pharmacy).toMatchObject({ pharmStoreName: 'Mission Community Pharmacy', pharmZip: '94110', pharmState: 'CA' });
    const mine = myPharmacyResponseSchema.parse((await request(t.url, '/api/pharmacies/mine', { token: member.token })).body);
    expect(mine.pharmacy).toMatchObject({ pharmStoreName: 'Mission Community Pharmacy', pharmAddressLine1: '2480 Mission St', pharmPhone: '+14155550110' });
    expect(mine.pharmacy!.pharmLatitude).toBeCloseTo(37.75, 1);
    // Her own change of pharmacy leaves an audit row each time (field names only, never the pharmacy).
    const traces = (await t.server.services.audit.forSubject(member.user.id)).filter((r) => r.resource === 'member-pharmacy');
    expect(traces.map((r) => [r.actorId, r.action, r.detail])).toEqual([
      [member.user.id, 'update', { fields: ['pharmacy'] }],
      [member.user.id, 'update', { fields: ['pharmacy'] }],
    ]);

    const unknown = await choosePharmacy(member.token, 'nowhere');
    expect([unknown.status, errorOf(unknown.body).fields]).toEqual([400, { pharmacyId: 'pharmacy_unknown' }]);
    const dr = await doctor();
    expect((await choosePharmacy(dr.token)).status).toBe(403);
    expect((await request(t.url, '/api/pharmacies/mine', { method: 'PUT', body: { pharmacyId: 'ca-sf-mission' } })).status).toBe(401);
    // During another member's consultation: not found.
    const other = await memberWithSession(t.server);
    const theirs = await insertAppointment(t, { memberId: other.user.id, state: S.S6_IN_QUEUE_FOR_ER });
    expect((await request(t.url, '/api/pharmacies/mine', { method: 'PUT', token: member.token, body: { pharmacyId: 'ca-sf-mission', appointmentId: theirs.id } })).status).toBe(404);
  });
});

describe('readiness before escalation', () => {
  it('lists what is missing (state, address, phone, pharmacy where delivered) to the member and her physicians only', async () => {
    const member = await memberWithSession(t.server, { address: null, phoneNumber: null });
    const a = await insertAppointment(t, { memberId: member.user.id, state: S.S6_IN_QUEUE_FOR_ER, location: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const first = prescriptionReadinessSchema.parse((await request(t.url, `/api/appointments/${a.id}/prescription-readiness`, { token: member.token })).body);
    expect(first).toEqual({ appointmentId: a.id, missing: ['address', 'phone', 'pharmacy'], delivery: true, ready: false });
    await t.server.services.profile.updateMember(member.user, member.user.id, { address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' } });
    await choosePharmacy(member.token);
    const second = prescriptionReadinessSchema.parse((await request(t.url, `/api/appointments/${a.id}/prescription-readiness`, { token: member.token })).body);
    expect(second.missing).toEqual(['phone']);

    // Texas: full care, no delivery, so no pharmacy is needed.
    const tx = await memberWithSession(t.server, { address: { zipCode: '77003', city: 'Houston', state: 'TX', country: 'US' } });
    const txa = await insertAppointment(t, { memberId: tx.user.id, state: S.S6_IN_QUEUE_FOR_ER, location: { country: 'US', state: 'TX', city: 'Houston' } });
    expect(prescriptionReadinessSchema.parse((await request(t.url, `/api/appointments/${txa.id}/prescription-readiness`, { token: tx.token })).body)).toMatchObject({ missing: [], delivery: false, ready: true });
    // A state without full care cannot get a prescription at all.
    const ny = await insertAppointment(t, { memberId: tx.user.id, state: S.S11_FINISHED, location: { country: 'US', state: 'NY', city: 'New York' } });
    expect(prescriptionReadinessSchema.parse((await request(t.url, `/api/appointments/${ny.id}/prescription-readiness`, { token: tx.token })).body).missing).toContain('state');

    expect((await request(t.url, `/api/appointments/${a.id}/prescription-readiness`, { token: tx.token })).status).toBe(404);
    expect((await request(t.url, `/api/appointments/${a.id}/prescription-readiness`)).status).toBe(401);
  });
});

describe('safe prescribing', () => {
  it('only the consultation’s US doctor licensed in the member’s state prescribes', async () => {
    const { appointment, member } = await consultation();
    const txOnly = await doctor(['TX']);
    await t.server.database.db.update((await import('../../db/schema')).appointments).set({ usDoctorId: txOnly.user.id }).where(eq((await import('../../db/schema')).appointments.id, appointment.id));
    const refused = await put(appointment.id, txOnly.token, [amoxicillin()]);
    expect([refused.status, errorOf(refused.body).code]).toEqual([403, 'FORBIDDEN']);
    // Anyone else: not found (a coach, another doctor, the member).
    const coach = await onlinePhysician(t.server, t.url);
    coach.socket.disconnect();
    const stranger = await doctor();
    for (const who of [coach, stranger, member]) expect((await put(appointment.id, who.token, [amoxicillin()])).status).toBe(404);
    expect((await put(appointment.id, '', [amoxicillin()])).status).toBe(401);
  });

  it('refuses a code not in the directory, a missing dose, a controlled substance and a diagnosis outside the list', async () => {
    const { appointment, dr } = await consultation();
    const unknown = await put(appointment.id, dr.token, [amoxicillin({ rxcui: '999999991' })]);
    expect([unknown.status, errorOf(unknown.body).fields]).toEqual([400, { 'lines.0.rxcui': 'rx_medication_unknown' }]);
    const handTyped = await put(appointment.id, dr.token, [amoxicillin({ rxcui: 'abc' })]);
    expect([handTyped.status, errorOf(handTyped.body).fields]).toEqual([400, { 'lines.0.rxcui': 'rx_medication_required' }]);
    const { dose: _d, ...noDose } = amoxicillin();
    const missing = await put(appointment.id, dr.token, [noDose]);
    expect([missing.status, errorOf(missing.body).fields]).toEqual([400, { 'lines.0.dose': 'rx_dose_required' }]);
    const controlled = await put(appointment.id, dr.token, [amoxicillin({ rxcui: ALPRAZOLAM_05, doseUnit: 'tablet', quantityUnit: 'tablet' })]);
    expect([controlled.status, errorOf(controlled.body).fields]).toEqual([400, { 'lines.0.rxcui': 'rx_controlled_refused' }]);
    const diagnosis = await put(appointment.id, dr.token, [{ ...amoxicillin(), diagnosisCode: 'Z99.99' }]);
    expect([diagnosis.status, errorOf(diagnosis.body).fields]).toEqual([400, { 'lines.0.diagnosisCode': 'rx_diagnosis_required' }]);
    const none = await put(appointment.id, dr.token, []);
    expect([none.status, errorOf(none.body).fields]).toEqual([400, { lines: 'prescriptions_required' }]);
  });

  it('warns of an allergy by drug class, needs an override with a reason, then review and signing produce the signed PDF', async () => {
    const { appointment, dr, member } = await consultation();
    const memberSocket = await openSocket(t.url, member.token);
    const notified = new Promise<Record<string, unknown>>((resolve) => memberSocket.on('command-notification', (p) => resolve(p as Record<string, unknown>)));

    const draft = await put(appointment.id, dr.token, [amoxicillin(), amoxicillin({ rxcui: AZITHROMYCIN_250, doseUnit: 'tablet', quantityUnit: 'tablet', frequency: 'once-daily', durationDays: 5, quantity: 6, daysSupply: 5 })]);
    expect(draft.status).toBe(200);
    const order = prescriptionOrderSchema.parse((draft.body as { prescription: unknown }).prescription);
    expect(order.warnings).toEqual([{ line: 0, rxcui: AMOXICILLIN_500, allergies: ['Penicilina'], overridden: false }]);
    // Directions built from the structured fields in the member's language (es).
    expect(order.rendered[0]).toMatchObject({ code: AMOXICILLIN_500, codeSystem: 'RXNORM', name: 'amoxicillin 500 MG Oral Capsule', sig: 'Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.', qty: '30 cápsulas' });

    // Signing before review is refused; review without the override too.
    expect([(await sign(appointment.id, dr.token)).status, errorOf((await sign(appointment.id, dr.token)).body).data]).toEqual([409, { reason: 'review-required' }]);
    const noOverride = await review(appointment.id, dr.token);
    expect([noOverride.status, errorOf(noOverride.body).fields]).toEqual([400, { 'lines.0.allergyOverrideReason': 'rx_allergy_override_required' }]);

    const reason = 'Reaction was a mild rash in childhood; benefits outweigh the risk, member informed';
    const lines = [amoxicillin({ allergyOverrideReason: reason }), amoxicillin({ rxcui: AZITHROMYCIN_250, doseUnit: 'tablet', quantityUnit: 'tablet', frequency: 'once-daily', durationDays: 5, quantity: 6, daysSupply: 5 })];
    expect((await put(appointment.id, dr.token, lines)).status).toBe(200);
    const reviewed = await review(appointment.id, dr.token);
    expect(reviewed.status).toBe(200);
    expect(prescriptionOrderSchema.parse((reviewed.body as { prescription: unknown }).prescription)).toMatchObject({ status: 'reviewed', warnings: [{ line: 0, overridden: true }] });
    // Before signing there is no document for anybody.
    expect((await request(t.url, `/api/appointments/${appointment.id}/prescription-document`, { token: member.token })).status).toBe(404);

    const signed = await sign(appointment.id, dr.token);
    expect(signed.status).toBe(200);
    const after = await readAppointment(t, appointment.id);
    expect([after.state, after.status]).toEqual([S.TREAT_COMPLETED, 'finished']);
    expect(after.prescriptions).toHaveLength(2);
    expect(after.prescriptions[0]).toMatchObject({
      code: AMOXICILLIN_500,
      dose: 1,
      doseUnit: 'capsule',
      route: 'oral',
      frequency: 'every-8-hours',
      durationDays: 10,
      quantity: 30,
      quantityUnit: 'capsule',
      daysSupply: 10,
      refills: 0,
      substitutionAllowed: true,
      diagnosis: { code: 'J02.9', text: 'Faringitis aguda, no especificada' },
      allergyOverride: { allergies: ['Penicilina'], reason },
      prescriber: { name: 'Jane Roe', npi: '1234567893', licenseState: 'CA', licenseNumber: expect.any(String) },
      signedAt: expect.any(String),
    });
    expect(after.prescriptions[1]!.allergyOverride).toBeNull();
    expect(after.medicalRecord?.pharmacy).toMatchObject({ pharmStoreName: 'Mission Community Pharmacy', pharmZip: '94110' });
    expect(await notified).toMatchObject({ infoPage: 'SMC11', pushAction: 'TREAT_COMPLETED', appointmentId: appointment.id, lang: 'es' });
    memberSocket.disconnect();

    // The member reads it through her appointment (the record screens).
    const read = await gql(t, APPOINTMENT_GQL.getAppointment, { appointmentId: appointment.id }, member.token);
    expect(read.data?.prescriptions[0]).toMatchObject({ prescriber: { npi: '1234567893', licenseState: 'CA' }, diagnosis: { code: 'J02.9' } });
    expect(read.data?.medicalRecord?.pharmacy?.pharmStoreName).toBe('Mission Community Pharmacy');

    // The signed PDF: the member and the prescriber; nobody else.
    const pdf = await fetch(`${t.url}/api/appointments/${appointment.id}/prescription-document`, { headers: { authorization: `Bearer ${member.token}` } });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.includes(Buffer.from('/ByteRange'))).toBe(true);
    expect(bytes.includes(Buffer.from('adbe.pkcs7.detached'))).toBe(true);
    expect((await fetch(`${t.url}/api/appointments/${appointment.id}/prescription-document`, { headers: { authorization: `Bearer ${dr.token}` } })).status).toBe(200);
    const second = await memberWithSession(t.server);
    expect((await request(t.url, `/api/appointments/${appointment.id}/prescription-document`, { token: second.token })).status).toBe(404);
    const otherDoctor = await doctor();
    expect((await request(t.url, `/api/appointments/${appointment.id}/prescription-document`, { token: otherDoctor.token })).status).toBe(404);
    expect((await request(t.url, `/api/appointments/${appointment.id}/prescription-document`)).status).toBe(401);
    const audit = await t.server.services.audit.forSubject(member.user.id);
    expect(audit.some((r) => r.actorId === dr.user.id && r.resource === 'prescription-document' && r.action === 'read')).toBe(true);

    // Signed is final.
    expect((await put(appointment.id, dr.token, lines)).status).toBe(409);
  });

  it('signing waits for the call to end, and a CA member without a pharmacy cannot be reviewed', async () => {
    const inCall = await consultation({ state: S.S8_ER_JOINS_CALL });
    expect((await put(inCall.appointment.id, inCall.dr.token, [amoxicillin({ allergyOverrideReason: 'known mild reaction' })])).status).toBe(200);
    expect((await review(inCall.appointment.id, inCall.dr.token)).status).toBe(200);
    const early = await sign(inCall.appointment.id, inCall.dr.token);
    expect([early.status, errorOf(early.body).data]).toEqual([409, { reason: 'end-call-first', state: S.S8_ER_JOINS_CALL }]);

    const noPharmacy = await consultation({ pharmacy: false, member: { alergies: [] } });
    expect((await put(noPharmacy.appointment.id, noPharmacy.dr.token, [amoxicillin()])).status).toBe(200);
    const notReady = await review(noPharmacy.appointment.id, noPharmacy.dr.token);
    expect([notReady.status, errorOf(notReady.body).data]).toEqual([409, { reason: 'member-not-ready', missing: ['pharmacy'] }]);
  });

  it('the old sendPrescription mutation no longer takes a hand-typed code', async () => {
    const { appointment, dr } = await consultation({ member: { alergies: [] } });
    const typed = await gql(t, APPOINTMENT_GQL.sendPrescription, { appointmentId: appointment.id, prescriptions: [{ code: 'abc', codeSystem: 'RxNorm', name: 'Whatever' }] }, dr.token);
    expectError(typed, 'INVALID_DATA');
    expect(typed.error!.fields).toEqual({ 'prescriptions.0.code': 'rx_medication_unknown' });
    expect((await readAppointment(t, appointment.id)).state).toBe(S.S9_ER_ENDS_CALL);
  });

  it('an English-speaking member gets directions in English', async () => {
    const { appointment, dr } = await consultation({ member: { preferredLang: 'en', alergies: [] } });
    const res = await put(appointment.id, dr.token, [amoxicillin({ frequency: 'twice-daily', dose: 2 })]);
    expect(prescriptionOrderSchema.parse((res.body as { prescription: unknown }).prescription).rendered[0]).toMatchObject({ sig: 'Take 2 capsules by mouth twice a day for 10 days.', qty: '30 capsules', diagnosis: { text: 'Acute pharyngitis, unspecified' } });
  });

  it('finishing a consultation that needed a prescription without one asks why, and records it', async () => {
    const { appointment, dr } = await consultation({ member: { alergies: [] } });
    await t.server.database.db.update((await import('../../db/schema')).appointments).set({ prescriptionNeeded: true }).where(eq((await import('../../db/schema')).appointments.id, appointment.id));
    expectError(await gql(t, APPOINTMENT_GQL.finishAppointment, { appointmentId: appointment.id }, dr.token), 'INVALID_DATA');
    const bad = await request(t.url, `/api/appointments/${appointment.id}/prescription/none`, { method: 'POST', token: dr.token, body: { reason: 'because' } });
    expect([bad.status, errorOf(bad.body).fields]).toEqual([400, { reason: 'rx_no_prescription_reason_required' }]);
    const ok = await request(t.url, `/api/appointments/${appointment.id}/prescription/none`, { method: 'POST', token: dr.token, body: { reason: 'member-declined', note: 'Prefers to wait' } });
    expect(ok.status).toBe(200);
    expect((await readAppointment(t, appointment.id)).state).toBe(S.S11_FINISHED);
    expect(await t.server.services.prescribing.noPrescriptionReason(appointment.id)).toMatchObject({ reason: 'member-declined', note: 'Prefers to wait', physicianId: dr.user.id });
  });
});
