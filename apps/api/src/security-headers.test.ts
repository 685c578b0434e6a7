import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GQL } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP, PERMISSIONS_POLICY } from './security-headers';
import { createMember, createSessionFor, request, startTestServer, type TestServer } from './test';

let t: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'puente-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Puente</title>');
  writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
  t = await startTestServer({ config: { webDist: dist, allowedOrigins: ['http://localhost:5173'] } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: string | null): Map<string, string[]> =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

/** The web app's document headers (helmet's with our CSP, and the permissions policy). */
const expectDocumentHeaders = (headers: Headers) => {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('media-src')).toEqual(expect.arrayContaining(['blob:', 'mediastream:']));
  // Socket.IO: the same origin, the public address over ws:, and the extra allowed origins.
  expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://localhost:0', 'http://localhost:5173', 'ws://localhost:5173']));
  expect(csp.has('upgrade-insecure-requests')).toBe(false); // plain http outside production
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  expect(headers.get('permissions-policy')).toContain('camera=(self)');
  expect(headers.get('permissions-policy')).toContain('microphone=(self)');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('strict-transport-security')).toBeNull(); // HSTS in production only
  // The rest of helmet's defaults.
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('origin-agent-cluster')).toBe('?1');
  expect(headers.get('x-dns-prefetch-control')).toBe('off');
  expect(headers.get('x-download-options')).toBe('noopen');
  expect(headers.get('x-permitted-cross-domain-policies')).toBe('none');
  expect(headers.get('x-xss-protection')).toBe('0');
};

/** An API answer's (OWASP's REST set): nothing loads, nothing frames it, and none of the page policies. */
const expectApiHeaders = (headers: Headers) => {
  expect(headers.get('content-security-policy')).toBe(API_CSP);
  expect(directives(headers.get('content-security-policy'))).toEqual(
    new Map([
      ['default-src', ["'none'"]],
      ['frame-ancestors', ["'none'"]],
    ]),
  );
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('strict-transport-security')).toBeNull(); // HSTS in production only
  for (const documentOnly of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
    expect(headers.get(documentOnly), documentOnly).toBeNull();
  }
};

describe('security headers', () => {
  it("are the document headers on the web app (/, a deep link, a static file) and the API's on the API (answers, errors, unknown paths)", async () => {
    for (const url of ['/', '/inicio/perfil', '/app.js']) expectDocumentHeaders((await fetch(`${t.url}${url}`)).headers);
    const member = await createMember(t.server);
    const { sessionToken } = await createSessionFor(t.server, member.id);
    const answers = [
      await fetch(`${t.url}/api/health`),
      await fetch(`${t.url}/api/configs`),
      await fetch(`${t.url}/api/nothing-here`),
      await fetch(`${t.url}/api/members/${member.id}`, { headers: { authorization: `Bearer ${sessionToken}` } }),
      await fetch(`${t.url}/api/online-physicians`, { headers: { authorization: `Bearer ${sessionToken}` } }),
      await fetch(`${t.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 404, 200, 200, 400]);
    for (const res of answers) expectApiHeaders(res.headers);
  });

  it('are the document headers on the development identity provider (its pages, whose answers bypass fastify)', async () => {
    const res = await fetch(`${t.url}/api/dev-idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expectDocumentHeaders(res.headers);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('HSTS in production', async () => {
    const prod = await startTestServer({ config: { nodeEnv: 'production', isProduction: true, publicUrl: 'https://puente.example.org', webDist: dist } });
    try {
      const api = await fetch(`${prod.url}/api/health`);
      expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const page = await fetch(`${prod.url}/`);
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(directives(page.headers.get('content-security-policy')).get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://puente.example.org', 'wss://puente.example.org']));
    } finally {
      await prod.close();
    }
  });
});

describe('Cache-Control on /api', () => {
  it('is no-store on answers with personal or health data, errors included; the public configs keep their cache', async () => {
    const member = await createMember(t.server, { medications: ['Metformina'] });
    const { sessionToken } = await createSessionFor(t.server, member.id);

    const rest = await request(t.url, `/api/members/${member.id}`, { token: sessionToken });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('cache-control')).toBe('no-store');

    const gql = await fetch(`${t.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
      body: JSON.stringify({ query: GQL.getMember, variables: {} }),
    });
    expect(gql.status).toBe(200);
    expect(gql.headers.get('cache-control')).toBe('no-store');

    const zip = await request(t.url, '/api/zip-codes/90210', { token: sessionToken });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('cache-control')).toBe('no-store');

    const denied = await request(t.url, `/api/members/${member.id}`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('cache-control')).toBe('no-store');

    expect((await request(t.url, '/api/health')).headers.get('cache-control')).toBe('no-store');
    expect((await request(t.url, '/api/configs')).headers.get('cache-control')).toBe('public, max-age=300');
    // The web app's pages are not under /api: the static files keep their own caching.
    expect((await fetch(`${t.url}/inicio`)).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('Stripe (CARD_PAYMENT_PROVIDER=stripe)', () => {
  it('only then may Stripe.js load and reach Stripe', async () => {
    const { contentSecurityPolicy } = await import('./security-headers');
    const config = { publicUrl: 'https://puente.example.org', allowedOrigins: [], isProduction: true, mapTileUrl: undefined };
    expect(contentSecurityPolicy(config)['script-src']).toEqual(["'self'"]);
    const stripe = contentSecurityPolicy(config, { stripe: true });
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
    expect(stripe['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://checkout.stripe.com']));
  });
});
