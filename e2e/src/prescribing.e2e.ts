import { createMember, createPhysician, createSessionFor, startTestServer, type TestServer } from '@puente/api/test';
import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppointment, setAppointment } from './call-harness';
import { codeFromOutbox, signedInPage, snap, uniquePhone, withBrowser } from './harness';

// Issues 11/12 "Tests that prove it": the member chooses her pharmacy while she waits for the US
// doctor (and from her profile); the US doctor searches the medication directory, sees the
// allergy warning, overrides it with a reason, reviews and signs; the signed PDF is the member's
// to download, and a second member gets 404; she answers the survey and finds the consultation in
// her history with its summary, treatment and pharmacy.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function insertConsultation(memberId: string, state: AppointmentState): Promise<string> {
  const { sql } = await import('drizzle-orm');
  const now = server.clock.now().toISOString();
  const result = await server.server.database.db.execute(
    sql`insert into appointments (member_id, state, type, channel, practice, language, service_scope, location, us_doctor_needed, start_date, created_at, updated_at)
        values (${memberId}, ${state}, 'on-demand', 'video-call', 'health', 'es', 'full-care', '{"country":"US","state":"CA","city":"San Francisco"}'::jsonb, true, ${now}, ${now}, ${now}) returning id`,
  );
  return String((result as unknown as { rows: { id: string }[] }).rows[0]!.id);
}

/** Her consultation for a California-licensed US doctor (Emily Carter, in English), queued for the doctor (S6); both signed in. */
async function consultationForUsDoctor(memberFields: Parameters<typeof createMember>[1]) {
  const s = server.server;
  const member = await createMember(s, memberFields);
  const memberToken = (await createSessionFor(s, member.id)).sessionToken;
  const doctor = await createPhysician(s, { userType: 'us-physician', licenses: ['CA'], languages: ['en', 'es'], user: { firstName: 'Emily', lastName: 'Carter', preferredLang: 'en' } });
  const doctorToken = (await createSessionFor(s, doctor.id)).sessionToken;
  const id = await insertConsultation(member.id, S.S6_IN_QUEUE_FOR_ER);
  return { member, memberToken, doctor, doctorToken, id };
}

/**
 * S9: the US doctor took the consultation, held the call and ended it. The member, in the app in
 * Spanish, is taken to her survey (SC064); with her page open, the US doctor (English, desktop)
 * opens the consultation, does `atDashboard` and is back on the dashboard with the next request in
 * view (issue 11); then `thenMember` goes on with the member's page.
 */
async function afterUsDoctorCall(
  c: Awaited<ReturnType<typeof consultationForUsDoctor>>,
  atDashboard: (page: Page) => Promise<void>,
  thenMember: (memberPage: Page) => Promise<void>,
): Promise<void> {
  await setAppointment(server, c.id, { usDoctorId: c.doctor.id, state: S.S9_ER_ENDS_CALL });
  await withBrowser(async (memberCtx) => {
    const memberPage = await signedInPage(memberCtx, c.memberToken, { language: 'es' });
    await memberPage.goto(`${server.url}/inicio`);
    await memberPage.waitForURL(`**/consulta/survey/${c.id}`);
    await withBrowser(
      async (ctx) => {
        const page = await signedInPage(ctx, c.doctorToken, { language: 'en' });
        await page.goto(`${server.url}/dashboard/consulta/${c.id}`);
        await atDashboard(page);
        await page.waitForURL(`${server.url}/dashboard`);
        await page.getByTestId('dashboard').waitFor();
      },
      { viewport: { width: 1280, height: 900 }, locale: 'en-US' },
    );
    await thenMember(memberPage);
  });
}

describe('prescribing journey', () => {
  it('the member picks her pharmacy while waiting; the US doctor prescribes past an allergy warning, reviews and signs; the PDF is hers', async () => {
    const s = server.server;
    // She has not given her address yet: the waiting room asks for it before the pharmacy.
    const consultation = await consultationForUsDoctor({ firstName: 'Ana', lastName: 'López', address: null, alergies: ['Penicilina'] });
    const { memberToken, id } = consultation;

    // 1. In the second waiting room (SC038) the member is asked for her pharmacy.
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, memberToken, { language: 'es', appointment: { id, state: S.S6_IN_QUEUE_FOR_ER } });
      await page.goto(`${server.url}/consulta/infoPage/SC038`);
      await page.getByTestId('readiness-prompt').waitFor();
      // On her phone she sees it under the message, without scrolling (it began below the fold).
      const prompt = await page.getByTestId('readiness-prompt').boundingBox();
      expect(prompt!.y).toBeLessThan(page.viewportSize()!.height / 2);
      await page.getByTestId('readiness-zip').fill('94110');
      expect(await page.getByTestId('readiness-city').textContent()).toBe('San Francisco, CA');
      await snap(page, 'rx-readiness-address-es-phone');
      await page.getByTestId('readiness-address-save').click();
      // Her address saved, the stores near it are listed.
      await page.getByTestId('readiness-address').waitFor({ state: 'detached' });
      await page.getByTestId('pharmacy-results').waitFor();
      await snap(page, 'rx-readiness-es-phone');
      await page.getByTestId('pharmacy-choose-ca-sf-mission').click();
      // Ready: the prompt goes away.
      await page.getByTestId('readiness-prompt').waitFor({ state: 'detached' });
    });

    // 2. The US doctor took it, held the call and ended it (S9); the member is taken to the survey
    // (SC064). The US doctor (staff screens in English) writes, reviews and signs meanwhile.
    await afterUsDoctorCall(
      consultation,
      async (page) => {
        await page.getByTestId('rx-workspace').waitFor();
        await page.getByTestId('rx-medication').fill('amoxi');
        await page.getByTestId('rx-option-308191').click();
        await page.getByTestId('rx-dose').fill('1');
        await page.getByTestId('rx-durationDays').fill('10');
        await page.getByTestId('rx-quantity').fill('30');
        await page.getByTestId('rx-daysSupply').fill('10');
        await page.getByRole('combobox', { name: /Frequency/ }).click();
        await page.getByRole('option', { name: 'every 8 hours' }).click();
        await page.getByRole('combobox', { name: /Diagnosis/ }).click();
        await page.getByRole('option', { name: /J02\.9/ }).click();
        await page.getByTestId('rx-add-line').click();
        // The member is allergic to penicillin: a warning, and review refuses without a reason.
        await page.getByTestId('rx-allergy-warning').waitFor();
        expect(await page.getByTestId('rx-lines').textContent()).toContain('Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.');
        await page.getByTestId('rx-review').click();
        await page.getByText('Record the reason for the allergy override').waitFor();
        await page.getByTestId('rx-override-0').fill('Mild rash in childhood; benefit outweighs risk, member informed');
        await page.getByTestId('rx-override-save-0').click();
        await expect.poll(() => page.getByTestId('rx-override-save-0').isDisabled()).toBe(true);
        await page.getByTestId('rx-review').click();
        await page.getByTestId('rx-review-panel').waitFor();
        expect(await page.getByTestId('rx-prescriber').textContent()).toContain('Emily Carter');
        await snap(page, 'rx-review-en-desktop');
        // Signed and sent: back on the dashboard.
        await page.getByTestId('rx-sign').click();
      },
      async (memberPage) => {
        // SMC11 "treatment sent to pharmacy" reaches the member; on the survey it comes as a toast.
        await expect.poll(() => memberPage.getByTestId('toast').textContent(), { timeout: 15_000 }).toContain('Tu tratamiento fue enviado a la farmacia.');
        await snap(memberPage, 'rx-smc11-es-phone');
      },
    );
    const row = await readAppointment(server, id);
    expect([row.state, row.status]).toEqual([S.TREAT_COMPLETED, 'finished']);

    // 3. The signed PDF is the member's to download; a second member gets 404.
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, memberToken, { language: 'es' });
      // From the profile she sees (and could change) the pharmacy she chose while waiting.
      await page.goto(`${server.url}/perfil/farmacia`);
      expect(await page.getByTestId('pharmacy-current').textContent()).toContain('Mission Community Pharmacy');
      await snap(page, 'rx-pharmacy-es-phone');
      const download = await page.evaluate(
        async ([appointmentId, token]) => {
          const res = await fetch(`/api/appointments/${appointmentId}/prescription-document`, { headers: { Authorization: `Bearer ${token}` } });
          const bytes = new Uint8Array(await res.arrayBuffer());
          return { status: res.status, type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
        },
        [id, memberToken] as const,
      );
      expect(download).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
      expect(download.size).toBeGreaterThan(2000);

      // 4. The same consultation, after it: she answers the survey, then finds it in her history with
      // its summary, the treatment the doctor signed and the pharmacy it went to.
      await page.goto(`${server.url}/consulta/survey/${id}`);
      await page.getByTestId('survey-general').waitFor();
      await page.getByTestId('survey-satisfactionLevel-5').click();
      await page.getByTestId('survey-futureUsage-4').click();
      await page.getByTestId('survey-submit').click();
      await page.waitForURL('**/inicio');
      await page.goto(`${server.url}/consulta/historial`);
      const card = page.getByTestId(`history-card-${id}`);
      await card.waitFor();
      expect(await card.getByTestId('history-card-prescription').count()).toBe(1);
      await card.click();
      await page.waitForURL(`**/consulta/historial/${id}`);
      await page.getByTestId('record-summary').waitFor();
      await page.getByTestId('record-tab-treatment').click();
      await page.getByTestId('prescription-line').waitFor();
      expect(await page.getByTestId('prescription-line').textContent()).toContain('Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.');
      await snap(page, 'rx-history-treatment-es-phone');
      await page.getByTestId('record-tab-pharmacy').click();
      await page.getByTestId('pharmacy-address').waitFor();
      expect(await page.getByTestId('pharmacy-address').textContent()).toContain('Mission Community Pharmacy');
      await snap(page, 'rx-history-pharmacy-es-phone');
    });
    const other = await createMember(s);
    const otherToken = (await createSessionFor(s, other.id)).sessionToken;
    const refused = await fetch(`${server.url}/api/appointments/${id}/prescription-document`, { headers: { authorization: `Bearer ${otherToken}` } });
    expect(refused.status).toBe(404);
  });

  it('no prescription this time: the US doctor finishes with the reason recorded and is back on the dashboard; the member stays on her survey', async () => {
    const s = server.server;
    const consultation = await consultationForUsDoctor({ firstName: 'Rosa', lastName: 'Díaz' });
    const { doctor, id } = consultation;
    await afterUsDoctorCall(
      consultation,
      async (page) => {
        await page.getByTestId('rx-none').waitFor();
        // Finishing asks why: the button waits for a reason.
        expect(await page.getByTestId('rx-none-finish').isDisabled()).toBe(true);
        await page.getByRole('combobox', { name: 'Why is no prescription needed?' }).click();
        await page.getByRole('option', { name: 'Other' }).click();
        await page.getByLabel('Note (optional)').fill('Sleep hygiene first; review in two weeks');
        await snap(page, 'rx-none-en-desktop');
        // Finished: back on the dashboard.
        await page.getByTestId('rx-none-finish').click();
      },
      async (memberPage) => {
        // The member stays on her survey.
        await memberPage.waitForTimeout(500);
        expect(new URL(memberPage.url()).pathname).toBe(`/consulta/survey/${id}`);
      },
    );
    const row = await readAppointment(server, id);
    expect([row.state, row.status]).toEqual([S.S11_FINISHED, 'finished']);
    const { sql } = await import('drizzle-orm');
    const reasons = (await s.database.db.execute(sql`select reason, note, physician_id from no_prescription_reasons where appointment_id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };
    expect(reasons.rows).toEqual([{ reason: 'other', note: 'Sleep hygiene first; review in two weeks', physician_id: doctor.id }]);
  });

  it('signed up with Google, she has no phone: she adds it where she waits, with the code texted to it, and the number is on her account', async () => {
    const s = server.server;
    const consultation = await consultationForUsDoctor({
      firstName: 'Lucía',
      lastName: 'Ríos',
      phoneNumber: null,
      countryCode: null,
      loginType: 'google',
      loginTypes: ['google'],
      address: { zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' },
      pharmacy: { pharmStoreName: 'CVS', pharmAddressLine1: '1 Main St', pharmCity: 'San Francisco', pharmState: 'CA', pharmZip: '94103', pharmPhone: '+14155550100', pharmLatitude: 37.77, pharmLongitude: -122.41 },
    });
    const { member, memberToken, id } = consultation;
    const phone = uniquePhone('1');
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, memberToken, { language: 'es', appointment: { id, state: S.S6_IN_QUEUE_FOR_ER } });
      await page.goto(`${server.url}/consulta/infoPage/SC038`);
      // Only her phone is missing (POST /api/user/phone/reset opens the change for her, signed in).
      await page.getByTestId('readiness-phone').waitFor();
      await page.getByTestId('readiness-phone-country').selectOption(phone.code);
      await page.getByTestId('readiness-phone-input').fill(phone.digits);
      await page.getByTestId('readiness-phone-send').click();
      await page.getByTestId('readiness-phone-code').waitFor();
      await snap(page, 'rx-readiness-phone-code-es-phone');
      await page.getByTestId('readiness-phone-code').fill(await codeFromOutbox(server.url, phone.full));
      await page.getByTestId('readiness-phone-verify').click();
      // Ready: the prompt goes away, and the number is on her account.
      await page.getByTestId('readiness-prompt').waitFor({ state: 'detached' });
    });
    const { sql } = await import('drizzle-orm');
    const rows = (await s.database.db.execute(sql`select phone_number from users where id = ${member.id}`)) as unknown as { rows: { phone_number: string }[] };
    expect(rows.rows).toEqual([{ phone_number: phone.full }]);
  });

  it('from the profile, in English on a desktop: the member finds pharmacies near her zip code and chooses one', async () => {
    const member = await createMember(server.server, { firstName: 'Ann', lastName: 'Lee', preferredLang: 'en', address: { zipCode: '85004', city: 'Phoenix', state: 'AZ', country: 'US' } });
    const token = (await createSessionFor(server.server, member.id)).sessionToken;
    await withBrowser(
      async (ctx) => {
        const page = await signedInPage(ctx, token, { language: 'en' });
        await page.goto(`${server.url}/perfil`);
        await page.getByRole('link', { name: 'My pharmacy' }).click();
        await page.waitForURL('**/perfil/farmacia');
        await expect.poll(() => page.title()).toContain('My pharmacy');
        await page.getByTestId('pharmacy-results').waitFor();
        expect(await page.getByTestId('pharmacy-results').textContent()).toContain('Central Phoenix Pharmacy');
        await page.getByTestId('pharmacy-choose-az-phx-central').click();
        await page.getByTestId('pharmacy-current').waitFor();
        await snap(page, 'rx-pharmacy-en-desktop');
      },
      { viewport: { width: 1280, height: 900 }, locale: 'en-US' },
    );
  });
});
