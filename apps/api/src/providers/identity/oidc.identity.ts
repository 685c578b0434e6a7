import type { LoginProvider } from '@puente/domain';
import * as client from 'openid-client';
import type { IdentityProviderConfig } from '../../config';
import type { AuthorizationRequest, CodeExchange, IdentityClaims, IdentityProvider } from './identity.provider';

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The generic OpenID Connect client (openid-client), one instance per configured provider. */
export class OidcIdentityProvider implements IdentityProvider {
  readonly redirectUri: string;
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    readonly name: LoginProvider,
    private readonly config: IdentityProviderConfig,
  ) {
    this.redirectUri = config.redirectUri;
  }

  /** Discovery runs on first use (the development provider is this same server, not yet listening at boot). */
  private discover(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.config.issuer);
      const insecure = issuer.protocol === 'http:';
      return client.discovery(
        issuer,
        this.config.clientId,
        this.config.clientSecret,
        this.config.clientSecret ? client.ClientSecretPost(this.config.clientSecret) : client.None(),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    })().catch((error: unknown) => {
      this.configuration = undefined; // try again next time (the provider may have been down)
      throw error;
    });
    return this.configuration;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const configuration = await this.discover();
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: this.config.scope ?? 'openid email profile',
      response_type: 'code',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (this.config.prompt) params.prompt = this.config.prompt;
    if (request.lang) params.ui_locales = request.lang;
    return client.buildAuthorizationUrl(configuration, params).href;
  }

  async exchangeCode(exchange: CodeExchange): Promise<IdentityClaims> {
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, exchange.callbackUrl, {
      pkceCodeVerifier: exchange.codeVerifier,
      expectedState: exchange.state,
      expectedNonce: exchange.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    return {
      provider: this.name,
      subject: claims.sub,
      email: str(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      phoneNumber: str(claims.phone_number),
      phoneNumberVerified: claims.phone_number_verified === true,
      givenName: str(claims.given_name),
      familyName: str(claims.family_name),
    };
  }
}
