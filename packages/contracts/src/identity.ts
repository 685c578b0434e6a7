import { LANGUAGES, LOGIN_PROVIDERS, LOGIN_STATUSES, safeString } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * Identity-provider login (spec 000 §2 /login/auth0/*, spec 001 §7 POST auth/auth0/verify).
 * One generic OpenID Connect client serves every provider (google, apple, facebook, email).
 */

/** GET /api/auth/identity-providers?orgId=&empCode=: what the login screen may offer. */
export const identityProvidersResponseSchema = z.object({
  /** Providers configured on this server (env, or the local development provider). */
  providers: z.array(z.enum(LOGIN_PROVIDERS)),
  /**
   * The organization the login is for (orgId or empCode), if any: only the settings the login
   * screen reads (a list of flags that are on, e.g. RESTRICT_SOCIAL_LOGIN); never its id.
   */
  organization: z.nullable(z.object({ settings: z.union([z.array(safeString()), z.record(safeString(), z.nullable(z.boolean()))]) })),
});
export type IdentityProvidersResponse = z.infer<typeof identityProvidersResponseSchema>;

/** POST /api/auth/oidc/authorize: starts the authorization code flow (PKCE, state, nonce kept on the server). */
export const identityAuthorizeRequestSchema = z.object({
  provider: z.enum(LOGIN_PROVIDERS),
  purpose: z._default(z.enum(['member', 'staff']), 'member'),
  lang: z.optional(z.enum(LANGUAGES)),
});
export type IdentityAuthorizeRequest = z.input<typeof identityAuthorizeRequestSchema>;
export const identityAuthorizeResponseSchema = z.object({
  authorizationUrl: safeString(),
  /** The web app keeps it and checks the provider sends the same one back. */
  state: safeString(),
});
export type IdentityAuthorizeResponse = z.infer<typeof identityAuthorizeResponseSchema>;

/**
 * POST /api/auth/auth0/verify (spec 7: mergeToken, auth0Token, orgId, empCode, lang → loginToken,
 * status). The provider's answer arrives as code + state (+ iss) from /login/auth0/verify; with a
 * mergeToken, `loginToken` (from the phone verification) proves the phone of the account to link.
 */
export const identityVerifyRequestSchema = z
  .object({
    provider: z.enum(LOGIN_PROVIDERS),
    code: z.optional(safeString().check(z.minLength(1))),
    state: z.optional(safeString().check(z.minLength(1))),
    iss: z.optional(safeString().check(z.minLength(1))),
    mergeToken: z.optional(safeString().check(z.minLength(1))),
    loginToken: z.optional(safeString().check(z.minLength(1))),
    orgId: z.optional(safeString().check(z.minLength(1))),
    empCode: z.optional(safeString().check(z.minLength(1))),
    lang: z.optional(z.enum(LANGUAGES)),
  }).check(z.refine((v) => (v.code && v.state) || (v.mergeToken && v.loginToken), { message: 'identity_verify_missing_proof', path: ['code'] }));
export type IdentityVerifyRequest = z.input<typeof identityVerifyRequestSchema>;

export const identityVerifyResponseSchema = z.object({
  status: z.enum(LOGIN_STATUSES),
  /** Absent while a merge waits for the phone (merge_required) or for multiple_accounts. */
  loginToken: z.optional(safeString()),
  loginProvider: z.enum(LOGIN_PROVIDERS),
  /** spec 3 Auth responses: present with merge_required; the web keeps it under verifyResponse. */
  mergeToken: z.optional(safeString()),
});
export type IdentityVerifyResponse = z.infer<typeof identityVerifyResponseSchema>;
