import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import type { Plugin, PluginOption } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_NAME, THEME } from '../../packages/domain/src/constants.js';
import { STORAGE_KEYS } from '../../packages/domain/src/enums.js';
import { ROUTES } from '../../packages/domain/src/routes.js';
import { barrelImports } from './barrel-imports.js';
import { screenChunks, screenPrefetch, type BuiltChunk } from './screen-prefetch.js';
import { ENTRY_SCREEN_FILES, FIRST_PART_FILES } from './src/locales/entry-files.js';
import { firstVisitScript } from './src/prerender/first-visit.js';
import { inlineJson } from './src/prerender/inline-json.js';

/**
 * Issue 10 (first load), the build's last step, after the service worker is written:
 * 1. source maps leave dist for `mapsDir` (kept for debugging a production stack, never served);
 * 2. every text file gets a brotli (.br) and a gzip (.gz) copy beside it, which the server sends by
 *    the request's Accept-Encoding (apps/api/src/web-static.ts). A copy that is not smaller is skipped.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });

const moveSourceMaps = (distDir: string, mapsDir: string): number => {
  rmSync(mapsDir, { recursive: true, force: true });
  const maps = walk(distDir).filter((file) => file.endsWith('.map'));
  for (const file of maps) {
    const target = path.join(mapsDir, path.relative(distDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
  }
  return maps.length;
};

const precompress = (distDir: string): number => {
  let written = 0;
  for (const file of walk(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    const copies: [string, Buffer][] = [
      ['.br', brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } })],
      ['.gz', gzipSync(source, { level: zlib.Z_BEST_COMPRESSION })],
    ];
    for (const [extension, compressed] of copies) {
      if (compressed.length >= statSync(file).size) continue;
      writeFileSync(file + extension, compressed);
      written++;
    }
  }
  return written;
};

function buildOutput({ mapsDir }: { mapsDir: string }): Plugin {
  let outDir = '';
  return {
    name: 'puente:build-output',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After every other plugin's closeBundle (vite-plugin-pwa writes sw.js there).
      order: 'post',
      sequential: true,
      handler() {
        const maps = moveSourceMaps(outDir, mapsDir);
        const copies = precompress(outDir);
        this.info?.(`source maps moved to ${path.relative(process.cwd(), mapsDir)}: ${maps}; precompressed copies: ${copies}`);
      },
    },
  };
}

/**
 * Issue 10 (first load): a screen's chunks are requested only once the entry script has run and the
 * router has matched the path, a second round trip on a slow connection. For the entry screens the
 * build writes a shell of their own, `shells<path>.html`: index.html with a `modulepreload` link
 * for each chunk of the screen, so the HTML starts them with the entry script (and the script that
 * starts the screen's messages in the stored language, screenMessagesScript); the server sends it
 * for that path (SHELLS_DIR in apps/api/src/web-static.ts). Links in the HTML cost the page
 * nothing: adding them from a script (as before) took 90 ms of /login's main thread and 315 ms of
 * /inicio's on a phone's CPU (4x slower), before its first paint.
 *
 * A screen in `prerendered` (its paths) is also in its shell's HTML, rendered by the server
 * build of src/prerender/entry.tsx (`ssrBundle`, built first: see package.json), with the script that
 * keeps it for a first visit only (src/prerender/first-visit.ts; any other visit gets the placeholder).
 *
 * Every page (index.html, so every shell too) starts its first requests from its head, before the
 * first script: the inline script the same server build writes (src/prerender/early-requests-script.ts).
 * And every page without a prerendered screen shows the loading spinner from its HTML until the app
 * renders over it (`placeholder` in src/prerender/entry.tsx), not a blank page.
 */
const ROOT = '<div id="root"></div>';
/** The app's container holding `html`. */
const rootWith = (html: string): string => `<div id="root">${html}</div>`;

const ENTRY_SCRIPT_TAG = '<script type="module"';

/**
 * The inline script of an entry screen's shell that starts its messages file with the HTML, in
 * the language the app will start in (the stored choice, else the default; `files`: the script
 * holding that file, by language). The app asks for it only once its first script has run and the
 * router has matched the path, a round trip later, and the screen waits for it (route-table's
 * lazyScreen; in another language, main.tsx's first part, which holds it). A link in the HTML
 * could not tell the languages apart: a member in English would download the Spanish file too.
 */
const screenMessagesScript = (files: Readonly<Record<string, string>>): string =>
  '(function(f,k,d){try{var l=localStorage.getItem(k),h=Object.prototype.hasOwnProperty.call(f,l)?f[l]:f[d],a=document.createElement("link");' +
  'a.rel="modulepreload";a.crossOrigin="";a.fetchPriority="low";a.href=h;document.head.appendChild(a)}catch(x){}})' +
  `(${[files, STORAGE_KEYS.language, DEFAULT_LANGUAGE].map(inlineJson).join(',')})`;

/** The script holding `file` of each language (the default's own chunk, another's first part). */
const messagesFileScripts = (chunks: readonly BuiltChunk[], file: string): Record<string, string> =>
  Object.fromEntries(
    LANGUAGES.map((language) => {
      const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/locales/${language}/${file}.json`)));
      if (!chunk) throw new Error(`route shells: no chunk holds src/locales/${language}/${file}.json`);
      return [language, `/${chunk.fileName}`];
    }),
  );

/** An entry screen's page: its path, the modules it needs before it shows, its messages file. */
interface EntryPage {
  pathname: string;
  modules: readonly string[];
  messagesFile: string;
}

function routeShells(pages: readonly EntryPage[], { prerendered, ssrBundle }: { prerendered: readonly string[]; ssrBundle: string }): Plugin {
  let outDir = '';
  let chunks: BuiltChunk[] = [];
  // What the server build renders (scripts/prerender.mjs), run once per build.
  let output: { pages: Record<string, { html: string; styles: string }>; placeholder: { html: string; styles: string }; earlyRequestsScript: string } | undefined;
  const prerender = () =>
    (output ??= JSON.parse(execFileSync(process.execPath, [fileURLToPath(new URL('./scripts/prerender.mjs', import.meta.url)), ssrBundle, JSON.stringify(prerendered)], { encoding: 'utf8', maxBuffer: 64 << 20 })) as NonNullable<typeof output>);
  return {
    name: 'puente:route-shells',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      output = undefined;
    },
    // Every page: its early requests (before the first script) and the placeholder (see src/prerender/entry.tsx).
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(ENTRY_SCRIPT_TAG)) throw new Error(`route shells: index.html has no ${ENTRY_SCRIPT_TAG}`);
        if (!html.includes(ROOT)) throw new Error(`route shells: index.html has no ${ROOT}`);
        const { earlyRequestsScript, placeholder } = prerender();
        return html
          .replace(ENTRY_SCRIPT_TAG, () => `<script>${earlyRequestsScript}</script>\n    ${ENTRY_SCRIPT_TAG}`)
          .replace('</head>', () => `  ${placeholder.styles}\n  </head>`)
          .replace(ROOT, () => rootWith(placeholder.html));
      },
    },
    generateBundle(_options, bundle) {
      chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
    },
    writeBundle() {
      // The final index.html (every plugin's transform done), written by now.
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { pages: rendered, placeholder } = prerender();
      // index.html with the placeholder (transformIndexHtml), which a prerendered page replaces.
      const placeholderRoot = rootWith(placeholder.html);
      if (!html.includes(placeholder.styles) || !html.includes(placeholderRoot)) throw new Error('route shells: index.html has no placeholder');
      if (!html.includes('</head>')) throw new Error('route shells: index.html has no </head>');
      for (const { pathname, modules, messagesFile } of pages) {
        const files = screenChunks(chunks, modules, pathname).map((c) => c.fileName);
        const links =
          files.map((f) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">\n`).join('') +
          `    <script>${screenMessagesScript(messagesFileScripts(chunks, messagesFile))}</script>\n`;
        const shell = path.join(outDir, 'shells', `${pathname}.html`);
        mkdirSync(path.dirname(shell), { recursive: true });
        const page = rendered[pathname];
        const withLinks = html.replace('</head>', () => `${links}  </head>`);
        const shellHtml =
          page === undefined
            ? withLinks
            : // The page's styles, and the placeholder's for a visit that is not a first one (firstVisitScript).
              withLinks
                .replace(placeholder.styles, () => `${page.styles}\n    ${placeholder.styles}`)
                .replace(placeholderRoot, () => `${rootWith(page.html)}<script>${firstVisitScript(placeholder.html)}</script>`);
        writeFileSync(shell, shellHtml);
      }
    },
  };
}

/**
 * The chunk of a messages file (src/locales/<language>/<file>.json) of a language other than the
 * default (es, see src/locales/load.ts): two per language, its first part (the shell's and the entry
 * screens' files) and the rest; null for any other module.
 */
const otherLanguageMessages = (id: string): string | null => {
  const [, language, file] = /[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/]([^\\/]+)\.json$/.exec(id) ?? [];
  if (!language || !file || language === DEFAULT_LANGUAGE) return null;
  return (FIRST_PART_FILES as readonly string[]).includes(file) ? `messages-${language}` : `messages-${language}-rest`;
};

/**
 * Issue 10 (first load): react-router 7's package exports name only its development build
 * (remix-run/react-router#12532, #14102: "temporary"), which keeps its development warnings in the
 * production bundle. The build takes the production copy shipped beside it (the same code with the
 * warnings switched off); the dev server and the tests keep the package's own resolution.
 */
function reactRouterProduction(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = path.join(path.dirname(development), '..', 'production', 'index.mjs');
  return {
    name: 'puente:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source !== 'react-router') return null;
      if (!existsSync(production)) {
        this.warn(`no production build of react-router at ${production}: bundling the package's default`);
        return null;
      }
      return production;
    },
  };
}

const API_ORIGIN = process.env.PUENTE_API_ORIGIN ?? 'http://localhost:3000';

/** The server build of the prerendered screens (npm run build writes it before the browser's build). */
const SSR_OUT_DIR = '.prerender';
const SSR_BUNDLE = fileURLToPath(new URL(`./${SSR_OUT_DIR}/entry.js`, import.meta.url));

/**
 * The entry screens (a first visit lands on them), by route name, the names of ENTRY_SCREEN_FILES
 * (their messages files; the type holds both lists to the same screens): the modules each one
 * needs before it shows. Their pages get a shell of their own (routeShells) and their chunks are
 * merged (firstScreenChunks).
 */
const ENTRY_SCREEN_MODULES: Record<keyof typeof ENTRY_SCREEN_FILES, readonly string[]> = {
  login: ['/src/features/auth/components/login-screen.tsx', '/src/features/identity/components/social-login-buttons.tsx'],
  // A signed-in screen waits for the signed-in shell (src/app/signed-in-shell-loader.ts): its chunk too.
  home: ['/src/features/home/components/home-screen.tsx', '/src/app/signed-in-shell.tsx'],
  history: ['/src/features/record/components/history-screen.tsx', '/src/app/signed-in-shell.tsx'],
};
/** Each entry screen's page (its path from ROUTES in the domain), its modules and its messages file. */
const ENTRY_PAGES: readonly EntryPage[] = (Object.keys(ENTRY_SCREEN_MODULES) as (keyof typeof ENTRY_SCREEN_FILES)[]).map((name) => ({
  pathname: ROUTES[name].path,
  modules: ENTRY_SCREEN_MODULES[name],
  messagesFile: ENTRY_SCREEN_FILES[name],
}));

/** Set while firstScreenChunks' probe build runs (this config then builds the chunk graph alone). */
const PROBE = 'PUENTE_FIRST_SCREENS_PROBE';
const probing = process.env[PROBE] === '1';

/**
 * Issue 10 (first load): what an entry screen imports came in one chunk per set of screens sharing it,
 * most of them a kilobyte or two (an icon, a MUI part, a hook): /inicio asked for 56 scripts after the
 * entry script. A browser opens 6 connections to a server over HTTP/1.1 and each request waits a round
 * trip, so on a slow connection they came in waves, the last after about 4.5 s (Lighthouse, slow 4G).
 *
 * Here the modules of those shared chunks are one chunk per set of entry screens needing them:
 * /login's alone, /inicio's and /consulta/historial's together, those of all three. A later screen
 * that needs one of their modules loads that chunk whole (by then the service worker has usually
 * cached it); so the modules another entry screen loads on demand (its own lazy parts) are a chunk
 * of their own per set. The screens keep their own chunks, and the first script its modules.
 *
 * Which modules a screen needs is read from a probe: this build's chunk graph as the bundler makes it
 * by default, built first in memory. The static import graph cannot tell: through a barrel (a
 * feature's index.ts) it reaches every module the barrel names, used or not, and /inicio would have
 * downloaded the profile's form fields.
 */
/** What firstScreenChunks and the compile hint read of a chunk being written. */
interface ChunkFacts {
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  name: string;
}

function firstScreenChunks(screens: readonly EntryPage[]): { plugin: Plugin; chunkName: (id: string) => string | null; runsOnFirstLoad: (chunk: ChunkFacts) => boolean } {
  const chunkOf = new Map<string, string>();
  const names = new Set<string>();
  let root: string | undefined;
  let configFile: string | undefined;
  let mode = 'production';
  const plugin: Plugin = {
    name: 'puente:first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
      mode = config.mode;
    },
    async buildStart() {
      chunkOf.clear();
      names.clear();
      const { build } = await import('vite');
      process.env[PROBE] = '1';
      let result: Awaited<ReturnType<typeof build>>;
      try {
        result = await build({ root, configFile, mode, logLevel: 'error', build: { write: false, sourcemap: false, minify: false } });
      } finally {
        delete process.env[PROBE];
      }
      const output = (Array.isArray(result) ? result[0] : result) as { output: readonly ((BuiltChunk & { type: 'chunk'; dynamicImports: readonly string[] }) | { type: 'asset' })[] };
      const chunks = output.output.flatMap((c) => (c.type === 'chunk' ? [c] : []));
      // Each entry screen's chunks (besides the first script's), as the bundler makes them.
      const ownOf = screens.map(({ pathname, modules }) => [pathname, screenChunks(chunks, modules, pathname)] as const);
      const pagesOf = new Map<string, string[]>();
      for (const [pathname, own] of ownOf) {
        // A chunk loaded on its own (a screen's) stays as it is.
        for (const chunk of own) {
          if (chunk.isDynamicEntry) continue;
          for (const id of chunk.moduleIds) pagesOf.set(id, [...(pagesOf.get(id) ?? []), pathname]);
        }
      }
      // What each entry screen loads later, on demand (its own lazy parts: home's sections below the
      // fold, its scheduled appointments' shape...): the chunks its own chunks import dynamically,
      // and theirs, with what they import.
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const later = (own: readonly (typeof chunks)[number][]): Set<string> => {
        const seen = new Set(own.map((c) => c.fileName));
        const ids = new Set<string>();
        const visit = (file: string): void => {
          if (seen.has(file)) return;
          seen.add(file);
          const chunk = byFile.get(file);
          if (!chunk || chunk.isEntry) return;
          for (const id of chunk.moduleIds) ids.add(id);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
        };
        for (const chunk of own) for (const file of chunk.dynamicImports) visit(file);
        return ids;
      };
      const laterOf = ownOf.map(([pathname, own]) => [pathname, later(own)] as const);
      for (const [id, pages] of pagesOf) {
        // A module another entry screen loads on demand goes in a chunk of its own set's later ones
        // ("later-..."): in the merged chunk it brought the rest of it along (home's topic chips, once
        // home had painted, brought /consulta/historial's first code, 9 kB compressed, and a hook of
        // its scheduled cards /login's, 28 kB; running them was a long task on a phone's CPU). One
        // chunk, not one per module: each is one more request on the first load of its screens.
        const elsewhereLater = laterOf.some(([pathname, ids]) => !pages.includes(pathname) && ids.has(id));
        chunkOf.set(id, `${elsewhereLater ? 'later' : 'first'}${pages.map((p) => p.replace(/\W+/g, '-')).join('')}`);
      }
      for (const name of chunkOf.values()) names.add(name);
    },
  };
  const screenModules = screens.flatMap((screen) => screen.modules);
  return {
    plugin,
    chunkName: (id) => chunkOf.get(id) ?? null,
    // The first script, an entry screen's own chunk, and the chunks made here.
    runsOnFirstLoad: (chunk) => chunk.isEntry || names.has(chunk.name) || (chunk.isDynamicEntry && screenModules.some((m) => chunk.facadeModuleId?.endsWith(m))),
  };
}

const firstScreens = firstScreenChunks(ENTRY_PAGES);

/**
 * Issue 10 (first load, TBT): V8 compiles a function the first time it is called, on the main thread.
 * On a phone (4x CPU) that was a third to a half of each long task while the first screen rendered
 * (V8.CompileCode, ParseFunction). Chromium reads `//# allFunctionsCalledOnLoad` at the top of a
 * script as a compile hint: it compiles all of the script's functions while the script downloads, off
 * the main thread. Given to what a first load runs, and only that: the first script, the entry
 * screens' chunks and what they share (firstScreenChunks); other browsers ignore the comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Chromium reads the hint only before any code: in the first script, Vite puts its list of preloads
 * (`const __vite__mapDeps = ...`, one line) above it once the chunk is written. The two lines swap
 * places here: neither has a mapping, so the source map holds as it is.
 */
function compileHintFirst(): Plugin {
  return {
    name: 'puente:compile-hint-first',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const [first, second] = chunk.code.split('\n', 2);
          if (second === COMPILE_HINT && first?.startsWith('const __vite__mapDeps=')) chunk.code = `${COMPILE_HINT}\n${first}${chunk.code.slice(first.length + 1 + second.length)}`;
        }
      },
    },
  };
}

/** The plugins of the browser's build (the service worker, the route shells, compression). */
const clientOnlyPlugins = (): PluginOption[] => [
  VitePWA({
    // The service worker updates itself; later issues add a push handler through importScripts.
    registerType: 'autoUpdate',
    injectRegister: 'script-defer',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: PRODUCT_NAME,
      short_name: PRODUCT_NAME,
      description: 'Consultas médicas por video, teléfono y chat.',
      lang: DEFAULT_LANGUAGE,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME.colors.primary, // spec 9: primary colour
      background_color: THEME.colors.background, // spec 9: background colour
      icons: [
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Issue 12: the push and notificationclick handlers (public/push-sw.js).
      importScripts: ['/push-sw.js'],
      // Issue 10: the shell and every screen's chunk are precached once the first page has loaded
      // (registerSW.js waits for the load event), so a second visit or a flaky connection opens
      // any screen. Hashed chunks are immutable: an update only adds the new ones.
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      // The precompressed copies are for the server's content negotiation, not for the cache.
      // The route shells are for the server's first answer; offline, index.html opens every path.
      globIgnores: ['**/*.{br,gz,map}', 'shells/**'],
      // An update (new sw.js, checked on every navigation: it is served no-cache) takes over at
      // once and cleans the old precache; the next navigation opens the new version.
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      sourcemap: false,
      runtimeCaching: [
        {
          // A chunk of a newer deploy not in this precache (e.g. fetched by an open old tab): cache it.
          urlPattern: ({ sameOrigin, url }) => sameOrigin && /^\/assets\/[^/]+-[\w-]{8}\.(js|css)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'puente-assets', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } },
        },
      ],
      navigateFallback: '/index.html',
      // The API and realtime connection are same-origin in production; never serve them from cache.
      navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
    },
    devOptions: { enabled: false },
  }),
  firstScreens.plugin,
  compileHintFirst(),
  screenPrefetch(fileURLToPath(new URL('./src/app/route-table.tsx', import.meta.url))),
  routeShells(ENTRY_PAGES, { prerendered: [ROUTES.login.path], ssrBundle: SSR_BUNDLE }),
  // Last: moves the source maps out of dist and writes the .br/.gz copies (after sw.js exists).
  buildOutput({ mapsDir: fileURLToPath(new URL('./sourcemaps', import.meta.url)) }),
];

export default defineConfig(({ isSsrBuild = false }) => ({
  plugins: [
    reactRouterProduction(),
    // Issue 10 (first load): each shared rule and shape is downloaded with the code that uses it.
    barrelImports({
      '@puente/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
      '@puente/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
    }),
    react(),
    // The browser's build only: the prerender's server build (see src/prerender/entry.tsx) is a plain bundle.
    ...(isSsrBuild || probing ? [] : clientOnlyPlugins()),
  ],
  resolve: {
    alias: [
      // Every `import ... from 'zod/mini'` (ours and the shared packages') gets zod with its settings
      // applied first: see src/lib/zod-configured.ts.
      { find: /^zod\/mini$/, replacement: fileURLToPath(new URL('./src/lib/zod-configured.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
    },
  },
  // The prerender's server build copies no public file.
  publicDir: isSsrBuild ? false : 'public',
  // 'hidden': maps are written (then moved to ./sourcemaps, outside dist) but no script points at them.
  build: {
    outDir: isSsrBuild ? SSR_OUT_DIR : 'dist',
    sourcemap: isSsrBuild ? false : 'hidden',
    rolldownOptions: {
      // Issue 10 (first load): a schema nothing reads is dropped. The bundler keeps every top-level
      // call it cannot prove free of side effects, so each module's zod schemas all came along with
      // the one a screen uses: the contracts' request schemas (the server's to check) brought the
      // full-number rule and libphonenumber-js into /login's scripts (10 kB gzipped). Building a
      // schema has no effect but its value (zod's global settings are set through `config`, in
      // lib/zod-configured.ts, not through `z`); safeString and safeFormat (domain/validation/text.ts)
      // build schemas the same way.
      treeshake: { manualPureFunctions: ['z', 'safeString', 'safeFormat'] },
      output: {
        // After minification, which drops comments (and before the file's hash is computed).
        postBanner: isSsrBuild ? undefined : (chunk) => (firstScreens.runsOnFirstLoad(chunk) ? COMPILE_HINT : ''),
        codeSplitting: {
          // Issue 10 (first load): everything the entry imports statically is downloaded before any
          // screen anyway, so it is one chunk instead of a dozen small shared ones (each a request
          // and a round trip on a slow connection, and a worse compression ratio).
          // ('$initial' is the static import graph: see barrelImports for why it holds no barrel.)
          groups: [
            { name: 'boot', tags: ['$initial'] },
            // A language other than the default comes in two chunks, its first part (before the
            // first render for a member who chose it) and the rest, not one request per file (27:
            // the English /login showed about 1 s after the Spanish one on slow 4G). The default's
            // files are in the boot chunk, one chunk per entry screen's file and ./src/locales/es-rest.ts's chunk.
            { name: otherLanguageMessages },
            // Each module in the chunk named for it (by default a module also pulls its imports into
            // its own chunk, and a module of all three screens' would land in /inicio's).
            { name: firstScreens.chunkName, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'barrel-imports.test.ts', 'screen-prefetch.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Files share their worker's modules (see the root vitest.config.ts).
    isolate: false,
    // Screens render a whole app in jsdom: give them room on a busy 2-core machine.
    testTimeout: 30_000,
  },
}));
