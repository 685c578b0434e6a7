import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How the built web app is served (issue 10, first load).
 * - Hashed build output (`/assets/<name>-<hash>.<ext>`, flat: Vite's naming) never changes under its
 *   name: cached for a year, immutable. Everything else (index.html and the SPA fallback, the
 *   service worker, the manifest, the unhashed public files such as /assets/countries/…) is
 *   `no-cache`: the browser revalidates it (ETag) on every use, so a deploy is picked up at once.
 * - The build writes a brotli (.br) and gzip (.gz) copy next to each text file; the copy matching the
 *   request's Accept-Encoding is sent with Content-Encoding and `Vary: Accept-Encoding`.
 * - Source maps are never served (the build keeps them out of dist; this guards a stray one).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.\w+$/;

/** The Cache-Control for a file of the build, by its path relative to the build folder. */
export const cacheControlFor = (relativePath: string): string => {
  const original = relativePath.split(path.sep).join('/').replace(/\.(br|gz)$/, '');
  return HASHED_ASSET.test(original) ? IMMUTABLE : REVALIDATE;
};

export const isSourceMap = (pathname: string): boolean => /\.map$/i.test(pathname.replace(/\.(br|gz)$/i, ''));

export const webStaticOptions = (root: string): FastifyStaticOptions => ({
  root,
  prefix: '/',
  index: ['index.html'],
  preCompressed: true,
  // Our own Cache-Control (below) replaces the plugin's default `max-age=0`.
  cacheControl: false,
  allowedPath: (pathname) => !isSourceMap(pathname),
  setHeaders: (reply, filePath) => {
    reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
  },
});

/**
 * The build's shells of the entry screens (apps/web/vite.config.ts, routeShells): index.html with
 * the screen's chunks as `modulepreload` links, at `shells/<path>.html` under the build.
 */
export const SHELLS_DIR = 'shells';

/**
 * The page to send for a path of the app: its own shell when the build wrote one (the path exactly,
 * as the router matches it), else index.html (the SPA fallback). Read once, when the server starts.
 */
export function shellFor(root: string): (pathname: string) => string {
  const shells = shellFiles(root);
  return (pathname) => shells.get(pathname) ?? 'index.html';
}

/** The build's shells: path -> file, relative to the build folder. */
function shellFiles(root: string): Map<string, string> {
  const shells = new Map<string, string>();
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, SHELLS_DIR, dir), { withFileTypes: true });
    } catch {
      return; // no shells in this build
    }
    for (const entry of entries) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.html')) shells.set(`/${relative.slice(0, -'.html'.length)}`, path.posix.join(SHELLS_DIR, relative));
    }
  };
  walk('');
  return shells;
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the pages the server sends (index.html
 * and the shells): every page's early requests (the web app's src/prerender/early-requests-script.ts),
 * each entry screen's shell's start of its messages (screenMessagesScript in its vite.config.ts) and
 * the script that keeps a prerendered screen for a first visit only (src/prerender/first-visit.ts).
 * Only these exact scripts may run; none when there is no build.
 */
export function inlineScriptSources(root: string): string[] {
  const pages = ['index.html', ...shellFiles(root).values()];
  const sources = new Set<string>();
  for (const page of pages) {
    let html: string;
    try {
      html = readFileSync(path.join(root, page), 'utf8');
    } catch {
      continue; // no build
    }
    for (const [, script] of html.matchAll(INLINE_SCRIPT)) sources.add(`'sha256-${createHash('sha256').update(script ?? '').digest('base64')}'`);
  }
  return [...sources];
}
