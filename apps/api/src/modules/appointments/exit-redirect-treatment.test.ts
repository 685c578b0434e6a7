import { APPOINTMENT_STATE as S } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, insertConsultation, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/**
 * spec 6 exit redirect, for a consultation that ended with a prescription: once the treatment is
 * pending or sent (TREAT_PENDING, TREAT_COMPLETED) the consultation is over like a finished one, so
 * an organization member goes to the survey, then to her organization's home page (not the home).
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('GET /api/appointments/{id}/exit-redirect-url after a prescription', () => {
  it.each([S.TREAT_PENDING, S.TREAT_COMPLETED])('%s: the survey first, then the organization home page', async (state) => {
    const org = await createOrganization(t.server, { homePageUrl: 'https://acme.example.com/beneficios' });
    const ana = await memberWithSession(t.server, { organizationId: org.id });
    const row = await insertConsultation(t.server, { memberId: ana.user.id, state, status: state === S.TREAT_COMPLETED ? 'finished' : 'in-progress', prescriptionNeeded: true });
    const exit = async () => (await request(t.url, `/api/appointments/${row.id}/exit-redirect-url`, { token: ana.token })).body;
    expect(await exit()).toEqual({ url: `${t.server.config.publicUrl}/consulta/survey/${row.id}` });
    await t.server.services.support.createSurvey(ana.user, { type: 'general satisfaction', memberId: ana.user.id, appointmentId: row.id, items: { satisfactionLevel: 5 } });
    expect(await exit()).toEqual({ url: 'https://acme.example.com/beneficios' });
  });
});
