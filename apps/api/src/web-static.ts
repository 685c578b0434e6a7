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
