import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPath } from '@puente/domain';
import * as z from 'zod/mini';
import { developmentSecrets, type DevSecrets } from './lib/secrets';

// zod/mini carries no messages of its own (every issue reads "Invalid input"): the server's zod
// says what was wrong in English, for whoever reads a refused configuration or the log. Answers
// never carry these texts (fromZodError turns them into message keys).
z.config(z.locales.en());

/**
 * Every environment variable the server reads, with its meaning. The README copies this list;
 * keep them in step.
 */
export const CONFIG_VARIABLES = [
  { name: 'PORT', default: '3000', description: 'HTTP port the server listens on.' },
  { name: 'HOST', default: '127.0.0.1', description: 'Interface to bind. Outside production a non-loopback interface is refused while the dev outbox or the dev identity provider is on.' },
  { name: 'NODE_ENV', default: 'development', description: 'development, test or production. Production hides /api/dev/*, GraphQL introspection and redacts logs.' },
  { name: 'DATABASE_URL', default: '(unset)', description: 'PostgreSQL 15 URL. When unset the server uses an embedded PGlite database stored in DATA_DIR.' },
  { name: 'DATA_DIR', default: './.data', description: 'Folder for the embedded PGlite database (only when DATABASE_URL is unset).' },
  { name: 'REDIS_URL', default: '(unset)', description: 'Redis URL. When set, rate limits and the Socket.IO adapter use Redis so several server processes agree.' },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'The address people open; the allowed origin for sockets and CORS.' },
  { name: 'ALLOWED_ORIGINS', default: '(none)', description: 'Comma-separated extra origins allowed to call the API and open sockets (e.g. the Vite dev server).' },
  { name: 'SESSION_SECRET', default: 'random, kept in DATA_DIR/dev-secrets.json', description: 'Secret for hashing session and login tokens. Required in production.' },
  { name: 'CODE_PEPPER', default: 'random, kept in DATA_DIR/dev-secrets.json', description: 'Pepper for the HMAC of verification and recovery codes. Required in production.' },
  { name: 'SMS_PROVIDER', default: 'outbox', description: 'outbox (stores messages, read them at /api/dev/outbox) or twilio.' },
  { name: 'TWILIO_ACCOUNT_SID', default: '(unset)', description: 'Twilio account SID (SMS_PROVIDER=twilio).' },
  { name: 'TWILIO_AUTH_TOKEN', default: '(unset)', description: 'Twilio auth token (SMS_PROVIDER=twilio).' },
  { name: 'TWILIO_FROM', default: '(unset)', description: 'Sending number or messaging service SID (SMS_PROVIDER=twilio).' },
  { name: 'EMAIL_PROVIDER', default: 'outbox', description: 'outbox or smtp.' },
  { name: 'SMTP_URL', default: '(unset)', description: 'smtp(s)://user:pass@host:port (EMAIL_PROVIDER=smtp).' },
  { name: 'EMAIL_FROM', default: 'Puente <no-reply@puente.local>', description: 'From address of emails.' },
  { name: 'ATTACHMENTS_DIR', default: 'DATA_DIR/attachments', description: 'Folder for chat attachments on local disk (a temporary folder when the database is in memory).' },
  { name: 'INBOUND_EMAIL_SECRET', default: 'random, kept in DATA_DIR/dev-secrets.json', description: 'Shared secret of POST /api/chat/inbound-email (header x-inbound-email-secret). Unset in production = the endpoint refuses every call.' },
  { name: 'REPLY_EMAIL_DOMAIN', default: 'the domain of EMAIL_FROM', description: 'Domain of the reply addresses (reply+<token>@domain) of email consultations.' },
  { name: 'WEB_DIST', default: 'apps/web/dist', description: 'Built web app served from the same origin when the folder exists.' },
  { name: 'TRUST_PROXY', default: 'false', description: 'true, or the proxy addresses/subnets to trust, when behind a reverse proxy, so per-IP limits see the real client address.' },
  { name: 'LOG_LEVEL', default: 'info (silent in tests)', description: 'pino log level.' },
  { name: 'SEED', default: 'true', description: 'Seed demo data on an empty database (false to skip).' },
  { name: 'SHUTDOWN_TIMEOUT_MS', default: '10000', description: 'On SIGTERM, how long requests in flight may take to finish before their connections are closed.' },
  { name: 'IDENTITY_<P>_ISSUER', default: '(unset)', description: 'OpenID Connect issuer URL of provider P (GOOGLE, APPLE, FACEBOOK, EMAIL). A provider is offered only when its issuer and client id are set.' },
  { name: 'IDENTITY_<P>_CLIENT_ID', default: '(unset)', description: 'Client id registered at provider P.' },
  { name: 'IDENTITY_<P>_CLIENT_SECRET', default: '(unset)', description: 'Client secret at provider P (unset: a public client, PKCE only).' },
  { name: 'IDENTITY_<P>_REDIRECT_URI', default: 'PUBLIC_URL/login/auth0/verify', description: 'Redirect URI registered at provider P.' },
  { name: 'DEV_IDENTITY_PROVIDER', default: 'true outside production when no provider is set', description: 'Serve a local OpenID provider at /api/dev-idp (a simple login form) and point every provider at it. Never in production.' },
  { name: 'MAP_TILE_URL', default: '(unset)', description: 'Map tiles of the pharmacy map, https://host/{z}/{x}/{y}.png (issue 12). Unset: the pharmacy tab shows the address card and the links, no map.' },
  { name: 'MEDICATION_DIRECTORY', default: 'local', description: 'local (the shipped formulary of common outpatient medicines, offline) or rxnav (NLM\'s RxNav/RxTerms at RXNAV_URL, default https://rxnav.nlm.nih.gov/REST): the medications a US doctor can prescribe.' },
  { name: 'ERX_PROVIDER', default: 'local', description: 'local (the signed PDF in the member\'s language, stored and downloadable) or dosespot (DOSESPOT_BASE_URL, DOSESPOT_CLIENT_ID, DOSESPOT_CLIENT_SECRET, DOSESPOT_USER_ID, ERX_CALLBACK_SECRET; DOSESPOT_EPCS=true only for an EPCS-certified account): prescriptions and the pharmacy directory go through DoseSpot, which reports back to POST /api/eprescribing/status.' },
  { name: 'TRANSLATION_PROVIDER', default: 'none', description: 'none (free text shown as written, "not translated") or libretranslate (TRANSLATION_URL, TRANSLATION_API_KEY) to offer translations of clinicians\' notes (issue 12).' },
  { name: 'PUSH_PROVIDER', default: 'log', description: 'log (pushes kept in memory and logged with ids only) or web-push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT; keys from `npx web-push generate-vapid-keys`) (issue 12).' },
  { name: 'STAFF_TOTP_KEY', default: 'random, kept in DATA_DIR/dev-secrets.json', description: 'Key (32 bytes, base64 or hex) that encrypts staff TOTP secrets at rest. Required in production.' },
] as const;

const optionalString = z.pipe(z.transform((v) => (v === '' ? undefined : v)), z.optional(z.string().check(z.minLength(1))));
const booleanString = z.pipe(z.transform((v) => (typeof v === 'string' ? !['false', '0', 'no', ''].includes(v.toLowerCase()) : v)), z.boolean());

const envSchema = z
  .object({
    PORT: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(65_535))), 3000),
    HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
    NODE_ENV: z._default(z.enum(['development', 'test', 'production']), 'development'),
    DATABASE_URL: optionalString,
    DATA_DIR: z._default(z.string(), './.data'),
    REDIS_URL: optionalString,
    MAP_TILE_URL: z.pipe(z.transform((v) => (v === '' ? undefined : v)), z.optional(z.string().check(z.regex(/^https?:\/\/[^/{}\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'https://host/{z}/{x}/{y}.png')))),
    PUBLIC_URL: optionalString,
    ALLOWED_ORIGINS: z._default(z.string(), ''),
    SESSION_SECRET: optionalString,
    CODE_PEPPER: optionalString,
    SMS_PROVIDER: z._default(z.enum(['outbox', 'twilio']), 'outbox'),
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM: optionalString,
    EMAIL_PROVIDER: z._default(z.enum(['outbox', 'smtp']), 'outbox'),
    SMTP_URL: optionalString,
    EMAIL_FROM: z._default(z.string(), 'Puente <no-reply@puente.local>'),
    WEB_DIST: optionalString,
    TRUST_PROXY: z.pipe(z.transform((v) => (v === undefined || v === '' || v === 'false' ? false : v === 'true' ? true : v)), z.union([z.boolean(), z.string()])),
    LOG_LEVEL: z.optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
    SEED: z._default(booleanString, true),
    SHUTDOWN_TIMEOUT_MS: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(600_000))), 10_000),
    DEV_IDENTITY_PROVIDER: z.pipe(z.transform((v) => (v === '' ? undefined : v)), z.optional(booleanString)),
    STAFF_TOTP_KEY: optionalString,
    INBOUND_EMAIL_SECRET: optionalString,
  }).check(z.superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.SESSION_SECRET) ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'required in production' });
      if (!env.CODE_PEPPER) ctx.addIssue({ code: 'custom', path: ['CODE_PEPPER'], message: 'required in production' });
      if (!env.STAFF_TOTP_KEY) ctx.addIssue({ code: 'custom', path: ['STAFF_TOTP_KEY'], message: 'required in production' });
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=twilio' });
      }
    }
    if (env.EMAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_PROVIDER=smtp' });
    }
  }));

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  databaseUrl: string | undefined;
  /** Folder for PGlite; the literal 'memory://' keeps the database in memory (tests). */
  dataDir: string;
  redisUrl: string | undefined;
  publicUrl: string;
  allowedOrigins: string[];
  sessionSecret: string;
  codePepper: string;
  sms: { provider: 'outbox' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string };
  email: { provider: 'outbox'; from: string } | { provider: 'smtp'; url: string; from: string };
  webDist: string;
  /** true, or the proxy addresses/subnets to trust (comma-separated). */
  trustProxy: boolean | string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  seed: boolean;
  /** Graceful shutdown: the longest wait for requests in flight. */
  shutdownTimeoutMs: number;
  /** Identity providers (issue 3) and the local development provider. */
  identity: IdentityConfig;
  /** Encrypts staff TOTP secrets at rest (AES-256-GCM); 32 bytes. */
  staffTotpKey: Buffer;
  /** Shared secret of POST /api/chat/inbound-email; undefined (production without it) = refused. */
  inboundEmailSecret: string | undefined;
  /** spec-free safety cap on GraphQL nesting (STYLE: Medplum caps depth). */
  graphqlDepthLimit: number;
  /** Pharmacy map tiles (https://host/{z}/{x}/{y}.png); undefined = no map, the address card only. */
  mapTileUrl?: string;
}

/** Reads configuration from an env-like record; throws a readable error listing bad variables. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // Outside production, unset secrets are random: per process with an in-memory database, else
  // made once and kept in DATA_DIR (never a published constant). Production requires them.
  let dev: DevSecrets | undefined;
  const devSecret = (name: keyof DevSecrets): string => (dev ??= developmentSecrets(e.DATA_DIR))[name];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    isProduction,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    publicUrl,
    mapTileUrl: e.MAP_TILE_URL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',').map((s) => s.trim().replace(/\/$/, '')).filter(Boolean),
    sessionSecret: e.SESSION_SECRET ?? devSecret('SESSION_SECRET'),
    codePepper: e.CODE_PEPPER ?? devSecret('CODE_PEPPER'),
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? { provider: 'twilio', accountSid: e.TWILIO_ACCOUNT_SID ?? '', authToken: e.TWILIO_AUTH_TOKEN ?? '', from: e.TWILIO_FROM ?? '' }
        : { provider: 'outbox' },
    email: e.EMAIL_PROVIDER === 'smtp' ? { provider: 'smtp', url: e.SMTP_URL ?? '', from: e.EMAIL_FROM } : { provider: 'outbox', from: e.EMAIL_FROM },
    // The default is found from the repository root so it works whatever the working directory.
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seed: e.SEED,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    graphqlDepthLimit: 8,
    identity: identityConfig(env, publicUrl, isProduction),
    staffTotpKey: totpKey(e.STAFF_TOTP_KEY ?? devSecret('STAFF_TOTP_KEY')),
    inboundEmailSecret: e.INBOUND_EMAIL_SECRET ?? (isProduction ? undefined : devSecret('INBOUND_EMAIL_SECRET')),
  };
}

export const IDENTITY_PROVIDER_NAMES = ['google', 'apple', 'facebook', 'email'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDER_NAMES)[number];
export interface IdentityProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
  /** Sent as the prompt parameter (the development provider asks who you are every time). */
  prompt?: string;
  /** Scopes asked for (default 'openid email profile'; the development provider adds phone). */
  scope?: string;
}
export interface IdentityConfig {
  providers: Partial<Record<IdentityProviderName, IdentityProviderConfig>>;
  /** Mount the local development OpenID provider at /api/dev-idp (never in production). */
  devProvider: boolean;
}

export const DEV_IDP_PATH = '/api/dev-idp';
/**
 * The page providers send the browser back to. No query string: openid-client compares redirect
 * URIs without one, so the web app remembers the provider of the request it started.
 */
export const identityRedirectUri = (publicUrl: string, _provider: IdentityProviderName): string => `${publicUrl}${buildPath('identityVerify')}`;
/** The development provider's client for each of our providers (its secret is not a secret). */
export const devIdentityClient = (publicUrl: string, provider: IdentityProviderName): IdentityProviderConfig => ({
  issuer: `${publicUrl}${DEV_IDP_PATH}`,
  clientId: `puente-dev-${provider}`,
  clientSecret: `puente-dev-${provider}-secret`,
  redirectUri: identityRedirectUri(publicUrl, provider),
  prompt: 'login',
  scope: 'openid email profile phone',
});

/** Reads IDENTITY_<P>_* for each provider; without any, outside production, the development provider. */
export function identityConfig(env: Record<string, string | undefined>, publicUrl: string, isProduction: boolean): IdentityConfig {
  const flag = env.DEV_IDENTITY_PROVIDER?.toLowerCase();
  const devFlag = flag === undefined || flag === '' ? undefined : !['false', '0', 'no'].includes(flag);
  const providers: IdentityConfig['providers'] = {};
  for (const name of IDENTITY_PROVIDER_NAMES) {
    const prefix = `IDENTITY_${name.toUpperCase()}_`;
    const issuer = env[`${prefix}ISSUER`];
    const clientId = env[`${prefix}CLIENT_ID`];
    if (!issuer || !clientId) continue;
    providers[name] = {
      issuer: issuer.replace(/\/$/, ''),
      clientId,
      clientSecret: env[`${prefix}CLIENT_SECRET`] || undefined,
      redirectUri: env[`${prefix}REDIRECT_URI`] || identityRedirectUri(publicUrl, name),
    };
  }
  const devProvider = !isProduction && (devFlag ?? Object.keys(providers).length === 0);
  if (devProvider) {
    for (const name of IDENTITY_PROVIDER_NAMES) providers[name] ??= devIdentityClient(publicUrl, name);
  }
  return { providers, devProvider };
}

const totpKey = (value: string): Buffer => {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('Invalid configuration:\n  STAFF_TOTP_KEY: must be 32 bytes (64 hex characters or base64)');
  return key;
};

const isLoopback = (host: string): boolean => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
};

/**
 * Outside production the dev outbox (/api/dev/outbox: every sign-in code) and, when on, the dev
 * identity provider (/api/dev-idp: anyone is whoever they type) are served. They must not be
 * reachable from another machine: refuse to listen on a non-loopback interface. Throws a readable error.
 */
export function assertSafeListenAddress(config: Pick<Config, 'host' | 'isProduction' | 'identity'>): void {
  if (isLoopback(config.host)) return;
  const exposed = [
    ...(config.isProduction ? [] : ['the dev outbox (/api/dev/outbox, every sign-in code)']),
    ...(config.identity.devProvider && !config.isProduction ? ['the development identity provider (/api/dev-idp)'] : []),
  ];
  if (exposed.length === 0) return;
  throw new Error(
    `Refusing to listen on ${config.host}: ${exposed.join(' and ')} would be reachable from other machines.\n` +
      '  Leave HOST unset (127.0.0.1) for a local server, or run with NODE_ENV=production (and real SESSION_SECRET, CODE_PEPPER, STAFF_TOTP_KEY) to serve the network.',
  );
}
