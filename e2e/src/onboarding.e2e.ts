import { createOrganization, startTestServer, type TestServer } from '@puente/api/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterPhone, snap, uniquePhone, withBrowser } from './harness';

// Issue 3 "Terms, onboarding, profile, language": a new member accepts the terms and completes the
// onboarding profile, in Spanish with a US zip code and in English with minimal onboarding.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/** Signs in a new member at /login (with optional query) and confirms the recovery code screen. */
async function signUp(page: Page, phone: ReturnType<typeof uniquePhone>, query = ''): Promise<void> {
  await page.goto(`${server.url}/login${query}`);
  await enterPhone(page, server, phone);
  await page.waitForURL('**/login/save-recovery-code');
}

/** The outbox email to `to` (newest first), waiting for it to arrive. */
async function emailTo(to: string): Promise<{ subject: string | null; body: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { channel: string; subject: string | null; body: string }[] };
    const mail = messages.find((m) => m.channel === 'email');
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no email reached the outbox for ${to}`);
}

describe('terms and onboarding in the browser', () => {
  it('es: a new member accepts the terms, fills the profile with a US zip (state and city filled), lands on /inicio and verifies her email', async () => {
    const phone = uniquePhone('1');
    const email = `ana.${Date.now()}@example.com`;
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(server.url);
      await page.waitForURL('**/select-language');
      await page.getByTestId('lang-es').click();
      await signUp(page, phone);

      // mustAcceptTos: the dialog is there and Escape does not close it.
      const dialog = page.getByTestId('terms-dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toContain('Términos y condiciones');
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      await snap(page, 'terms-dialog-es');
      await page.getByTestId('terms-accept').click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByTestId('recovery-confirm').check();
      await page.getByTestId('recovery-continue').click();
      await page.waitForURL('**/induccion/crear-perfil/1');

      // Step 1: an empty Continue shows the spec's warning and field errors.
      await page.getByTestId('onboarding-next').click();
      await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Completa los campos obligatorios.');
      await expect.poll(() => page.getByText('El nombre debe tener al menos 2 caracteres.').count()).toBe(1);
      await page.getByTestId('field-firstName').fill('Ana');
      await page.getByTestId('field-lastName').fill('López');
      await page.getByTestId('field-birthday').fill('1990-05-01');
      await page.getByTestId('field-sex').selectOption('female');
      await snap(page, 'onboarding-step1-es');
      await page.getByTestId('onboarding-next').click();

      // Step 2: the +1 phone chose the US; the zip fills state and city.
      await page.waitForURL('**/induccion/crear-perfil/2');
      expect(await page.getByTestId('field-phoneNumber').inputValue()).toBe(phone.digits);
      expect(await page.getByTestId('field-country').inputValue()).toBe('US');
      await page.getByTestId('field-email').fill(email);
      await page.getByTestId('field-zipCode').fill('90210');
      await expect.poll(() => page.getByTestId('field-state').inputValue()).toBe('CA');
      await expect.poll(() => page.getByTestId('field-city').inputValue()).toBe('Beverly Hills');
      await snap(page, 'onboarding-step2-es');
      await page.getByTestId('onboarding-next').click();

      // Step 3: the confirmations.
      await page.waitForURL('**/induccion/crear-perfil/3');
      await page.getByTestId('field-legalAge').check();
      // The terms were accepted in the dialog a moment ago: step 3 does not ask again.
      expect(await page.getByTestId('field-tos').count()).toBe(0);
      await page.getByTestId('onboarding-tos-accepted').waitFor();
      await snap(page, 'onboarding-step3-es');
      await page.getByTestId('onboarding-submit').click();
      await page.waitForURL('**/inicio');
      await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('Ana');

      // The verification email's link confirms the address; close leads to /usar-mi-telefono.
      const mail = await emailTo(email);
      expect(mail.subject).toBe('Confirma tu correo en Puente');
      const link = new URL(/https?:\/\/\S+/.exec(mail.body)![0]);
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      await expect.poll(() => page.getByTestId('verified-email-state').getAttribute('data-state')).toBe('verified');
      await snap(page, 'verified-email-es');
      await page.getByTestId('verified-email-close').click();
      await page.waitForURL('**/usar-mi-telefono');
    });

    // The server kept what the member typed.
    const { rows } = (await server.server.database.db.execute(
      (await import('drizzle-orm')).sql`select first_name, birthday, address, agreed_tos_at, email_verified_at from users where phone_number = ${phone.full}`,
    )) as unknown as { rows: { first_name: string; birthday: string; address: object; agreed_tos_at: string | null; email_verified_at: string | null }[] };
    expect(rows[0]).toMatchObject({ first_name: 'Ana', birthday: '1990-05-01', address: { city: 'Beverly Hills', state: 'CA', zipCode: '90210' } });
    expect(rows[0]!.agreed_tos_at).not.toBeNull();
    expect(rows[0]!.email_verified_at).not.toBeNull();
  });

  it('en: a member of an organization with minimal onboarding completes the shorter form', async () => {
    const org = await createOrganization(server.server, { name: 'Mini Health', settings: { MinimalOnboarding: true } });
    const phone = uniquePhone('1');
    await withBrowser(
      async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(`${server.url}/select-language`);
        await page.getByTestId('lang-en').click();
        await signUp(page, phone, `?empCode=${org.code}`);
        await page.getByTestId('terms-accept').click();
        await page.getByTestId('terms-dialog').waitFor({ state: 'detached' });
        await page.getByTestId('recovery-confirm').check();
        await page.getByTestId('recovery-continue').click();
        await page.waitForURL('**/induccion/crear-perfil/1');
        await expect.poll(() => page.locator('h1').first().textContent()).toContain('Tell us about yourself');
        expect(await page.getByTestId('field-birthday').count()).toBe(0);
        await page.getByTestId('field-firstName').fill('John');
        await page.getByTestId('field-lastName').fill('Smith');
        await snap(page, 'onboarding-minimal-en');
        await page.getByTestId('onboarding-next').click();
        await page.waitForURL('**/induccion/crear-perfil/2');
        expect(await page.getByTestId('field-city').count()).toBe(0);
        await page.getByTestId('field-state').selectOption('TX');
        await snap(page, 'onboarding-minimal-step2-en-desktop');
        await page.getByTestId('onboarding-next').click();
        await page.waitForURL('**/induccion/crear-perfil/3');
        await page.getByTestId('field-legalAge').check();
        expect(await page.getByTestId('field-tos').count()).toBe(0);
        await page.getByTestId('onboarding-submit').click();
        await page.waitForURL('**/inicio');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      },
      // This journey runs on a desktop-sized window (the other on a phone).
      { locale: 'en-US', viewport: { width: 1280, height: 900 } },
    );
    const { rows } = (await server.server.database.db.execute(
      (await import('drizzle-orm')).sql`select organization_id, birthday, address from users where phone_number = ${phone.full}`,
    )) as unknown as { rows: { organization_id: string; birthday: string | null; address: object }[] };
    expect(rows[0]).toMatchObject({ organization_id: org.id, birthday: null, address: { state: 'TX' } });
  });
});
