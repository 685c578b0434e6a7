import { memberRecordSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prescriptionOrders } from '../../db/schema';
import { createPhysician, insertConsultation, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/**
 * The member's record says whether the signed prescription PDF is hers to download (issue 12): the
 * local default stores one; a vendor such as DoseSpot sends the prescription without one, and the
 * Treatment tab must not offer a download that answers 404.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const LINE = { code: '197361', codeSystem: 'RxNorm', name: 'Amoxicillin 500 MG Oral Capsule', dosage: '1 capsule', freq: 'every 8 hours', duration: '7 days', qty: '21' };

async function completedConsultation(documentKey: string | null | 'no-order') {
  const ana = await memberWithSession(t.server);
  const doctor = await createPhysician(t.server, { userType: 'us-physician' });
  const row = await insertConsultation(t.server, { memberId: ana.user.id, usDoctorId: doctor.id, state: S.TREAT_COMPLETED, status: 'finished', prescriptionNeeded: true, prescriptions: [LINE] });
  if (documentKey !== 'no-order') {
    const now = t.clock.now();
    await t.server.database.db.insert(prescriptionOrders).values({ appointmentId: row.id, memberId: ana.user.id, prescriberId: doctor.id, status: 'sent', lines: [], language: 'en', documentKey, createdAt: now, updatedAt: now });
  }
  const res = await request(t.url, `/api/records/appointments/${row.id}`, { token: ana.token });
  expect(res.status).toBe(200);
  return memberRecordSchema.parse(res.body);
}

describe('GET /api/records/appointments/{id}: documentAvailable', () => {
  it('true when the signed PDF was stored (the local e-prescribing default)', async () => {
    expect((await completedConsultation('prescriptions/some-id')).documentAvailable).toBe(true);
  });

  it('false when a vendor sent the prescription without a document, and when there is no order at all', async () => {
    expect((await completedConsultation(null)).documentAvailable).toBe(false);
    expect((await completedConsultation('no-order')).documentAvailable).toBe(false);
  });
});
