/// <reference lib="dom" />
// Issue 10 benchmark: the first load of the built web app (apps/web/dist, `npm run build` first).
// 1. What the browser downloads before the screen shows: the scripts Chromium requests for /login
//    (a new visitor) and /inicio (a signed-in member), in bytes as transferred (the build's brotli
//    copies: Chromium asks for br) and as the gzip size of the same files. Budgets (gzipped):
//    /login <= 150 kB, /inicio <= 220 kB. Printed, never asserted.
// 2. The main thread's script time in the 4 s after /login and /inicio answer (the idle work after them).
// 3. Lighthouse (mobile: simulated slow 4G, 4x CPU) performance and accessibility, with LCP and TBT,
//    for /login, /inicio and /consulta/historial; a member's session is put in localStorage first.
//    Targets: performance >= 90, accessibility 100, LCP <= 2.5 s, TBT <= 200 ms. Printed, never asserted.
// BENCH_WEB_DIST measures another build (e.g. an older one, for a before/after); BENCH_LIGHTHOUSE=0 skips
// Lighthouse; BENCH_LIGHTHOUSE_RETURN=0 skips its return visits (the app's code from the service worker); BENCH_LIGHTHOUSE_RUNS (3) runs per page, the median printed; BENCH_LIGHTHOUSE_PAGES=/login,... only those pages; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps its reports (the last run's); BENCH_WEB_PROFILE=1 prints where the
// first load's main-thread time goes, by package (and the modules' top-level time, by package).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Language } from '@puente/domain';
import { createMember, createSessionFor, startTestServer, type TestServer } from '@puente/api/test';
import { markScreenLive, type ScreenLiveWindow } from '@puente/e2e/screen-live';
import { startH2Proxy } from './h2-proxy';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const BUDGET_KB = { '/login': 150, '/inicio': 220 } as const;
/** Issue 10's Lighthouse targets (mobile), printed beside each page's figures. */
const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 100, lcpMs: 2_500, tbtMs: 200 } as const;
const kB = (bytes: number): string => (bytes / 1024).toFixed(1);

interface ScriptLoad {
  url: string;
  transferred: number;
  gzip: number;
}

async function memberSession(server: TestServer): Promise<string> {
  const member = await createMember(server.server, { countryCode: '52', phoneNumber: `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}` });
  return (await createSessionFor(server.server, member.id)).sessionToken;
}

/** What the page finds stored: a language (and a session), or nothing (null: a first visit). */
const seed = (token: string | null, language: Language | null = 'es') => (context: BrowserContext) =>
  context.addInitScript(
    ({ t, l }) => {
      if (l) localStorage.setItem('language', l);
      if (t) localStorage.setItem('sessionToken', t);
      // A member who signed in on this device has its id too (the app makes one at its first request).
      if (t) localStorage.setItem('device-id', 'bench-device');
    },
    { t: token, l: language },
  );

/**
 * Records, in the page, since when the screen (its test id) has been shown (`__shownAt`, and whether
 * its HTML showed it, `__fromHtml`) and since when it answers (`__liveAt`: markScreenLive).
 */
const markScreen = async (context: BrowserContext, testId: string) => {
  // Since when it answers (a prerendered screen is shown before that).
  await markScreenLive(context, testId);
  await context.addInitScript((id) => {
    const w = window as unknown as { __shownAt?: number; __fromHtml?: boolean };
    // Since when the screen has been in the page: a screen in the HTML that its inline script then
    // removes (a prerendered /login on a visit other than the first) was not shown.
    new MutationObserver(() => {
      const shown = document.querySelector(`[data-testid="${id}"]`) !== null;
      if (!shown) w.__shownAt = undefined;
      else if (w.__shownAt === undefined) {
        w.__shownAt = performance.now();
        // The app's scripts (modules) run once the HTML is read: a screen there before is the HTML's.
        w.__fromHtml = document.readyState === 'loading';
      }
    }).observe(document, { childList: true, subtree: true });
  }, testId);
};

/**
 * The scripts the page started fetching before the screen (its test id) appeared, then those fetched
 * after it (the idle prefetch of the likely next screens), from the page's resource timing.
 */
async function scriptsFor(browser: Browser, server: TestServer, dist: string, pathname: string, testId: string, token: string | null, language: Language | null = 'es') {
  const context = await browser.newContext();
  await seed(token, language)(context);
  await markScreen(context, testId);
  const page = await context.newPage();
  await page.goto(`${server.url}${pathname}`);
  await page.getByTestId(testId).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3_000); // the idle prefetch of the likely next screens
  const finalPath = new URL(page.url()).pathname;
  const { shownAt, liveAt, fromHtml, entries } = await page.evaluate(() => {
    const w = window as unknown as { __shownAt?: number; __fromHtml?: boolean } & ScreenLiveWindow;
    return {
      fromHtml: w.__fromHtml === true,
      shownAt: w.__shownAt ?? Infinity,
      liveAt: w.__liveAt ?? Infinity,
      entries: performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || e.name.endsWith('.js'))
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, startTime: e.startTime, transferred: e.transferSize })),
    };
  });
  await context.close();
  const unique = [...new Map(entries.map((e) => [e.url, e])).values()];
  const toLoad = (e: (typeof unique)[number]): ScriptLoad => {
    const file = path.join(dist, e.url);
    return { url: e.url, transferred: e.transferred, gzip: existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : e.transferred };
  };
  // A screen shown from the HTML counts what it needed to answer (hydration), not to show.
  const until = fromHtml ? liveAt : shownAt;
  return {
    finalPath,
    fromHtml,
    initial: unique.filter((e) => e.startTime < until).map(toLoad),
    prefetched: unique.filter((e) => e.startTime >= until).map(toLoad),
  };
}

async function bundleBench(browser: Browser, server: TestServer, dist: string, token: string): Promise<void> {
  // A member who chose English also waits for the English entry messages before the first render.
  for (const [pathname, testId, session, language] of [
    ['/login', 'login-screen', null, null],
    ['/login', 'login-screen', null, 'es'],
    ['/login', 'login-screen', null, 'en'],
    ['/inicio', 'home-screen', token, 'es'],
  ] as const) {
    const r = await scriptsFor(browser, server, dist, pathname, testId, session, language);
    const sum = (xs: ScriptLoad[], k: 'transferred' | 'gzip') => xs.reduce((a, x) => a + x[k], 0);
    const gzip = sum(r.initial, 'gzip');
    const budget = BUDGET_KB[pathname];
    console.log(
      `first load ${pathname}${language === null ? ' (first visit, nothing stored)' : language === 'es' ? '' : ` (${language})`}${r.finalPath === pathname ? '' : ` (shown at ${r.finalPath})`}: ` +
        `${r.fromHtml ? 'shown from its HTML before any script, then until it answers: ' : ''}${r.initial.length} scripts, ` +
        `${kB(sum(r.initial, 'transferred'))} kB transferred, ${kB(gzip)} kB gzipped (budget ${budget} kB: ${gzip / 1024 <= budget ? 'met' : 'NOT met'}); ` +
        `then ${r.prefetched.length} prefetched (${kB(sum(r.prefetched, 'gzip'))} kB gzipped)`,
    );
    if (process.env.BENCH_DEBUG) {
      for (const s of r.initial) console.log(`  ${kB(s.gzip).padStart(7)} ${s.url}`);
      for (const s of r.prefetched) console.log(`  ${kB(s.gzip).padStart(7)} ${s.url} (prefetched)`);
    }
  }
}

/** Loads per page for the script time after the screen answers (scriptAfterShown). */
const AFTER_SHOWN_LOADS = 6;

/**
 * The main thread's script time in the 4 s after the screen answers (React has taken it over),
 * unthrottled, from Chromium's own counter (CDP Performance.getMetrics' ScriptDuration): the idle
 * work after a first screen (the rest of the messages, the likely next screens' prefetch, the
 * realtime connection...), which Lighthouse counts in its blocking time (four times as long on its
 * phone) but too noisily to compare two builds. Median of AFTER_SHOWN_LOADS loads.
 */
async function scriptAfterShown(browser: Browser, server: TestServer, token: string): Promise<void> {
  for (const [pathname, testId, session] of [
    ['/login', 'login-screen', null],
    ['/inicio', 'home-screen', token],
  ] as const) {
    const ms: number[] = [];
    for (let i = 0; i < AFTER_SHOWN_LOADS; i++) {
      const context = await browser.newContext();
      try {
        await seed(session)(context);
        await markScreen(context, testId);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
        await page.goto(`${server.url}${pathname}`);
        await page.waitForFunction(() => (window as unknown as ScreenLiveWindow).__liveAt !== undefined);
        const from = await scriptSeconds();
        await page.waitForTimeout(4_000);
        ms.push((await scriptSeconds()) - from);
      } finally {
        await context.close();
      }
    }
    ms.sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)]! * 1000;
    console.log(`after ${pathname} answers: ${median.toFixed(1)} ms of script in 4 s (unthrottled, median of ${ms.length}: ${ms.map((x) => (x * 1000).toFixed(0)).join(', ')})`);
  }
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Main-thread time by kind (script evaluation, style and layout, ...), ms: where TBT comes from. */
  mainThread: string;
}

/**
 * How Lighthouse slows the load to a mid-range phone's (slow 4G, 4x CPU): 'simulate' (its default)
 * loads the page at full speed and estimates the timings from that trace; 'devtools' applies the
 * throttling to the load itself. A page painted from its HTML (the prerendered /login) shows the
 * difference: loaded at full speed the scripts arrive before the first paint, so the estimate puts
 * them in front of it. Both are printed; BENCH_LIGHTHOUSE_THROTTLING=simulate (or devtools) runs one.
 */
type Throttling = 'simulate' | 'devtools';
const THROTTLINGS: readonly Throttling[] = (process.env.BENCH_LIGHTHOUSE_THROTTLING?.split(',') ?? ['simulate', 'devtools']).filter(
  (m): m is Throttling => m === 'simulate' || m === 'devtools',
);

/**
 * One Lighthouse run (default config: mobile) in a fresh Chromium profile. A return visit
 * (`returnVisit`) first opens the page once and waits for the service worker to be active, its
 * precache filled: the load Lighthouse then measures is a member's next visit (the app's code from
 * the service worker, the data from the network).
 */
async function lighthouseRun(url: string, token: string | null, throttlingMethod: Throttling, returnVisit = false): Promise<LighthouseFigures> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--ignore-certificate-errors'] });
  try {
    if (token || returnVisit) {
      // The app keeps the session in localStorage: put it there on the origin, then keep storage.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdp.contexts()[0]!.newPage();
      await page.goto(`${new URL(url).origin}/api/health`);
      await page.evaluate((t) => {
        if (t) localStorage.setItem('sessionToken', t);
        localStorage.setItem('language', 'es');
        localStorage.setItem('device-id', 'bench-device'); // as seed() does
      }, token);
      if (returnVisit) {
        await page.goto(url);
        // Active means installed: workbox fills the precache while it installs.
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.waitForTimeout(2_000); // the idle prefetch of the likely next screens
      }
      await page.close();
      await cdp.close();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: token !== null || returnVisit, throttlingMethod });
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    // BENCH_LIGHTHOUSE_REPORTS=<dir>: every report kept whole (its bootup-time and long-tasks audits).
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const { pathname, protocol } = new URL(url);
      writeFileSync(path.join(reports, `${pathname.replace(/\W+/g, '_')}-${throttlingMethod}${protocol === 'https:' ? '-h2' : ''}${returnVisit ? '-return' : ''}.json`), JSON.stringify(result.lhr));
    }
    const breakdown = (audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; group?: string; duration: number }[] } | undefined)?.items ?? [];
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      mainThread: breakdown
        .filter((i) => i.duration >= 50)
        .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)}`)
        .join(', '),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse runs per page (BENCH_LIGHTHOUSE_RUNS, default 3): one run's TBT swung from 350 to 870 ms here. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function lighthouseBench(server: TestServer, token: string): Promise<void> {
  // BENCH_LIGHTHOUSE_PAGES=/login,/inicio measures only those.
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = [
    ['/login', null],
    ['/inicio', token],
    ['/consulta/historial', token],
  ] as const;
  // The deployment puts a TLS proxy in front (README): over HTTP/2, with applied throttling (BENCH_LIGHTHOUSE_H2=0: not).
  const wantH2 = process.env.BENCH_LIGHTHOUSE_H2 !== '0' && THROTTLINGS.includes('devtools');
  const h2 = wantH2 ? await startH2Proxy(server.url) : null;
  if (wantH2 && !h2) console.log('lighthouse over HTTP/2: not measured (no openssl for its certificate)');
  const setups = [
    ...THROTTLINGS.map((throttling) => ({ throttling, origin: server.url, label: `${throttling === 'simulate' ? 'simulated' : 'applied'} throttling`, returnVisit: false })),
    ...(h2 ? [{ throttling: 'devtools' as const, origin: h2.url, label: 'applied throttling, HTTP/2', returnVisit: false }] : []),
    // A member's next visit: the code from the service worker's precache (BENCH_LIGHTHOUSE_RETURN=0: not measured).
    ...(process.env.BENCH_LIGHTHOUSE_RETURN !== '0' && THROTTLINGS.includes('devtools')
      ? [{ throttling: 'devtools' as const, origin: server.url, label: 'applied throttling, return visit', returnVisit: true }]
      : []),
  ];
  try {
    for (const [pathname, session] of pages) {
      if (only && !only.includes(pathname)) continue;
      for (const { throttling, origin, label, returnVisit } of setups) {
        try {
          const runs: LighthouseFigures[] = [];
          for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
            // Lighthouse sometimes loses the trace of a load (NO_NAVSTART): one more try.
            runs.push(
              await lighthouseRun(`${origin}${pathname}`, session, throttling, returnVisit).catch((error: unknown) => {
                if (!String(error instanceof Error ? error.message : error).includes('NO_NAVSTART')) throw error;
                return lighthouseRun(`${origin}${pathname}`, session, throttling, returnVisit);
              }),
            );
          }
          // The median of each figure (Lighthouse's advice for its variance); the run with the median
          // score gives the main-thread breakdown. Each figure's range follows it.
          const byScore = [...runs].sort((a, b) => a.performance - b.performance);
          const r: LighthouseFigures = {
            performance: median(runs.map((x) => x.performance)),
            accessibility: Math.min(...runs.map((x) => x.accessibility)),
            lcpMs: median(runs.map((x) => x.lcpMs)),
            tbtMs: median(runs.map((x) => x.tbtMs)),
            fcpMs: median(runs.map((x) => x.fcpMs)),
            mainThread: byScore[Math.floor(byScore.length / 2)]!.mainThread,
          };
          const range = (pick: (x: LighthouseFigures) => number, format: (n: number) => string) =>
            runs.length > 1 ? ` [${format(Math.min(...runs.map(pick)))}-${format(Math.max(...runs.map(pick)))}]` : '';
          const seconds = (ms: number) => (ms / 1000).toFixed(2);
          const t = LIGHTHOUSE_TARGETS;
          const missed = [
            r.performance < t.performance && 'performance',
            r.accessibility < t.accessibility && 'accessibility',
            !(r.lcpMs <= t.lcpMs) && 'LCP',
            !(r.tbtMs <= t.tbtMs) && 'TBT',
          ].filter(Boolean);
          console.log(
            `lighthouse mobile ${pathname} (${label}, median of ${runs.length}): performance ${r.performance}${range((x) => x.performance, String)}, accessibility ${r.accessibility}, ` +
              `LCP ${seconds(r.lcpMs)} s${range((x) => x.lcpMs, seconds)}, TBT ${r.tbtMs.toFixed(0)} ms${range((x) => x.tbtMs, (n) => n.toFixed(0))}, FCP ${seconds(r.fcpMs)} s${range((x) => x.fcpMs, seconds)} ` +
              `(targets performance >= ${t.performance}, accessibility ${t.accessibility}, LCP <= ${(t.lcpMs / 1000).toFixed(1)} s, TBT <= ${t.tbtMs} ms: ` +
              `${missed.length === 0 ? 'met' : `NOT met: ${missed.join(', ')}`}); main thread ms: ${r.mainThread}`,
          );
        } catch (error) {
          console.log(`lighthouse mobile ${pathname} (${label}): could not run (${error instanceof Error ? error.message : String(error)})`);
        }
      }
    }
  } finally {
    await h2?.close();
  }
}

/** Where a minified frame comes from, through the build's source maps (apps/web/sourcemaps). */
async function sourceMapper(dist: string) {
  const { SourceMapConsumer } = await import('source-map-js');
  const mapsDir = path.join(dist, '..', 'sourcemaps');
  const maps = new Map<string, InstanceType<typeof SourceMapConsumer> | null>();
  const mapFor = (file: string) => {
    if (!maps.has(file)) {
      const map = path.join(mapsDir, `${file}.map`);
      maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
    }
    return maps.get(file) ?? null;
  };
  /** A package name for node_modules sources, the path for ours. */
  const owner = (source: string): string =>
    source.includes('node_modules/') ? source.replace(/.*node_modules\//, '').replace(/^(@[^/]+\/[^/]+|[^/]+).*/, '$1') : source.replace(/^(\.\.\/)+/, '');
  /** `owner:line name` of a frame (its function name alone when no map covers it). */
  const frameName = (frame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number }): string => {
    const url = frame.url ?? '';
    const map = url.includes('/assets/') ? mapFor(new URL(url).pathname) : null;
    const pos = map?.originalPositionFor({ line: (frame.lineNumber ?? 0) + 1, column: frame.columnNumber ?? 0 });
    return pos?.source ? `${owner(pos.source)}:${pos.line} ${pos.name ?? frame.functionName}` : frame.functionName || '(anonymous)';
  };
  /** The package or source file of a sample's code: its script's path when no map covers it, V8's name for the rest ('(idle)', '(program)'...). */
  const ownerOf = (frame: { functionName: string; url: string; lineNumber: number; columnNumber: number }): string => {
    const source = frame.url.includes('/assets/') ? mapFor(new URL(frame.url).pathname)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source : null;
    if (source) return owner(source);
    if (frame.url) return new URL(frame.url).pathname;
    return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'native'})`;
  };
  return { mapFor, owner, frameName, ownerOf };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number } }[]; samples?: number[] }; timeDeltas?: number[] } };
}

/**
 * BENCH_WEB_PROFILE=1: the long tasks (50 ms or more, what TBT adds up after the first paint) of a
 * first load (of /login, /inicio and /consulta/historial) with the CPU slowed 4 times (Lighthouse's mobile setting), each with what it was (the
 * trace's top events: compiling or evaluating a script, a React task, microtasks, layout) and the
 * functions its samples spent most in, ours and the libraries'.
 *
 * Each task also says how much of it V8 spent collecting source positions. V8 compiles without
 * them and collects them (parsing the function again) only when something needs lines and columns.
 * Two things here do, neither in a visitor's browser, so that share of a task is the measurement's,
 * not the page's (measured on /inicio at 4x CPU, three loads each):
 * - DevTools attached (this bench, Lighthouse, any Playwright page): every Error created captures
 *   such a stack trace, and react-dom creates a few while its module loads: about 150 ms, with or
 *   without the compile hint;
 * - the CPU profiler (this trace's samples, Lighthouse's trace): V8 needs positions for every
 *   function it compiles, and the first scripts' compile hint (apps/web/vite.config.ts,
 *   COMPILE_HINT) compiles all of their functions at once: about 300 ms more. Without the profiler
 *   the hint's scripts showed /inicio's largest paint 1.30 s after the page opened against 1.48 s
 *   without it (/consulta/historial 1.08 against 1.43), the blocking time the same; Lighthouse's
 *   simulated LCP was the same within its noise either way. So the hint stays.
 */
async function longTasks(browser: Browser, server: TestServer, dist: string, pathname: string, session: string | null): Promise<void> {
  const { frameName } = await sourceMapper(dist);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await seed(session)(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.compile'] });
  await page.goto(`${server.url}${pathname}`);
  await page.waitForTimeout(6_000);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  await context.close();
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => mainThreads.has(`${e.pid}:${e.tid}`));
  // The sampled profile in the trace (Profile, then ProfileChunk events with the same id).
  const profile = events.find((e) => e.name === 'Profile' && mainThreads.has(`${e.pid}:${e.tid}`));
  const nodes = new Map<number, { parent?: number; name: string }>();
  const samples: { ts: number; node: number }[] = [];
  let ts = Number(profile?.args?.data?.startTime ?? 0);
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile?.id)) {
    for (const n of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, { parent: n.parent, name: frameName(n.callFrame) });
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (chunk.args?.data?.cpuProfile?.samples ?? []).forEach((node, i) => samples.push({ ts: (ts += deltas[i] ?? 0), node }));
  }
  const start = onMain.find((e) => e.name === 'RunTask')?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000);
  /** The time V8 spent collecting source positions (for DevTools and the profiler only: see above) in [from, to). */
  const sourcePositions = (from: number, to: number) =>
    onMain.filter((e) => e.name === 'V8.CollectSourcePositions' && e.ts >= from && e.ts < to).reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const collecting = tasks.reduce((sum, t) => sum + sourcePositions(t.ts, t.ts + t.dur!), 0);
  console.log(
    `long tasks of ${pathname} (CPU 4x slower, 6 s): ${tasks.length}, ${Math.round(tasks.reduce((sum, t) => sum + t.dur! - 50_000, 0) / 1000)} ms over 50 ms in all; ` +
      `of their time, ${Math.round(collecting / 1000)} ms is V8 collecting source positions for DevTools and this profiler`,
  );
  /** The `n` names with most samples, as shares of the task's `total` samples. */
  const top = (counts: Map<string, number>, n: number, total: number) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${Math.round((v / total) * 100)}%`);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const what = onMain
      .filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 0.3 * task.dur! && /compile|evaluate|EvaluateScript|FunctionCall|RunMicrotasks|Layout|UpdateLayoutTree|Paint|ParseHTML|TimerFire|GC/.test(e.name))
      .slice(0, 2)
      .map((e) => `${e.name}${typeof e.args?.data?.url === 'string' ? ` ${e.args.data.url.split('/').pop()}` : ''} ${Math.round(e.dur! / 1000)} ms`);
    const inTask = samples.filter((x) => x.ts >= task.ts && x.ts < end);
    const own = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const x of inTask) {
      const self = nodes.get(x.node)?.name ?? '?';
      own.set(self, (own.get(self) ?? 0) + 1);
      const seen = new Set<string>();
      for (let id: number | undefined = x.node; id !== undefined; id = nodes.get(id)?.parent) {
        const name = nodes.get(id)?.name ?? '?';
        if (!seen.has(name) && /^(src|packages)\//.test(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
        seen.add(name);
      }
    }
    const positions = sourcePositions(task.ts, end);
    console.log(`  at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur! / 1000)} ms: ${what.join(', ') || 'other'}${positions >= 1000 ? ` (${Math.round(positions / 1000)} ms collecting source positions)` : ''}`);
    if (inTask.length) console.log(`    self: ${top(own, 6, inTask.length).join(' | ')}\n    under ours: ${top(inclusive, 6, inTask.length).join(' | ') || '-'}`);
  }
}

/**
 * BENCH_WEB_PROFILE=1: where the main thread goes in the first 3 s of /login and /inicio (no
 * throttling), by package or source file through the build's source maps (apps/web/sourcemaps):
 * what to cut for TBT. Printed, never asserted.
 */
async function firstLoadProfile(browser: Browser, server: TestServer, dist: string, token: string): Promise<void> {
  const { ownerOf } = await sourceMapper(dist);
  for (const [pathname, session] of [['/login', null], ['/inicio', token]] as const) {
    const profile = await profiledLoad(browser, server, pathname, session);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const byOwner = new Map<string, number>();
    profile.samples?.forEach((id, i) => {
      const key = ownerOf(nodes.get(id)!);
      byOwner.set(key, (byOwner.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
    });
    byOwner.delete('(idle)');
    const busy = [...byOwner.values()].reduce((a, b) => a + b, 0);
    const top = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, ms]) => `${k} ${ms.toFixed(0)}`);
    console.log(`first load ${pathname} main thread (3 s, unthrottled): ${busy.toFixed(0)} ms busy; by source: ${top.join(', ')}`);
  }
}

/** A CPU profile of the main thread for 3 s from opening `pathname` (unthrottled), in a context of its own. */
async function profiledLoad(browser: Browser, server: TestServer, pathname: string, session: string | null, samplingIntervalUs?: number) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await seed(session)(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    if (samplingIntervalUs) await cdp.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${pathname}`);
    await page.waitForTimeout(3_000);
    return (await cdp.send('Profiler.stop')).profile;
  } finally {
    await context.close();
  }
}

/**
 * BENCH_WEB_PROFILE=1: how long the first scripts' modules take to run their top-level code (what
 * every import costs before the first render: schemas, themes, styled components, tables), per load
 * of /login and /inicio, unthrottled, by package or source file. Measured from a CPU profile's
 * samples under a module's top-level function, so V8 parsing functions again for source positions
 * (for DevTools and the profiler, see longTasks) is not in it: this is what a visitor's browser spends. Printed,
 * never asserted.
 */
async function moduleTime(browser: Browser, server: TestServer, dist: string, token: string, loads = 3): Promise<void> {
  const { ownerOf } = await sourceMapper(dist);
  for (const [pathname, session] of [['/login', null], ['/inicio', token]] as const) {
    const byOwner = new Map<string, number>();
    let total = 0;
    // One load first, not counted (the browser's own caches).
    for (let load = 0; load <= loads; load++) {
      const profile = await profiledLoad(browser, server, pathname, session, 100);
      if (load === 0) continue;
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
      const isModuleTop = (id: number) => {
        const f = nodes.get(id)!.callFrame;
        return f.functionName === '' && f.lineNumber === 0 && f.columnNumber === 0 && f.url.includes('/assets/');
      };
      profile.samples?.forEach((id, i) => {
        let under = false;
        for (let x: number | undefined = id; x !== undefined && !under; x = parent.get(x)) under = isModuleTop(x);
        if (!under) return;
        const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
        const key = ownerOf(nodes.get(id)!.callFrame);
        byOwner.set(key, (byOwner.get(key) ?? 0) + ms);
        total += ms;
      });
    }
    const top = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, ms]) => `${k} ${(ms / loads).toFixed(1)}`);
    console.log(`first load ${pathname}: the modules' top-level code ${(total / loads).toFixed(0)} ms per load (unthrottled, the mean of ${loads}); by source: ${top.join(', ')}`);
  }
}

export async function webBench(): Promise<void> {
  const dist = path.resolve(process.env.BENCH_WEB_DIST ?? new URL('../../apps/web/dist', import.meta.url).pathname);
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.log(`first load: skipped (no build at ${dist}: run npm run build)`);
    return;
  }
  if (!existsSync(CHROMIUM)) {
    console.log(`first load: skipped (no Chromium at ${CHROMIUM})`);
    return;
  }
  const server = await startTestServer({ config: { webDist: dist } });
  try {
    const token = await memberSession(server);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      await bundleBench(browser, server, dist, token);
      await scriptAfterShown(browser, server, token);
      if (process.env.BENCH_WEB_PROFILE === '1') {
        await firstLoadProfile(browser, server, dist, token);
        await moduleTime(browser, server, dist, token);
        await longTasks(browser, server, dist, '/login', null);
        await longTasks(browser, server, dist, '/inicio', token);
        await longTasks(browser, server, dist, '/consulta/historial', token);
      }
    } finally {
      await browser.close();
    }
    if (process.env.BENCH_LIGHTHOUSE !== '0') await lighthouseBench(server, token);
  } finally {
    await server.close();
  }
}
