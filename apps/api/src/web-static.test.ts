import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { apiErrorSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test';
import { cacheControlFor, inlineScriptSources } from './web-static';

/** A raw GET (fetch would negotiate and decode on its own): status, headers and the bytes as sent. */
const rawGet = (url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });

// A build as `npm run build` leaves it: hashed assets with .br/.gz copies, the shell, the service worker.
const SCRIPT = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `pantalla ${i}`))};\n`;
const HTML = '<!doctype html><html lang="es"><title>Puente</title><script type="module" src="/assets/index-AbC_12-z.js"></script></html>';
// The build's shells of two entry screens (index.html with their chunks preloaded).
// /login's carries its screen and the script that keeps it for a first visit only (one inline script).
const FIRST_VISIT = "if(localStorage.length)document.getElementById('root').textContent=''";
const LOGIN_SHELL = HTML.replace('<title>', '<link rel="modulepreload" crossorigin href="/assets/login-screen-C7i2m4Fb.js"><title>').replace(
  '</html>',
  `<div id="root"><main>Ingresa tu número</main></div><script>${FIRST_VISIT}</script></html>`,
);
const HISTORY_SHELL = HTML.replace('<title>', '<link rel="modulepreload" crossorigin href="/assets/history-screen-D8j3n5Gc.js"><title>');
const write = (root: string, file: string, content: string, compressed = true) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (!compressed) return;
  writeFileSync(`${full}.br`, brotliCompressSync(content));
  writeFileSync(`${full}.gz`, gzipSync(content));
};

describe('the built web app is served for a fast first load (issue 10)', () => {
  let dist: string;
  let t: TestServer;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'puente-web-'));
    write(dist, 'index.html', HTML);
    write(dist, 'shells/login.html', LOGIN_SHELL);
    write(dist, 'shells/consulta/historial.html', HISTORY_SHELL);
    write(dist, 'assets/index-AbC_12-z.js', SCRIPT);
    write(dist, 'assets/index-Xy9_ab-c.css', 'body{margin:0}'.repeat(20));
    write(dist, 'sw.js', 'self.addEventListener("install",()=>{});'.repeat(10));
    write(dist, 'assets/countries/MX/states.json', JSON.stringify({ states: ['CDMX'] }), false);
    // A stray source map (the build moves them out of dist): still never served.
    write(dist, 'assets/index-AbC_12-z.js.map', '{"version":3,"sources":["src/secret.ts"]}');
    t = await startTestServer({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets brotli or gzip compressed by Accept-Encoding, cached for a year as immutable', async () => {
    const br = await rawGet(`${t.url}/assets/index-AbC_12-z.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await rawGet(`${t.url}/assets/index-AbC_12-z.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(`${t.url}/assets/index-AbC_12-z.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);

    const css = await rawGet(`${t.url}/assets/index-Xy9_ab-c.css`, { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser revalidate the shell (index.html, the SPA fallback) and the service worker, compressed too', async () => {
    for (const pathname of ['/', '/index.html', '/perfil', '/consulta/infoPage/SC038']) {
      const res = await rawGet(`${t.url}${pathname}`, { 'accept-encoding': 'br, gzip' });
      expect(res.status, pathname).toBe(200);
      expect(res.headers['cache-control'], pathname).toBe('no-cache');
      expect(res.headers['content-encoding'], pathname).toBe('br');
      expect(res.headers['content-type'], pathname).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.body).toString(), pathname).toBe(HTML);
    }
    const sw = await rawGet(`${t.url}/sw.js`, { 'accept-encoding': 'gzip' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
    // Unhashed public files under /assets/ may change under the same name: revalidated, not immutable.
    const states = await rawGet(`${t.url}/assets/countries/MX/states.json`, { 'accept-encoding': 'br' });
    expect(states.status).toBe(200);
    expect(states.headers['cache-control']).toBe('no-cache');
    expect(states.headers['content-encoding']).toBeUndefined();
  });

  it("sends an entry screen its own shell (the screen's chunks preloaded by the HTML), for its path exactly", async () => {
    for (const [pathname, html] of [
      ['/login', LOGIN_SHELL],
      ['/login?orgId=7&empCode=ACME', LOGIN_SHELL],
      ['/consulta/historial', HISTORY_SHELL],
      ['/consulta/historial/', HTML],
      ['/login/otra', HTML],
      ['/inicio', HTML],
    ] as const) {
      const res = await rawGet(`${t.url}${pathname}`, { 'accept-encoding': 'br, gzip' });
      expect(res.status, pathname).toBe(200);
      expect(res.headers['cache-control'], pathname).toBe('no-cache');
      expect(res.headers['content-type'], pathname).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.body).toString(), pathname).toBe(html);
    }
  });

  it("allows the shells' inline script by its hash, and no other inline script", async () => {
    const sha256 = `'sha256-${createHash('sha256').update(FIRST_VISIT).digest('base64')}'`;
    for (const pathname of ['/login', '/inicio', '/api/health']) {
      const policy = (await rawGet(`${t.url}${pathname}`)).headers['content-security-policy'] ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(policy))?.[1]?.split(' ');
      // Pages (the policy is the same on every page); the API allows no script at all.
      expect(scriptSrc, pathname).toEqual(pathname.startsWith('/api/') ? undefined : ["'self'", sha256]);
    }
    expect(inlineScriptSources(path.join(dist, 'missing'))).toEqual([]);
  });

  it('never serves a source map, whatever the encoding asked', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await rawGet(`${t.url}/assets/index-AbC_12-z.js.map`, { 'accept-encoding': encoding, 'accept-language': 'en' });
      expect(res.status, encoding).toBe(404);
      expect(res.body.toString()).not.toContain('secret');
      expect(apiErrorSchema.parse(JSON.parse(res.body.toString())).error.code).toBe('NOT_FOUND');
    }
    expect((await rawGet(`${t.url}/assets/index-AbC_12-z.js.map.br`)).status).toBe(404);
  });

  it('tells hashed build output from files that keep their name', () => {
    expect(cacheControlFor('assets/login-screen-C7i2m4Fb.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/login-screen-C7i2m4Fb.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/countries/US/states.json')).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('registerSW.js')).toBe('no-cache');
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
  });
});
