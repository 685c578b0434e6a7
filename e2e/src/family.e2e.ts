import { createMember, createOrganization, createPhysician, createSessionFor, freePort, type TestServer } from '@puente/api/test';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerIntake, appPage, codeFromOutbox, signedInPage, snap, startOnDemandServer, uniquePhone, withBrowser } from './harness';

// Issue 15 "Tests that prove it" (family plans): a referrer invites a dependant, the dependant
// accepts by the texted link (read from the dev outbox) and consults a coach on the family plan
// although her own trial has ended (the coach's dashboard shows her request), the referrer unlinks
// her and she meets the paywall.
const DAY = 24 * 60 * 60_000;
let server: TestServer;
beforeAll(async () => {
  // A real port, so the texted link (PUBLIC_URL) is the address the browser opens; care open at any
  // hour, so the dependant's request is not refused as out of hours.
  server = await startOnDemandServer({ seed: false, port: await freePort() });
});

type Row = Record<string, unknown>;
const query = async (q: ReturnType<typeof sql>): Promise<Row[]> => ((await server.server.database.db.execute(q)) as unknown as { rows: Row[] }).rows;

/** A coach's dashboard, signed in with a session: online and available while it is open. */
async function coachDashboard(ctx: BrowserContext, coachId: string, language: 'es' | 'en'): Promise<Page> {
  const page = await signedInPage(ctx, (await createSessionFor(server.server, coachId)).sessionToken, { language });
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('dashboard').waitFor();
  await expect.poll(() => page.getByTestId('availability-toggle').getAttribute('data-checked')).toBe('true');
  return page;
}

/** From /inicio: the topic tile, the chosen coach, the intake (health profile once, self-assessment, place), the waiting room. */
async function requestCoach(page: Page, coachId: string): Promise<void> {
  await page.goto(`${server.url}/inicio`);
  await page.waitForURL('**/inicio');
  await page.getByTestId('tile-hardcoded_ph_topic').click();
  await page.waitForURL('**/consulta/coaches-disponibles');
  const card = page.getByTestId(`coach-card-${coachId}`);
  await card.waitFor({ timeout: 15_000 });
  await card.click();
  await page.waitForURL(`**/ondemand-perfil-coach/${coachId}`);
  await page.getByTestId('request-consultation').click();
  await answerIntake(page);
  await expect.poll(() => page.getByTestId('location-city').inputValue()).not.toBe('');
  await page.getByTestId('location-submit').click();
  await page.waitForURL('**/consulta/video-llamada');
  await page.getByTestId('waiting-room').waitFor({ timeout: 15_000 });
}
afterAll(async () => {
  await server?.close();
});

const TEXT = {
  es: { accepted: 'Aceptado', pending: 'Pendiente', sent: 'Invitación enviada', familyPlan: 'Plan familiar' },
  en: { accepted: 'Accepted', pending: 'Pending', sent: 'Invitation sent', familyPlan: 'Family plan' },
} as const;

/** Types the code texted to `phone` on /login/verify-phone-number (the phone is already filled). */
async function verify(page: Page, phone: string, notBefore: Date): Promise<void> {
  await page.getByTestId('login-continue').click();
  await page.waitForURL('**/login/verify-phone-number');
  await page.getByTestId('code-input').fill(await codeFromOutbox(server.url, phone, notBefore));
  await page.getByTestId('verify-submit').click();
}

async function invitationLink(phone: string): Promise<string> {
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const { messages } = (await res.json()) as { messages: { body: string }[] };
  const link = messages.map((m) => /(https?:\/\/\S+\/login\?\S*invitationToken=\S+)/.exec(m.body)?.[1]).find(Boolean);
  if (!link) throw new Error(`no invitation link texted to ${phone}`);
  return link;
}

describe('family plan in the browser: invite, accept by the texted link, consult, unlink', () => {
  // One journey in both languages (each screen is checked by axe in both anyway): the referrer
  // uses the app in Spanish and invites her mother in English, who joins, consults and is
  // unlinked in English.
  const lang = 'es' as 'es' | 'en';
  const dependantLang = 'en' as 'es' | 'en';
  it(`a referrer invites a dependant who joins and consults a coach on the family plan; unlinked, she meets the paywall (referrer in ${lang}, dependant in ${dependantLang})`, async () => {
    const now = server.clock.now();
    const familyOrg = await createOrganization(server.server, { name: 'Acme Familia' });
    const org = await createOrganization(server.server, { name: 'Acme Salud', settings: { dependantOrganizations: [familyOrg.id] } });
    const address = { country: 'MX', state: 'CDMX', city: 'Ciudad de México' };
    const referrerPhone = uniquePhone('52');
    const referrerRow = await createMember(server.server, { firstName: 'Laura', lastName: 'Gómez', phoneNumber: referrerPhone.full, countryCode: '52', preferredLang: lang, organizationId: org.id, address });
    // The dependant already has an account whose 45-day trial ended: only the family plan lets her consult.
    const dependantPhone = uniquePhone('52');
    const dependant = await createMember(server.server, {
      firstName: 'Rosa', lastName: 'Gómez', phoneNumber: dependantPhone.full, countryCode: '52', preferredLang: dependantLang, address, createdAt: new Date(now.getTime() - 60 * DAY),
    });
    await server.server.services.membership.startSignUpTrial(dependant); // from her sign-up, 60 days ago
    await expect(server.server.services.membership.assertCanConsult(dependant)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });

    await withBrowser(
      async (referrerCtx) => {
        // ---- The referrer invites her mother from /perfil → My family -------------------------
        const referrer = await signedInPage(referrerCtx, (await createSessionFor(server.server, referrerRow.id)).sessionToken, { language: lang });
        await referrer.goto(`${server.url}/perfil`);
        await referrer.getByTestId('profile-entry-myFamily').click();
        await referrer.waitForURL('**/dependants');
        await referrer.getByTestId('dependants-empty').waitFor();
        await referrer.getByTestId('dependants-add').click();
        await referrer.waitForURL('**/dependants/add');
        await referrer.getByTestId('dependant-submit').click(); // empty: the shared schema's messages
        await expect.poll(() => referrer.getByTestId('dependant-alias').getAttribute('aria-invalid')).toBe('true');
        await snap(referrer, `family-${lang}-add-errors`);
        await referrer.getByTestId('dependant-alias').fill('Rosa');
        await referrer.getByTestId('dependant-country').selectOption('52');
        await referrer.getByTestId('dependant-phone').fill(dependantPhone.digits);
        await referrer.getByTestId(`dependant-lang-${dependantLang}`).check();
        const sentAt = new Date(server.clock.now().getTime() - 1000);
        await referrer.getByTestId('dependant-submit').click();
        await referrer.waitForURL('**/dependants/invitation-sent');
        await expect.poll(() => referrer.locator('h1').textContent()).toBe(TEXT[lang].sent);
        await snap(referrer, `family-${lang}-invitation-sent`);
        await referrer.getByTestId('invitation-sent-done').click();
        await referrer.waitForURL('**/dependants');
        await expect.poll(() => referrer.getByTestId('dependant-status').textContent()).toBe(TEXT[lang].pending);

        // ---- The dependant follows the texted link and signs in with her number ----------------
        const link = await invitationLink(dependantPhone.full);
        expect(new URL(link).searchParams.get('lang')).toBe(dependantLang);
        await withBrowser(
          async (dependantCtx) => {
            // Her phone: the texted link is the first page she opens.
            const page = await appPage(dependantCtx, { language: dependantLang, preOnboarded: false });
            await page.goto(link);
            // The link prefills her phone; the invitation's ids are kept until she has signed in.
            await expect.poll(() => page.evaluate(() => localStorage.getItem('invitation-dependant-member-id'))).toMatch(/^temp\|/);
            expect(await page.getByTestId('phone-input').inputValue()).toBe(dependantPhone.digits);
            await verify(page, dependantPhone.full, sentAt);
            await expect.poll(() => page.evaluate(() => localStorage.getItem('invitation-referal-id')), { timeout: 15_000 }).toBeNull();
            await expect(server.server.services.membership.assertCanConsult(dependant)).resolves.toBeUndefined();
            expect(await server.server.services.membership.accessOf(dependant.id)).toMatchObject({ source: 'family', endReason: null });
            // On the family plan she consults: she chooses an available coach and sends the request,
            // which the coach's dashboard shows; then she leaves the waiting room.
            const coach = await createPhysician(server.server, { languages: ['es', 'en'], practice: 'health', user: { firstName: 'Marta', lastName: 'Ruiz' } });
            await withBrowser(
              async (coachCtx) => {
                const dashboard = await coachDashboard(coachCtx, coach.id, dependantLang);
                await requestCoach(page, coach.id);
                await snap(page, `family-${lang}-dependant-waiting-room`);
                const [queued] = await query(sql`select id, state, requested_mx_doctor_id from appointments where member_id = ${dependant.id}`);
                expect(queued).toMatchObject({ state: S.S1_IN_QUEUE_FOR_COACH, requested_mx_doctor_id: coach.id });
                const card = dashboard.getByTestId(`request-card-${String(queued!.id)}`);
                await card.waitFor({ timeout: 15_000 });
                expect(await card.textContent()).toContain('Rosa');
                await page.getByTestId('waiting-room-leave').click();
                await page.getByTestId('hang-up-confirm').click();
                await page.waitForURL('**/consulta/coaches-disponibles');
                await expect.poll(async () => (await query(sql`select state from appointments where id = ${String(queued!.id)}`))[0]?.state).toBe(S.S12_CANCELED);
              },
              { viewport: { width: 1280, height: 900 }, locale: 'en-US' },
            );

            // Her profile and her membership name the plan she shares (not an individual plan, never
            // a message key: the harness reads every screen it checks for one).
            await page.goto(`${server.url}/perfil`);
            await expect.poll(() => page.getByTestId('profile-plan').textContent()).toBe(TEXT[dependantLang].familyPlan);
            await page.goto(`${server.url}/membership`);
            await expect.poll(() => page.getByTestId('membership-plan').locator('p').first().textContent()).toBe(TEXT[dependantLang].familyPlan);
            await snap(page, `family-${lang}-dependant-membership`);

            // ---- The referrer sees her accepted, and unlinks her ----------------------------------
            await referrer.goto(`${server.url}/dependants`);
            await expect.poll(() => referrer.getByTestId('dependant-status').textContent()).toBe(TEXT[lang].accepted);
            await snap(referrer, `family-${lang}-accepted`);
            await referrer.setViewportSize({ width: 1280, height: 800 });
            await snap(referrer, `family-${lang}-accepted-desktop`);
            await referrer.setViewportSize({ width: 390, height: 844 });
            await referrer.getByTestId('dependant-unlink').click();
            await referrer.getByTestId('dependant-unlink-confirm').waitFor();
            await snap(referrer, `family-${lang}-unlink-dialog`);
            await referrer.getByTestId('dependant-unlink-confirm').click();
            await referrer.getByTestId('dependants-empty').waitFor();

            // Her family access ended with the unlink: the app sends her to the paywall.
            await page.goto(`${server.url}/inicio`);
            await page.waitForURL('**/membresia-expirada');
            await expect(server.server.services.membership.assertCanConsult(dependant)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
          },
          { media: true, locale: 'en-US' },
        );
      },
      { locale: 'es-MX' },
    );
  });
});
