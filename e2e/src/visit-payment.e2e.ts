import { createOrganization, createPhysician, insertConsultation, loginByPhone, startTestServer, type TestServer } from '@puente/api/test';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, snap, uniquePhone, waitForSocket, withBrowser } from './harness';

// Issue 14 "Tests that prove it": a USP_REQUIRES_PAYMENT member pays for the US doctor
// mid-consultation (the local test card) and the US doctor joins.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

const TEXT = {
  es: { title: 'Pago de la consulta con el médico de EE. UU.', paid: 'Pago recibido', amount: '49.99' },
  en: { title: 'Payment for the US doctor', paid: 'Payment received', amount: '$49.99' },
} as const;

describe('paid US-doctor visit in the browser', () => {
  // One language per journey (its screens are checked by axe in both; the journeys alternate,
  // so each language walks some of them end to end).
  const lang = 'en' as 'es' | 'en';
  it(`the member is asked to pay, pays by card and the US doctor joins (${lang})`, async () => {
    const org = await createOrganization(server.server, { name: 'Acme Salud', flags: ['USP_REQUIRES_PAYMENT'] });
    const phone = uniquePhone(lang === 'es' ? '52' : '1');
    const first = await loginByPhone(server.url, phone.full, { lang });
    await server.server.database.db.execute(
      sql`update users set first_name = 'Lucía', last_name = 'Paz', organization_id = ${org.id}, agreed_tos_at = now(), needs_to_accept_terms = false, recovery_code_pending = null, address = '{"country":"US","state":"CA","city":"San Francisco"}'::jsonb where id = ${first.member.id}`,
    );
    const coach = await createPhysician(server.server, {});
    const doctor = await createPhysician(server.server, { userType: 'us-physician', licenses: ['CA'], languages: ['en', 'es'] });
    await withBrowser(
      async (ctx) => {
        const page = await signedInPage(ctx, first.sessionToken, { language: lang });
        await page.goto(`${server.url}/inicio`);
        await page.getByTestId('home-greeting').waitFor();
        // Her realtime connection is up before the coach asks.
        await waitForSocket(server, first.member.id);

        // Mid-consultation: the coach ended the call and asks for a US doctor.
        const a = await insertConsultation(server.server, {
          memberId: first.member.id,
          mxDoctorId: coach.id,
          state: S.S4_COACH_ENDS_CALL,
          usDoctorNeeded: true,
          language: lang,
          location: { country: 'US', state: 'CA', city: 'San Francisco' },
        });
        const escalated = await server.server.services.appointments.update(coach, { id: a.id, state: S.COACH_REQUEST_US_DR }, lang);
        expect(escalated.state).toBe(S.COACH_REQUEST_US_DR);

        const dialog = page.getByTestId('visit-payment-dialog');
        await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await dialog.textContent()).toContain(TEXT[lang].title);
        await expect.poll(() => page.getByTestId('visit-payment-amount').textContent()).toContain(TEXT[lang].amount);
        await snap(page, `visit-payment-${lang}-asked`);
        // A reload loses the realtime event: the app asks the server and is asked to pay again.
        await page.reload();
        await expect.poll(() => page.getByTestId('visit-payment-dialog').isVisible(), { timeout: 15_000 }).toBe(true);
        await expect.poll(() => page.getByTestId('visit-payment-amount').textContent()).toContain(TEXT[lang].amount);
        await page.getByTestId('visit-payment-pay').click();
        await expect.poll(() => page.getByTestId('card-checkout-modal').isVisible()).toBe(true);
        const frame = page.frameLocator('[data-testid="card-checkout-frame"]');
        await frame.getByTestId('local-checkout-card').fill('4242 4242 4242 4242');
        await frame.getByTestId('local-checkout-pay').click();
        // spec 2: /payment-loading, then /payment-success, which returns to the stored destination:
        // where the consultation went meanwhile (the US doctors' waiting page), not cut short by it.
        await page.waitForURL('**/payment-success?payment=*', { timeout: 15_000 });
        await expect.poll(() => page.getByTestId('payment-success-screen').textContent()).toContain(TEXT[lang].paid);
        await snap(page, `visit-payment-${lang}-paid`);
        await page.getByTestId('payment-success-continue').click();
        await page.waitForURL('**/consulta/infoPage/SC038');

        // Paid: the consultation is in the US doctors' queue; the doctor takes it and joins.
        const queued = await server.server.services.appointments.get(doctor, a.id, lang);
        expect(queued.state).toBe(S.S6_IN_QUEUE_FOR_ER);
        await server.server.services.appointments.accept(doctor, a.id, lang);
        const joined = await server.server.services.appointments.update(doctor, { id: a.id, state: S.S8_ER_JOINS_CALL }, lang);
        expect(joined.usDoctorId).toBe(doctor.id);
        expect(joined.state).toBe(S.S8_ER_JOINS_CALL);
      },
      { locale: lang === 'es' ? 'es-MX' : 'en-US' },
    );
  });
});
