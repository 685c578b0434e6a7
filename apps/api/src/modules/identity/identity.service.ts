import type { IdentityAuthorizeResponse, IdentityProvidersResponse, IdentityVerifyResponse } from '@puente/contracts';
import { isStaff, LOGIN_PROVIDERS, organizationOffers, type Language, type LoginProvider } from '@puente/domain';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/secrets';
import type { IdentityClaims, IdentityProvider } from '../../providers/identity/identity.provider';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter';
import type { AuthService, SignInOrganization } from '../auth/auth.service';
import type { MembersService } from '../members/members.service';
import { organizationFlags } from '../members/members.presenter';
import { presentLoginOrganization } from './identity.presenter';
import { IdentityRepository } from './identity.repository';

// Not in the spec: an authorization request and a merge both wait at most 10 minutes, like a code.
const AUTH_REQUEST_TTL_MS = 10 * 60_000;
const MERGE_TOKEN_TTL_MS = 10 * 60_000;

/**
 * Not in the spec: employer-code lookups per IP in a rolling hour, counted like the phone sends.
 * Codes are short words a script could guess; a person types one a few times. A little above the
 * sends (AUTH.sendsPerIpPerHour), since colleagues behind one office address look codes up too.
 */
export const EMPLOYER_CODE_LIMITS = { lookupsPerIpPerHour: 30, windowMs: 60 * 60_000 } as const;

export interface IdentityServiceDeps {
  db: Db;
  clock: Clock;
  providers: Partial<Record<LoginProvider, IdentityProvider>>;
  limiter: RateLimiter;
  /** Employer-code lookups per IP and hour (default EMPLOYER_CODE_LIMITS.lookupsPerIpPerHour). */
  employerCodeLookupsPerIpPerHour?: number;
  log?: { warn(obj: object, msg: string): void };
  /** Member accounts are the members module's; login tokens are the auth module's. */
  members: Pick<MembersService, 'findById' | 'recordLoginType' | 'createMember' | 'findOrganization' | 'findAccountsMatching'>;
  auth: Pick<AuthService, 'issueLoginToken' | 'consumeLoginToken'>;
  /** Issue 15: the organization a sign-in's employer code or partner id joins (the organizations module's rule). */
  signInOrganization: SignInOrganization;
}

/** spec 8: "Error verifying Auth0 account": the web logs out and goes to the merge error or /login. */
const verifyFailed = () => new AppError('TOKEN_INVALID', { reason: 'merge-failed' });

/**
 * Identity-provider login and account merge (spec 000 §2 /login/auth0/*, §4 login outcomes,
 * spec 001 §7 POST auth/auth0/verify).
 */
export class IdentityService {
  private readonly repo: IdentityRepository;

  constructor(private readonly deps: IdentityServiceDeps) {
    this.repo = new IdentityRepository(deps.db);
  }

  /** Linked identities are this module's: staff sign-in reads and links them here. */
  findIdentity(provider: string, subject: string): ReturnType<IdentityRepository['findIdentity']> {
    return this.repo.findIdentity(provider, subject);
  }
  linkIdentity(values: Parameters<IdentityRepository['linkIdentity']>[0]): Promise<void> {
    return this.repo.linkIdentity(values);
  }
  touchIdentity(id: string, now: Date): Promise<void> {
    return this.repo.touchIdentity(id, now);
  }

  configuredProviders(): LoginProvider[] {
    return LOGIN_PROVIDERS.filter((p) => this.deps.providers[p] !== undefined);
  }

  /**
   * GET /api/auth/identity-providers: the configured providers and what the login screen needs of
   * its organization (presenter). An employer code is looked up within a per-IP limit.
   */
  async listProviders(input: { orgId?: string; empCode?: string; ip: string }): Promise<IdentityProvidersResponse> {
    let org = input.orgId ? await this.deps.members.findOrganization({ orgId: input.orgId }) : undefined;
    if (!org && input.empCode) {
      await this.limitEmployerCodeLookups(input.ip);
      org = await this.deps.members.findOrganization({ empCode: input.empCode });
    }
    return { providers: this.configuredProviders(), organization: org ? presentLoginOrganization(org) : null };
  }

  private async limitEmployerCodeLookups(ip: string): Promise<void> {
    const limit = this.deps.employerCodeLookupsPerIpPerHour ?? EMPLOYER_CODE_LIMITS.lookupsPerIpPerHour;
    const result = await this.deps.limiter.hit(`employer-code:ip:${ip}`, { limit, windowMs: EMPLOYER_CODE_LIMITS.windowMs, now: this.deps.clock.now() });
    if (!result.allowed) throw new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
  }

  private provider(name: LoginProvider): IdentityProvider {
    const provider = this.deps.providers[name];
    if (!provider) throw new AppError('INVALID_DATA', { fields: { provider: 'identity_provider_not_configured' } });
    return provider;
  }

  /** POST /api/auth/oidc/authorize: state, nonce and the PKCE verifier stay on the server. */
  async authorize(input: { provider: LoginProvider; purpose: 'member' | 'staff'; lang?: Language }): Promise<IdentityAuthorizeResponse> {
    const provider = this.provider(input.provider);
    const now = this.deps.clock.now();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    let authorizationUrl: string;
    try {
      authorizationUrl = await provider.authorizationUrl({ state, nonce, codeVerifier, lang: input.lang });
    } catch (error) {
      this.deps.log?.warn({ err: error, provider: input.provider }, 'identity provider discovery failed');
      throw new AppError('UNKNOWN_ERROR', { status: 503 });
    }
    await this.repo.insertAuthRequest({
      stateHash: hashToken(state),
      provider: input.provider,
      purpose: input.purpose,
      codeVerifier,
      nonce,
      redirectUri: provider.redirectUri,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_REQUEST_TTL_MS),
    });
    return { authorizationUrl, state };
  }

  /**
   * The provider sent the browser back with code + state: the request is used once, the code is
   * exchanged on the server and the ID token validated. Any failure is TOKEN_INVALID, never a 500.
   */
  async completeAuthorization(input: { provider: LoginProvider; purpose: 'member' | 'staff'; code: string; state: string; iss?: string }): Promise<IdentityClaims> {
    const provider = this.provider(input.provider);
    const request = await this.repo.consumeAuthRequest(hashToken(input.state), this.deps.clock.now());
    if (!request || request.provider !== input.provider || request.purpose !== input.purpose) throw verifyFailed();
    const callbackUrl = new URL(request.redirectUri);
    callbackUrl.searchParams.set('code', input.code);
    callbackUrl.searchParams.set('state', input.state);
    if (input.iss) callbackUrl.searchParams.set('iss', input.iss);
    try {
      return await provider.exchangeCode({ callbackUrl, codeVerifier: request.codeVerifier, state: input.state, nonce: request.nonce });
    } catch (error) {
      this.deps.log?.warn({ err: error, provider: input.provider }, 'Error verifying Auth0 account');
      throw verifyFailed();
    }
  }

  /** POST /api/auth/auth0/verify */
  async verify(input: {
    provider: LoginProvider;
    code?: string;
    state?: string;
    iss?: string;
    mergeToken?: string;
    loginToken?: string;
    orgId?: string;
    empCode?: string;
    lang?: Language;
  }): Promise<IdentityVerifyResponse> {
    if (input.mergeToken && input.loginToken) return this.completeMerge(input.provider, input.mergeToken, input.loginToken);
    if (!input.code || !input.state) throw new AppError('INVALID_DATA', { fields: { code: 'identity_verify_missing_proof' } });
    const claims = await this.completeAuthorization({ provider: input.provider, purpose: 'member', code: input.code, state: input.state, iss: input.iss });
    return this.signInMember(claims, input);
  }

  private async signInMember(claims: IdentityClaims, input: { orgId?: string; empCode?: string; lang?: Language }): Promise<IdentityVerifyResponse> {
    const now = this.deps.clock.now();
    const loginProvider = claims.provider;
    return this.deps.db.transaction(async (tx) => {
      const repo = new IdentityRepository(tx);
      const { members } = this.deps;
      const linked = await repo.findIdentity(claims.provider, claims.subject);
      if (linked) {
        const user = await members.findById(linked.userId, tx);
        // spec 8: a deleted account "is blocked" (the web goes to /eliminar-cuenta?account_deleted=true).
        if (!user) throw new AppError('USER_NOT_FOUND', { reason: 'is blocked' });
        assertMember(user);
        await repo.touchIdentity(linked.id, now);
        await members.recordLoginType(user.id, loginProvider, now, tx);
        return { status: 'account_exist', loginToken: await this.deps.auth.issueLoginToken({ userId: user.id, provider: loginProvider, now }, tx), loginProvider };
      }

      // Only what the provider has verified may point at an existing account.
      const matches = await members.findAccountsMatching(claims.emailVerified ? claims.email : null, claims.phoneNumberVerified ? claims.phoneNumber : null, tx);
      if (matches.length > 1) return { status: 'multiple_accounts', loginProvider };
      const [match] = matches;
      if (match) {
        assertMember(match);
        // spec 4 merge_required: the member proves the account's phone before the identity is linked.
        const mergeToken = newToken();
        await repo.insertMergeToken({
          tokenHash: hashToken(mergeToken),
          targetUserId: match.id,
          provider: claims.provider,
          subject: claims.subject,
          email: claims.email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + MERGE_TOKEN_TTL_MS),
        });
        return { status: 'merge_required', mergeToken, loginProvider };
      }

      const lang = input.lang ?? 'es';
      // Issue 15: an employer's id alone (no code) or an unknown id joins nothing; a partner's id joins it.
      const organization = await this.deps.signInOrganization({ orgId: input.orgId, empCode: input.empCode }, tx);
      // spec 6: social login is hidden for an organization with RestrictSocialLogin; the server refuses it too.
      if (organization && organizationOffers(organizationFlags(organization)).restrictSocialLogin) throw new AppError('FORBIDDEN', { reason: 'social-login-restricted' });
      const user = await members.createMember(
        { lang, loginType: loginProvider, organizationId: organization?.id ?? null, now, email: claims.email, firstName: claims.givenName, lastName: claims.familyName },
        tx,
      );
      await repo.linkIdentity({ userId: user.id, provider: claims.provider, subject: claims.subject, email: claims.email, createdAt: now, lastLoginAt: now });
      return { status: 'new_account_created', loginToken: await this.deps.auth.issueLoginToken({ userId: user.id, provider: loginProvider, now }, tx), loginProvider };
    });
  }

  /** The phone was proven (a login token from pwdless/verify): link the waiting identity to that account. */
  private async completeMerge(provider: LoginProvider, mergeToken: string, loginToken: string): Promise<IdentityVerifyResponse> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const repo = new IdentityRepository(tx);
      const { members } = this.deps;
      const merge = await repo.consumeMergeToken(hashToken(mergeToken), now);
      if (!merge || merge.provider !== provider) throw verifyFailed();
      const proof = await this.deps.auth.consumeLoginToken(loginToken, now, tx);
      // The phone proven must be the phone of the account the identity matched.
      if (typeof proof === 'string' || proof.userId !== merge.targetUserId) throw verifyFailed();
      const user = await members.findById(merge.targetUserId, tx);
      if (!user) throw verifyFailed();
      assertMember(user);
      await repo.linkIdentity({ userId: user.id, provider: merge.provider, subject: merge.subject, email: merge.email, createdAt: now, lastLoginAt: now });
      await members.recordLoginType(user.id, provider, now, tx);
      return { status: 'account_merged', loginToken: await this.deps.auth.issueLoginToken({ userId: user.id, provider, now }, tx), loginProvider: provider };
    });
  }
}

/** Staff sign in at /staff/login (a second factor follows); the member flow refuses them. */
function assertMember(user: UserRow): void {
  if (isStaff(user.userType)) throw new AppError('FORBIDDEN', { reason: 'staff-sign-in-required' });
}
