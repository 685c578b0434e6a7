import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@puente/api/test';
import { userRoom } from '@puente/contracts';
import { STAFF_AUTH, type AppointmentState, type Language } from '@puente/domain';
import axe from 'axe-core';
import { TOTP } from 'otpauth';
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

/** The screen, its state and the page's language: what axe checks once per test file. */
const screenKey = async (page: Page, state: string): Promise<string> => {
  const lang = await page.evaluate(() => document.documentElement.lang).catch(() => '');
  return `${screenOf(page.url())}${state ? ` [${state}]` : ''} (${lang || '?'})`;
};

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
  // A screen this file has already checked (in this language) costs nothing: no settling wait.
  if (checkedScreens.has(await screenKey(page, state))) return;
  // Let the screen settle: the app has rendered a heading or a dialog, and transitions finished.
  await page.waitForFunction(() => document.querySelector('h1, h2, [role="dialog"]') !== null, undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  // A dialog or button still fading in is measured mid-way by the contrast rule: wait for finite
  // transitions and animations to end (spinners loop forever and are not waited for).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3_000 })
    .catch(() => undefined);
  const screen = await screenKey(page, state);
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

export interface AppPageOptions {
  /** The language the app opens in (as if chosen on /select-language). Default es. */
  language?: Language;
  /** The pre-onboarding (language, presignup) was done on this device before. Default true. */
  preOnboarded?: boolean;
  /** A session token (createSessionFor, loginByPhone): the tab opens signed in. */
  token?: string;
  /** The member's on-demand appointment in progress (the call journeys). */
  appointment?: { id: string; state: AppointmentState };
  /** More localStorage entries. */
  storage?: Record<string, string>;
}

/**
 * A new tab of `ctx` with the app's storage as a returning user leaves it: the language chosen and
 * the pre-onboarding done, signed in when a token is given. Written before the app's first script
 * runs, once per tab (the app's own writes, e.g. a sign-out, are kept after that). The sign-in
 * screens have their own journeys (login, staff-auth); the others start here.
 */
export async function appPage(ctx: BrowserContext, options: AppPageOptions = {}): Promise<Page> {
  const storage: Record<string, string> = { language: options.language ?? 'es', ...(options.preOnboarded === false ? {} : { 'pre-onboarding-done': 'true' }), ...options.storage };
  if (options.token) storage.sessionToken = options.token;
  if (options.appointment) storage['current-appointment'] = JSON.stringify(options.appointment.id);
  await ctx.addInitScript((entries) => {
    if (sessionStorage.getItem('puente-e2e-init')) return;
    sessionStorage.setItem('puente-e2e-init', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  return ctx.newPage();
}

/** A tab of `ctx` signed in with `token` (see appPage). */
export const signedInPage = (ctx: BrowserContext, token: string, options: Omit<AppPageOptions, 'token'> = {}): Promise<Page> => appPage(ctx, { ...options, token });

/**
 * The phone step of /login as a member does it: country, number, then the texted code (read from
 * the dev outbox; only one sent after `notBefore` when given), verify. Ends where the app sends her.
 */
export async function enterPhone(page: Page, server: TestServer, phone: { code: string; digits: string; full: string }, notBefore?: Date): Promise<void> {
  await page.getByTestId('country-code').selectOption(phone.code);
  await page.getByTestId('phone-input').fill(phone.digits);
  await page.getByTestId('login-continue').click();
  await page.waitForURL('**/login/verify-phone-number');
  await page.getByTestId('code-input').fill(await codeFromOutbox(server.url, phone.full, notBefore));
  await page.getByTestId('verify-submit').click();
}

/** The phone sign-in from /login (enterPhone), with a code sent from now on. The caller waits for where it ends. */
export async function phoneSignIn(page: Page, server: TestServer, phone: { code: string; digits: string; full: string }): Promise<void> {
  const notBefore = new Date(server.clock.now().getTime() - 1000);
  await page.goto(`${server.url}/login`);
  await enterPhone(page, server, phone, notBefore);
}

/** The code an authenticator app with `secret` shows now (the server's clock is the test's). */
export const totpCode = (server: TestServer, secret: string): string =>
  new TOTP({ secret, digits: STAFF_AUTH.totpDigits, period: STAFF_AUTH.totpPeriodSeconds }).generate({ timestamp: server.clock.now().getTime() });

/**
 * Staff sign-in, first step: /staff/login (from the link on /login with `viaLoginScreen`), the
 * email, then the emailed code. Ends on the authenticator step (enrolment on a first sign-in).
 */
export async function staffCodeStep(page: Page, server: TestServer, email: string, options: { viaLoginScreen?: boolean } = {}): Promise<void> {
  if (options.viaLoginScreen) {
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-screen').waitFor();
    await page.getByTestId('staff-login-link').click();
    await page.waitForURL('**/staff/login');
  } else {
    await page.goto(`${server.url}/staff/login`);
  }
  await page.getByTestId('staff-email-input').fill(email);
  await page.getByTestId('staff-login-submit').click();
  await page.getByTestId('staff-code-input').fill(await codeFromOutbox(server.url, email));
  await page.getByTestId('staff-login-submit').click();
  await page.getByTestId('staff-totp-input').waitFor();
}

/**
 * The whole staff sign-in through the real screens: email, emailed code, then the authenticator
 * (enrolled now on a first sign-in, else `secret`'s code). Waits until the app leaves /staff
 * (/dashboard for physicians, /admin for admins) and returns the authenticator's secret.
 */
export async function staffSignIn(page: Page, server: TestServer, email: string, options: { viaLoginScreen?: boolean; secret?: string } = {}): Promise<string> {
  await staffCodeStep(page, server, email, options);
  let secret = options.secret ?? '';
  if (!secret) {
    secret = (await page.getByTestId('staff-totp-secret').textContent())?.trim() ?? '';
    if (!/^[A-Z2-7]{32}$/.test(secret)) throw new Error(`no authenticator secret on the enrolment step: ${JSON.stringify(secret)}`);
  }
  await page.getByTestId('staff-totp-input').fill(totpCode(server, secret));
  await page.getByTestId('staff-login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/staff'));
  return secret;
}

/** Waits until `userId` has a realtime connection to the server (her alerts will reach her). */
export async function waitForSocket(server: TestServer, userId: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const socket of server.server.io.sockets.sockets.values()) if (socket.data.userId === userId && socket.rooms.has(userRoom(userId))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no realtime connection for user ${userId}`);
}

/**
 * The seeded demo server with on-demand care open every day from 00:00 to 23:59, for the journeys
 * that ask for a coach on any day. Working hours are checked for real: server and web read the same
 * public configuration (GET /api/configs), as in production. The time zone is Mexico City's, except
 * in its last hour of the day (23:59 is outside the interval), when UTC is used. The check itself
 * (weekends and intervals refused) is the appointments API tests'. Closing it restores the environment.
 * `seed: false` starts it empty (the journey makes its own people); `port` a real one (texted links).
 */
export async function startOnDemandServer(options: { seed?: boolean; port?: number } = {}): Promise<TestServer> {
  const cdmxHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const env = { WORKING_HOURS_TIMEZONE: cdmxHour === 23 ? 'UTC' : 'America/Mexico_City', WORKING_HOURS_INTERVALS: '00:00-23:59', WORKING_HOURS_ALLOW_WEEKEND: 'true' };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const restore = () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  Object.assign(process.env, env);
  try {
    const server: TestServer = await startTestServer({ seed: options.seed ?? true, ...(options.port ? { port: options.port } : {}), workingHours: () => server.server.services.configs.publicConfig('en').workingHours });
    const close = server.close.bind(server);
    return Object.assign(server, { close: () => close().finally(restore) });
  } catch (error) {
    restore();
    throw error;
  }
}

/**
 * After "request consultation": the intake as it comes (issue 11), the member's health profile
 * (asked once), the self-assessment (topics that require it), until the location form shows.
 * Says whether the self-assessment was asked.
 */
export async function answerIntake(page: Page): Promise<{ assessed: boolean }> {
  const health = page.getByTestId('health-profile-dialog');
  const selfAssessment = page.getByTestId('self-assessment-dialog');
  const location = page.getByTestId('location-form-screen');
  const step = page.locator('[data-testid="health-profile-dialog"], [data-testid="self-assessment-dialog"], [data-testid="location-form-screen"]');
  let assessed = false;
  for (let i = 0; i < 3 && !(await location.isVisible()); i++) {
    await step.first().waitFor({ timeout: 15_000 });
    if (await health.isVisible()) {
      await page.getByTestId('health-profile-alergies').fill('Penicilina');
      await page.getByTestId('health-profile-save').click();
      await health.waitFor({ state: 'detached' });
    } else if (await selfAssessment.isVisible()) {
      await page.getByTestId('self-assessment-reason').fill('Dolor de garganta desde ayer');
      await page.getByTestId('self-assessment-submit').click();
      await selfAssessment.waitFor({ state: 'detached' });
      assessed = true;
    }
  }
  await location.waitFor();
  return { assessed };
}
