import { identityVerifyResponseSchema, type IdentityVerifyResponse } from '@puente/contracts';
import { LOGIN_PROVIDERS, type LoginProvider } from '@puente/domain';
import { apiRequest } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/** spec 3 verifyResponse: the identity waiting to be linked once the member proves the phone. */
export const readPendingMerge = (): { mergeToken: string; provider: LoginProvider } | null => {
  try {
    const raw = readStorage(STORAGE_KEYS.verifyResponse);
    const parsed = raw ? (JSON.parse(raw) as { mergeToken?: unknown; provider?: unknown }) : null;
    if (typeof parsed?.mergeToken !== 'string' || !(LOGIN_PROVIDERS as readonly unknown[]).includes(parsed.provider)) return null;
    return { mergeToken: parsed.mergeToken, provider: parsed.provider as LoginProvider };
  } catch {
    return null;
  }
};

/** POST /api/auth/auth0/verify with the mergeToken and the phone's login token: links the identity (account_merged). */
export const completeMerge = (input: { provider: LoginProvider; mergeToken: string; loginToken: string }): Promise<IdentityVerifyResponse> =>
  apiRequest('/api/auth/auth0/verify', { method: 'POST', body: input, auth: false, schema: identityVerifyResponseSchema });
