import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { memberWithSession, startTestServer, type TestServer } from '@puente/api/test';
import { DEFAULT_LANGUAGE, THEME } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPage, CHROMIUM_ARGS, withBrowser } from './harness';
import { markScreenLive, type ScreenLiveWindow } from './screen-live';

// Issue 10 "A fast, accessible, installable web app", first load: on the real build (npm run build).
const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

let server: TestServer | undefined;
/** The HTML the server sends for a path. */
const pageHtml = async (pathname: string): Promise<string> => (await fetch(`${server!.url}${pathname}`)).text();
/** The scripts a page's HTML preloads. */
/** A MUI component's own styles in a built script (its styled parts are named so; a class list alone is not the component). */
const muiComponent = (name: string): RegExp => new RegExp(`name:["\`]${name}["\`]`);
const preloads = (html: string): string[] => [...html.matchAll(/<link rel="modulepreload" crossorigin (?:fetchpriority="low" )?href="\/(assets\/[^"]+)">/g)].map((m) => m[1]!);
/** A Spanish messages file of the app (apps/web/src/locales/es/<file>.json). */
const spanish = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/web/src/locales/es/${file}.json`, import.meta.url)), 'utf8')) as Record<string, string>;
/** The history screen's (an entry file: apps/web/src/locales/entry-files.ts), the terms dialog's (not one), the shell's. */
const RECORD_ES = spanish('record');
/** The built script holding an entry screen's Spanish messages file (a chunk of its own, apps/web/src/locales/load.ts). */
const spanishScreenScript = (file: string): string => {
  const [key] = Object.keys(spanish(file));
  const defines = new RegExp(`[{,]["']?${key}["']?:`);
  const found = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && !f.startsWith('messages-') && defines.test(readFileSync(join(DIST, 'assets', f), 'utf8')));
  expect(found, file).toHaveLength(1);
  return `assets/${found[0]!}`;
};
const ONBOARDING_ES = spanish('onboarding');
const COMMON_ES = spanish('common');
/** The entry screens' pages (ENTRY_PAGES in apps/web/vite.config.ts), each with the name its merged chunks carry. */
const ENTRY_PAGES = { '/login': 'login', '/inicio': 'inicio', '/consulta/historial': 'consulta-historial' } as const;

/** A built script's code and the scripts it imports, statically and with import(). */
const builtScript = (file: string) => {
  const code = readFileSync(join(DIST, 'assets', file), 'utf8');
  return {
    statics: [...code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]!),
    dynamics: [...code.matchAll(/import\(`\.\/([\w.-]+\.js)`\)/g)].map((m) => m[1]!),
  };
};
/**
 * What an entry screen's page loads later, on demand (its own lazy parts: home's sections below the
 * fold, its scheduled appointments' shape...): the scripts its preloaded ones import with import(),
 * and what those import in turn; none of its preloads, nor the first script.
 */
const laterScripts = (preloaded: readonly string[]): string[] => {
  const own = preloaded.map((f) => f.slice('assets/'.length));
  const seen = new Set(own);
  const later: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file) || file.startsWith('index-')) return;
    seen.add(file);
    later.push(file);
    const { statics, dynamics } = builtScript(file);
    for (const next of [...statics, ...dynamics]) visit(next);
  };
  for (const file of own) for (const next of builtScript(file).dynamics) visit(next);
  return later;
};
/**
 * The entry pages' names a merged chunk is for (first-<names>-<hash>.js; later-<names>-<hash>.js,
 * what they need that another entry screen loads on demand), or undefined for another script.
 */
const mergedFor = (file: string, kind: 'first' | 'later' = 'first'): string[] | undefined => {
  const set = new RegExp(`^(?:assets/)?${kind}-([a-z-]+)-[\\w-]{8}\\.js$`).exec(file)?.[1];
  return set === undefined ? undefined : Object.values(ENTRY_PAGES).filter((name) => `-${set}-`.includes(`-${name}-`));
};

/**
 * Holds the page's requests for scripts matching `pattern` until the returned function is called
 * (the first script, to see what the page's HTML asks for before any script runs).
 */
const holdScripts = async (page: Page, pattern: RegExp): Promise<() => void> => {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
};
/** The app's first script (index-<hash>.js). */
const FIRST_SCRIPT = /\/assets\/index-[^/]+\.js$/;

beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

describe('the first load of the built app', () => {
  it('keeps source maps out of dist and ships a brotli and a gzip copy of every script', () => {
    const files = walk(DIST).map((f) => relative(DIST, f));
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((f) => /^assets\/[^/]+\.js$/.test(f));
    expect(scripts.length).toBeGreaterThan(10); // split per screen, not one bundle
    for (const script of scripts) {
      const source = readFileSync(join(DIST, script), 'utf8');
      expect(source, script).not.toContain('sourceMappingURL');
      // A copy is only written when it is smaller (a few tiny chunks are not).
      if (source.length < 1024) continue;
      expect(files, script).toContain(`${script}.br`);
      expect(files, script).toContain(`${script}.gz`);
    }
  });

  it("is installable: Chromium's own check finds nothing missing, and the manifest is Puente's (the default language, spec 9's colours, standalone from /, its icons served)", async () => {
    // (An incognito context is never installable: a profile of its own, in a fresh folder.)
    const profile = mkdtempSync(join(tmpdir(), 'puente-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await context.newPage();
      await page.goto(`${server!.url}/login`);
      await page.getByTestId('login-screen').waitFor();
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      expect(new URL(url).pathname).toBe('/manifest.webmanifest');
      const manifest = (await (await fetch(url)).json()) as { name: string; lang: string; start_url: string; scope: string; display: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; purpose?: string }[] };
      expect(manifest).toMatchObject({ name: 'Puente', lang: DEFAULT_LANGUAGE, start_url: '/', scope: '/', display: 'standalone', theme_color: THEME.colors.primary, background_color: THEME.colors.background });
      expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const response = await fetch(new URL(icon.src, url));
        expect(response.headers.get('content-type'), icon.src).toBe('image/png');
        // The PNG's own width and height (its IHDR) are the size the manifest says.
        const png = Buffer.from(await response.arrayBuffer());
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('the shell has no script that blocks the first paint (the service worker registers after parsing)', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)].map((m) => m[0]);
    expect(scripts.some((tag) => tag.includes('registerSW.js'))).toBe(true);
    // A classic script without async or defer stops the parser until it is fetched and run
    // (Lighthouse counted 323 ms of render blocking for registerSW.js on slow 4G).
    for (const tag of scripts) expect(tag, tag).toMatch(/\b(async|defer)\b|type="module"/);
    // The one inline script (nothing to fetch) starts the page's first requests, before the entry script.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    expect(inline[0]![1]).toContain('__puenteEarlyRequests');
    expect(inline[0]!.index).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it("an entry screen's page preloads the screen's chunks from the HTML, with the entry script; other paths get the plain shell", async () => {
    const loginHtml = await pageHtml('/login');
    const login = preloads(loginHtml);
    // After the entry script in priority: it paints first, the screen's chunks share what is left.
    expect(loginHtml).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/login-screen-/);
    expect(login.some((f) => /^assets\/login-screen-/.test(f))).toBe(true);
    // The screen's chunks only, each a file of the build, none of them the entry script itself.
    for (const file of login) expect(readdirSync(join(DIST, 'assets')), file).toContain(file.slice('assets/'.length));
    expect(login.some((f) => /^assets\/index-/.test(f))).toBe(false);
    expect(preloads(await pageHtml('/inicio')).some((f) => /^assets\/home-screen-/.test(f))).toBe(true);
    expect(preloads(await pageHtml('/consulta/historial')).some((f) => /^assets\/history-screen-/.test(f))).toBe(true);
    // A signed-in screen shows once the signed-in shell has loaded: its chunk comes with the HTML too (not /login's).
    for (const pathname of ['/inicio', '/consulta/historial']) expect(preloads(await pageHtml(pathname)).some((f) => /^assets\/signed-in-shell-/.test(f)), pathname).toBe(true);
    expect(login.some((f) => /^assets\/signed-in-shell-/.test(f))).toBe(false);
    // What the screens share comes in one chunk per set of entry screens needing it, named for that
    // set, not in one small chunk per module group (/inicio preloaded 56 scripts, 2 kB on average):
    // besides the screens' own chunks (and the bundler's runtime), a page preloads only those, and
    // exactly those named for it; and apart, in a "later" chunk named for it too, what another entry
    // screen loads on demand (a merged chunk would come whole with it: see the next test).
    const own = /^assets\/(login-screen|social-login-buttons|home-screen|history-screen|signed-in-shell|rolldown-runtime)-/;
    const sets = new Map<string, string[]>();
    const later = new Map<string, string[]>();
    for (const [pathname, name] of Object.entries(ENTRY_PAGES)) {
      const preloaded = preloads(await pageHtml(pathname));
      later.set(name, laterScripts(preloaded));
      for (const file of preloaded.filter((f) => !own.test(f))) sets.set(file, [...(sets.get(file) ?? []), name]);
    }
    expect([...sets.keys()].filter((file) => mergedFor(file)).length).toBeGreaterThan(0);
    for (const [file, names] of sets) {
      expect(file, names.join(', ')).toMatch(new RegExp(`^assets/(first|later)-${names.join('-')}-[\\w-]{8}\\.js$`));
      if (mergedFor(file, 'later')) expect([...later].some(([name, files]) => !names.includes(name) && files.includes(file.slice('assets/'.length))), file).toBe(true);
    }
    // Any other path: index.html, whose only preloads are the entry script's own imports (Vite's).
    const plain = preloads(readFileSync(join(DIST, 'index.html'), 'utf8'));
    expect(preloads(await pageHtml('/perfil'))).toEqual(plain);
    expect(plain.some((f) => /^assets\/login-screen-/.test(f))).toBe(false);
    // /login's fields are outlined inputs and the browser's own selects (components/ui/outlined-fields.tsx):
    // none of its scripts holds TextField's other variants and menu select, nor a sheet's drawer; nor the
    // waiting room's rules (its resend wait's m:ss is domain/timer-format.ts, not member-routing/waiting-room.ts).
    for (const file of [...login, ...plain]) {
      const source = readFileSync(join(DIST, file), 'utf8');
      for (const component of ['MuiTextField', 'MuiSelect', 'MuiMenu', 'MuiPopover', 'MuiFilledInput', 'MuiDrawer']) expect(source, file).not.toMatch(muiComponent(component));
      expect(source, file).not.toContain('enter-consultation-dialog');
    }
  });

  it("an entry screen's own later parts (home's sections below the fold, its scheduled appointments' shape) bring no other entry screen's merged chunk", async () => {
    // Home's topic chips and its scheduled list's shape were modules of /consulta/historial's merged
    // chunk: showing them downloaded and ran all of that screen's first code (9 kB compressed, 30 kB
    // of code, a long task on a phone), and react-query's useMutation brought /login's (28 kB, 97 kB).
    for (const [pathname, name] of Object.entries(ENTRY_PAGES)) {
      const later = laterScripts(preloads(await pageHtml(pathname)));
      expect(later.length, pathname).toBeGreaterThan(0);
      expect(later.filter((file) => mergedFor(file) && !mergedFor(file)!.includes(name)), pathname).toEqual([]);
    }
    expect(laterScripts(preloads(await pageHtml('/inicio'))).some((file) => file.startsWith('home-more-sections-'))).toBe(true);
  });

  it("what a first load runs starts with Chromium's compile hint (its functions compiled while it downloads, off the main thread); nothing else does", async () => {
    const hint = '//# allFunctionsCalledOnLoad';
    const firstLine = (file: string) => readFileSync(join(DIST, file), 'utf8').split('\n', 1)[0];
    const entry = /<script type="module"[^>]*src="\/(assets\/index-[^"]+\.js)"/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))?.[1];
    expect(firstLine(entry!)).toBe(hint);
    const preloaded = new Set<string>();
    for (const pathname of Object.keys(ENTRY_PAGES)) for (const file of preloads(await pageHtml(pathname))) preloaded.add(file);
    expect(preloaded.size).toBeGreaterThan(0);
    // The bundler's runtime (a few lines) is the one script of a first load without it.
    for (const file of preloaded) if (!file.startsWith('assets/rolldown-runtime-')) expect(firstLine(file), file).toBe(hint);
    // Compiling eagerly what may never run costs memory: the other screens are compiled as they run.
    const others = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && !preloaded.has(`assets/${f}`) && `assets/${f}` !== entry);
    expect(others.length).toBeGreaterThan(10);
    for (const file of others) expect(firstLine(`assets/${file}`), file).not.toBe(hint);
  });

  it('a language other than the default comes in two scripts, its entry files and the rest (not one request per file)', () => {
    const locales = fileURLToPath(new URL('../../apps/web/src/locales/en', import.meta.url));
    const scripts = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const sources = new Map(scripts.map((f) => [f, readFileSync(join(DIST, 'assets', f), 'utf8')]));
    const holders = new Map<string, string>();
    const files = readdirSync(locales).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      // A message of the file that the build keeps as written (letters, digits, spaces and plain punctuation).
      const messages = Object.entries(JSON.parse(readFileSync(join(locales, file), 'utf8')) as Record<string, string>);
      const [key, text] = messages.filter(([, value]) => /^[\w ,.'?!:-]{12,}$/.test(value)).sort((a, b) => b[1].length - a[1].length)[0] ?? [];
      expect(key, file).toBeDefined();
      const found = scripts.filter((f) => sources.get(f)!.includes(`${key}:\`${text}\``) || sources.get(f)!.includes(`${key}:"${text}"`));
      expect(found, `${file}: ${key}`).toHaveLength(1);
      holders.set(file, found[0]!);
    }
    expect(new Set(holders.values()).size).toBe(2);
    // The entry screens' files (src/locales/entry-files.ts) apart from the rest.
    expect(holders.get('common.json')).toMatch(/^messages-en-(?!rest-)/);
    expect(holders.get('titles.json')).toBe(holders.get('common.json'));
    expect(holders.get('dashboard.json')).toMatch(/^messages-en-rest-/);
  });

  it('a member who chose English: /login shows in English without the rest of the English messages; the HTML starts her first part, not the Spanish file', async () => {
    await withBrowser(
      async (ctx) => {
        await ctx.addInitScript(() => localStorage.setItem('language', 'en'));
        const page = await ctx.newPage();
        // The rest of the English messages does not arrive until the screen has shown; the first
        // script not until the English first part has been asked for (by the page's head, then).
        let release = (): void => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        const entry: string[] = [];
        const scripts: string[] = [];
        page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname.slice(1))));
        await page.route(/\/assets\/messages-en-[^/]+\.js$/, async (route) => {
          if (/messages-en-rest-/.test(route.request().url())) await held;
          else entry.push(route.request().url());
          await route.continue();
        });
        const releaseEntry = await holdScripts(page, FIRST_SCRIPT);
        try {
          await page.goto(`${server!.url}/login`, { waitUntil: 'commit' });
          await expect.poll(() => entry).toHaveLength(1);
          releaseEntry();
          await page.getByTestId('login-screen').waitFor();
          expect(scripts).not.toContain(spanishScreenScript('identity'));
          expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
          expect(await page.getByTestId('login-continue').textContent()).toBe('Continue');
          expect(entry).toHaveLength(1);
        } finally {
          releaseEntry();
          release();
        }
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );
  });

  it('a stored language the app does not have: the HTML starts the default language’s messages for the screen, and /login shows in Spanish', async () => {
    await withBrowser(
      async (ctx) => {
        // Any stored value: one the app never wrote, or a name every object answers to.
        for (const stored of ['fr', '__proto__']) {
          const page = await ctx.newPage();
          await page.addInitScript((value) => localStorage.setItem('language', value), stored);
          const scripts: string[] = [];
          page.on('request', (request) => void scripts.push(new URL(request.url()).pathname.slice(1)));
          // The first script held until the page's head has asked for the messages.
          const releaseEntry = await holdScripts(page, FIRST_SCRIPT);
          try {
            await page.goto(`${server!.url}/login`, { waitUntil: 'commit' });
            await expect.poll(() => scripts, { message: stored }).toContain(spanishScreenScript('identity'));
            releaseEntry();
            await page.getByTestId('login-screen').waitFor();
            expect(await page.getByTestId('login-continue').textContent(), stored).toBe(COMMON_ES.login_screen_continue);
            expect(scripts.filter((path) => path === 'undefined' || path.startsWith('assets/messages-')), stored).toEqual([]);
          } finally {
            releaseEntry();
            await page.close();
          }
        }
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );
  });

  it('a first visit to /login: the screen is in the HTML and shows before any script runs, then the app takes over that markup; any other visit renders as before', async () => {
    const response = await fetch(`${server!.url}/login`);
    const html = await response.text();
    expect(html).toContain('data-testid="login-screen"');
    // Its styles carry the one prefix the build's browsers need (Safari's user-select), not emotion's
    // default copies for older ones (lib/emotion-cache.ts).
    expect(html).toContain('-webkit-user-select:none;user-select:none;');
    expect(html).not.toMatch(/-webkit-transition|-ms-flexbox|@-webkit-keyframes/);
    // Its inline scripts (the early requests of every page; the one that starts the screen's messages;
    // the one that removes the screen from any visit but a first one), allowed by their hashes alone:
    // the policy allows the inline scripts of the build's pages (index.html and the entry screens'
    // shells) and nothing else.
    const inlineScripts = (page: string): string[] => [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const inline = inlineScripts(html);
    expect(inline).toHaveLength(3);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
    for (const script of inline) expect(scriptSrc).toContain(sha256(script));
    const pages = walk(DIST).filter((f) => f.endsWith('.html') && (f === join(DIST, 'index.html') || relative(DIST, f).startsWith('shells')));
    expect(pages).toHaveLength(1 + Object.keys(ENTRY_PAGES).length);
    const built = new Set(pages.flatMap((f) => inlineScripts(readFileSync(f, 'utf8')).map(sha256)));
    expect(scriptSrc.sort()).toEqual(["'self'", ...built].sort());
    expect(readFileSync(join(DIST, 'index.html'), 'utf8')).not.toContain('data-testid="login-screen"');

    /** Opens /login with every script of the app held back; `release` lets them through. */
    const openHeld = async (ctx: BrowserContext, path: string) => {
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      const release = await holdScripts(page, /\/assets\/[^/]+\.js$/);
      await page.goto(`${server!.url}${path}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      return { page, errors, release };
    };

    await withBrowser(
      async (ctx) => {
        // Every class rule the app's styles (emotion) add once it runs.
        await ctx.addInitScript(() => {
          const added: string[] = ((window as unknown as { classRulesAdded: string[] }).classRulesAdded = []);
          const insertRule = CSSStyleSheet.prototype.insertRule;
          CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
            const name = /\.css-[\w-]+/.exec(rule)?.[0];
            if (name) added.push(name);
            return insertRule.call(this, rule, index);
          };
        });
        const { page, errors, release } = await openHeld(ctx, '/login');
        // Before any script: the screen, styled (the theme's button fill), in Spanish.
        const button = page.getByTestId('login-continue');
        await expect.poll(() => button.textContent()).toBe('Continuar');
        expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
        // As the app shows it: Mexico by default under its raised label, the number's placeholder
        // hidden under its label (the styles sit in the head, so MUI's sibling selectors apply).
        const first = await page.evaluate(() => {
          const phone = document.querySelector<HTMLInputElement>('[data-testid="phone-input"]')!;
          return {
            country: document.querySelector<HTMLSelectElement>('[data-testid="country-code"]')!.value,
            labels: Array.from(document.querySelectorAll<HTMLLabelElement>('#root label[data-shrink]'), (l) => l.dataset.shrink),
            placeholder: getComputedStyle(phone, '::placeholder').opacity,
            stylesInRoot: document.querySelectorAll('#root style').length,
          };
        });
        expect(first).toEqual({ country: '52', labels: ['true', 'false'], placeholder: '0', stylesInRoot: 0 });
        await button.evaluate((el) => ((el as unknown as { fromHtml: boolean }).fromHtml = true));
        release();
        // Hydrated: React owns the same element (a fresh render would have replaced it), and the form works.
        await page.waitForFunction(() => {
          const el = document.querySelector('[data-testid="login-continue"]');
          return el !== null && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
        });
        expect(await button.evaluate((el) => (el as unknown as { fromHtml?: boolean }).fromHtml)).toBe(true);
        const phone = page.getByTestId('phone-input');
        await phone.fill('55a1b2');
        await expect.poll(() => phone.inputValue()).toBe('5512');
        // The HTML brought every style the render makes, the classes no element carries included (a
        // styled component wrapping another, MUI's IconButton around ButtonBase): the app adds none.
        expect(await page.evaluate(() => (window as unknown as { classRulesAdded: string[] }).classRulesAdded)).toEqual([]);
        // No hydration mismatch (React reports one as an error, then draws the screen again).
        expect(errors).toEqual([]);
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );

    // A stored choice (English here) or a link's query: the screen is removed before it paints, for
    // the spinner every other page shows from its HTML (styled), and the app renders its own.
    for (const [path, stored] of [
      ['/login', { language: 'en' }],
      ['/login?empCode=ACME', {}],
    ] as const) {
      await withBrowser(
        async (ctx) => {
          await ctx.addInitScript((entries) => {
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
          }, stored);
          const { page, release, errors } = await openHeld(ctx, path);
          expect(await page.evaluate(() => document.querySelector('[data-testid="login-screen"]')), path).toBeNull();
          expect(await page.locator('#root > [data-placeholder] .MuiCircularProgress-root').isVisible(), path).toBe(true);
          expect(await page.locator('#root > [data-placeholder]').evaluate((el) => getComputedStyle(el).justifyContent), path).toBe('center');
          release();
          await page.getByTestId('login-screen').waitFor();
          expect(await page.locator('[data-placeholder]').count(), path).toBe(0);
          expect(errors, path).toEqual([]);
        },
        { otherLanguage: false, serviceWorkers: 'allow' },
      );
    }
  });

  it("a signed-in member opening /consulta/historial: the HTML asks for her, her first page and the screen’s messages before the app's scripts arrive and shows a spinner meanwhile; the app asks for neither again, and the screen shows without the rest of the messages", async () => {
    const { token: sessionToken } = await memberWithSession(server!.server, { needsToAcceptTerms: false });
    await withBrowser(
      async (ctx) => {
        const page = await appPage(ctx, { token: sessionToken, storage: { 'device-id': 'e2e-early-device' } });
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
        const asked: string[] = [];
        const scripts: string[] = [];
        page.on('request', (request) => {
          const { pathname, search } = new URL(request.url());
          if (pathname === '/api/graphql') asked.push(/query (\w+)/.exec(request.postData() ?? '')?.[1] ?? 'graphql');
          else if (pathname.startsWith('/api/records/history')) asked.push(`history${search}`);
          else if (pathname.startsWith('/assets/')) scripts.push(pathname.slice(1));
        });
        // Every script held back until both requests are out; the rest of the Spanish messages for good.
        let release = (): void => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
          if (/\/assets\/es-rest-/.test(route.request().url())) return;
          await held;
          await route.continue();
        });
        await page.goto(`${server!.url}/consulta/historial`, { waitUntil: 'commit' });
        await expect.poll(() => [...asked].sort()).toEqual(['GetMember', 'history?limit=20']);
        // The screen's messages (Spanish, her language) too: it shows once they are in.
        await expect.poll(() => scripts).toContain(spanishScreenScript('record'));
        // Meanwhile the page shows the loading spinner from its HTML (not a blank page)...
        await page.waitForFunction(() => document.readyState !== 'loading');
        expect(await page.locator('#root > [data-placeholder] .MuiCircularProgress-root').isVisible()).toBe(true);
        release();
        await page.getByTestId('history-empty').waitFor();
        // ...which the app rendered over (not hydrated: no mismatch reported).
        expect(await page.locator('[data-placeholder]').count()).toBe(0);
        expect(errors).toEqual([]);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(RECORD_ES.record_history_title);
        expect(await page.getByTestId('history-empty').textContent()).toContain(RECORD_ES.record_history_empty);
        // Each once: the app took the HTML's answers (had it asked again, the screen would have waited for that answer).
        expect(asked.filter((a) => a === 'GetMember' || a.startsWith('history'))).toEqual(['GetMember', 'history?limit=20']);
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );
  });

  it("a member with terms to accept opening /inicio: the terms dialog (its messages are not in the entry files) waits for the rest of the messages, never showing a message's key", async () => {
    const { token: sessionToken } = await memberWithSession(server!.server, { needsToAcceptTerms: true });
    await withBrowser(
      async (ctx) => {
        const page = await appPage(ctx, { token: sessionToken });
        // The rest of the Spanish messages held back for a while (a slow network).
        let release = (): void => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/es-rest-[^/]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${server!.url}/inicio`);
        await page.getByTestId('home-screen').waitFor();
        await page.waitForTimeout(1_000);
        expect(await page.getByText(/terms_dialog_/).count()).toBe(0);
        release();
        const dialog = page.getByTestId('terms-dialog');
        await dialog.waitFor();
        expect(await dialog.getByRole('heading').first().textContent()).toBe(ONBOARDING_ES.terms_dialog_title);
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );
  });

  it('a signed-in member opening /inicio: the realtime connection opens once her home is shown, not before it; her first scripts leave out the prescribing rules, the phone and form rules, the events store, the code of sheets and dialogs she has not opened, home below its main actions, the scheduled card and the record’s shapes', async () => {
    const { token: sessionToken } = await memberWithSession(server!.server, { needsToAcceptTerms: false });
    await withBrowser(
      async (ctx) => {
        // What the page shows at the moment the app opens its socket (the realtime client connects by WebSocket first).
        await ctx.addInitScript(() => {
          const Native = window.WebSocket;
          const opened: boolean[] = [];
          (window as unknown as { socketOpenedWithHome: boolean[] }).socketOpenedWithHome = opened;
          window.WebSocket = class extends Native {
            constructor(...args: ConstructorParameters<typeof WebSocket>) {
              if (String(args[0]).includes('/socket.io/')) opened.push(document.querySelector('[data-testid="home-screen"]') !== null);
              super(...args);
            }
          };
        });
        // When her home first shows (the scripts asked for before then are her first load; the idle prefetch comes after).
        await ctx.addInitScript(() => {
          new MutationObserver((_, observer) => {
            if (!document.querySelector('[data-testid="home-screen"]')) return;
            (window as unknown as { homeShownAt: number }).homeShownAt = performance.now();
            observer.disconnect();
          }).observe(document, { childList: true, subtree: true });
        });
        const page = await appPage(ctx, { token: sessionToken });
        await page.goto(`${server!.url}/inicio`);
        await page.getByTestId('home-screen').waitFor();
        const beforeHome = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime < (window as unknown as { homeShownAt: number }).homeShownAt)
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'))
            .map((path) => path.slice(1)),
        );
        await expect.poll(() => page.evaluate(() => (window as unknown as { socketOpenedWithHome: boolean[] }).socketOpenedWithHome)).toEqual([true]);
        // The prescribing rules and schemas (domain/prescribing.ts: the ICD-10 list, the prescription
        // line's input) come with the screens that prescribe; her home and her record only show a
        // prescription's words (domain/prescription-basics.ts).
        expect(beforeHome.length).toBeGreaterThan(0);
        for (const script of beforeHome) {
          const source = readFileSync(join(DIST, script), 'utf8');
          expect(source, script).not.toContain('Acute upper respiratory infection');
          // The phone rules and the forms' schemas (domain/validation/phone.ts, forms.ts): with the screens
          // that ask for a phone or fill a form. The local events store's code (idb): with the first tracked event.
          for (const marker of ['recoveryNewPhoneAssistive', 'prefersContactBy', 'upgradeneeded']) expect(source, script).not.toContain(marker);
          // MUI's drawer and dialog: with the first sheet or question she opens (components/ui/once-needed.tsx).
          for (const component of ['MuiDrawer', 'MuiDialog']) expect(source, script).not.toMatch(muiComponent(component));
          // Home below its main actions (the topic chips, the other-information list): once home has
          // painted (home-more-sections.tsx); the tab's notice dot is not MUI's Badge, the placeholders not its Skeleton.
          for (const component of ['MuiChip', 'MuiListItemButton', 'MuiBadge', 'MuiSkeleton']) expect(source, script).not.toMatch(muiComponent(component));
          // The consultation in progress's card and the download prompt: when there is one, when it opens.
          for (const marker of ['active-appointment-open', 'download-app-button']) expect(source, script).not.toContain(marker);
          // The appointment's shape and documents (its GraphQL fields) and the scheduled list's (with the
          // calendar editor's checks): with the first appointment, the list asked for after home has painted.
          for (const marker of ['isMxDoctorBusy chatHasMessages', 'invalid_time_zone']) expect(source, script).not.toContain(marker);
          // The scheduled card and the time-zone library (@date-fns/tz's offsets): once she has a
          // scheduled appointment (scheduled-appointment-cards.tsx). The record's shapes (contracts/records.ts,
          // with the push registration's apart) and a prescription's wording (the dose tables): with her record.
          for (const marker of ['scheduled-card-enter', 'longOffset', '/api/records/history', 'sublingual']) expect(source, script).not.toContain(marker);
        }
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );
  });

  it("the app's first script leaves out what its first screens do not need: the phone parser and its metadata, the admin console's schemas, MUI's CSS-variables theme provider, the domain rules of other screens, the entry screens' own messages", () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const source = readFileSync(join(DIST, entry!), 'utf8');
    // libphonenumber-js (the full-number rule, domain/validation/full-phone.ts): with the screens that validate a phone.
    expect(source).not.toContain('INVALID_COUNTRY');
    expect(source).not.toContain('countryCallingCodes()');
    // The admin console's organization schemas (contracts/admin-organizations.ts): with the console.
    expect(source).not.toContain('admin_organization_code_invalid');
    // MUI's provider for themes with CSS variables (its colour-scheme storage; lib/theme-provider.tsx): not at all.
    expect(source).not.toContain('mui-color-scheme');
    // Rules only other screens use, in domain modules of their own (a module goes whole into one chunk):
    // the appointment machine's edges (appointment-transitions.ts, the dashboard's), the account screens'
    // rules (account-screens.ts), the forms' schemas (validation/forms.ts) and the phone rules (validation/phone.ts).
    expect(source).not.toContain('coach requests a US doctor during the call');
    expect(source).not.toContain('storeDeletionTime');
    expect(source).not.toContain('prefersContactBy');
    expect(source).not.toContain('recoveryNewPhoneAssistive');
    // The entry screens' own messages (locales/entry-files.ts SCREEN_FILES): each with its screen,
    // while the shell's (common, titles) are here.
    for (const file of ['home', 'identity', 'record']) {
      const [key] = Object.keys(spanish(file));
      expect(source, file).not.toMatch(new RegExp(`[{,]["']?${key}["']?:`));
    }
    expect(source).toMatch(new RegExp(`[{,]${Object.keys(COMMON_ES)[0]}:`));
    // ... while the member's shape and the session documents are there (the app refreshes its session at boot).
    expect(source).toContain('refreshSession');
  });

  it('offline before the service worker has the app: a connection error whose dialog cannot load is told by a toast, and /login stays', async () => {
    await withBrowser(
      async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(`${server!.url}/login`);
        await page.getByTestId('login-screen').waitFor();
        await ctx.setOffline(true);
        // An unhandled rejection opens the connection-error dialog (spec 8), whose chunk is not in the page yet.
        await page.evaluate(() => void setTimeout(() => void Promise.reject(new Error('offline')), 0));
        await expect.poll(() => page.getByTestId('toast').textContent()).toContain(COMMON_ES.error_network);
        expect(await page.getByTestId('login-screen').isVisible()).toBe(true);
        expect(await page.getByTestId('connection-error-dialog').count()).toBe(0);
        await ctx.setOffline(false);
      },
      { serviceWorkers: 'block', otherLanguage: false },
    );
  });

  it('a signed-in member who opens the app offline is told so, with a retry, and her screen shows once the connection is back', async () => {
    const { token: sessionToken } = await memberWithSession(server!.server, { needsToAcceptTerms: false });
    await withBrowser(
      async (ctx) => {
        const page = await appPage(ctx, { token: sessionToken });
        await page.goto(`${server!.url}/inicio`);
        await page.getByTestId('home-screen').waitFor();
        await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
        expect(await page.getByTestId('offline-banner').textContent()).toBe('');
        // The service worker opens the app; her data cannot come (it saw "Cargando…" for ever).
        await ctx.setOffline(true);
        await page.goto(`${server!.url}/perfil`);
        await expect.poll(() => page.getByTestId('offline-banner').textContent()).toBe(COMMON_ES.offline_banner);
        await page.getByTestId('screen-error-retry').waitFor({ timeout: 15_000 });
        expect(await page.getByRole('alert').textContent()).toBe(COMMON_ES.error_network);
        await ctx.setOffline(false);
        await page.getByTestId('profile-name').waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('offline-banner').textContent()).toBe('');
      },
      { otherLanguage: false, serviceWorkers: 'allow' },
    );
  });

  it('/login downloads only the entry screens, compressed and cached, then prefetches the code screen; a second visit opens offline', async () => {
    const url = server!.url;
    const allScripts = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      const scripts: { file: string; encoding?: string; cacheControl?: string }[] = [];
      let document: { cacheControl?: string; encoding?: string } | undefined;
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        const headers = response.headers();
        if (response.request().resourceType() === 'document') document = { cacheControl: headers['cache-control'], encoding: headers['content-encoding'] };
        if (response.request().resourceType() === 'script' && pathname.startsWith('/assets/'))
          scripts.push({ file: pathname.slice('/assets/'.length), encoding: headers['content-encoding'], cacheControl: headers['cache-control'] });
      });
      // Since when the screen answers: the app has taken over the screen its HTML showed (it shows
      // before any script), as the bench measures it.
      await markScreenLive(ctx, 'login-screen');
      await page.goto(`${url}/login`);
      await page.getByTestId('login-screen').waitFor();
      // The scripts it asked for before it answered (not those of the idle prefetch after it, which a
      // busy machine may already have fetched by now), once their answers are in.
      const liveAt = await page.waitForFunction(() => (window as unknown as ScreenLiveWindow).__liveAt).then((handle) => handle.jsonValue() as Promise<number>);
      const asked = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })));
      const before = new Set(asked.filter((e) => e.startTime < liveAt && e.path.startsWith('/assets/') && e.path.endsWith('.js')).map((e) => e.path.slice('/assets/'.length)));
      await expect.poll(() => [...before].filter((file) => !scripts.some((s) => s.file === file))).toEqual([]);
      const initial = [...new Map(scripts.filter((s) => before.has(s.file)).map((s) => [s.file, s])).values()];

      // Chromium asks for br (also over http on localhost); gzip for those that do not.
      expect(document).toEqual({ cacheControl: 'no-cache', encoding: 'br' });
      expect(initial.length).toBeGreaterThan(1);
      expect(initial.length).toBeLessThan(allScripts.length / 3);
      for (const s of initial) expect(s.cacheControl, s.file).toBe('public, max-age=31536000, immutable');
      expect(initial.filter((s) => s.encoding === 'br').length).toBeGreaterThan(initial.length / 2);
      const names = initial.map((s) => s.file);
      expect(names.some((f) => f.startsWith('login-screen-'))).toBe(true);
      // What /login no longer downloads (issue 10): the realtime client (after sign-in), other
      // countries' phone metadata. (The Spanish messages of other screens follow once the screen is
      // idle: src/locales/load.test.ts; these responses may already include that idle prefetch.)
      const firstScripts = names.map((f) => readFileSync(join(DIST, 'assets', f), 'utf8'));
      expect(firstScripts.filter((source) => source.includes('engine.io'))).toEqual([]);
      expect(firstScripts.filter((source) => /GB:\[["'`]44["'`]/.test(source))).toEqual([]);
      // Nor the phone parser at all: the login form checks digits and length, the server the full number
      // (domain/validation/full-phone.ts, read by the request schemas of the contracts, which the app
      // does not run: vite.config.ts's manualPureFunctions).
      expect(firstScripts.filter((source) => source.includes('countryCallingCodes()') || source.includes('INVALID_COUNTRY'))).toEqual([]);
      const gzipped = firstScripts.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
      // Was 367 kB with the idle prefetch before these cuts, then ~332; ~352 once the shell gained the
      // appointment alerts, push and treatment hooks (issues 9, 12), ~368 with the partner theme,
      // family invitation and payment-request hooks (issues 14, 15): a regression to win back (the
      // budget is 150 before the screen: bench/src/web.ts), guarded here against growing further.
      // ~345 with the idle prefetch (~320 before the screen, in 38 scripts instead of 74) once the
      // entry is one boot chunk (vite.config.ts) and the app is marked free of side effects; ~354 again
      // as the shell grew. ~351 (41 scripts, with the idle prefetch: the code screen and the rest of
      // the Spanish messages) once the signed-in shell is a chunk loaded only with a session.
      // ~343.5 (bench: 316.2 before the screen in 39 scripts, then 27.3 prefetched) once the shared
      // packages are imported module by module in the build (apps/web/barrel-imports.ts) and
      // react-router is its production build.
      // ~302 (bench: 276.1 before the screen, then 25.9 prefetched) after later sessions' cuts; ~291
      // (265.3 + 25.9) once the build drops the schemas nothing reads, and with them the phone parser
      // (vite.config.ts, manualPureFunctions).
      // ~250.3 (the bench's figure) once only the scripts asked for before the screen answers count,
      // not those of the idle prefetch that had arrived when the test looked (298 on a busy machine).
      // Measured: every script /login requested until it answers, gzipped at level 9.
      expect(gzipped / 1024).toBeLessThan(256);
      // The signed-in shell (appointment alerts and routing, payment requests, push registration,
      // the bottom navigation) loads only with a session (apps/web/src/app/signed-in-shell-loader.ts).
      expect(names.filter((f) => f.startsWith('signed-in-shell-'))).toEqual([]);
      // The call, the staff screens and the consultation list load with their own screens.
      for (const heavy of ['call-route-', 'dashboard-screen-', 'admin-screen-', 'staff-consultation-route-', 'available-coaches-screen-', 'history-chat-screen-', 'admin-grid-', 'staff-screen-', 'members-screen-', 'usage-screen-'])
        expect(names.filter((f) => f.startsWith(heavy)), heavy).toEqual([]);
      // The likely next screen is fetched once the browser is idle: as module preloads of the files the
      // build lists in the page (fetched and compiled, not run: apps/web/screen-prefetch.ts), not
      // imported (Vite's own preloads of an import carry no fetch priority).
      await expect.poll(() => scripts.some((s) => s.file.startsWith('verify-phone-screen-')), { timeout: 15_000 }).toBe(true);
      const listed = await page.evaluate(() => (JSON.parse(window.document.getElementById('screen-prefetch-files')!.textContent!) as Record<string, string[]>).verifyPhoneNumber);
      expect(listed?.filter((file) => file.startsWith('assets/verify-phone-screen-'))).toHaveLength(1);
      const preloaded = await page.evaluate(() => Array.from(window.document.querySelectorAll('link[rel="modulepreload"][fetchpriority="low"]')).map((link) => link.getAttribute('href')));
      for (const file of listed!) if (!before.has(file.slice('assets/'.length))) expect(preloaded).toContain(`/${file}`);
      // The code screen's fields are the outlined fields too: what the prefetch brings has none of
      // TextField's variants, menu select or modal (63.5 kB gz prefetched after /login with them, 25.9 without).
      for (const { file } of scripts.filter((s) => !before.has(s.file))) {
        const source = readFileSync(join(DIST, 'assets', file), 'utf8');
        for (const component of ['MuiTextField', 'MuiSelect', 'MuiModal']) expect(source, file).not.toMatch(muiComponent(component));
      }

      // The service worker precaches the shell and the screens: with the server gone, the app still opens.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
      await server!.close();
      server = undefined;
      await page.goto(`${url}/login`);
      await page.getByTestId('login-screen').waitFor({ timeout: 30_000 });
      // What /login downloads is measured: axe checks it in Spanish only here (switching to English
      // would download the English messages; login.e2e checks /login in both).
    }, { otherLanguage: false, serviceWorkers: 'allow' });
  });

  it('a new deploy is picked up on the next navigation: the service worker updates and the page after it is the new build', async () => {
    // A copy of the build, served by a server of its own, so this test can "deploy" over it.
    const dist = mkdtempSync(join(tmpdir(), 'puente-sw-update-'));
    cpSync(DIST, dist, { recursive: true });
    const deploy = await startTestServer({ config: { webDist: dist } });
    // What a deploy changes for the service worker: a new index.html, and sw.js listing its new
    // revision (the server sends each file's precompressed copy, so those are rewritten too).
    const write = (file: string, text: string) => {
      writeFileSync(join(dist, file), text);
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
    };
    const marker = 'puente-test-build';
    try {
      await withBrowser(async (ctx) => {
        const page = await ctx.newPage();
        await page.goto(`${deploy.url}/login`);
        await page.getByTestId('login-screen').waitFor();
        await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);

        const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
        const revision = /\{url:"index\.html",revision:"([^"]+)"\}/.exec(sw)?.[1];
        expect(revision, 'sw.js precaches index.html by revision').toBeTruthy();
        write('index.html', readFileSync(join(dist, 'index.html'), 'utf8').replace('<head>', `<head><meta name="${marker}" content="2">`));
        write('sw.js', sw.replace(`revision:"${revision}"`, 'revision:"test-deploy-2"'));

        // The next navigation checks sw.js (served no-cache): the new worker installs, takes over
        // this open tab at once (skipWaiting, clientsClaim) and replaces the old precache...
        await page.goto(`${deploy.url}/login`);
        await page.getByTestId('login-screen').waitFor();
        const cachedUrls = () =>
          page.evaluate(async () => {
            const requests = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
            return requests.flat().map((request) => request.url);
          });
        // (The new worker adds its revision while installing; the old one leaves once it has taken over.)
        const revisions = async () => (await cachedUrls()).filter((url) => url.includes('/index.html?')).map((url) => new URL(url).searchParams.get('__WB_REVISION__'));
        await expect.poll(revisions, { timeout: 30_000 }).toEqual(['test-deploy-2']);
        await expect.poll(() => page.evaluate(async () => { const r = await navigator.serviceWorker.getRegistration(); return r?.active?.state === 'activated' && !r.installing && !r.waiting; })).toBe(true);
        // ...so the page after it is the new build, served by the service worker.
        const next = await page.goto(`${deploy.url}/login`);
        await page.getByTestId('login-screen').waitFor();
        expect(next?.fromServiceWorker()).toBe(true);
        expect(await page.locator(`meta[name="${marker}"]`).count()).toBe(1);
      }, { serviceWorkers: 'allow' });
    } finally {
      await deploy.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
