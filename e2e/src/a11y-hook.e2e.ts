import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11y, axeRunsOf, checkCeiling, withBrowser } from './harness';

// Issue 10: the harness checks the screens a page reaches by itself (a click, a link), not only the
// ones a test waits for with waitForURL. A tiny local page, no app and no test server: a clean
// start screen, a button that moves (history.pushState, as the app's router does) to a screen with
// an image without a text alternative (axe's image-alt, WCAG 1.1.1), and a link to such a document.
const START = `<!doctype html><html lang="en"><head><title>Start</title></head><body><main id="main"><h1>Start</h1>
<button data-testid="to-broken">Broken screen</button> <button data-testid="to-fine">Fine screen</button> <a href="/broken-document">Broken document</a></main>
<script>
const show = (path, html) => { history.pushState({}, '', path); setTimeout(() => { document.getElementById('main').innerHTML = html; }, 50); };
document.querySelector('[data-testid=to-broken]').onclick = () => show('/broken', '<h1>Broken</h1><img data-testid="broken" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7">');
document.querySelector('[data-testid=to-fine]').onclick = () => show('/fine', '<h1 data-testid="fine">Fine</h1>');
</script></body></html>`;
const BROKEN_DOCUMENT = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main><h1 data-testid="heading">Broken document</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"></main></body></html>`;
// Clean under WCAG's rules, but with no level-one heading (axe's page-has-heading-one, a best practice the harness checks).
const NO_HEADING_DOCUMENT = `<!doctype html><html lang="en"><head><title>No heading</title></head><body><main><p data-testid="text">No heading here</p></main></body></html>`;

// A message key shown as it is, as text and as a button's name; an id (a uuid) beside it is not one,
// nor an identifier shown as data (in a code element, or marked translate="no": /et's event names).
const RAW_KEY_DOCUMENT = `<!doctype html><html lang="en"><head><title>Plan</title></head><body><main><h1>Your membership</h1>
<p data-testid="plan">membership_plan_family</p><p>dbff368e-09af-42eb-91a1-eec428864964</p><button aria-label="passwordless-resend-too-soon">x</button>
<p>10:14 · <code>signup_started</code></p><p translate="no">language_selected</p></main></body></html>`;

// Text cut off with an ellipsis on a phone, beside the same text wrapping, text that fits, and text
// shortened on purpose (data-shortened: the whole of it one tap away).
const CUT_OFF_DOCUMENT = `<!doctype html><html lang="en"><head><title>Coaches</title><style>.cut{width:120px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}</style></head>
<body><main><h1>Coaches</h1><p class="cut">Next slot 3:00 in the afternoon</p><p style="width:120px">Next slot 3:00 in the afternoon</p><p class="cut">3:00 PM</p>
<p class="cut" data-shortened>john.smith.with.a.long.address@example.com</p></main></body></html>`;

// A chain of documents each moving on to the next by itself shortly after it loads (as the sign-in
// with an identity provider does: the app's address, the provider's, its sign-in page): a check
// begun on one meets the next navigation mid-way.
const HOPS = 8;
const hop = (n: number): string => `<!doctype html><html lang="en"><head><title>Hop ${n}</title></head><body><main><h1 data-testid="hop">Hop ${n}</h1></main>
${n < HOPS ? `<script>setTimeout(() => location.replace('/a11y-hop-${n + 1}'), ${40 + 30 * (n % 4)});</script>` : ''}</body></html>`;

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const hopAt = /^\/a11y-hop-(\d+)$/.exec(req.url ?? '');
    if (hopAt) return void res.end(hop(Number(hopAt[1])));
    res.end(req.url === '/broken-document' ? BROKEN_DOCUMENT : req.url === '/no-heading-document' ? NO_HEADING_DOCUMENT : req.url === '/raw-key-document' ? RAW_KEY_DOCUMENT : req.url === '/cut-off-document' ? CUT_OFF_DOCUMENT : START);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A path of its own: axe checks a screen once in the whole run (harness.ts), and '/' is the app's home too.
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a11y-hook-start`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('axe on the screens a page reaches by itself', () => {
  it('a violation on a screen reached by a click fails the step that waits for it, and the test at its end', async () => {
    await expect(
      withBrowser(async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(url);
        // A clean screen reached by a click passes.
        await page.getByTestId('to-fine').click();
        await page.getByTestId('fine').waitFor();
        await page.goto(url);
        await page.getByTestId('to-broken').click();
        // No waitForURL: the step that waits for the new screen is the one that fails.
        await expect(page.getByTestId('broken').waitFor({ state: 'attached' })).rejects.toThrow(/on \/broken \(en\):[\s\S]*image-alt/);
        // Swallowed here, it still fails the test when its browser context closes.
      }),
    ).rejects.toThrow(/axe: 1 WCAG 2\.2 AA violation\(s\) on \/broken \(en\)/);
  });

  it('a document a link opens is checked at the next read, even one inside expect.poll', async () => {
    await expect(
      withBrowser(async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(url);
        await page.getByRole('link').click();
        // expect.poll retries a failed read: the violation is thrown again when the context closes.
        await expect.poll(() => page.getByTestId('heading').textContent()).toBe('Broken document');
      }),
    ).rejects.toThrow(/on \/broken-document \(en\):[\s\S]*image-alt/);
  });

  it('a screen without a level-one heading fails', async () => {
    await expect(
      withBrowser(async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(new URL('/no-heading-document', url).href);
        await a11y(page);
      }),
    ).rejects.toThrow(/on \/no-heading-document \(en\):[\s\S]*page-has-heading-one/);
  });

  it('a message key shown instead of its message fails, as text or as a name (a uuid does not)', async () => {
    const failure = withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(new URL('/raw-key-document', url).href);
      await a11y(page);
    });
    await expect(failure).rejects.toThrow(/on \/raw-key-document \(en\):[\s\S]*raw-message-key/);
    const message = String(await failure.catch((error: unknown) => error));
    expect(message).toContain('membership_plan_family');
    expect(message).toContain('button[aria-label]');
    expect(message).not.toContain('dbff368e');
    expect(message).not.toContain('signup_started');
    expect(message).not.toContain('language_selected');
  });

  it('text cut off with an ellipsis fails (not text that wraps, fits, or is shortened on purpose)', async () => {
    const failure = withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(new URL('/cut-off-document', url).href);
      await a11y(page);
    });
    await expect(failure).rejects.toThrow(/on \/cut-off-document \(en\):[\s\S]*text-cut-off/);
    const message = String(await failure.catch((error: unknown) => error));
    expect(message.match(/\(Next slot 3:00 in the afternoon\)/g)).toHaveLength(1);
    expect(message).not.toContain('(3:00 PM)');
    expect(message).not.toContain('john.smith');
  });

  it('checks a screen once in the run: a second visit from another browser, and a state named with the journey language, run no axe again', async () => {
    // A path no other test uses: the counts are this test's own.
    const dedupe = url.replace('/a11y-hook-start', '/a11y-dedupe');
    for (const states of [['menu-es'], ['menu-en', 'other']]) {
      await withBrowser(async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(dedupe);
        for (const state of states) await a11y(page, state);
      });
    }
    expect(axeRunsOf('/a11y-dedupe (en)')).toBe(1);
    expect(axeRunsOf('/a11y-dedupe [menu] (en)')).toBe(1);
    // A state of its own is a check of its own, once.
    expect(axeRunsOf('/a11y-dedupe [other] (en)')).toBe(1);
  });

  it('a page that stops answering fails its check once the ceiling has passed, not at the test timeout', async () => {
    const ceiling = checkCeiling.ms;
    checkCeiling.ms = 2_000;
    try {
      await expect(
        withBrowser(async (ctx) => {
          const page = await ctx.newPage();
          await page.goto(url.replace('/a11y-hook-start', '/a11y-hang'));
          // Its script never gives the page back (page.evaluate has no time limit of its own).
          await page.evaluate(() => void setTimeout(() => { for (;;) Math.random(); }, 0));
          await a11y(page, 'hung');
        }),
      ).rejects.toThrow('the accessibility check of /a11y-hang did not finish in 2 s');
    } finally {
      checkCeiling.ms = ceiling;
    }
  });

  it("a check the test waited for (a navigation's, the journey's last) that cannot finish is left for the next step, not failed", async () => {
    const ceiling = checkCeiling.ms;
    checkCeiling.ms = 2_000;
    try {
      await withBrowser(async (ctx) => {
        const page = await ctx.newPage();
        const address = url.replace('/a11y-hook-start', '/a11y-hang-later');
        await page.goto(address);
        await page.evaluate(() => void setTimeout(() => { for (;;) Math.random(); }, 0));
        // The address is there already: only the check that follows it waits, and gives up.
        await page.waitForURL(address);
      });
    } finally {
      checkCeiling.ms = ceiling;
    }
  });

  it('a screen that navigates on by itself while it is checked does not fail the step that reached it', async () => {
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(url.replace('/a11y-hook-start', '/a11y-hop-0'));
      await page.waitForURL(`**/a11y-hop-${HOPS}`);
      expect(await page.getByTestId('hop').textContent()).toBe(`Hop ${HOPS}`);
    });
  });
});
