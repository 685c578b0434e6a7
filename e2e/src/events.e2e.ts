import { startTestServer, type TestServer } from '@puente/api/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap, withBrowser } from './harness';

// Issue 10: the product's tracked steps reach the browser's own events-tracking IndexedDB store
// (read by the hidden /et page) and the server's interactions table, with allow-listed properties.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe('tracked events in the browser', () => {
  it('a newcomer’s first steps show at /et (real IndexedDB) and are stored on the server for her device', async () => {
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${server.url}/select-language`);
      await page.getByTestId('lang-en').click();
      await page.waitForURL('**/presignup');
      await page.getByTestId('presignup-start').click();
      await page.waitForURL('**/login');
      expect(await page.getByTestId('country-code').inputValue()).toBe('1');

      await page.goto(`${server.url}/et`);
      await expect.poll(() => page.getByTestId('events-debug-count').textContent()).toBe('2 events');
      const events = await page.getByTestId('tracked-event').allTextContents();
      expect(events[0]).toContain('signup_started');
      expect(events[1]).toContain('language_selected');
      expect(events[1]).toContain('{"language":"en"}');
      const db = await page.evaluate(
        () =>
          new Promise<{ name: string; version: number }>((resolve, reject) => {
            const req = indexedDB.open('events-tracking');
            req.onsuccess = () => {
              resolve({ name: req.result.name, version: req.result.version });
              req.result.close();
            };
            req.onerror = () => reject(req.error);
          }),
      );
      expect(db).toEqual({ name: 'events-tracking', version: 1 });
      await snap(page, 'events-debug-en');

      const deviceId = await page.evaluate(() => localStorage.getItem('device-id'));
      const { rows } = (await server.server.database.db.execute(
        (await import('drizzle-orm')).sql`select event, data, user_id from interactions where device_id = ${deviceId} order by event`,
      )) as unknown as { rows: { event: string; data: Record<string, unknown>; user_id: string | null }[] };
      expect(rows.map((r) => r.event)).toEqual(['language_selected', 'signup_started']);
      expect(rows.every((r) => r.user_id === null)).toBe(true);
      expect(rows.map((r) => r.data)).toEqual([{ language: 'en' }, { language: 'en' }]);
    });
  });
});
