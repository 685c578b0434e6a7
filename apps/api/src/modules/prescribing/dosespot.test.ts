import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema, type PrescriptionLineInputDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { physicianProfiles } from '../../db/schema';
import { createControlledClock } from '../../lib/clock';
import { DoseSpotEPrescribing, doseSpotFromEnv } from '../../providers/eprescribing/dosespot.eprescribing';
import { VendorPharmacyDirectory } from '../../providers/pharmacies/vendor.pharmacy-directory';
import { createPhysician, memberWithSession, openSocket, request, startTestServer, type TestServer } from '../../test';
import { createSessionFor } from '../../test/factories';
import { MONDAY_10, insertAppointment, readAppointment } from '../appointments/appointments.test-kit';

// Issue 12: the e-prescribing vendor adapter (DoseSpot's API) against a fake DoseSpot on a local
// port, end to end: the member picks a store from the vendor's directory, the US doctor signs, the
// prescription goes out through the vendor, and the vendor's status callback completes the treatment.
interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: string;
}
const seen: Seen[] = [];
let vendor: Server;
let vendorUrl: string;
let t: TestServer;
const CALLBACK_SECRET = 'cb-secret-0123456789abcdef';
const STORE = { PharmacyId: 12345, StoreName: 'Mission Pharmacy (DoseSpot)', Address1: '2480 Mission St', Address2: null, City: 'San Francisco', State: 'CA', ZipCode: '94110-1234', PrimaryPhone: '4155550110', Latitude: 37.757, Longitude: -122.418, Distance: 0.4 };
let nextId = 900;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  vendor = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
      const json = (value: unknown, status = 200) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path === '/webapi/token') return json({ access_token: 'tok-1', expires_in: 3600 });
      if (req.headers.authorization !== 'Bearer tok-1') return json({ Message: 'unauthorized' }, 401);
      if (path.startsWith('/webapi/api/pharmacies/search')) return json({ Items: [STORE] });
      if (path === `/webapi/api/pharmacies/${STORE.PharmacyId}`) return json(STORE);
      if (path === '/webapi/api/patients') return json({ Id: 77, Result: { ResultCode: 'OK' } });
      if (path === '/webapi/api/patients/77/prescriptions') return json({ Id: nextId++, Result: { ResultCode: 'OK' } });
      if (path === '/webapi/api/patients/77/prescriptions/send') return json({ Result: { ResultCode: 'OK' } });
      return json({ Message: 'not found' }, 404);
    });
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/webapi`;
  const erx = new DoseSpotEPrescribing({ baseUrl: vendorUrl, clientId: 'clinic-1', clientSecret: 'clinic-secret', userId: '501', callbackSecret: CALLBACK_SECRET });
  t = await startTestServer({ clock: createControlledClock(MONDAY_10), providers: { eprescribing: erx, pharmacies: new VendorPharmacyDirectory({ baseUrl: vendorUrl, token: erx.bearer }) } });
});
afterAll(async () => {
  await t?.close();
  vendor?.close();
});

const line: PrescriptionLineInputDto = {
  rxcui: '308460', // azithromycin 250 mg tablet
  dose: 1,
  doseUnit: 'tablet',
  route: 'oral',
  frequency: 'once-daily',
  durationDays: 5,
  quantity: 6,
  quantityUnit: 'tablet',
  daysSupply: 5,
  refills: 0,
  substitutionAllowed: false,
  diagnosisCode: 'J02.9',
};
const callback = (body: unknown, secret: string | null = CALLBACK_SECRET) =>
  request(t.url, '/api/eprescribing/status', { method: 'POST', body, headers: secret ? { 'x-erx-callback-secret': secret } : {} });

describe('e-prescribing through DoseSpot (the real adapter, against a fake vendor)', () => {
  it('the member picks a vendor store, the doctor signs, DoseSpot gets the patient and the lines, and its callback completes the treatment once', async () => {
    const member = await memberWithSession(t.server, { firstName: 'Ana', lastName: 'López', birthday: '1990-04-02', address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' } });
    // The pharmacy search is the vendor's directory: its store ids are what it sends to.
    const found = await request(t.url, '/api/pharmacies?zip=94110&radiusMiles=10', { token: member.token });
    expect((found.body as { pharmacies: { id: string }[] }).pharmacies.map((p) => p.id)).toEqual(['12345']);
    const chosen = await request(t.url, '/api/pharmacies/mine', { method: 'PUT', token: member.token, body: { pharmacyId: '12345' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

    const doctor = await createPhysician(t.server, { userType: 'us-physician', licenses: ['CA'], user: { firstName: 'Jane', lastName: 'Roe' } });
    await t.server.database.db.update(physicianProfiles).set({ npi: '1234567893' }).where(eq(physicianProfiles.userId, doctor.id));
    t.server.services.physicians.invalidate();
    const { sessionToken } = await createSessionFor(t.server, doctor.id);
    const appointment = await insertAppointment(t, { memberId: member.user.id, usDoctorId: doctor.id, usDoctorNeeded: true, state: S.S9_ER_ENDS_CALL, location: { country: 'US', state: 'CA', city: 'San Francisco' } });
    const socket = await openSocket(t.url, member.token);
    try {
      const notified = new Promise<Record<string, unknown>>((resolve) => socket.on('command-notification', (p) => resolve(p as Record<string, unknown>)));
      expect((await request(t.url, `/api/appointments/${appointment.id}/prescription`, { method: 'PUT', token: sessionToken, body: { lines: [line] } })).status).toBe(200);
      expect((await request(t.url, `/api/appointments/${appointment.id}/prescription/review`, { method: 'POST', token: sessionToken, body: {} })).status).toBe(200);
      seen.length = 0;
      const signed = await request(t.url, `/api/appointments/${appointment.id}/prescription/sign`, { method: 'POST', token: sessionToken, body: {} });
      expect(signed.status).toBe(200);

      // What DoseSpot received: the token, the patient, the line to store 12345, the send.
      expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /webapi/api/patients', 'POST /webapi/api/patients/77/prescriptions', 'POST /webapi/api/patients/77/prescriptions/send']);
      expect(JSON.parse(seen[0]!.body)).toMatchObject({ FirstName: 'Ana', LastName: 'López', DateOfBirth: '1990-04-02', ZipCode: '94110', NonDoseSpotMedicalRecordNumber: member.user.id });
      expect(JSON.parse(seen[1]!.body)).toMatchObject({ RxCUI: '308460', Quantity: '6', Refills: '0', DaysSupply: 5, PharmacyId: 12345, NoSubstitutions: true, Directions: expect.stringMatching(/1 tableta.*5 días/) });
      expect(JSON.parse(seen[2]!.body)).toEqual({ PrescriptionIds: [900] });
      // Sent to the vendor, not yet at the pharmacy: the treatment is pending.
      expect((await readAppointment(t, appointment.id)).state).toBe(S.TREAT_PENDING);

      // Callbacks: a wrong or missing secret is not found; an unknown prescription too; a bad body is refused.
      expect((await callback({ PrescriptionId: 900, PrescriptionStatus: 'eRxSent' }, 'wrong')).status).toBe(404);
      expect((await callback({ PrescriptionId: 900, PrescriptionStatus: 'eRxSent' }, null)).status).toBe(404);
      expect((await callback({ PrescriptionId: 4242, PrescriptionStatus: 'eRxSent' })).status).toBe(404);
      const bad = await callback({ PrescriptionId: 900, PrescriptionStatus: 'Teleported' });
      expect([bad.status, apiErrorSchema.parse(bad.body).error.code]).toEqual([400, 'INVALID_DATA']);
      expect((await readAppointment(t, appointment.id)).state).toBe(S.TREAT_PENDING);

      // The vendor reports it sent: the treatment completes and the member hears SMC11, once.
      expect((await callback({ PrescriptionId: 900, PrescriptionStatus: 'eRxSent' })).status).toBe(200);
      expect(await notified).toMatchObject({ infoPage: 'SMC11', pushAction: 'TREAT_COMPLETED', appointmentId: appointment.id });
      expect((await readAppointment(t, appointment.id)).state).toBe(S.TREAT_COMPLETED);
      expect((await callback({ PrescriptionId: 900, PrescriptionStatus: 'eRxSent' })).status).toBe(200);
      expect((await readAppointment(t, appointment.id)).state).toBe(S.TREAT_COMPLETED);
    } finally {
      socket.close();
    }
  });

  it('refuses a controlled substance unless the account is EPCS-certified, and reads its settings from the environment', async () => {
    const erx = new DoseSpotEPrescribing({ baseUrl: vendorUrl, clientId: 'c', clientSecret: 's', userId: '1', callbackSecret: 'x' });
    const request = { appointmentId: 'a', patientId: '77', patient: {} as never, prescriber: {} as never, pharmacy: { pharmacyId: '12345', pharmStoreName: 'X' }, lines: [{ code: '308048', codeSystem: 'RXNORM', name: 'alprazolam', schedule: 'IV' }], language: 'es' as const, signedAt: new Date() };
    await expect(erx.sendPrescription(request)).rejects.toThrow('controlled substance');
    expect(doseSpotFromEnv({})).toBeUndefined();
    expect(() => doseSpotFromEnv({ ERX_PROVIDER: 'dosespot', DOSESPOT_BASE_URL: vendorUrl })).toThrow(/DOSESPOT_CLIENT_ID: required/);
    const configured = doseSpotFromEnv({ ERX_PROVIDER: 'dosespot', DOSESPOT_BASE_URL: `${vendorUrl}/`, DOSESPOT_CLIENT_ID: 'c', DOSESPOT_CLIENT_SECRET: 's', DOSESPOT_USER_ID: '1', ERX_CALLBACK_SECRET: 'x', DOSESPOT_EPCS: 'true' });
    expect([configured?.baseUrl, configured?.allowsControlled]).toEqual([vendorUrl, true]);
    expect(configured?.authenticCallback({ 'x-erx-callback-secret': 'x' })).toBe(true);
    expect(configured?.authenticCallback({ 'x-erx-callback-secret': 'y' })).toBe(false);
  });
});
