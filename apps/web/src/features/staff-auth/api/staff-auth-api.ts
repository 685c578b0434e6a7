import {
  GQL,
  identityAuthorizeResponseSchema,
  sessionPayloadSchema,
  staffEmailStartResponseSchema,
  staffMfaStepSchema,
  staffTotpEnrolmentResponseSchema,
  staffTotpVerifyResponseSchema,
  type SessionPayload,
  type StaffIdentityVerifyRequest,
} from '@puente/contracts';
import type { LoginProvider } from '@puente/domain';
import { apiRequest, graphqlRequest } from '@/lib/api-client';
import { getTimeZone } from '@/lib/time-zone';

/** POST /api/staff/auth/email */
export const startStaffEmail = (email: string) =>
  apiRequest('/api/staff/auth/email', { method: 'POST', body: { email }, auth: false, schema: staffEmailStartResponseSchema });

/** POST /api/staff/auth/email/verify */
export const verifyStaffEmail = (challengeToken: string, code: string) =>
  apiRequest('/api/staff/auth/email/verify', { method: 'POST', body: { challengeToken, code }, auth: false, schema: staffMfaStepSchema });

/** POST /api/staff/auth/idp/verify */
export const verifyStaffIdentity = (input: StaffIdentityVerifyRequest) =>
  apiRequest('/api/staff/auth/idp/verify', { method: 'POST', body: input, auth: false, schema: staffMfaStepSchema });

/** POST /api/staff/auth/totp/enrolment */
export const enrolStaffTotp = (mfaToken: string) =>
  apiRequest('/api/staff/auth/totp/enrolment', { method: 'POST', body: { mfaToken }, auth: false, schema: staffTotpEnrolmentResponseSchema });

/** POST /api/staff/auth/totp/verify */
export const verifyStaffTotp = (mfaToken: string, code: string) =>
  apiRequest('/api/staff/auth/totp/verify', { method: 'POST', body: { mfaToken, code }, auth: false, schema: staffTotpVerifyResponseSchema });

/** GraphQL createSession with the staff login token. */
export const createStaffSession = (loginToken: string): Promise<SessionPayload> =>
  graphqlRequest(GQL.createSession, { loginToken, timeZone: getTimeZone() }, 'createSession', sessionPayloadSchema, { auth: false });

/** Staff identity-provider sign-in: the same OpenID flow with purpose 'staff' (identity feature's verify page hands back). */
export async function startStaffIdentityLogin(provider: LoginProvider, lang: string): Promise<void> {
  const { authorizationUrl, state } = await apiRequest('/api/auth/oidc/authorize', { method: 'POST', body: { provider, purpose: 'staff', lang }, auth: false, schema: identityAuthorizeResponseSchema });
  try {
    window.sessionStorage.setItem('identity-pending', JSON.stringify({ provider, purpose: 'staff', state }));
  } catch {
    // without storage the state check fails safe
  }
  window.location.assign(authorizationUrl);
}

export const readStaffPendingState = (): string | null => {
  try {
    const raw = window.sessionStorage.getItem('identity-pending');
    const parsed = raw ? (JSON.parse(raw) as { state?: string; purpose?: string }) : null;
    window.sessionStorage.removeItem('identity-pending');
    return parsed?.purpose === 'staff' ? (parsed.state ?? null) : null;
  } catch {
    return null;
  }
};
