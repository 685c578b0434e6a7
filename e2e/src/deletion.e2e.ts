import { loginByPhone, startTestServer, type TestServer } from '@puente/api/test';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneSignIn, signedInPage, snap, uniquePhone, withBrowser } from './harness';

// Issue 3 "Tests that prove it": deletion, then restore within the threshold, in es and en.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe('deleting and restoring an account in the browser', () => {
  // One language per journey (its screens are checked by axe in both; the journeys alternate,
  // so each language walks some of them end to end).
  const lang = 'en' as 'es' | 'en';
  it(`a member deletes her account, signs in again within the threshold and restores it (${lang})`, async () => {
    const phone = uniquePhone(lang === 'es' ? '52' : '1');
    const first = await loginByPhone(server.url, phone.full, { lang });
    await server.server.database.db.execute(
      sql`update users set first_name = 'Elena', last_name = 'Ruiz', agreed_tos_at = now(), needs_to_accept_terms = false, recovery_code_pending = null, address = '{"country":"MX","state":"CDMX","city":"Ciudad de México"}'::jsonb where id = ${first.member.id}`,
    );
    await withBrowser(
      async (ctx) => {
        const page = await signedInPage(ctx, first.sessionToken, { language: lang });
        await page.goto(`${server.url}/inicio`);
        await page.waitForURL('**/inicio');

        await page.goto(`${server.url}/perfil/eliminar-cuenta`);
        await page.getByTestId('delete-account-open').click();
        const submit = page.getByTestId('delete-account-submit');
        expect(await submit.isDisabled()).toBe(true);
        await page.getByTestId('delete-account-confirm').check();
        await submit.click();
        await page.waitForURL('**/eliminar-cuenta');
        await expect.poll(() => page.locator('h1').textContent()).toBe(lang === 'es' ? 'Tu cuenta fue eliminada' : 'Your account was deleted');
        await page.getByTestId('account-deleted-continue').click();
        await page.waitForURL('**/login');

        // A day later she signs in again: no session, the pending-deletion screen with Restore.
        server.clock.advance(24 * 60 * 60_000);
        await phoneSignIn(page, server, phone);
        await page.waitForURL(/\/cuenta-en-progreso-de-borrado\?drt=\d+$/);
        expect(await page.evaluate(() => localStorage.getItem('deletion-request-time'))).toMatch(/^\d+$/);
        expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();
        await snap(page, `deletion-${lang}-pending`);
        await page.getByTestId('pending-deletion-restore').click();
        await page.waitForURL('**/login');
        await expect.poll(() => page.getByTestId('account-restored').isVisible()).toBe(true);

        // Restored: the next sign-in is an ordinary one.
        server.clock.advance(3 * 60_000);
        await phoneSignIn(page, server, phone);
        await page.waitForURL('**/inicio');
      },
      { locale: lang === 'es' ? 'es-MX' : 'en-US' },
    );
    const rows = await server.server.database.db.execute(sql`select deletion_requested_at, deleted_at from users where id = ${first.member.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ deletion_requested_at: null, deleted_at: null });
  });
});
