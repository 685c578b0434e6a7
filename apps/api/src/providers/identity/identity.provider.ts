import type { LoginProvider } from '@puente/domain';

/** What an identity provider tells us about the person, from a validated ID token. */
export interface IdentityClaims {
  provider: LoginProvider;
  /** The ID token's `sub`: stable per person at that issuer. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  lang?: string;
}

export interface CodeExchange {
  /** The redirect URI the provider sent the browser to, with its query (code, state, iss). */
  callbackUrl: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/**
 * One OpenID Connect relying party per provider (spec: names tied to vendors describe a purpose):
 * the authorization code flow with PKCE, state and nonce, the code exchanged on the server and
 * the ID token validated (issuer, audience, signature, expiry, nonce).
 */
export interface IdentityProvider {
  readonly name: LoginProvider;
  readonly redirectUri: string;
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchangeCode(exchange: CodeExchange): Promise<IdentityClaims>;
}
