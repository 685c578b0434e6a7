import { startTestServer, type TestServer } from '@puente/api/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBrowser } from './harness';

// Issue 8: the app works under its Content Security Policy (script-src 'self', emotion's <style>
// tags, the PWA service worker, the camera preview), and nothing on the way reports a violation.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe('the web app under its Content Security Policy', () => {
  it('renders styled screens, registers the service worker and shows the camera, with no CSP violation', async () => {
    await withBrowser(
      async (ctx) => {
        const page = await ctx.newPage();
        // Init scripts come in through the DevTools protocol, so the page's CSP does not stop this one.
        await page.addInitScript(() => {
          const w = window as unknown as { cspViolations: string[] };
          w.cspViolations = [];
          document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI}`));
        });
        const consoleViolations: string[] = [];
        page.on('console', (msg) => {
          if (msg.text().includes('Content Security Policy')) consoleViolations.push(msg.text());
        });

        const response = await page.goto(server.url);
        const csp = response?.headers()['content-security-policy'] ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(response?.headers()['permissions-policy']).toContain('camera=(self)');
        await page.waitForURL('**/select-language');
        await page.getByTestId('lang-es').click();
        await page.waitForURL('**/presignup');
        await page.getByTestId('presignup-login').click();
        await page.waitForURL('**/login');

        // MUI's styles (emotion <style> tags) apply: the primary button is filled, not a bare browser button.
        const continueButton = page.getByTestId('login-continue');
        await continueButton.waitFor();
        const background = await continueButton.evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
        expect(await page.evaluate(() => document.querySelectorAll('style[data-emotion]').length)).toBeGreaterThan(0);

        // The PWA's service worker registers under worker-src 'self'.
        await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), { timeout: 20_000 }).toBe(true);

        // The camera and microphone are allowed to the app's own origin (Permissions-Policy), and the
        // preview plays from a MediaStream (media-src mediastream: blob:).
        const playing = await page.evaluate(async () => {
          const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
          const video = document.createElement('video');
          video.muted = true;
          video.srcObject = stream;
          document.body.appendChild(video);
          await video.play();
          const ok = video.videoWidth > 0 || !video.paused;
          stream.getTracks().forEach((t) => t.stop());
          video.remove();
          return ok;
        });
        expect(playing).toBe(true);

        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
        expect(consoleViolations).toEqual([]);
      },
      { media: true, serviceWorkers: 'allow' },
    );
  });

  it('an inline script injected into the page does not run (script-src without unsafe-inline)', async () => {
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(server.url);
      await page.waitForURL('**/select-language');
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.appendChild(script);
        await new Promise((r) => setTimeout(r, 100));
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ran).toBe(false);
    });
  });
});
