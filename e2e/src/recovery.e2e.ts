import { loginByPhone, request, startTestServer, type TestServer } from '@puente/api/test';
import { recoveryCodeResponseSchema } from '@puente/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11y, appPage, codeFromOutbox, snap, uniquePhone, withBrowser } from './harness';

// Issue 3 "Tests that prove it": recovery and phone change, in es and en.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/** A member with a complete profile who saved her recovery code (as on /login/save-recovery-code). */
async function memberWithRecoveryCode(phone: ReturnType<typeof uniquePhone>, lang: 'es' | 'en') {
  const login = await loginByPhone(server.url, phone.full, { lang });
  const res = await request(server.url, `/api/members/${login.member.id}/recovery-code`, { token: login.sessionToken });
  const { recoveryCode } = recoveryCodeResponseSchema.parse(res.body);
  await server.server.database.db.execute(
    sql`update users set first_name = 'Rosa', last_name = 'Díaz', agreed_tos_at = now(), needs_to_accept_terms = false, address = '{"country":"MX","state":"CDMX","city":"Ciudad de México"}'::jsonb where id = ${login.member.id}`,
  );
  return { id: login.member.id, recoveryCode };
}

describe('recovery and phone change in the browser', () => {
  // One language per journey (its screens are checked by axe in both; the journeys alternate,
  // so each language walks some of them end to end).
  const lang = 'es' as 'es' | 'en';
  it(`a member who lost her phone moves her account to a new number (${lang})`, async () => {
    const oldPhone = uniquePhone('52');
    const newPhone = uniquePhone('1');
    const { id, recoveryCode } = await memberWithRecoveryCode(oldPhone, lang);
    await withBrowser(
      async (ctx) => {
        const page = await appPage(ctx, { language: lang, preOnboarded: false });
        await page.goto(`${server.url}/login`);
        await page.getByTestId('change-phone-link').click();
        await page.waitForURL('**/change-phone/recovery');
        await expect.poll(() => page.locator('h1').textContent()).toBe(lang === 'es' ? 'Recupera tu cuenta' : 'Recover your account');

        // The get-help drawer: WhatsApp outside the US, SMS in the US, to the company phones.
        await page.getByTestId('recovery-get-help').click();
        await expect.poll(() => page.getByTestId('help-contact').getAttribute('href')).toMatch(/^sms:\+\d+/);
        // A sheet is a dialog: axe checks it too, named by its title (aria-dialog-name).
        await a11y(page, 'help-drawer');
        await page.getByTestId('help-country').selectOption('52');
        await expect.poll(() => page.getByTestId('help-contact').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+/);
        await page.keyboard.press('Escape');
        await page.getByTestId('help-drawer').waitFor({ state: 'detached' });

        // A wrong code is refused on the field.
        await page.getByTestId('recovery-country-code').selectOption('52');
        await page.getByTestId('recovery-phone-input').fill(oldPhone.digits);
        await page.getByTestId('recovery-code-input').fill('WRONGWRONG12');
        await page.getByTestId('recovery-submit').click();
        await expect.poll(() => page.getByTestId('recovery-code-input').getAttribute('aria-invalid')).toBe('true');

        await page.getByTestId('recovery-code-input').fill(recoveryCode.toLowerCase());
        await page.getByTestId('recovery-submit').click();
        await page.waitForURL('**/change-phone/new-phone');
        await page.getByTestId('new-phone-country-code').selectOption('1');
        await page.getByTestId('new-phone-input').fill(newPhone.digits);
        await page.getByTestId('new-phone-submit').click();
        await page.waitForURL('**/login/verify-phone-number');
        const code = await codeFromOutbox(server.url, newPhone.full);
        await page.getByTestId('code-input').fill(code);
        await page.getByTestId('verify-submit').click();

        // phone_recovery: signed in, a new recovery code shown once, then the success toast.
        await page.waitForURL('**/login/save-recovery-code');
        const shown = page.getByTestId('recovery-code');
        await expect.poll(async () => (await shown.textContent())?.trim().length ?? 0).toBe(12);
        const newCode = (await shown.textContent())!.trim();
        expect(newCode).not.toBe(recoveryCode);
        await page.getByTestId('recovery-confirm').check();
        await page.getByTestId('recovery-continue').click();
        await expect
          .poll(() => page.getByTestId('toast').textContent())
          .toContain(lang === 'es' ? 'Recuperaste tu cuenta con tu nuevo número' : 'You recovered your account with your new number');
        await page.waitForURL('**/inicio');
        await snap(page, `recovery-${lang}-done`);
      },
      { locale: lang === 'es' ? 'es-MX' : 'en-US' },
    );
    const rows = await server.server.database.db.execute(sql`select phone_number from users where id = ${id}`);
    expect((rows as unknown as { rows: { phone_number: string }[] }).rows[0]!.phone_number).toBe(newPhone.full);
  });

  it('a new number that already has an account shows phone_number_taken with a link to support', async () => {
    const oldPhone = uniquePhone('52');
    const { recoveryCode } = await memberWithRecoveryCode(oldPhone, 'es');
    const other = uniquePhone('1');
    await loginByPhone(server.url, other.full);
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/change-phone/recovery`);
      await page.getByTestId('recovery-country-code').selectOption('52');
      await page.getByTestId('recovery-phone-input').fill(oldPhone.digits);
      await page.getByTestId('recovery-code-input').fill(recoveryCode);
      await page.getByTestId('recovery-submit').click();
      await page.waitForURL('**/change-phone/new-phone');
      await page.getByTestId('new-phone-country-code').selectOption('1');
      await page.getByTestId('new-phone-input').fill(other.digits);
      await page.getByTestId('new-phone-submit').click();
      await expect.poll(() => page.getByTestId('toast').getAttribute('data-variant')).toBe('warning');
      await expect.poll(() => page.getByTestId('toast-action').getAttribute('href')).toMatch(/^sms:\+\d+/);
      expect(page.url()).toContain('/change-phone/new-phone');
    });
  });
});
