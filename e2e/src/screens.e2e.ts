import { createOrganization, createPhysician, createSessionFor, memberWithSession, startTestServer, type TestServer } from '@puente/api/test';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPage, signedInPage, withBrowser } from './harness';

// Issue 10: every screen clean under axe, in es and en. The journeys check each screen they pass
// through (harness.ts); these are the ones none of them reaches (a survey of every journey listed
// them): each is opened here as whoever may see it, and checked as every journey's screens are.
// Not here: the addresses that only pass on (/lo, /loading, /call, /login/auth0/*, /payment-loading
// without a payment on its way), and /download and /open, which leave for the store or the marketing
// site at once (their own test watches where).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/** Opens each path in one tab and checks it is there (not sent elsewhere), so axe has checked that screen. */
async function visit(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(`${server.url}${path}`);
    await page.locator('h1').first().waitFor();
    expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
  }
}

describe('less motion, when the device asks for it', () => {
  it('a button changes colour at once and its press shows no ripple; with no such wish it fades and ripples as usual', async () => {
    await withBrowser(async (ctx) => {
      const page = await appPage(ctx);
      await page.goto(`${server.url}/login`);
      const button = page.getByTestId('login-continue');
      await button.waitFor();
      // How long its colour takes to change, and whether the ripple of a press shows (MUI mounts it
      // at the first press; the press is let go elsewhere, so nothing is sent).
      const motion = async () => {
        const box = (await button.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        const seen = await button.evaluate((el) => {
          const ripple = el.querySelector('.MuiTouchRipple-root');
          return {
            transitionS: Math.max(...getComputedStyle(el).transitionDuration.split(',').map((d) => parseFloat(d))),
            ripple: ripple !== null && getComputedStyle(ripple).display !== 'none',
          };
        });
        await page.mouse.move(1, 1);
        await page.mouse.up();
        return seen;
      };
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const usual = await motion();
      expect(usual.transitionS).toBeGreaterThan(0);
      expect(usual.ripple).toBe(true);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await motion()).toEqual({ transitionS: 0, ripple: false });
      await expect.poll(() => page.url()).toContain('/login');
    });
  });
});

describe("the coach's weekly hours on a phone", () => {
  it('each row reads as a line: the day with its delete button, then from and to side by side', async () => {
    const coach = await createPhysician(server.server, { userType: 'mx-physician', languages: ['es'], practice: 'health' });
    const { sessionToken } = await createSessionFor(server.server, coach.id);
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, sessionToken);
      await page.goto(`${server.url}/dashboard`);
      await page.getByTestId('calendar-add-hours').click();
      const row = page.getByTestId('calendar-hours-row').first();
      const top = async (field: Locator) => Math.round((await field.first().boundingBox())!.y);
      const [day, remove, starts, ends] = [await top(row.getByLabel('Día')), await top(row.getByRole('button', { name: 'Quitar' })), await top(row.getByLabel('Desde')), await top(row.getByLabel('Hasta'))];
      expect(starts).toBeGreaterThan(day);
      expect(ends).toBe(starts);
      expect(Math.abs(remove - day)).toBeLessThan(16);
    });
  });
});

describe('the screens no journey passes through', () => {
  it('signed out: the legal pages, the employer code and its organization, several accounts, an expired invitation', async () => {
    const organization = await createOrganization(server.server, {});
    await withBrowser(async (ctx) => {
      const page = await appPage(ctx);
      await visit(page, ['/aviso-de-privacidad', '/practicas-de-privacidad', '/register-employer-code', `/register-employer-code-success?code=${organization.code}`, '/login/multiple-accounts', '/expired-invitation']);
    });
  });

  it('a member: how it works, health tips, notifications, lab consent, limited services, her organization, family places, scheduling results, an email joined', async () => {
    const organization = await createOrganization(server.server, {});
    const { token: sessionToken } = await memberWithSession(server.server, { needsToAcceptTerms: false, organizationId: organization.id });
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, sessionToken);
      await visit(page, [
        '/como-funciona',
        '/consejos-de-salud',
        '/perfil/notificaciones',
        '/consent',
        '/limited-services-screen-shown',
        '/cambia-organizacion',
        '/dependants/no-available-slots',
        '/agenda/seleccionar-ph-tema',
        '/agenda/consulta-en-progreso',
        '/agenda/espacio-ocupado',
        '/agenda/cancelada-exitosamente',
        '/login/email/success',
      ]);
    });
  });

  // Nobody is online, so the screen lists the coaches she can book today (spec 2), each with its next
  // free time on a chip that cut the time off on a phone ("Próximo horario 3:00 …"). Next Monday at
  // 08:00 in Mexico City (UTC-6), on the server and in the browser; the coach works from 15:00.
  it('a member when no coach is online: the coaches she can book today, their next times whole', async () => {
    const before = server.clock.now();
    const monday = new Date(before);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    monday.setUTCHours(14, 0, 0, 0);
    server.clock.set(monday);
    try {
      await createPhysician(server.server, { hours: { starts: '15:00', ends: '18:00' } });
      const { token } = await memberWithSession(server.server, { needsToAcceptTerms: false });
      await withBrowser(async (ctx) => {
        const page = await signedInPage(ctx, token);
        await page.clock.setSystemTime(monday);
        await visit(page, ['/consulta/coaches-disponibles']);
        const list = page.getByTestId('coaches-schedulable-list');
        await expect.poll(() => list.locator('[data-testid^="coach-card-"]').count()).toBeGreaterThan(0);
        expect(await list.textContent()).toMatch(/Próximo horario \d{1,2}:00\sp\.\s?m\./);
      });
    } finally {
      server.clock.set(before);
    }
  });

  // A short screen over the bottom navigation filled the phone and then the navigation's height more:
  // her empty history scrolled 80 px for nothing.
  it('a member with no consultation yet: her history fits the phone, over the navigation, without scrolling', async () => {
    const { token } = await memberWithSession(server.server, { needsToAcceptTerms: false });
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, token);
      await visit(page, ['/consulta/historial']);
      await page.getByRole('navigation').waitFor();
      expect(await page.evaluate(() => [document.scrollingElement!.scrollHeight, window.innerHeight])).toEqual([844, 844]);
    });
  });

  // A staff screen shows in the staff member's language (her profile's), so the harness checks it in
  // that one only: the admin journey works in English, so the console's sections are opened here by
  // an admin who works in Spanish, and the support inbox (no journey opens it) in both.
  it.each([
    ['es', ['/admin/soporte', '/admin/calendarios', '/admin/organizaciones', '/admin/personal', '/admin/socios', '/admin/uso']],
    ['en', ['/admin/soporte']],
  ] as const)('an admin in %s: the support inbox and the console sections', async (preferredLang, paths) => {
    const { token: sessionToken } = await memberWithSession(server.server, { userType: 'admin', firstName: 'Admin', lastName: 'Puente', preferredLang });
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, sessionToken, { language: preferredLang });
      await visit(page, paths);
    });
  });
});
