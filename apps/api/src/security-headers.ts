import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config';

/** HSTS in production only (a development server on plain http must stay reachable). One year. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The Strict-Transport-Security value of both header sets (the document's and the API's), in production. */
const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/**
 * Camera and microphone for the video call, to the app's own origin only; everything else the
 * app never asks for is off. The app does not ask for the location, so geolocation is off too.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()';

export interface SecurityHeaderOptions {
  /** Stripe.js and its frames (CARD_PAYMENT_PROVIDER=stripe). */
  stripe?: boolean;
  /** The hashes of the inline scripts the web app's pages hold (web-static.ts, inlineScriptSources). */
  inlineScripts?: readonly string[];
}

const wsOrigin = (origin: string): string => origin.replace(/^http/, 'ws');

/**
 * The Content Security Policy of the web app and the API (one policy for both: the API's JSON is
 * inert, and the development OpenID provider's HTML form works under it).
 *
 * - script-src 'self': the built app's scripts are files (vite emits files; the PWA registers its
 *   service worker from /registerSW.js); the pages' inline scripts (every page's early requests, a
 *   prerendered page's first-visit check) are allowed by their hashes (options.inlineScripts); no
 *   other inline script and no eval run anywhere.
 * - style-src 'self' 'unsafe-inline': MUI's emotion injects <style> tags at run time, and the
 *   development provider's page has an inline stylesheet. A nonce would need index.html rendered
 *   per request, but the service worker serves a precached index.html, whose nonce would be stale,
 *   so the app would lose its styles offline. Inline style cannot run code; scripts stay strict.
 * - connect-src: same origin, plus Socket.IO's ws:/wss: on the public address and the extra origins.
 * - media-src blob: mediastream:: the call's local and remote streams.
 * - form-action: the development provider's login form, which redirects back to the public address.
 */
export function contentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'isProduction' | 'mapTileUrl'>, options: SecurityHeaderOptions = {}): Record<string, string[]> {
  const publicOrigin = new URL(config.publicUrl).origin;
  const origins = [publicOrigin, ...config.allowedOrigins];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Stripe.js (CARD_PAYMENT_PROVIDER=stripe only): loaded by the card modal on the membership screens.
    'script-src': ["'self'", ...(options.inlineScripts ?? []), ...(options.stripe ? ['https://js.stripe.com'] : [])],
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
type SecurityHeaders = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The document headers (the web app's pages and files, the pages under /api): helmet's middleware,
 * built once (@fastify/helmet builds it again on every request, its options parsed and the CSP
 * directives validated each time, in two hooks), the permissions policy, and HSTS in production.
 */
function securityHeaders(config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'isProduction'>, options: SecurityHeaderOptions = {}): SecurityHeaders {
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, options) },
    // The guest link carries its token in the URL: never send it to another site.
    referrerPolicy: { policy: 'no-referrer' },
    // Set below, from the value the API's headers share.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res) => {
    setHelmetHeaders(req, res, (err?: unknown) => {
      // helmet throws rather than calling back with an error (v8.1+): kept for its signature.
      if (err) throw err instanceof Error ? err : new Error(String(err));
    });
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (config.isProduction) res.setHeader('strict-transport-security', HSTS);
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a page for the browser to show (HTML) under /api: it gets the web app's
     * document headers instead of the API's (the development identity provider, the local test
     * card page). A page that needs another policy sets its own on top.
     */
    page?: boolean;
  }
}

/** The CSP of an API answer: it loads nothing and is framed nowhere. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of an API answer (JSON, a file, an error), after OWASP's REST Security
 * Cheat Sheet: a CSP that allows nothing and no framing, nosniff, DENY, HSTS in production, no
 * referrer, a same-origin resource policy, and no-store (API answers carry personal and health
 * data, and a shared computer's browser cache must not keep them). A browser never shows them as
 * a page of the app, so the web app's document headers (its long CSP, the permissions policy, the
 * opener and agent cluster policies) would only weigh on every answer: on the online physicians
 * poll (every 4 s from every waiting member) they were half the server's CPU (issue 10). Built
 * once: nothing in them depends on the request.
 */
function apiSecurityHeaders(config: Pick<Config, 'isProduction'>): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': API_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(config.isProduction ? { 'strict-transport-security': HSTS } : {}),
    'cache-control': 'no-store',
  });
}

/**
 * Security headers on every answer: the document headers (securityHeaders) on the web app and on
 * the pages under /api (route config `page`), the API's (apiSecurityHeaders, no-store included)
 * on the rest of /api. A route whose answer is public (GET /api/configs) sets its own
 * Cache-Control, which replaces the API's. One synchronous hook; resolves with the API headers
 * (a fast path that answers before Fastify sends the same).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'isProduction'>, options: SecurityHeaderOptions = {}): Promise<Readonly<Record<string, string>>> {
  const setDocumentHeaders = securityHeaders(config, options);
  const apiHeaders = apiSecurityHeaders(config);
  const apiEntries = Object.entries(apiHeaders);
  app.addHook('onRequest', function securityHeadersHook(request, reply, done) {
    // Raw headers, so answers that bypass fastify's reply (the development provider) get them too;
    // a header a route sets through its reply replaces the raw default.
    if (!isApi(request.url)) setDocumentHeaders(request.raw, reply.raw);
    else if (request.routeOptions.config?.page === true) {
      setDocumentHeaders(request.raw, reply.raw);
      reply.raw.setHeader('cache-control', 'no-store');
    } else for (const [name, value] of apiEntries) reply.raw.setHeader(name, value);
    done();
  });
  return apiHeaders;
}
