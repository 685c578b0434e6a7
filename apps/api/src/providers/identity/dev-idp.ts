import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import { DEV_IDP_PATH, IDENTITY_PROVIDER_NAMES, devIdentityClient } from '../../config';

/**
 * A local OpenID provider (oidc-provider) for development and tests, so identity-provider login
 * works offline: every provider (google, apple, facebook, email) is a client of it. Its login form
 * asks for an email (and optionally a phone and a name) and signs that person in: no password,
 * because it only ever runs outside production (app.ts never mounts it there).
 */
interface DevAccount {
  email: string;
  phoneNumber: string | null;
  givenName: string | null;
  familyName: string | null;
}

const accountIdFor = (email: string): string => `dev-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEXT = {
  es: { title: 'Proveedor de identidad de desarrollo', lead: 'Solo para desarrollo: escribe quién eres.', email: 'Correo', phone: 'Teléfono (opcional, +52…)', first: 'Nombre (opcional)', last: 'Apellido (opcional)', submit: 'Iniciar sesión', abort: 'Cancelar' },
  en: { title: 'Development identity provider', lead: 'Development only: type who you are.', email: 'Email', phone: 'Phone (optional, +1…)', first: 'First name (optional)', last: 'Last name (optional)', submit: 'Sign in', abort: 'Cancel' },
} as const;

function loginPage(uid: string, lang: 'es' | 'en', client: string, error?: string): string {
  const t = TEXT[lang];
  const action = `${DEV_IDP_PATH}/interaction/${encodeURIComponent(uid)}`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;background:#F6F1EB;margin:0;padding:24px}main{max-width:420px;margin:auto;background:#fff;border-radius:16px;padding:24px}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px}button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:8px;background:#B7402E;color:#fff;font-size:16px}.err{color:#b00020}small{color:#666}</style></head>
<body><main><h1>${t.title}</h1><p>${t.lead} <small>(${escapeHtml(client)})</small></p>${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}" autocomplete="off">
<label for="email">${t.email}</label><input id="email" name="email" type="email" required autofocus data-testid="dev-idp-email">
<label for="phone">${t.phone}</label><input id="phone" name="phone" type="tel" data-testid="dev-idp-phone">
<label for="given_name">${t.first}</label><input id="given_name" name="given_name" data-testid="dev-idp-given-name">
<label for="family_name">${t.last}</label><input id="family_name" name="family_name" data-testid="dev-idp-family-name">
<button type="submit" data-testid="dev-idp-submit">${t.submit}</button></form>
<form method="post" action="${action}/abort"><button type="submit" style="background:#037774">${t.abort}</button></form></main></body></html>`;
}

export interface DevIdentityProvider {
  issuer: string;
  /** Registers the provider's endpoints and its login form under DEV_IDP_PATH. */
  register(app: FastifyInstance): Promise<void>;
}

interface Running {
  provider: Provider;
  callback: ReturnType<Provider['callback']>;
  accounts: Map<string, DevAccount>;
}

async function start(options: { publicUrl: string; cookieSecret: string }): Promise<Running> {
  const { default: OidcProvider } = await import('oidc-provider');
  const accounts = new Map<string, DevAccount>();
  // A signing key made at start (ID tokens only live minutes; a restart simply makes a new one).
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const configuration: Configuration = {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'dev-idp', alg: 'RS256', use: 'sig' }] as NonNullable<Configuration['jwks']>['keys'] },
    clients: IDENTITY_PROVIDER_NAMES.map((name) => {
      const c = devIdentityClient(options.publicUrl, name);
      return {
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      };
    }),
    // PKCE for every client, confidential or not.
    pkce: { required: () => true },
    cookies: { keys: [createHash('sha256').update(`${options.cookieSecret}:dev-idp`).digest('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The claims travel in the ID token itself (what Google and Apple do too).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: true,
          ...(account.phoneNumber ? { phone_number: account.phoneNumber, phone_number_verified: true } : {}),
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.familyName ? { family_name: account.familyName } : {}),
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html><body><h1>oidc error</h1><pre>${escapeHtml(JSON.stringify(out))}</pre></body></html>`;
    },
  };
  const provider = new OidcProvider(`${options.publicUrl}${DEV_IDP_PATH}`, configuration);
  provider.proxy = true;
  return { provider, callback: provider.callback(), accounts };
}

/**
 * The provider itself (oidc-provider, its signing key) is made on the first request, so servers
 * that never use it (most tests) do not pay for it.
 */
export function createDevIdentityProvider(options: { publicUrl: string; cookieSecret: string }): DevIdentityProvider {
  let running: Promise<Running> | undefined;
  const load = (): Promise<Running> => (running ??= start(options));

  const register = async (app: FastifyInstance): Promise<void> => {
    // The login form (urlencoded bodies are parsed here only).
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      scope.get(`${DEV_IDP_PATH}/interaction/:uid`, { config: { page: true } }, async (request, reply) => {
        const { provider } = await load();
        reply.hijack();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const lang = String(details.params.ui_locales ?? '').startsWith('en') ? 'en' : 'es';
        reply.raw.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        reply.raw.end(loginPage(details.uid, lang, String(details.params.client_id)));
      });
      scope.post(`${DEV_IDP_PATH}/interaction/:uid`, { config: { page: true } }, async (request, reply) => {
        const { provider, accounts } = await load();
        reply.hijack();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const body = (request.body ?? {}) as Record<string, string | undefined>;
        const email = (body.email ?? '').trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
          reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          reply.raw.end(loginPage(details.uid, 'es', String(details.params.client_id), 'email?'));
          return;
        }
        const accountId = accountIdFor(email);
        const phone = (body.phone ?? '').replace(/\s/g, '');
        accounts.set(accountId, {
          email,
          phoneNumber: phone || null,
          givenName: body.given_name?.trim() || null,
          familyName: body.family_name?.trim() || null,
        });
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(request.raw, reply.raw, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      });
      scope.post(`${DEV_IDP_PATH}/interaction/:uid/abort`, { config: { page: true } }, async (request, reply) => {
        const { provider } = await load();
        reply.hijack();
        await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'cancelled' }, { mergeWithLastSubmission: false });
      });
    });
    // Everything else goes to oidc-provider untouched (it reads the request body itself).
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
      scope.all(`${DEV_IDP_PATH}/*`, { config: { page: true } }, async (request, reply) => {
        const { callback } = await load();
        reply.hijack();
        // oidc-provider serves from its mount path: it sees the path below it, the full one as originalUrl.
        const req: IncomingMessage = request.raw;
        const url = req.url ?? '/';
        Object.assign(req, { originalUrl: url, url: url.slice(DEV_IDP_PATH.length) || '/' });
        void callback(req, reply.raw as ServerResponse);
      });
    });
  };

  return { issuer: `${options.publicUrl}${DEV_IDP_PATH}`, register };
}
