import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';

/** The flags every browser test uses (DEVELOPERS.md): this machine has no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Added for calls: a fake camera and microphone that need no permission prompt. */
export const MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export interface BrowserOptions {
  media?: boolean;
  viewport?: { width: number; height: number };
  locale?: string;
}

/**
 * One browser per test file (issue 10: keep the journeys lean), launched on first use and closed
 * after the file's last test: each `withBrowser` gets a fresh context (its own storage) in it.
 * Calls (the fake camera and microphone) get a browser of their own for each `withBrowser`: a
 * person leaving a call is her browser going away, and the others must see her drop at once
 * (closing only a context of a shared browser lets her connections linger).
 */
let plainBrowser: Promise<Browser> | undefined;
const launch = (media: boolean): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...(media ? MEDIA_ARGS : [])],
  });
afterAll(async () => {
  const open = plainBrowser;
  plainBrowser = undefined;
  await (await open)?.close();
});

/**
 * Opens a fresh browser context (the file's shared browser), runs `fn`, and always closes it.
 * Every page of the context is checked with axe (see `a11y`) after each navigation the test waits
 * for (`goto`, `reload`, `waitForURL`), and once more on the screen it ends on.
 */
export async function withBrowser<T>(fn: (ctx: BrowserContext) => Promise<T>, options: BrowserOptions = {}): Promise<T> {
  const media = options.media === true;
  const browser = media ? await launch(true) : await (plainBrowser ??= launch(false));
  const ctx = await browser.newContext({ viewport: options.viewport ?? { width: 390, height: 844 }, locale: options.locale ?? 'es-MX' });
  ctx.on('page', checkEveryScreen);
  let failed = false;
  try {
    return await fn(ctx);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    try {
      // The last screen of the journey (a failed test keeps its own error).
      if (!failed) for (const page of ctx.pages()) if (!page.isClosed()) await a11y(page);
    } finally {
      await ctx.close();
      if (media) await browser.close();
    }
  }
}

/** Wraps the page's navigations so each screen a journey reaches is checked once it is there. */
function checkEveryScreen(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await a11y(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await a11y(page);
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await a11y(page);
  };
}

/** The WCAG 2.2 AA rules (axe tags); best practices are left out. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The screens this file has already checked (axe runs once per distinct screen, per language). */
const checkedScreens = new Set<string>();

/** A path's screen: ids in it (uuids, tokens, long numbers) do not make a new screen. */
const screenOf = (url: string): string =>
  new URL(url).pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) && (segment.length >= 16 || /^\d{4,}$/.test(segment)) ? ':id' : segment))
    .join('/');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page's current screen (issue 10: WCAG 2.2 AA) and throws on any violation,
 * naming the rule, the elements and the screen. `state` names a state of the screen that is worth
 * its own check (an open dialog, a second step under the same address). Each screen, state and
 * language is checked once per test file; later calls for it return at once.
 */
export async function a11y(page: Page, state = ''): Promise<void> {
  if (page.isClosed() || !/^https?:/.test(page.url())) return;
  // Only pages (not a JSON answer or a file the test opened).
  if ((await page.evaluate(() => document.contentType).catch(() => '')) !== 'text/html') return;
  // Let the screen settle: the app has rendered a heading or a dialog, and transitions finished.
  await page.waitForFunction(() => document.querySelector('h1, h2, [role="dialog"]') !== null, undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  // A dialog or button still fading in is measured mid-way by the contrast rule: wait for finite
  // transitions and animations to end (spinners loop forever and are not waited for).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3_000 })
    .catch(() => undefined);
  const lang = await page.evaluate(() => document.documentElement.lang).catch(() => '');
  const screen = `${screenOf(page.url())}${state ? ` [${state}]` : ''} (${lang || '?'})`;
  if (checkedScreens.has(screen)) return;
  checkedScreens.add(screen);
  let violations: AxeViolation[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
      violations = await page.evaluate(
        (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations as unknown as AxeViolation[]),
        WCAG_AA,
      );
      break;
    } catch (error) {
      // The page moved on while axe ran (a redirect): check what it shows now, once.
      if (attempt > 0 || page.isClosed()) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
  if (violations.length === 0) return;
  const report = violations
    .map((v) => `  ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`).join('\n')}`)
    .join('\n');
  const message = `axe: ${violations.length} WCAG 2.2 AA violation(s) on ${screen}:\n${report}`;
  // A11Y_REPORT=<file> lists every violation of a run in that file instead of failing (for a survey).
  if (process.env.A11Y_REPORT) appendFileSync(process.env.A11Y_REPORT, `${message}\n`);
  else throw new Error(message);
}

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
  createdAt: string;
}

/** Reads the newest one-time code sent to `phone` from the dev outbox (waits for it to arrive). */
export async function codeFromOutbox(baseUrl: string, phone: string, notBefore?: Date): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    if (res.ok) {
      const body = (await res.json()) as { messages: OutboxMessage[] };
      // The newest message to her that carries a code (an invitation texted at the same time has none).
      const code = body.messages
        .filter((m) => m.to === phone && (!notBefore || new Date(m.createdAt) >= notBefore))
        .map((m) => m.body.match(/\b(\d{6})\b/)?.[1])
        .find(Boolean);
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no code reached the outbox for ${phone}`);
}

/** A unique phone number of a supported country for each test (10 digits after the code). */
export function uniquePhone(code: '1' | '52' | '57'): { code: typeof code; digits: string; full: string } {
  const first = code === '1' ? '415' : code === '52' ? '551' : '300';
  const digits = first + String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { code, digits, full: `+${code}${digits}` };
}

/**
 * A state of a screen worth looking at: checks it with axe (`a11y`, as its own state: a dialog, an
 * error, a call's phase under the same address) and saves a screenshot under test-results/ when
 * SCREENSHOTS=1 (for looking at it by eye).
 */
export async function snap(page: Page, name: string): Promise<void> {
  await a11y(page, name);
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: join(process.cwd(), 'test-results', `${name}.png`), fullPage: true });
}
