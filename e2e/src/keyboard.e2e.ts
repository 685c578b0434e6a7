import { startTestServer, type TestServer } from '@puente/api/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromOutbox, uniquePhone, withBrowser } from './harness';

// Issue 10 (WCAG 2.1.1 Keyboard, 2.4.7 Focus Visible, 2.4.11 Focus Not Obscured, 3.3.1 Error
// Identification): a new member signs in and completes the onboarding with the keyboard alone (Tab,
// Shift+Tab, Enter, Space and typing; no mouse), and wherever the focus lands it can be seen.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

/**
 * Why the focused element has no visible focus indicator, or '' when it has one: a ring of at
 * least 2 px (on it or on the control that shows its focus), or a text field's 2 px focused border.
 */
const focusProblem = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    const name = `${el.tagName.toLowerCase()}[data-testid=${el.dataset.testid ?? '?'}]`;
    // A text field shows its focus as its 2 px border (a date field's focus sits in its parts).
    const notch = el.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (notch && parseFloat(getComputedStyle(notch).borderTopWidth) >= 2) return '';
    if (!el.matches(':focus-visible')) return `${name} is focused but not :focus-visible`;
    const ring = (e: Element | null): boolean => {
      if (!e) return false;
      const cs = getComputedStyle(e);
      return cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 && cs.outlineColor !== 'transparent';
    };
    if (ring(el) || ring(el.closest('.Mui-focusVisible'))) return '';
    return `${name} shows no focus indicator`;
  });

/**
 * WCAG 2.4.11 Focus Not Obscured: what stays on the screen as the page scrolls (the member's bottom
 * navigation, a toast) must not hide the focused element. Stricter than 2.4.11's "not all of it":
 * no part of it (a control half under the navigation is hard to see). '' when nothing hides it.
 */
const focusHidden = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const r = el.getBoundingClientRect();
    const [top, bottom] = [Math.max(r.top, 0) + 1, Math.min(r.bottom, window.innerHeight) - 1];
    const [left, right] = [Math.max(r.left, 0) + 1, Math.min(r.right, window.innerWidth) - 1];
    if (bottom <= top || right <= left) return ''; // off the screen: the browser scrolls to it, or it is a skip link
    /** The layer fixed on the screen that `hit` belongs to, unless the focused element is in it too (a dialog). */
    const overlay = (hit: Element | null): Element | null => {
      for (let e = hit; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return e.contains(el) ? null : e;
      return null;
    };
    // What is on top at nine points of it (the page's stacking decides, as for the eye).
    const points = [0, 0.5, 1].flatMap((fx) => [0, 0.5, 1].map((fy) => document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy)));
    const cover = points.map(overlay).find((o) => o !== null);
    if (!cover) return '';
    return `${el.tagName.toLowerCase()}[data-testid=${el.closest('[data-testid]')?.getAttribute('data-testid') ?? '?'}] (${Math.round(r.top)}-${Math.round(r.bottom)}) is under ${cover.querySelector('[data-testid]')?.getAttribute('data-testid') ?? cover.tagName.toLowerCase()} (${Math.round(cover.getBoundingClientRect().top)}-)`;
  });

/** The test id of the focused element (or of the control it belongs to). */
const focusedTestId = (page: Page): Promise<string | null> =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

/**
 * Presses Tab (or Shift+Tab) until the element with `testId` has the focus, checking at every
 * stop that the focus is visible; fails if it is not reached in `max` presses.
 */
async function tabTo(page: Page, testId: string, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const problem = await focusProblem(page);
    // Past the last control the focus leaves the page (the browser's own controls); Tab comes back.
    if (problem === 'nothing has the focus') continue;
    expect(problem, `focus visible on the way to ${testId}`).toBe('');
    expect(await focusHidden(page), `focus not hidden on the way to ${testId}`).toBe('');
    if ((await focusedTestId(page)) === testId) return;
  }
  throw new Error(`${testId} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses (focus on ${await focusedTestId(page)})`);
}

describe('keyboard only', () => {
  it('es: a new member signs in and completes the onboarding without a mouse, and always sees where the focus is', async () => {
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(server.url);
      await page.waitForURL('**/select-language');
      await expect.poll(() => page.title()).toBe('Elige tu idioma · Puente');
      await tabTo(page, 'lang-es');
      await page.keyboard.press('Enter');

      await page.waitForURL('**/presignup');
      await tabTo(page, 'presignup-login');
      await page.keyboard.press('Enter');

      // Sign in: the country code the screen chose, a new number, Enter submits.
      await page.waitForURL('**/login');
      await expect.poll(() => page.title()).toBe('Iniciar sesión · Puente');
      const code = (await page.getByTestId('country-code').inputValue()) as '1' | '52' | '57';
      const phone = uniquePhone(code);
      await tabTo(page, 'phone-input');
      await page.keyboard.type(phone.digits);
      await page.keyboard.press('Enter');

      // The code field has the focus on arrival.
      await page.waitForURL('**/login/verify-phone-number');
      await expect.poll(() => focusedTestId(page)).toBe('code-input');
      await page.keyboard.type(await codeFromOutbox(server.url, phone.full));
      await page.keyboard.press('Enter');

      // The terms dialog keeps the focus inside it; Shift+Tab reaches its buttons too.
      await page.waitForURL('**/login/save-recovery-code');
      await page.getByTestId('terms-dialog').waitFor();
      await tabTo(page, 'terms-accept', { back: true });
      await page.keyboard.press('Enter');
      await page.getByTestId('terms-dialog').waitFor({ state: 'detached' });

      // Continue without the confirmation: the focus moves to the checkbox, which names the error.
      await tabTo(page, 'recovery-continue');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedTestId(page)).toBe('recovery-confirm');
      const confirm = page.getByTestId('recovery-confirm');
      expect(await confirm.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${await confirm.getAttribute('aria-describedby')}`).textContent()).toBe('Confirma que guardaste tu código de recuperación.');
      await page.keyboard.press('Space');
      expect(await confirm.isChecked()).toBe(true);
      await tabTo(page, 'recovery-continue');
      await page.keyboard.press('Enter');

      // Onboarding step 1: an empty Continue puts the focus on the first field in error.
      await page.waitForURL('**/induccion/crear-perfil/1');
      await expect.poll(() => page.title()).toBe('Crea tu perfil (paso 1) · Puente');
      await tabTo(page, 'onboarding-next');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedTestId(page)).toBe('field-firstName');
      expect(await focusProblem(page)).toBe('');
      await page.keyboard.type('Ana');
      await page.keyboard.press('Tab');
      expect(await focusedTestId(page)).toBe('field-lastName');
      await page.keyboard.type('López');
      await page.keyboard.press('Tab');
      expect(await focusedTestId(page)).toBe('field-birthday');
      // The date field takes its parts in the browser's own order (mm/dd/yyyy: the shared headless
      // browser runs in en-US whatever the page's locale); each part moves on by itself.
      await page.keyboard.type('05011990');
      expect(await page.getByTestId('field-birthday').inputValue()).toBe('1990-05-01');
      await tabTo(page, 'onboarding-next');
      await page.keyboard.press('Enter');

      // Step 2: the phone chose the country. A US member must give her state: Continue puts the
      // focus on it, Shift+Tab goes back to the zip code, which fills state and city.
      await page.waitForURL('**/induccion/crear-perfil/2');
      await tabTo(page, 'field-email');
      await page.keyboard.type(`ana.teclado.${Date.now()}@example.com`);
      await tabTo(page, 'onboarding-next');
      await page.keyboard.press('Enter');
      if (code === '1') {
        await expect.poll(() => focusedTestId(page)).toBe('field-state');
        await tabTo(page, 'field-zipCode', { back: true });
        await page.keyboard.type('90210');
        await expect.poll(() => page.getByTestId('field-state').inputValue()).toBe('CA');
        await expect.poll(() => page.getByTestId('field-city').inputValue()).toBe('Beverly Hills');
        await tabTo(page, 'onboarding-next');
        await page.keyboard.press('Enter');
      }

      // Step 3: Enter on the submit button with nothing ticked focuses the first checkbox; Space ticks.
      await page.waitForURL('**/induccion/crear-perfil/3');
      await tabTo(page, 'onboarding-submit');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedTestId(page)).toBe('field-legalAge');
      expect(await focusProblem(page)).toBe('');
      await page.keyboard.press('Space');
      expect(await page.getByTestId('field-legalAge').isChecked()).toBe(true);
      // The terms were accepted in the dialog with the keyboard: step 3 says so instead of asking again.
      expect(await page.getByTestId('field-tos').count()).toBe(0);
      expect(await page.getByTestId('onboarding-tos-accepted').isVisible()).toBe(true);
      await tabTo(page, 'onboarding-submit');
      await page.keyboard.press('Enter');

      // Outside full-care places the limited-services screen comes first; its button goes home.
      await page.waitForURL(/\/(inicio|limited-services-screen-shown)$/);
      if (page.url().endsWith('/limited-services-screen-shown')) {
        await tabTo(page, 'limited-services-continue');
        await page.keyboard.press('Enter');
        await page.waitForURL('**/inicio');
      }
      await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('Ana');
      await expect.poll(() => page.title()).toBe('Inicio · Puente');
      // Home on a short phone screen: its content runs under the bottom navigation, and Tab through
      // all of it to the navigation never leaves the focus hidden beneath it (WCAG 2.4.11).
      await page.setViewportSize({ width: 390, height: 560 });
      await tabTo(page, 'nav-nav_profile');
    });

    const { rows } = (await server.server.database.db.execute(
      (await import('drizzle-orm')).sql`select first_name, last_name, birthday, agreed_tos_at from users where first_name = 'Ana' and last_name = 'López'`,
    )) as unknown as { rows: { first_name: string; birthday: string; agreed_tos_at: string | null }[] };
    expect(rows[0]).toMatchObject({ first_name: 'Ana', birthday: '1990-05-01' });
    expect(rows[0]!.agreed_tos_at).not.toBeNull();
  });
});
