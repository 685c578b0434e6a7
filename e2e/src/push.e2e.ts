import { createMember, createSessionFor, startTestServer, type TestServer } from '@puente/api/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, withBrowser } from './harness';

// Issue 12: a push reaches the service worker (Chromium's DevTools push delivery) and shows the
// notification with the action's data; opening the app with it routes by spec 4 push actions.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe('push in the service worker', () => {
  it('the push handler shows the notification; the app routes TREAT_COMPLETED to the history detail', async () => {
    const member = await createMember(server.server, { address: { country: 'US', state: 'CA', city: 'San Francisco', zipCode: '94105' }, needsToAcceptTerms: false });
    const { sessionToken } = await createSessionFor(server.server, member.id);
    await withBrowser(async (ctx) => {
      await ctx.grantPermissions(['notifications'], { origin: server.url });
      const page = await signedInPage(ctx, sessionToken);
      const cdp = await ctx.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        for (const r of e.registrations) if (!r.isDeleted) registrations.push(r);
      });
      await cdp.send('ServiceWorker.enable');
      await page.goto(`${server.url}/inicio`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await expect.poll(() => registrations.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const payload = { title: 'Tu tratamiento está listo', body: 'Toca para ver tu receta y tu farmacia.', action: 'TREAT_COMPLETED', appointmentId: 'apt-e2e', userId: member.id };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(server.url).origin, registrationId: registrations[0]!.registrationId, data: JSON.stringify(payload) });
      const shown = async () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
        });
      await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: payload.title, body: payload.body, data: { action: 'TREAT_COMPLETED', appointmentId: 'apt-e2e', userId: member.id } }]);

      // What notificationclick opens: /inicio with the action; the app routes her own push to the detail.
      await page.goto(`${server.url}/inicio?pushAction=TREAT_COMPLETED&appointmentId=apt-e2e&pushUserId=${member.id}`);
      await page.waitForURL('**/consulta/historial/apt-e2e');
    }, { serviceWorkers: 'allow' });
  });
});
