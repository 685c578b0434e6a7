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
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { physicianProfiles, type NewUserRow } from '../../db/schema';
import { createPhysician, memberWithSession, onlinePhysician, openSocket, request, type TestServer } from '../../test';
import { createSessionFor } from '../../test/factories';
import { installationSigningCertificate, SIGNING_CERT_FILE, type SigningCertificate } from '../../providers/eprescribing/signing-certificate';
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

/** The text a PDF draws: its Flate content streams inflated, each Tj string (hex or literal, WinAnsi) as one line. */
function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/\/FlateDecode[^]*?>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      lines.push(t[1] !== undefined ? Buffer.from(t[1], 'hex').toString('latin1') : t[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return lines;
}

/** The certificate inside a PKCS#12 bundle. */
const certificateOf = (c: SigningCertificate): forge.pki.Certificate => {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(c.p12.toString('binary')), c.passphrase);
  return p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]![0]!.cert!;
};

/**
 * Verifies a PDF's detached PKCS#7 signature (node-forge parses it; it does not verify, so this
 * does): the bytes /ByteRange names hash to the signed messageDigest attribute, and the signer's
 * public key verifies the signature over the signed attributes. Answers the signer's certificate.
 */
function verifyPdfSignature(pdf: Buffer): forge.pki.Certificate {
  const raw = pdf.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(raw);
  expect(range).not.toBeNull();
  const [a, b, c, d] = range!.slice(1).map(Number) as [number, number, number, number];
  expect(a).toBe(0);
  expect(c + d).toBe(pdf.length);
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const contents = raw.slice(a + b, c);
  expect(contents).toMatch(/^<[0-9A-Fa-f]+>$/);
  // The placeholder is zero-padded after the DER signature: keep the SEQUENCE its header measures.
  const padded = Buffer.from(contents.slice(1, -1), 'hex');
  const lengthBytes = padded[1]! & 0x80 ? padded[1]! & 0x7f : 0;
  const length = lengthBytes ? padded.subarray(2, 2 + lengthBytes).reduce((n, b) => n * 256 + b, 0) : padded[1]!;
  const der = padded.subarray(0, 2 + lengthBytes + length);
  const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')))) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string };
  };
  const signer = p7.certificates[0]!;
  const capture = p7.rawCapture;
  expect(forge.asn1.derToOid(capture.digestAlgorithm)).toBe(forge.pki.oids.sha256);
  const digestAttr = capture.authenticatedAttributes.find((attr) => forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest)!;
  const digest = (((digestAttr.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string);
  expect(Buffer.from(digest, 'binary').toString('hex')).toBe(createHash('sha256').update(signed).digest('hex'));
  const attrs = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, capture.authenticatedAttributes);
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(attrs).getBytes());
  expect((signer.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), capture.signature)).toBe(true);
  return signer;
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
    const unknown = await request(t.url, '/api/pharmacies?zip=00000', { token: member.token });
    expect([unknown.status, errorOf(unknown.body).fields]).toEqual([400, { zip: 'pharmacy_zip_unknown' }]);
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
    // In the Spanish-speaking member's language: the document's /Lang and its words.
    expect(bytes.includes(Buffer.from('/Lang (es-MX)'))).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain('Receta médica');
    expect(text).toContain('Indicaciones: Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.');
    expect(text).toContain('Cantidad: 30 cápsulas');
    expect(text.join('\n')).not.toMatch(/Prescription|Directions/);
    // The PKCS#7 signature verifies over /ByteRange, signed by this installation's certificate; a changed byte breaks it.
    const signer = verifyPdfSignature(bytes);
    expect(forge.pki.certificateToPem(signer)).toBe(forge.pki.certificateToPem(certificateOf(installationSigningCertificate(t.server.config.dataDir))));
    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf('Receta');
    tampered[at] = 'X'.charCodeAt(0);
    expect(() => verifyPdfSignature(tampered)).toThrow();
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

  it("an English-speaking member's signed PDF is in English", async () => {
    const { appointment, dr, member } = await consultation({ member: { preferredLang: 'en', alergies: [] } });
    expect((await put(appointment.id, dr.token, [amoxicillin({ frequency: 'twice-daily', dose: 2 })])).status).toBe(200);
    expect((await review(appointment.id, dr.token)).status).toBe(200);
    expect((await sign(appointment.id, dr.token)).status).toBe(200);
    const pdf = await fetch(`${t.url}/api/appointments/${appointment.id}/prescription-document`, { headers: { authorization: `Bearer ${member.token}` } });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.includes(Buffer.from('/Lang (en-US)'))).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain('Prescription');
    expect(text).toContain('Directions: Take 2 capsules by mouth twice a day for 10 days.');
    expect(text).toContain('Quantity: 30 capsules');
    expect(text.join('\n')).not.toMatch(/Receta|Indicaciones|cápsulas/);
    verifyPdfSignature(bytes);
  });

  it('the installation certificate is made once and kept in DATA_DIR (mode 0600): the same across two loads', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'puente-cert-'));
    const other = mkdtempSync(path.join(tmpdir(), 'puente-cert-'));
    try {
      const first = certificateOf(installationSigningCertificate(dir));
      expect(statSync(path.join(dir, SIGNING_CERT_FILE)).mode & 0o777).toBe(0o600);
      const again = certificateOf(installationSigningCertificate(dir));
      expect([again.serialNumber, forge.pki.certificateToPem(again)]).toEqual([first.serialNumber, forge.pki.certificateToPem(first)]);
      expect(first.subject.getField('CN').value).toBe('Puente e-prescribing (local)');
      // Another installation has its own.
      expect(certificateOf(installationSigningCertificate(other)).serialNumber).not.toBe(first.serialNumber);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
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
