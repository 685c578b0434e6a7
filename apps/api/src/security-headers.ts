import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config';

/** HSTS in production only (a development server on plain http must stay reachable). One year. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Camera and microphone for the video call, to the app's own origin only; everything else the
 * app never asks for is off. The app does not ask for the location, so geolocation is off too.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()';

const wsOrigin = (origin: string): string => origin.replace(/^http/, 'ws');

/**
 * The Content Security Policy of the web app and the API (one policy for both: the API's JSON is
 * inert, and the development OpenID provider's HTML form works under it).
 *
 * - script-src 'self': the built app has no inline script (vite emits files; the PWA registers its
 *   service worker from /registerSW.js), so no inline script and no eval run anywhere.
 * - style-src 'self' 'unsafe-inline': MUI's emotion injects <style> tags at run time, and the
 *   development provider's page has an inline stylesheet. A nonce would need index.html rendered
 *   per request, but the service worker serves a precached index.html, whose nonce would be stale,
 *   so the app would lose its styles offline. Inline style cannot run code; scripts stay strict.
 * - connect-src: same origin, plus Socket.IO's ws:/wss: on the public address and the extra origins.
 * - media-src blob: mediastream:: the call's local and remote streams.
 * - form-action: the development provider's login form, which redirects back to the public address.
 */
export function contentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'isProduction' | 'mapTileUrl'>, options: { stripe?: boolean } = {}): Record<string, string[]> {
  const publicOrigin = new URL(config.publicUrl).origin;
  const origins = [publicOrigin, ...config.allowedOrigins];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Stripe.js (CARD_PAYMENT_PROVIDER=stripe only): loaded by the card modal on the membership screens.
    'script-src': ["'self'", ...(options.stripe ? ['https://js.stripe.com'] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // The pharmacy map's tile server, when one is configured (MAP_TILE_URL).
    'img-src': ["'self'", 'data:', 'blob:', ...(config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...new Set(origins.flatMap((o) => [o, wsOrigin(o)])), ...(options.stripe ? ['https://api.stripe.com'] : [])],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The card modal frames our own test card page (local provider) or Stripe's embedded checkout.
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://checkout.stripe.com'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", publicOrigin],
  };
  if (publicOrigin.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Sets the security headers of every answer on a raw response (helmet's and Permissions-Policy). */
export type SecurityHeaders = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * helmet's middleware, built once: @fastify/helmet builds it again on every request (its options
 * parsed and the CSP directives validated each time) in two hooks, the costliest part of a hot
 * request such as the online physicians poll.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'isProduction'>, options: { stripe?: boolean } = {}): SecurityHeaders {
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, options) },
    // The guest link carries its token in the URL: never send it to another site.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.isProduction ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res) => {
    setHelmetHeaders(req, res, (err?: unknown) => {
      // helmet throws rather than calling back with an error (v8.1+): kept for its signature.
      if (err) throw err instanceof Error ? err : new Error(String(err));
    });
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
  };
}

/**
 * The headers `setSecurityHeaders` sets, captured once: they are the same for every request (no
 * nonce, nothing read from the request), so a hot path writes them with its answer in one
 * `writeHead` instead of a dozen `setHeader` calls. Names in lower case, as Node sends them.
 */
export function securityHeaderValues(setSecurityHeaders: SecurityHeaders): Readonly<Record<string, string>> {
  const captured: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      captured[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete captured[name.toLowerCase()];
    },
    getHeader: (name: string) => captured[name.toLowerCase()],
  };
  setSecurityHeaders({ headers: {}, url: '/api', method: 'GET' } as IncomingMessage, res as unknown as ServerResponse);
  return Object.freeze(captured);
}

/**
 * Security headers on every answer (web app and API), and `Cache-Control: no-store` on every /api
 * answer: they carry personal and health data, and a shared computer's browser cache must not
 * keep them. A route whose answer is public (GET /api/configs) sets its own Cache-Control, which
 * replaces this default. One synchronous hook; resolves with the headers' setter (the fast paths
 * that answer before Fastify set the same).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'isProduction'>, options: { stripe?: boolean } = {}): Promise<SecurityHeaders> {
  const setSecurityHeaders = securityHeaders(config, options);
  app.addHook('onRequest', function securityHeadersHook(request, reply, done) {
    // Raw headers, so answers that bypass fastify's reply (the development provider) get them too.
    setSecurityHeaders(request.raw, reply.raw);
    if (isApi(request.url)) void reply.header('cache-control', 'no-store');
    done();
  });
  return setSecurityHeaders;
}
