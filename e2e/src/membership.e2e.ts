import { createSessionFor, loginByPhone, startTestServer, type TestServer } from '@puente/api/test';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, snap, uniquePhone, withBrowser } from './harness';

// Issue 14 "Tests that prove it": a trial member sees the banner, the trial ends (controlled
// clock), the paywall appears, she subscribes by card in the local checkout and is back home.
const DAY = 24 * 60 * 60_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/**
 * Weeks pass between her visits here: she comes back with a new session, on /inicio (the sign-in
 * screens are the login journey's).
 */
async function comeBack(page: Page, memberId: string): Promise<void> {
  const { sessionToken } = await createSessionFor(server.server, memberId);
  await page.evaluate((t) => localStorage.setItem('sessionToken', t), sessionToken);
  await page.goto(`${server.url}/inicio`);
}

const TEXT = {
  es: { trialExpired: 'Tu prueba gratuita terminó', declined: 'Tu tarjeta fue rechazada', success: '¡Pago exitoso!', daysLeft: /Te quedan (2[89]|3[01]) días/ },
  en: { trialExpired: 'Your free trial has ended', declined: 'Your card was declined', success: 'Payment successful!', daysLeft: /(2[89]|3[01]) days left/ },
} as const;

describe('membership in the browser: trial, paywall, card subscription', () => {
  // One language per journey (its screens are checked by axe in both; the journeys alternate,
  // so each language walks some of them end to end).
  const lang = 'en' as 'es' | 'en';
  it(`a trial member sees the banner, the trial ends, she subscribes by card and is back home (${lang})`, async () => {
    const start = server.clock.now();
    const phone = uniquePhone(lang === 'es' ? '52' : '1');
    const first = await loginByPhone(server.url, phone.full, { lang });
    await server.server.database.db.execute(
      sql`update users set first_name = 'Lucía', last_name = 'Paz', agreed_tos_at = now(), needs_to_accept_terms = false, recovery_code_pending = null, address = '{"country":"MX","state":"CDMX","city":"Ciudad de México"}'::jsonb where id = ${first.member.id}`,
    );
    try {
      await withBrowser(
        async (ctx) => {
          const page = await signedInPage(ctx, first.sessionToken, { language: lang });
          await page.goto(`${server.url}/inicio`);
          await page.waitForURL('**/inicio');
          const banner = page.getByTestId('trial-banner');
          await expect.poll(() => banner.getAttribute('data-color')).toBe('success');
          expect(await banner.textContent()).toContain('45');
          await snap(page, `membership-${lang}-trial-banner`);

          // Day 42: three days left, the banner turns to the error colour.
          server.clock.advance(42 * DAY);
          await comeBack(page, first.member.id);
          await page.waitForURL('**/inicio');
          await expect.poll(() => banner.getAttribute('data-color')).toBe('error');
          expect(await banner.textContent()).toContain('3');

          // The trial ends: the route guard sends her to the paywall (trialExpired).
          server.clock.advance(4 * DAY);
          await comeBack(page, first.member.id);
          await page.waitForURL('**/membresia-expirada');
          await expect.poll(() => page.getByTestId('paywall').getAttribute('data-referer')).toBe('trialExpired');
          expect(await page.locator('h1').textContent()).toBe(TEXT[lang].trialExpired);
          await expect.poll(() => page.getByTestId('plan-bs_12m').isVisible()).toBe(true);
          expect(await page.locator('[data-testid^="plan-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
            'plan-bs_12m',
            'plan-bs_6m',
            'plan-bs_1m',
            'plan-bs_1w',
          ]);
          expect(await page.getByTestId('plan-bs_1m').locator('input').isChecked()).toBe(true);
          await snap(page, `membership-${lang}-paywall`);
          // Home is out of reach while she has no access.
          await page.goto(`${server.url}/inicio`);
          await page.waitForURL('**/membresia-expirada');

          // The local checkout: a declined card first, then the test card that pays.
          await page.getByTestId('paywall-subscribe').click();
          await expect.poll(() => page.getByTestId('card-checkout-modal').isVisible()).toBe(true);
          const frame = page.frameLocator('[data-testid="card-checkout-frame"]');
          await frame.getByTestId('local-checkout-card').fill('4000 0000 0000 0002');
          await frame.getByTestId('local-checkout-pay').click();
          await expect.poll(() => frame.getByTestId('local-checkout-declined').textContent()).toContain(TEXT[lang].declined);
          await snap(page, `membership-${lang}-checkout-declined`);
          await frame.getByTestId('local-checkout-card').fill('4242 4242 4242 4242');
          await frame.getByTestId('local-checkout-pay').click();
          await page.waitForURL('**/payment-success', { timeout: 15_000 });
          // The screen validates the membership first ('Validating…'), then says so.
          await expect.poll(() => page.locator('h1').textContent()).toBe(TEXT[lang].success);
          await page.getByTestId('payment-success-continue').click();
          await page.waitForURL('**/inicio');
          expect(await page.getByTestId('trial-banner').count()).toBe(0);

          await page.goto(`${server.url}/membership`);
          await page.waitForURL('**/membership');
          await expect.poll(() => page.getByTestId('membership-days-left').textContent()).toMatch(TEXT[lang].daysLeft);
          expect(await page.getByTestId('membership-plan').getAttribute('data-status')).toBe('active');
          await snap(page, `membership-${lang}-active`);
        },
        { locale: lang === 'es' ? 'es-MX' : 'en-US' },
      );
    } finally {
      server.clock.set(start);
    }
  });
});
