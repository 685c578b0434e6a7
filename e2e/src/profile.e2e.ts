import { loginByPhone, startTestServer, type TestServer } from '@puente/api/test';
import { sql } from 'drizzle-orm';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, snap, uniquePhone, withBrowser } from './harness';

// Issue 3 "Terms, onboarding, profile, language": the profile and the language change, in es and en.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/** A member with a complete profile and accepted terms, as onboarding would leave her. */
async function completeMember(lang: 'es' | 'en'): Promise<{ phone: ReturnType<typeof uniquePhone>; token: string }> {
  const phone = uniquePhone(lang === 'es' ? '52' : '1');
  const first = await loginByPhone(server.url, phone.full, { lang });
  await server.server.database.db.execute(
    sql`update users set first_name = 'Lucía', last_name = 'Campos', email = 'lucia@example.com', agreed_tos_at = now(), needs_to_accept_terms = false, address = '{"country":"MX","state":"Ciudad de México","city":"Coyoacán"}'::jsonb, recovery_code_pending = null where id = ${first.member.id}`,
  );
  return { phone, token: first.sessionToken };
}

describe('profile and language in the browser', () => {
  it('es: from /perfil the member changes the language to English and the whole UI switches', async () => {
    const { phone, token } = await completeMember('es');
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, token, { language: 'es' });
      await page.goto(`${server.url}/inicio`);
      await page.waitForURL('**/inicio');
      // No organization: support is hers (spec 6 SupportAvailable gates an organization's members), no scheduling tile.
      await page.getByTestId('tile-support').waitFor();
      expect(await page.getByTestId('tile-scheduling').count()).toBe(0);
      await snap(page, 'home-es-mobile-no-organization');
      await page.getByTestId('nav-nav_profile').click();
      await page.waitForURL('**/perfil');
      await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Lucía Campos');
      expect(await page.getByTestId('profile-entry-changeLanguage').textContent()).toContain('Español');
      expect(await page.getByTestId('profile-entry-contactSupport').count()).toBe(1); // no organization: support is hers (spec 6 SupportAvailable gates organizations)
      await snap(page, 'profile-es-mobile');

      // Profile information: copy the phone, with a toast.
      await page.getByTestId('profile-entry-profileInformation').click();
      await page.waitForURL('**/perfil/informacion');
      await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.getByTestId('copy-phone').click();
      await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Teléfono copiado');
      await snap(page, 'profile-information-es');
      await page.getByTestId('back-button').click();
      await page.waitForURL('**/perfil');

      await page.getByTestId('profile-entry-changeLanguage').click();
      await page.waitForURL('**/cambio-idioma');
      const confirm = page.getByTestId('language-confirm');
      expect(await confirm.isDisabled()).toBe(true); // spec 5: unchanged selection
      await page.getByTestId('language-en').check();
      expect(await confirm.isDisabled()).toBe(false);
      await snap(page, 'change-language-es');
      await confirm.click();
      await page.waitForURL('**/perfil');
      await expect.poll(() => page.getByTestId('profile-entry-changeLanguage').textContent()).toContain('Change language');
      expect(await page.getByTestId('profile-entry-changeLanguage').textContent()).toContain('English');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await snap(page, 'profile-en-after-change');
    });
    const { rows } = (await server.server.database.db.execute(sql`select preferred_lang from users where phone_number = ${phone.full}`)) as unknown as { rows: { preferred_lang: string }[] };
    expect(rows[0]?.preferred_lang).toBe('en');
  });

  it('en: an English member switches to Spanish on a desktop screen', async () => {
    const { token } = await completeMember('en');
    await withBrowser(
      async (ctx) => {
        const page = await signedInPage(ctx, token, { language: 'en' });
        await page.goto(`${server.url}/perfil`);
        await expect.poll(() => page.getByTestId('profile-entry-changeLanguage').textContent()).toContain('Change language');
        await snap(page, 'profile-en-desktop');
        await page.getByTestId('profile-entry-changeLanguage').click();
        await page.waitForURL('**/cambio-idioma');
        expect(await page.getByTestId('language-confirm').isDisabled()).toBe(true);
        await page.getByTestId('language-es').check();
        await page.getByTestId('language-confirm').click();
        await page.waitForURL('**/perfil');
        await expect.poll(() => page.getByTestId('profile-entry-changeLanguage').textContent()).toContain('Cambiar idioma');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
        await page.getByTestId('nav-nav_home').click();
        await page.waitForURL('**/inicio');
        await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('Hola');
      },
      { locale: 'en-US', viewport: { width: 1280, height: 900 } },
    );
  });

  it("es: a screen whose code cannot be fetched says why in the page's main, the bottom navigation stays, and Reintentar opens it once it can", async () => {
    const { token } = await completeMember('es');
    await withBrowser(async (ctx) => {
      // The profile screen's code fails to arrive (as offline, or a chunk a deploy removed); the rest comes.
      const profileCode = async (route: Route) => {
        try {
          const response = await route.fetch();
          if (/[`"']profile-name[`"']/.test(await response.text())) await route.abort();
          else await route.fulfill({ response });
        } catch {
          // The page went on meanwhile: nothing waits for this request any more.
        }
      };
      await ctx.route('**/assets/*.js', profileCode);
      // The one reload the app allows for a missing chunk (main.tsx, 'chunk-reload-at') has just been used.
      await ctx.addInitScript(() => sessionStorage.setItem('chunk-reload-at', String(Date.now())));
      const page = await signedInPage(ctx, token, { language: 'es' });
      await page.goto(`${server.url}/inicio`);
      await page.getByTestId('home-screen').waitFor();
      await page.getByTestId('nav-nav_profile').click();
      const error = page.getByTestId('screen-error');
      await error.waitFor({ timeout: 30_000 });
      expect(await page.locator('main').getByRole('alert').textContent()).toBe('No se pudo procesar la petición.');
      expect(await page.getByTestId('nav-nav_profile').isVisible()).toBe(true);
      await snap(page, 'screen-error-es-mobile');
      await ctx.unroute('**/assets/*.js', profileCode);
      await page.getByTestId('screen-error-retry').click();
      await expect.poll(() => page.getByTestId('profile-name').textContent(), { timeout: 30_000 }).toBe('Lucía Campos');
    });
  });
});
