import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LibreTranslateProvider } from './libretranslate.translation';
import { NoTranslationProvider, translationFromEnv } from './translation.provider';

/**
 * The LibreTranslate adapter against a local HTTP server speaking its API (POST /translate
 * { q, source, target, format, api_key } -> { translatedText }). Any failure is "not translated".
 */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler;
const received: { method: string; url: string; contentType: string | undefined; body: unknown }[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body: body ? (JSON.parse(body) as unknown) : null });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('LibreTranslateProvider', () => {
  it('posts the text, languages and key to /translate and answers the translation', async () => {
    handler = (_req, _body, res) => json(res, 200, { translatedText: 'Faringitis estreptocócica' });
    const provider = new LibreTranslateProvider(`${url}/`, 'secret-key');
    expect(await provider.translate('Strep throat', 'en', 'es')).toBe('Faringitis estreptocócica');
    expect(received).toEqual([{ method: 'POST', url: '/translate', contentType: 'application/json', body: { q: 'Strep throat', source: 'en', target: 'es', format: 'text', api_key: 'secret-key' } }]);
  });

  it('sends no key when none is configured, and asks nothing for the same language or empty text', async () => {
    handler = (_req, _body, res) => json(res, 200, { translatedText: 'Rest' });
    const provider = new LibreTranslateProvider(url);
    expect(await provider.translate('Reposo', 'es', 'en')).toBe('Rest');
    expect(received[0]?.body).toEqual({ q: 'Reposo', source: 'es', target: 'en', format: 'text' });
    expect(await provider.translate('Reposo', 'es', 'es')).toBeNull();
    expect(await provider.translate('   ', 'es', 'en')).toBeNull();
    expect(received).toHaveLength(1);
  });

  it('a server slower than the timeout is "not translated"', async () => {
    handler = (_req, _body, res) => setTimeout(() => json(res, 200, { translatedText: 'too late' }), 500);
    const started = Date.now();
    expect(await new LibreTranslateProvider(url, undefined, 100).translate('Strep throat', 'en', 'es')).toBeNull();
    expect(Date.now() - started).toBeLessThan(450);
  });

  it.each([
    ['a 500, whatever its body says', (res: ServerResponse) => json(res, 500, { translatedText: 'not to be trusted' })],
    ['a 403 (wrong key)', (res: ServerResponse) => json(res, 403, { error: 'Invalid API key' })],
    ['a 200 that is not JSON', (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy</html>')],
    ['a 200 without translatedText', (res: ServerResponse) => json(res, 200, { detectedLanguage: 'en' })],
  ])('%s is "not translated"', async (_name, reply) => {
    handler = (_req, _body, res) => reply(res);
    expect(await new LibreTranslateProvider(url).translate('Strep throat', 'en', 'es')).toBeNull();
    expect(received).toHaveLength(1);
  });

  it('a server that is not there is "not translated"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await new LibreTranslateProvider(gone).translate('Strep throat', 'en', 'es')).toBeNull();
  });

  it('is chosen by TRANSLATION_PROVIDER=libretranslate with TRANSLATION_URL; otherwise nothing is translated', async () => {
    expect(await translationFromEnv({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_URL: url })).toBeInstanceOf(LibreTranslateProvider);
    expect(await translationFromEnv({ TRANSLATION_PROVIDER: 'libretranslate' })).toBeInstanceOf(NoTranslationProvider);
    expect(await new NoTranslationProvider().translate()).toBeNull();
  });
});
