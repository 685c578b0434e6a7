import {
  GQL,
  identityAuthorizeResponseSchema,
  identityProvidersResponseSchema,
  identityVerifyResponseSchema,
  sessionPayloadSchema,
  type IdentityAuthorizeRequest,
  type IdentityVerifyRequest,
  type SessionPayload,
} from '@puente/contracts';
import type { LoginProvider } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, graphqlRequest } from '@/lib/api-client';
import { getTimeZone } from '@/lib/time-zone';

/** GET /api/auth/identity-providers: configured providers and the login's organization settings. */
export const useIdentityProviders = (params: { orgId?: string; empCode?: string }) =>
  useQuery({
    queryKey: ['identity-providers', params.orgId ?? null, params.empCode ?? null],
    queryFn: () => {
      const query = new URLSearchParams();
      if (params.orgId) query.set('orgId', params.orgId);
      if (params.empCode) query.set('empCode', params.empCode);
      return apiRequest(`/api/auth/identity-providers?${query.toString()}`, { auth: false, schema: identityProvidersResponseSchema });
    },
    staleTime: 5 * 60_000,
  });

/** Where the browser is sent back to: the pending request (provider, purpose, state) waits in session storage. */
const PENDING_KEY = 'identity-pending';
export interface PendingIdentityRequest {
  provider: LoginProvider;
  purpose: 'member' | 'staff';
  state: string;
}
export const readPendingIdentity = (): PendingIdentityRequest | null => {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingIdentityRequest) : null;
  } catch {
    return null;
  }
};
export const clearPendingIdentity = (): void => {
  try {
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
};

/** POST /api/auth/oidc/authorize, then the browser leaves for the provider. */
export async function startIdentityLogin(input: IdentityAuthorizeRequest & { purpose: 'member' | 'staff' }): Promise<void> {
  const { authorizationUrl, state } = await apiRequest('/api/auth/oidc/authorize', { method: 'POST', body: input, auth: false, schema: identityAuthorizeResponseSchema });
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ provider: input.provider, purpose: input.purpose, state }));
  } catch {
    // without storage the state check on return fails safe (verify refuses)
  }
  window.location.assign(authorizationUrl);
}

/** POST /api/auth/auth0/verify */
export const verifyIdentity = (input: IdentityVerifyRequest) =>
  apiRequest('/api/auth/auth0/verify', { method: 'POST', body: input, auth: false, schema: identityVerifyResponseSchema, language: input.lang });

/** GraphQL createSession with the login token the verification returned. */
export const createIdentitySession = (loginToken: string): Promise<SessionPayload> =>
  graphqlRequest(GQL.createSession, { loginToken, timeZone: getTimeZone() }, 'createSession', sessionPayloadSchema, { auth: false });
