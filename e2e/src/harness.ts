import { appendFileSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@puente/api/test';
import { userRoom } from '@puente/contracts';
import { STAFF_AUTH, type AppointmentState, type Language } from '@puente/domain';
import axe from 'axe-core';
import { TOTP } from 'otpauth';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
/**
 * Added for calls: a fake camera and microphone that need no permission prompt. The camera plays a
 * small file (fakeCameraFile) instead of Chromium's own fake camera, which films at whatever the app
 * asks: spec 9's 1280x720 at 24 fps, encoded and decoded in software by every browser of a call
 * for each other person in it. That took most of the 2-core machine in every call journey (the
 * on-demand journey took 117 to 154 s with it, 83 s with the file); a call's code is the same at
 * any size.
 */
export const MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${fakeCameraFile()}`];

/**
 * A two-second 160x90 clip at 5 fps, in the uncompressed format Chromium's fake camera reads
 * (YUV4MPEG2, 4:2:0): a moving grey gradient. Written once in the temp directory (a few hundred kB).
 */
function fakeCameraFile(): string {
  const [width, height, fps] = [160, 90, 5];
  const file = join(tmpdir(), `puente-fake-camera-${width}x${height}-${fps}.y4m`);
  if (existsSync(file)) return file;
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < fps * 2; i++) {
    const luma = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) luma[y * width + x] = 30 + ((x + y + i * 8) % 200);
    frames.push(Buffer.from('FRAME\n'), luma, Buffer.alloc((width / 2) * (height / 2) * 2, 128));
  }
  // Written aside then renamed: a browser another process starts never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.concat(frames));
  renameSync(partial, file);
  return file;
}

export interface BrowserOptions {
  media?: boolean;
  viewport?: { width: number; height: number };
  locale?: string;
  /**
   * Check each screen in the app's other language too (default true; see `a11y`). Off only where
   * the test measures what the page downloads (switching loads the other language's messages).
   */
  otherLanguage?: boolean;
  /**
   * 'allow': the app's service worker registers, as in a person's browser, and precaches the whole
   * app (219 files) in each new context. Default 'block': no service worker, as in a browser
   * without one (the app must work there too) or a first visit before it has the app's files. The
   * journeys about what the worker does (first-load: offline, updates; csp; push) allow it; in the
   * others its install in every context took about 15% of the 2-core machine (prescribing, record
   * and admin: 150 s with it, 127 s without).
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * One browser per test file (issue 10: keep the journeys lean), launched on first use and closed
 * after the file's last test (closeSharedBrowser): each `withBrowser` gets a fresh context (its own
 * storage) in it.
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
/**
 * Closes the file's shared browser: after each test file (src/setup.ts). The journeys share one
 * worker's modules (vitest.config.ts: isolate: false), so a hook registered here, at import,
 * would run after the first file only.
 */
export async function closeSharedBrowser(): Promise<void> {
  const open = plainBrowser;
  plainBrowser = undefined;
  await (await open)?.close();
}

/**
 * Opens a fresh browser context (the file's shared browser), runs `fn`, and always closes it.
 * Every page of the context is checked with axe (see `a11y`) on each screen it reaches: after the
 * navigations the test waits for (`goto`, `reload`, `waitForURL`), after those the page makes itself
 * (a click, a redirect: see `checkEveryScreen`), and once more on the screen it ends on. A violation
 * a test swallowed (a check inside `expect.poll`, a `.catch`) fails it here, at the end.
 */
export async function withBrowser<T>(fn: (ctx: BrowserContext) => Promise<T>, options: BrowserOptions = {}): Promise<T> {
  const media = options.media === true;
  const browser = media ? await launch(true) : await (plainBrowser ??= launch(false));
  const ctx = await browser.newContext({ viewport: options.viewport ?? { width: 390, height: 844 }, locale: options.locale ?? 'es-MX', serviceWorkers: options.serviceWorkers ?? 'block' });
  await ctx.addInitScript(installReactTreeProbe);
  ctx.on('page', checkEveryScreen);
  if (options.otherLanguage === false) oneLanguage.add(ctx);
  try {
    const result = await fn(ctx);
    // The last screen of the journey (a failed test keeps its own error).
    for (const page of ctx.pages()) if (!page.isClosed()) await checkNowOrLater(page, true);
    const swallowed = violationsIn.get(ctx)?.[0];
    if (swallowed) throw swallowed;
    return result;
  } finally {
    // A context that does not close (Chromium can hold one on a page mid-navigation or a service
    // worker starting) takes its browser with it instead of the test's 180 s: the next test of the
    // file launches a new one.
    await within(CLOSE_CEILING_MS, ctx.close(), 'closing the browser context').catch(async (error: unknown) => {
      console.warn(String(error));
      if (browser === (await plainBrowser?.catch(() => undefined))) plainBrowser = undefined;
      await within(CLOSE_CEILING_MS, browser.close(), 'closing the browser').catch((e: unknown) => console.warn(String(e)));
    });
    if (media) await within(CLOSE_CEILING_MS, browser.close(), 'closing the browser').catch((e: unknown) => console.warn(String(e)));
  }
}

/** How long closing a context or a browser may take before the harness gives up on it. */
const CLOSE_CEILING_MS = 30_000;
/**
 * How long one screen's accessibility check may take (a11y-hook.e2e shortens it) (settling, axe in
 * two languages: a few seconds on a busy 2-core machine). Each of its steps talks to the page
 * without a time limit of its own (page.evaluate has none): past it, the check gives up (see
 * checkNowOrLater) instead of holding the test until vitest's 180 s (CI once, on
 * /login/auth0/email, not reproduced).
 */
export const checkCeiling = { ms: 60_000 };

/** `promise`, or an error naming `what` once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DidNotFinish(`${what} did not finish in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** What `within` throws once its time has passed. */
class DidNotFinish extends Error {}

/** Playwright's words for a call cut short by the page moving to another document. */
const MOVED_ON = /execution context was destroyed|cannot find context with specified id|frame was detached/i;

/**
 * The check of the screen the test waited for (a navigation's, the journey's last): one that did not
 * finish is checked again at the page's next step, as a check the page moved away from is (see
 * checkMoved), not failed here: a page that really stopped answering fails that step itself (with
 * a warning here), a check stuck on a page between two documents does not fail the journey, nor
 * does a screen that moved on by itself to another document mid-check (a sign-in through an
 * identity provider passes several: CI once failed /login/auth0/email on it).
 */
async function checkNowOrLater(page: Page, last = false): Promise<void> {
  await a11y(page).catch((error: unknown) => {
    const late = error instanceof DidNotFinish;
    if (!late && !(error instanceof Error && MOVED_ON.test(error.message))) throw error;
    if (late) console.warn(`${error.message}: ${last ? 'the journey ended, left unchecked' : "checked again at the page's next step"}`);
    const watch = watches.get(page);
    if (watch && !page.isClosed()) watch.moved = true;
  });
}

/** A page's checks: one at a time (a check switches the app's language), and whether it moved since. */
interface ScreenWatch {
  /** The page navigated (the address changed) since its last check began. */
  moved: boolean;
  /** The check under way, if any (the next check, and the test's next step, wait for it). */
  running: Promise<void>;
}
const watches = new WeakMap<Page, ScreenWatch>();
/** The contexts whose screens are checked only in the language they show (BrowserOptions.otherLanguage). */
const oneLanguage = new WeakSet<BrowserContext>();
/** Every violation found in a context, thrown again when its `withBrowser` ends (see there). */
const violationsIn = new WeakMap<BrowserContext, Error[]>();

/** An axe violation (the checks' other failures, e.g. a page navigating away mid-check, are not). */
class A11yViolation extends Error {}

/** Locator calls that act on the screen: a screen the page moved to is checked before them. */
const ACTIONS = ['check', 'clear', 'click', 'dblclick', 'dispatchEvent', 'dragTo', 'fill', 'focus', 'hover', 'press', 'pressSequentially', 'selectOption', 'setChecked', 'setInputFiles', 'tap', 'type', 'uncheck'];
/** Locator calls that read or wait for the screen: a screen the page moved to is checked after them (it is there). */
const READS = ['allInnerTexts', 'allTextContents', 'boundingBox', 'count', 'evaluate', 'evaluateAll', 'getAttribute', 'innerHTML', 'innerText', 'inputValue', 'isChecked', 'isDisabled', 'isEditable', 'isEnabled', 'isHidden', 'isVisible', 'textContent', 'waitFor'];
let locatorsHooked = false;

/**
 * Wraps the page's navigations so each screen a journey reaches is checked once it is there (issue
 * 10). The ones the test waits for (`goto`, `reload`, `waitForURL`) are checked as they end. A
 * navigation the page makes itself (a click, a redirect; `framenavigated` of the main frame, a new
 * document or the app's router) marks the page as moved: its new screen is checked at the test's
 * next step on that page (a locator's action, before it; a locator's read or wait, after it, once
 * the screen is there; a key press), while the test waits. The check's error fails that step.
 */
function checkEveryScreen(page: Page): void {
  const watch: ScreenWatch = { moved: false, running: Promise.resolve() };
  watches.set(page, watch);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) watch.moved = true;
  });
  hookLocators(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await checkNowOrLater(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await checkNowOrLater(page);
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await checkNowOrLater(page);
  };
  const keyboard = page.keyboard;
  for (const name of ['press', 'type', 'insertText'] as const) {
    const original = keyboard[name].bind(keyboard) as (...args: unknown[]) => Promise<void>;
    (keyboard as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      await checkMoved(page);
      await original(...args);
    };
  }
}

/** Wraps the locators' actions and reads (shared by every page of the process) with `checkMoved`. */
function hookLocators(page: Page): void {
  if (locatorsHooked) return;
  locatorsHooked = true;
  const proto = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  for (const [names, before] of [[ACTIONS, true], [READS, false]] as const) {
    for (const name of names) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = async function (this: { page(): Page }, ...args: unknown[]): Promise<unknown> {
        if (before) await checkMoved(this.page());
        const result: unknown = await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        if (!before) await checkMoved(this.page());
        return result;
      };
    }
  }
}

/**
 * The check of a screen the page moved to by itself (see checkEveryScreen), or the end of a check
 * under way. A violation fails the step that called it; a check that could not finish (the page
 * moved on mid-way) is tried again at the next step.
 */
async function checkMoved(page: Page): Promise<void> {
  const watch = watches.get(page);
  if (!watch) return;
  if (!watch.moved || page.isClosed()) return watch.running;
  await a11y(page).catch((error: unknown) => {
    if (error instanceof A11yViolation) throw error;
    if (!page.isClosed()) watch.moved = true;
  });
}

/** The WCAG 2.2 AA rules (axe tags); best practices are left out, but for AXE_BEST_PRACTICES. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The best-practice rules checked as well, those about finding one's way with a screen reader: a
 * dialog with no name is announced as just "dialog" (every bottom sheet was, found by Lighthouse on
 * a member's return to /inicio); headings skipping levels (a countdown and subtitles were headings
 * of level 4 to 6) and two landmarks with one name (a section and its table on /admin) break its
 * lists of headings and landmarks; a page without a level-one heading (the screen-error state had
 * none) leaves a screen reader's "next heading" nowhere to start. A survey of every journey with all
 * best practices found these, and nothing else.
 */
const AXE_BEST_PRACTICES = ['aria-dialog-name', 'heading-order', 'landmark-unique', 'page-has-heading-one'];
/**
 * The screens already checked in this run, with how many times axe ran on each (once per distinct
 * screen, state and language).
 * The journeys share one worker's modules (isolate: false), so a screen that many journeys pass
 * through (/login, /inicio, /dashboard) is checked by the first one only: on the 2-core machine
 * the repeats took 171 of the 451 s axe spent in a run (213 s with the language-named states).
 */
const checkedScreens = new Map<string, number>();
/** How many times axe ran on a screen key in this run (a11y-hook.e2e checks the once-per-run rule with it). */
export const axeRunsOf = (screen: string): number => checkedScreens.get(screen) ?? 0;
/** Records one axe run on a screen key. */
const checked = (screen: string): void => void checkedScreens.set(screen, axeRunsOf(screen) + 1);

/** A path's screen: ids in it (uuids, tokens, long numbers) do not make a new screen. */
const screenOf = (url: string): string =>
  new URL(url).pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) && (segment.length >= 16 || /^\d{4,}$/.test(segment)) ? ':id' : segment))
    .join('/');

/** The page's language (the app keeps `<html lang>` on its i18n language), '' when it has none. */
const pageLanguage = (page: Page): Promise<string> => page.evaluate(() => document.documentElement.lang).catch(() => '');

/**
 * The screen, its state and a language: what axe checks once per run. A state named with the
 * journey's language (`membership-es-paywall`, `membership-en-paywall`) is one state: each check
 * covers both languages already.
 */
const screenKey = (page: Page, state: string, lang: string): string => {
  const named = state.replace(/(^|-)(es|en)(?=-|$)/g, '');
  return `${screenOf(page.url())}${named ? ` [${named}]` : ''} (${lang || '?'})`;
};

/** The app's other language: every screen is checked in es and in en, whichever the journey speaks. */
const OTHER_LANGUAGE: Record<string, Language> = { es: 'en', en: 'es' };

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page's current screen (issue 10: WCAG 2.2 AA) and throws on any violation,
 * naming the rule, the elements and the screen. `state` names a state of the screen that is worth
 * its own check (an open dialog, a second step under the same address). The screen is checked in
 * the language it shows, then in the app's other one (switched in place and back, see
 * `switchLanguage`): each screen, state and language once per run; later calls for it return
 * at once. One check at a time per page; the test's next step on the page waits for it.
 */
export function a11y(page: Page, state = ''): Promise<void> {
  const watch = watches.get(page);
  const check = () => within(checkCeiling.ms, checkScreen(page, state), `the accessibility check of ${page.isClosed() ? 'a closed page' : screenOf(page.url())}`);
  if (!watch) return check();
  watch.moved = false;
  const run = watch.running.catch(() => undefined).then(check);
  watch.running = run.catch(() => undefined);
  return run;
}

async function checkScreen(page: Page, state: string): Promise<void> {
  const started = Date.now();
  if (page.isClosed() || !/^https?:/.test(page.url())) return;
  // Only pages (not a JSON answer or a file the test opened).
  if ((await page.evaluate(() => document.contentType).catch(() => '')) !== 'text/html') return;
  // A screen already checked (in both languages) costs nothing: no settling wait.
  const shown = await pageLanguage(page);
  const both = !oneLanguage.has(page.context());
  const other = both ? OTHER_LANGUAGE[shown] : undefined;
  if (checkedScreens.has(screenKey(page, state, shown)) && (!other || checkedScreens.has(screenKey(page, state, other)))) return;
  // Let the screen settle: the app has rendered a heading or a dialog, what it was fetching has
  // arrived (a staff screen switches to the staff member's language when her profile does: the
  // language read below must be the one the app settled on), and transitions finished.
  await page.waitForFunction(() => document.querySelector('h1, h2, [role="dialog"]') !== null, undefined, { timeout: 5_000 }).catch(() => undefined);
  await appIdle(page);
  await settle(page, 150);
  const lang = await pageLanguage(page);
  const screen = screenKey(page, state, lang);
  if (!checkedScreens.has(screen)) {
    const violations = await runAxe(page);
    checked(screen);
    report(page, screen, violations, started);
  }
  const to = both ? OTHER_LANGUAGE[lang] : undefined;
  if (!to || checkedScreens.has(screenKey(page, state, to))) return;
  const stored = await page.evaluate(() => localStorage.getItem('language')).catch(() => null);
  // The element with the focus (a keyboard journey's next Tab starts from it), put back after.
  const focused = await page.evaluate(() => { const el = document.activeElement; return el?.id ? `#${CSS.escape(el.id)}` : el?.getAttribute('data-testid') ? `[data-testid="${el.getAttribute('data-testid')}"]` : null; }).catch(() => null);
  try {
    // A switch that did not finish (the page moved on, the app changed language itself) is put
    // back all the same below: the journey goes on in its own language.
    if (!(await switchLanguage(page, to))) return;
    await settle(page, 50);
    const translated = screenKey(page, state, await pageLanguage(page));
    if (checkedScreens.has(translated)) return;
    const violations = await runAxe(page);
    checked(translated);
    report(page, translated, violations, started);
  } finally {
    // Back to the journey's language, and its storage as it was (a first visit has none).
    if (!page.isClosed()) {
      if ((await pageLanguage(page)) !== lang) await switchLanguage(page, lang as Language);
      await page
        .evaluate(
          ([value, selector]) => {
            if (value === null) localStorage.removeItem('language');
            else localStorage.setItem('language', value);
            const el = selector ? document.querySelector<HTMLElement>(selector) : null;
            if (el && document.activeElement !== el) el.focus({ preventScroll: true });
          },
          [stored, focused] as const,
        )
        .catch(() => undefined);
      await settle(page, 0);
    }
  }
}

/**
 * Waits (3 s at most) until the app has nothing in flight: no language change under way (a screen
 * reached right after choosing English shows Spanish until the English messages arrive: the check
 * must not take Spanish for the journey's language and put it back after), no query fetching, no
 * mutation (its TanStack Query client, found on the React tree: installReactTreeProbe). A
 * poll that refetches every few seconds leaves gaps to find.
 */
const appIdle = (page: Page): Promise<void> =>
  page
    .waitForFunction(
      () => {
        interface Client {
          isFetching(): number;
          isMutating(): number;
        }
        const fromTree = (window as unknown as Partial<ReactTreeProbe>).__puenteFromTree;
        const client = fromTree?.('client', 'isFetching') as Client | undefined;
        // A language being changed (the choice is stored at once, shown once its messages arrive).
        const chosen = localStorage.getItem('language');
        const changing = chosen !== null && document.documentElement.lang !== chosen;
        return !changing && (!client || (client.isFetching() === 0 && client.isMutating() === 0));
      },
      undefined,
      { timeout: 3_000, polling: 50 },
    )
    .then(() => undefined)
    .catch(() => undefined);

/**
 * Waits two frames (a transition the last render started is running then) and `ms`, then for
 * finite transitions and animations to end (3 s at most): a dialog or button still fading in is
 * measured mid-way by the contrast rule (spinners loop forever and are not waited for). One round
 * trip to the page.
 */
async function settle(page: Page, ms: number): Promise<void> {
  await page
    .evaluate(async (wait) => {
      // (A frame that never comes, in a tab the browser does not paint, is not waited for long.)
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 100);
      });
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline && !document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }, ms)
    .catch(() => undefined);
}

/**
 * Switches the running app to `lang` in place, as its language choice does (i18next's
 * changeLanguage: the messages loaded, `<html lang>` set, every screen re-rendered, nothing
 * reloaded), with the app's own i18n instance, found on its React tree (the I18nextProvider's
 * props). Says whether the page shows `lang` now (false on a page that is not the app).
 */
const switchLanguage = (page: Page, lang: Language): Promise<boolean> =>
  page
    .evaluate(async (lng) => {
      const fromTree = (window as unknown as Partial<ReactTreeProbe>).__puenteFromTree;
      const i18n = fromTree?.('i18n', 'changeLanguage') as { changeLanguage(l: string): Promise<unknown> } | undefined;
      if (!i18n) return false;
      await i18n.changeLanguage(lng);
      // React renders the new language in the next frames (not waited for long in a tab the
      // browser does not paint, as in settle).
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 100);
      });
      return document.documentElement.lang === lng;
    }, lang)
    .catch(() => false);

/** What installReactTreeProbe puts on every page's window. */
interface ReactTreeProbe {
  /**
   * The app's object given as `prop` to a component of its React tree (the I18nextProvider's
   * `i18n`, the QueryClientProvider's `client`): the first one that has `method`. Kept for the
   * document once found; undefined before the app has rendered it.
   */
  __puenteFromTree(prop: string, method: string): unknown;
}

/**
 * An init script of every journey's context (withBrowser): the one walk of the app's React tree
 * (from #root's container fiber) that the harness uses to reach the app's own i18n and query client.
 */
function installReactTreeProbe(): void {
  interface Fiber {
    child: Fiber | null;
    sibling: Fiber | null;
    memoizedProps?: Record<string, unknown> | null;
  }
  const found = new Map<string, unknown>();
  const fromTree: ReactTreeProbe['__puenteFromTree'] = (prop, method) => {
    if (found.has(prop)) return found.get(prop);
    const root = document.getElementById('root') as (HTMLElement & Record<string, Fiber | undefined>) | null;
    const key = root ? Object.keys(root).find((k) => k.startsWith('__reactContainer$')) : undefined;
    const stack: (Fiber | null | undefined)[] = [key ? root![key] : undefined];
    for (let seen = 0; stack.length > 0 && seen < 10_000; seen++) {
      const fiber = stack.pop();
      if (!fiber) continue;
      const value = fiber.memoizedProps?.[prop] as Record<string, unknown> | undefined;
      if (value && typeof value[method] === 'function') {
        found.set(prop, value);
        return value;
      }
      stack.push(fiber.sibling, fiber.child);
    }
    return undefined;
  };
  (window as unknown as ReactTreeProbe).__puenteFromTree = fromTree;
}

/**
 * A message key shown as it is (`membership_plan_family`): a message the language lacks, or a key
 * built from a value no message was written for. Static checks cannot see the second kind (the
 * key is made at run time), so every screen axe checks is also read for text or an accessible
 * name that looks like one of our keys (lower case words joined by underscores, or letters-only
 * words joined by two hyphens or more: `passwordless-resend-too-soon`; an id such as a uuid is
 * not one; an identifier the screen shows as data sits in a code element or one marked
 * translate="no"), reported as a violation of its own.
 */
const rawMessageKeys = (page: Page): Promise<AxeViolation[]> =>
  page
    .evaluate(() => {
      const KEY = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z]+(?:-[a-z]+){2,}$/;
      const found: { target: string[]; html: string }[] = [];
      const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed';
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (el && KEY.test(text) && visible(el) && !el.closest('script, style, code, pre, [translate="no"]')) found.push({ target: [el.tagName.toLowerCase()], html: el.outerHTML.slice(0, 160) });
      }
      for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))) {
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(name)?.trim() ?? '';
          if (KEY.test(value)) found.push({ target: [`${el.tagName.toLowerCase()}[${name}]`], html: el.outerHTML.slice(0, 160) });
        }
      }
      return found;
    })
    .then((nodes) => (nodes.length ? [{ id: 'raw-message-key', impact: 'serious', help: 'A message key is shown instead of its message', nodes }] : []))
    .catch(() => []);

/**
 * Text cut short with an ellipsis because it does not fit ("Próximo horario 3:00 …" on a phone: the
 * words lost were the ones that mattered). Every screen axe checks is also read for an element whose
 * own text overflows its box under text-overflow: ellipsis, reported as a violation of its own. Text
 * a screen shortens on purpose, whole one tap away, is marked data-shortened.
 */
const cutOffText = (page: Page): Promise<AxeViolation[]> =>
  page
    .evaluate(() => {
      const found: { target: string[]; html: string }[] = [];
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        if (el.scrollWidth <= el.clientWidth + 1 || el.closest('[data-shortened]')) continue;
        if (getComputedStyle(el).textOverflow !== 'ellipsis' || !el.textContent?.trim()) continue;
        found.push({ target: [el.tagName.toLowerCase()], html: `${el.outerHTML.slice(0, 120)} (${el.textContent.trim().slice(0, 80)})` });
      }
      return found;
    })
    .then((nodes) => (nodes.length ? [{ id: 'text-cut-off', impact: 'serious', help: 'Text is cut off with an ellipsis: what it says is lost', nodes }] : []))
    .catch(() => []);

async function runAxe(page: Page): Promise<AxeViolation[]> {
  return [...(await runAxeOnly(page)), ...(await rawMessageKeys(page)), ...(await cutOffText(page))];
}

/** axe on the page as it is; if the page moved on while axe ran (a redirect), once more on what it shows now. */
async function runAxeOnly(page: Page): Promise<AxeViolation[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
      return await page.evaluate(
        ({ tags, rules }) =>
          (window as unknown as { axe: typeof axe }).axe
            .run(document, { runOnly: { type: 'tag', values: tags }, rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])), resultTypes: ['violations'] })
            .then((r) => r.violations as unknown as AxeViolation[]),
        { tags: WCAG_AA, rules: AXE_BEST_PRACTICES },
      );
    } catch (error) {
      if (attempt > 0 || page.isClosed()) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

/** Throws the violations found on `screen` (kept for the end of the page's withBrowser too). */
function report(page: Page, screen: string, violations: AxeViolation[], started: number): void {
  // A11Y_REPORT=<file> (a survey) also lists every screen checked, in <file>.screens, with the
  // time its check has taken so far (settling, axe, switching the language).
  if (process.env.A11Y_REPORT) appendFileSync(`${process.env.A11Y_REPORT}.screens`, `${screen} ${Date.now() - started} ms\n`);
  if (violations.length === 0) return;
  const list = violations
    .map((v) => `  ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`).join('\n')}`)
    .join('\n');
  const message = `axe: ${violations.length} WCAG 2.2 AA violation(s) on ${screen}:\n${list}`;
  // A11Y_REPORT=<file> lists every violation of a run in that file instead of failing (for a survey).
  if (process.env.A11Y_REPORT) {
    appendFileSync(process.env.A11Y_REPORT, `${message}\n`);
    return;
  }
  const error = new A11yViolation(message);
  const ctx = page.context();
  violationsIn.set(ctx, [...(violationsIn.get(ctx) ?? []), error]);
  throw error;
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
  // Only a code sent from now on: an earlier sign-in's code is still in the outbox, and the new one
  // may not have arrived when the outbox is first read.
  const notBefore = new Date(server.clock.now().getTime() - 1000);
  await page.getByTestId('staff-login-submit').click();
  await page.getByTestId('staff-code-input').fill(await codeFromOutbox(server.url, email, notBefore));
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
