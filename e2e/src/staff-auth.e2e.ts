import { createMember, startTestServer, type TestServer } from '@puente/api/test';
import { FIXED_TEXTS, STAFF_AUTH } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap, staffCodeStep, staffSignIn, totpCode, withBrowser } from './harness';

// Issue 3: staff sign-in with an email code and a TOTP second factor, and the 15-minute idle logoff.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe('staff sign-in in the browser', () => {
  it('a coach enrols with the QR code on the first sign-in, lands on /dashboard, and is logged out after 15 idle minutes', async () => {
    const email = `coach.${Date.now()}@puente.test`;
    await createMember(server.server, { userType: 'mx-physician', email, firstName: 'María', lastName: 'Hernández' });
    let secret = '';
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await staffCodeStep(page, server, email, { viaLoginScreen: true });
      await page.getByTestId('staff-totp-enrolment').waitFor();
      expect(await page.getByTestId('staff-totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      secret = (await page.getByTestId('staff-totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      // A wrong code is refused with the field message.
      await page.getByTestId('staff-totp-input').fill(totpCode(server, secret) === '000000' ? '111111' : '000000');
      await page.getByTestId('staff-login-submit').click();
      await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Código incorrecto');
      await page.getByTestId('staff-totp-input').fill(totpCode(server, secret));
      await page.getByTestId('staff-login-submit').click();
      await page.waitForURL('**/dashboard');
      await snap(page, 'staff-dashboard');

      // HIPAA automatic logoff: 16 minutes without activity on the server's clock.
      server.clock.advance(STAFF_AUTH.idleTimeoutMs + 60_000);
      await page.reload();
      await expect.poll(() => page.getByTestId('toast').textContent()).toContain(FIXED_TEXTS.sessionExpired);
      await page.waitForURL(/\/login$/);
      expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
    });

    // The next sign-in needs no enrolment: the code from the same authenticator works.
    server.clock.advance(STAFF_AUTH.totpPeriodSeconds * 1000);
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await staffCodeStep(page, server, email, { viaLoginScreen: true });
      await page.getByTestId('staff-totp-input').waitFor();
      expect(await page.getByTestId('staff-totp-enrolment').count()).toBe(0);
      await page.getByTestId('staff-totp-input').fill(totpCode(server, secret));
      await page.getByTestId('staff-login-submit').click();
      await page.waitForURL('**/dashboard');
    });
  });

  it('an admin enrols and lands on /admin', async () => {
    const email = `admin.${Date.now()}@puente.test`;
    await createMember(server.server, { userType: 'admin', email, firstName: 'Admin', lastName: 'Puente' });
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await staffSignIn(page, server, email, { viaLoginScreen: true });
      expect(new URL(page.url()).pathname).toBe('/admin');
    });
  });
});
