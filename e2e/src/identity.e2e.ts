import { createMember, createOrganization, freePort, startTestServer, type TestServer } from '@puente/api/test';
import { STAFF_AUTH } from '@puente/domain';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterPhone, snap, uniquePhone, withBrowser } from './harness';

// Issue 3 "Tests that prove it": social login and a merge against the local OpenID provider
// (oidc-provider, mounted by the test server at /api/dev-idp), the real redirect flow in Chromium.
let server: TestServer;
let empCode: string;
beforeAll(async () => {
  // The provider redirects to PUBLIC_URL, so the server needs its address before it starts.
  server = await startTestServer({ port: await freePort() });
  empCode = (await createOrganization(server.server, { name: 'Social Org' })).code!;
});
afterAll(async () => {
  await server?.close();
});

const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@example.com`;

/** /login for an organization (social login shows for organization or partner logins, spec 6). */
async function openLogin(page: Page, lang: 'es' | 'en' = 'es'): Promise<void> {
  await page.goto(`${server.url}/login?empCode=${empCode}&lang=${lang}`);
  await page.getByTestId('social-login-google').waitFor();
}

/** The development provider's login form: type who you are, sign in, and come back. */
async function signInAtProvider(page: Page, email: string, name?: string): Promise<void> {
  await page.waitForURL(/\/api\/dev-idp\/interaction\//);
  await page.getByTestId('dev-idp-email').fill(email);
  if (name) await page.getByTestId('dev-idp-given-name').fill(name);
  await page.getByTestId('dev-idp-submit').click();
}

async function provePhone(page: Page, phone: ReturnType<typeof uniquePhone>): Promise<void> {
  await page.waitForURL(/\/login(\?.*)?$/);
  await enterPhone(page, server, phone);
}

describe('identity-provider login in the browser (local OpenID provider)', () => {
  it('a new person signs in with Google and starts the profile (new_account_created)', async () => {
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await openLogin(page);
      await page.getByTestId('social-login-google').click();
      await signInAtProvider(page, uniqueEmail('nueva'), 'Nueva');
      await page.waitForURL('**/induccion/crear-perfil/1');
      expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeTruthy();
      await snap(page, 'identity-new-account');
    });
  });

  it('merge: Google with the email of an existing member, the member proves the phone, the accounts are joined', async () => {
    const phone = uniquePhone('52');
    const email = uniqueEmail('ana');
    await createMember(server.server, { email, phoneNumber: phone.full, countryCode: '52', firstName: 'Ana', lastName: 'López' });
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await openLogin(page);
      await page.getByTestId('social-login-google').click();
      await signInAtProvider(page, email);
      // merge_required: back on /login with the explanation, then the phone code.
      await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Confirma tu número');
      await provePhone(page, phone);
      await page.waitForURL('**/login/social/success');
      await page.getByTestId('merge-success-continue').click();
      await page.waitForURL('**/login/save-recovery-code');
      await snap(page, 'identity-merged');
    });
    // Linked: the next Google sign-in goes straight in.
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await openLogin(page);
      await page.getByTestId('social-login-google').click();
      await signInAtProvider(page, email);
      await page.waitForURL(/\/(inicio|induccion\/crear-perfil\/1)$/);
    });
  });

  it('merge error: proving another phone ends on /login/merge/error/google, whose retry opens the social page', async () => {
    const email = uniqueEmail('target');
    await createMember(server.server, { email, phoneNumber: uniquePhone('52').full, countryCode: '52' });
    const other = uniquePhone('52');
    await createMember(server.server, { phoneNumber: other.full, countryCode: '52' });
    await withBrowser(
      async (ctx) => {
        const page = await ctx.newPage();
        await openLogin(page, 'en');
        await page.getByTestId('social-login-google').click();
        await signInAtProvider(page, email);
        await provePhone(page, other);
        await page.waitForURL('**/login/merge/error/google');
        await expect.poll(() => page.locator('h1').textContent()).toContain('could not join');
        await page.getByTestId('merge-error-retry').click();
        await page.waitForURL('**/login/social/google');
        await page.getByTestId('social-sign-in').waitFor();
      },
      { locale: 'en-US' },
    );
  });

  it('/login/auth0/email goes straight to the provider (email login) and back', async () => {
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/login/auth0/email`);
      await signInAtProvider(page, uniqueEmail('correo'));
      await page.waitForURL('**/induccion/crear-perfil/1');
    });
  });

  it('staff can pass the first factor through the identity provider, then TOTP', async () => {
    const email = uniqueEmail('doctora');
    await createMember(server.server, { userType: 'us-physician', email, firstName: 'Emily', lastName: 'Carter' });
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/staff/login`);
      await page.getByTestId('staff-login-identity').click();
      await signInAtProvider(page, email);
      // Back through /login/auth0/verify to the staff screen, now on the second factor.
      await page.waitForURL(/\/staff\/login\?/);
      await page.getByTestId('staff-totp-enrolment').waitFor();
      const secret = (await page.getByTestId('staff-totp-secret').textContent())?.trim() ?? '';
      const code = new TOTP({ secret, digits: STAFF_AUTH.totpDigits, period: STAFF_AUTH.totpPeriodSeconds }).generate({ timestamp: server.clock.now().getTime() });
      await page.getByTestId('staff-totp-input').fill(code);
      await page.getByTestId('staff-login-submit').click();
      await page.waitForURL('**/dashboard');
    });
  });

  it('RESTRICT_SOCIAL_LOGIN hides the social buttons; the staff link stays', async () => {
    const restricted = await createOrganization(server.server, { settings: { RestrictSocialLogin: true } });
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/login?empCode=${restricted.code}`);
      await page.getByTestId('staff-login-link').waitFor();
      expect(await page.getByTestId('social-login-google').count()).toBe(0);
    });
  });
});
