import { PHYSICIAN_GQL } from '@puente/contracts';
import { createMember, createSessionFor, graphql, insertConsultation, openSocket, request, type TestServer } from '@puente/api/test';
import type { Language } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, snap, startOnDemandServer, uniquePhone, withBrowser } from './harness';

// Issue 15, the admin console: an admin creates a coach with a licence, who then appears to
// members once she is online and available, resets a staff member's authenticator, looks up a
// member's audit log and ledger, and reads the usage report (es and en).
let server: TestServer;
beforeAll(async () => {
  // Care open at any hour: the member's list of available coaches is not an out-of-hours notice.
  server = await startOnDemandServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

const TEXT: Record<Language, { staff: string; members: string; usage: string; created: string; reset: string; organizations: string; orgCreated: string; linked: string }> = {
  es: { staff: 'Personal', members: 'Socios', usage: 'Uso', created: 'Personal creado.', reset: 'Autenticador restablecido', organizations: 'Organizaciones', orgCreated: 'Organización creada.', linked: 'Tu cuenta ya está asociada a' },
  en: { staff: 'Staff', members: 'Members', usage: 'Usage', created: 'Staff member created.', reset: 'Authenticator reset', organizations: 'Organizations', orgCreated: 'Organization created.', linked: 'Your account is now linked to' },
};

// One journey in both languages (each screen is checked by axe in both anyway): the admin works
// in English; the member who is offered the new coach uses the app in Spanish.
const lang: Language = 'en';
const memberLang: Language = 'es';
describe(`the admin console (admin in ${lang}, member in ${memberLang})`, () => {
  it('creates a coach with a licence who then appears to members, and an organization whose code then links a member, resets an authenticator, reads a member’s audit log and ledger, and the usage report', async () => {
    const tag = `${lang}${Date.now()}`;
    const adminEmail = `admin.${tag}@puente.test`;
    const admin = await createMember(server.server, { userType: 'admin', email: adminEmail, firstName: 'Admin', lastName: 'Puente', preferredLang: lang });
    // A staff member who lost her phone, signed in somewhere.
    const lost = await createMember(server.server, { userType: 'mx-physician', email: `lost.${tag}@puente.test`, firstName: 'Rosa', lastName: `Olvido${tag}`, languages: ['es'], practice: 'health' });
    const lostSession = await createSessionFor(server.server, lost.id);
    // A member with a trial and a consultation.
    const phone = uniquePhone('52');
    const ana = await createMember(server.server, { firstName: 'Ana', lastName: 'López', phoneNumber: phone.full, countryCode: '52', preferredLang: lang });
    await server.server.services.membership.startSignUpTrial(ana);
    await insertConsultation(server.server, { memberId: ana.id, state: '11-finished', status: 'finished' });
    const coachEmail = `lucia.${tag}@puente.test`;

    await withBrowser(
      async (ctx) => {
        // Signed in with a session (the staff sign-in screens are staff-auth's journey).
        const page = await signedInPage(ctx, (await createSessionFor(server.server, admin.id)).sessionToken, { language: lang });
        await page.goto(`${server.url}/admin`);
        await page.waitForURL('**/admin');
        await page.getByTestId('admin-nav').waitFor();
        await snap(page, `admin-queue-${lang}`);

        // Staff: a new coach with her Mexican licence.
        await page.getByRole('link', { name: TEXT[lang].staff, exact: true }).click();
        await page.waitForURL('**/admin/personal');
        await page.getByTestId('admin-staff-grid').waitFor();
        await page.getByTestId('admin-staff-new').click();
        const form = page.getByTestId('admin-staff-form');
        await form.waitFor();
        await form.getByTestId('admin-staff-first-name').fill('Lucía');
        await form.getByTestId('admin-staff-last-name').fill(`Ramos${tag}`);
        await form.getByTestId('admin-staff-email').fill(coachEmail);
        await form.getByTestId('admin-staff-language-en').check();
        await form.getByTestId('admin-staff-license-add').click();
        await form.getByTestId('admin-staff-license-number-0').fill('MX-778899');
        await form.getByTestId('admin-staff-cedula').fill('12345678');
        await snap(page, `admin-staff-form-${lang}`);
        await form.getByTestId('admin-staff-save').click();
        await expect.poll(() => page.getByTestId('toast').textContent()).toContain(TEXT[lang].created);
        await page.getByText(`Lucía Ramos${tag}`).waitFor();
        const created = await request(server.url, `/api/admin/staff?search=${encodeURIComponent(coachEmail)}`, { token: (await page.evaluate(() => window.localStorage.getItem('sessionToken'))) ?? '' });
        expect(created.body).toMatchObject({ items: [{ userType: 'mx-physician', languages: ['es', 'en'], licenses: [{ state: 'MX', licenseNumber: 'MX-778899' }], cedula: '12345678' }] });

        // She then appears to members: once signed in (a session), online (a connection) and available.
        const coachId = (created.body as { items: { id: string }[] }).items[0]!.id;
        const coachSession = await createSessionFor(server.server, coachId);
        const coachOnline = await openSocket(server.url, coachSession.sessionToken);
        try {
          const available = await graphql(server.url, PHYSICIAN_GQL.setAvailability, { isAvailable: true }, coachSession.sessionToken);
          expect(available.body.errors).toBeUndefined();
          await withBrowser(
            async (memberCtx) => {
              const member = await signedInPage(memberCtx, (await createSessionFor(server.server, ana.id)).sessionToken, { language: memberLang });
              await member.goto(`${server.url}/inicio`);
              await member.waitForURL('**/inicio');
              await member.getByTestId('tile-hardcoded_ph_topic').click();
              await member.waitForURL('**/consulta/coaches-disponibles');
              const card = member.getByTestId(`coach-card-${coachId}`);
              await card.waitFor({ timeout: 15_000 });
              expect(await card.textContent()).toContain('Lucía');
              await snap(member, `admin-new-coach-offered-${memberLang}`);
            },
            { locale: 'es-MX' },
          );
        } finally {
          coachOnline.disconnect();
        }

        // Organizations: a new employer with its code, a flag and two sites.
        const orgCode = `E2E${tag.toUpperCase()}`.slice(0, 40);
        await page.getByRole('link', { name: TEXT[lang].organizations, exact: true }).click();
        await page.waitForURL('**/admin/organizaciones');
        await page.getByTestId('admin-org-grid').waitFor();
        await page.getByTestId('admin-org-new').click();
        const orgForm = page.getByTestId('admin-org-form');
        await orgForm.waitFor();
        await orgForm.getByTestId('admin-org-name').fill(`Fábrica ${tag}`);
        await orgForm.getByTestId('admin-org-code').fill(orgCode);
        await orgForm.getByTestId('admin-org-type').fill('employer');
        await orgForm.getByTestId('admin-org-flag-SCHEDULING_AVAILABLE').check();
        await orgForm.getByTestId('admin-org-site-add').click();
        await orgForm.getByTestId('admin-org-site-0').fill('Planta Norte');
        await orgForm.getByTestId('admin-org-site-add').click();
        await orgForm.getByTestId('admin-org-site-1').fill('Planta Sur');
        await snap(page, `admin-org-form-${lang}`);
        await orgForm.getByTestId('admin-org-save').click();
        await expect.poll(() => page.getByTestId('toast').textContent()).toContain(TEXT[lang].orgCreated);
        await page.getByText(`Fábrica ${tag}`).waitFor();
        await snap(page, `admin-organizations-${lang}`);

        // Reset the lost authenticator: her session ends.
        await page.getByRole('link', { name: TEXT[lang].staff, exact: true }).click();
        await page.waitForURL('**/admin/personal');
        await page.getByTestId('admin-staff-search').fill(`Olvido${tag}`);
        await page.getByTestId(`admin-staff-reset-${lost.id}`).click();
        await page.getByTestId('admin-staff-reset-dialog').waitFor();
        await snap(page, `admin-staff-reset-${lang}`);
        await page.getByTestId('admin-staff-reset-confirm').click();
        await expect.poll(() => page.getByTestId('toast').textContent()).toContain(TEXT[lang].reset);
        expect((await request(server.url, '/api/online-physicians', { token: lostSession.sessionToken })).status).toBe(401);

        // A member's audit log and ledger, by phone.
        await page.getByRole('link', { name: TEXT[lang].members, exact: true }).click();
        await page.waitForURL('**/admin/socios');
        await page.getByTestId('admin-members-query').fill(phone.digits);
        await page.getByTestId('admin-members-search').click();
        await page.getByTestId(`admin-member-${ana.id}`).click();
        await expect.poll(async () => Number(await page.getByTestId('admin-member-audit').getAttribute('data-count'))).toBeGreaterThanOrEqual(2);
        await expect.poll(async () => Number(await page.getByTestId('admin-member-ledger').getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
        await snap(page, `admin-members-${lang}`);

        // The usage report.
        await page.getByRole('link', { name: TEXT[lang].usage, exact: true }).click();
        await page.waitForURL('**/admin/uso');
        await page.getByTestId('admin-usage-totals').waitFor();
        expect(await page.getByTestId('admin-usage-totals').getAttribute('data-consultations')).toMatch(/^(<5|\d+)$/);
        await snap(page, `admin-usage-${lang}`);

        // On a phone: every section of the navigation shows (a row scrolling sideways hid three, the
        // usage report's own link among them); the tables scroll inside the screen.
        await page.setViewportSize({ width: 390, height: 844 });
        const outside = await page.getByTestId('admin-nav').evaluate((nav) =>
          Array.from(nav.querySelectorAll('a')).filter((a) => a.getBoundingClientRect().right > document.documentElement.clientWidth).map((a) => a.textContent),
        );
        expect(outside).toEqual([]);
        await page.getByRole('link', { name: TEXT[lang].staff, exact: true }).click();
        await page.waitForURL('**/admin/personal');
        await page.getByTestId('admin-staff-grid').waitFor();
        await snap(page, `admin-staff-phone-${lang}`);

        // The new code works for a member at once: she enters it and is linked.
        const anaSession = await createSessionFor(server.server, ana.id);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.evaluate((token) => window.localStorage.setItem('sessionToken', token), anaSession.sessionToken);
        await page.goto(`${server.url}/registro-organizacion`);
        await page.getByTestId('employer-code-input').fill(orgCode.toLowerCase());
        await page.getByTestId('employer-code-validate').click();
        await expect.poll(() => page.getByTestId('employer-code-form').getAttribute('data-state')).toBe('valid');
        await page.getByTestId('employer-code-works-there').check();
        await page.getByTestId('employer-code-associate').click();
        await page.waitForURL('**/registro-organizacion-exitoso');
        await expect.poll(() => page.locator('body').textContent()).toContain(`${TEXT[lang].linked} Fábrica ${tag}`);
      },
      { viewport: { width: 1280, height: 800 } },
    );
  });
});
