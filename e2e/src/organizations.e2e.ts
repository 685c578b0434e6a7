import { createOrganization, createSessionFor, loginByPhone, startTestServer, type TestServer } from '@puente/api/test';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11y, phoneSignIn, signedInPage, snap, uniquePhone, withBrowser } from './harness';

// Issue 15 "Tests that prove it": a member enters an employer code and is linked, changes site,
// leaves the organization and meets the paywall; a partner member sees the partner's theme.
const DAY = 24 * 60 * 60_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/** A member who signed up weeks ago (trial) with a finished profile. */
async function existingMember(lang: 'es' | 'en', organizationId: string | null = null) {
  const phone = uniquePhone(lang === 'es' ? '52' : '1');
  const first = await loginByPhone(server.url, phone.full, { lang });
  await server.server.database.db.execute(
    sql`update users set first_name = 'Elena', last_name = 'Ríos', organization_id = ${organizationId}, agreed_tos_at = now(), needs_to_accept_terms = false, recovery_code_pending = null, address = '{"country":"MX","state":"CDMX","city":"Ciudad de México"}'::jsonb where id = ${first.member.id}`,
  );
  return { phone, id: first.member.id };
}

const TEXT = {
  es: { linked: 'Tu cuenta ya está asociada a', ended: 'Tu beneficio de empresa terminó', site: 'Planta Sur' },
  en: { linked: 'Your account is now linked to', ended: 'Your employer benefit has ended', site: 'Planta Sur' },
} as const;

describe('organizations in the browser', () => {
  // One language per journey (its screens are checked by axe in both; the journeys alternate,
  // so each language walks some of them end to end).
  const lang = 'es' as 'es' | 'en';
  it(`a member enters an employer code, changes site, leaves and meets the paywall; a partner member sees its theme (${lang})`, async () => {
    const start = server.clock.now();
    const db = server.server.database.db;
    const org = await createOrganization(server.server, { name: `Acme ${lang}`, code: `ACME${lang.toUpperCase()}${Date.now() % 100000}`, flags: ['SCHEDULING_AVAILABLE', 'SUPPORT_AVAILABLE'] });
    await db.execute(sql`insert into organization_sites (organization_id, name) values (${org.id}, 'Planta Norte'), (${org.id}, 'Planta Sur')`);
    const partnerOrg = await createOrganization(server.server, { name: `Sol ${lang}` });
    const colors = JSON.stringify({ primary: '#FFC20E', secondary: '#00539B', background: '#FFF8E1' });
    await db.execute(sql`insert into organization_partners (organization_id, partner_id, partner_name, colors) values (${partnerOrg.id}, ${`sol-${lang}`}, 'Farmacias Sol', ${colors}::jsonb)`);
    const member = await existingMember(lang);
    const partner = await existingMember(lang, partnerOrg.id);
    server.clock.advance(3 * 60_000);
    try {
      await withBrowser(
        async (ctx) => {
          const page = await signedInPage(ctx, (await createSessionFor(server.server, member.id)).sessionToken, { language: lang });
          // A partner theme is asked for only for an organization that has a partner (no NOT_FOUND on every page).
          const themeAsks: string[] = [];
          page.on('request', (request) => void (request.url().includes('/theme-config') && themeAsks.push(request.url())));
          await page.goto(`${server.url}/inicio`);
          await page.waitForURL('**/inicio');

          // The invitation code entry of /perfil: validate, the works-there box, Associate.
          await page.goto(`${server.url}/perfil`);
          await page.getByTestId('profile-entry-invitationCode').click();
          await page.waitForURL('**/registro-organizacion');
          await page.getByTestId('employer-code-input').fill('WRONG-CODE');
          await page.getByTestId('employer-code-validate').click();
          await expect.poll(() => page.getByTestId('employer-code-form').getAttribute('data-state')).toBe('invalid');
          // The field that says the code is not valid has the focus, to correct it there.
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('employer-code-input');
          await page.getByTestId('employer-code-input').fill(org.code!.toLowerCase());
          await page.getByTestId('employer-code-validate').click();
          await expect.poll(() => page.getByTestId('employer-code-form').getAttribute('data-state')).toBe('valid');
          // Associate without the works-there box: the box says why and has the focus.
          await page.getByTestId('employer-code-associate').click();
          await page.getByTestId('employer-code-works-there-error').waitFor();
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('employer-code-works-there');
          await a11y(page, 'works-there refused');
          await snap(page, `organizations-${lang}-works-there-refused`);
          await page.getByTestId('employer-code-works-there').check();
          await page.getByTestId('employer-code-works-there-error').waitFor({ state: 'detached' });
          await snap(page, `organizations-${lang}-code-valid`);
          await page.getByTestId('employer-code-associate').click();
          await page.waitForURL('**/registro-organizacion-exitoso');
          await expect.poll(() => page.locator('body').textContent()).toContain(`${TEXT[lang].linked} Acme ${lang}`);
          await page.getByTestId('organization-registration-success-continue').click();
          await page.waitForURL('**/inicio');

          // Two sites: the site change is offered; she picks the second one.
          await page.goto(`${server.url}/perfil`);
          await page.getByTestId('profile-entry-changeSite').click();
          await page.waitForURL('**/cambiar-sitio-organizacion');
          await page.getByLabel(TEXT[lang].site).check();
          await snap(page, `organizations-${lang}-site`);
          await page.getByTestId('organization-site-save').click();
          await page.waitForURL('**/perfil');
          const chosen = (await db.execute(sql`select s.name as site from member_organization_sites m join organization_sites s on s.id = m.site_id where m.organization_id = ${org.id}`)) as unknown as { rows: { site: string }[] };
          expect(chosen.rows.map((r) => r.site)).toEqual(['Planta Sur']);

          // Her trial ends while the organization covers her; then she leaves it: the paywall, employer benefit ended.
          server.clock.advance(50 * DAY);
          const later = await createSessionFor(server.server, member.id);
          await page.evaluate((t) => localStorage.setItem('sessionToken', t), later.sessionToken);
          await page.goto(`${server.url}/inicio`);
          await page.waitForURL('**/inicio');
          await page.goto(`${server.url}/perfil`);
          await page.getByTestId('profile-entry-leaveOrganization').click();
          await page.waitForURL('**/cancela-membresia-organizacion');
          await page.getByTestId('organization-leave-confirm').click();
          await page.waitForURL('**/membresia-expirada');
          await expect.poll(() => page.locator('h1').textContent()).toBe(TEXT[lang].ended);
          await snap(page, `organizations-${lang}-paywall`);
          expect(themeAsks).toEqual([]);

          // A partner's member signs in: the partner's colours (kept at AA, axe checks every screen), no delete account.
          await page.evaluate(() => localStorage.removeItem('sessionToken'));
          await phoneSignIn(page, server, partner.phone);
          await page.waitForURL('**/inicio');
          await expect.poll(() => page.evaluate(() => sessionStorage.getItem('partnerId'))).toBe(`sol-${lang}`);
          expect(themeAsks.every((url) => url.includes(partnerOrg.id))).toBe(true);
          expect(themeAsks.length).toBeGreaterThan(0);
          await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 248, 225)');
          await snap(page, `organizations-${lang}-partner-home`);
          await page.goto(`${server.url}/perfil`);
          await page.waitForURL('**/perfil');
          await expect.poll(() => page.getByTestId('profile-name').isVisible()).toBe(true);
          expect(await page.getByTestId('profile-entry-deleteAccount').count()).toBe(0);
          await snap(page, `organizations-${lang}-partner-profile`);
          await page.setViewportSize({ width: 1280, height: 800 });
          await snap(page, `organizations-${lang}-partner-profile-desktop`);
        },
        { locale: lang === 'es' ? 'es-MX' : 'en-US' },
      );
    } finally {
      server.clock.set(start);
    }
  });
});
