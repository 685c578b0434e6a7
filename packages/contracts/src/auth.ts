import { fullPhoneNumberSchema, LANGUAGES, LOGIN_STATUSES, verificationCodeSchema, safeString } from '@puente/domain';
import { z } from 'zod';
import { memberSchema } from './member';
import { SUBSCRIPTION_FIELDS } from './membership';

/** spec 000 §4 "Login and phone verification outcomes": the list lives once, in @puente/domain. */
export { LOGIN_STATUSES, type LoginStatus } from '@puente/domain';

/** POST /api/auth/pwdless/phone (spec 001 §7): phoneNumber, resetToken, language, organisationId, empCode. */
export const pwdlessPhoneRequestSchema = z.object({
  phoneNumber: fullPhoneNumberSchema,
  resetToken: safeString().min(1).optional(),
  language: z.enum(LANGUAGES).optional(),
  organisationId: safeString().min(1).optional(),
  empCode: safeString().min(1).optional(),
});
export type PwdlessPhoneRequest = z.input<typeof pwdlessPhoneRequestSchema>;
/** The answer never says whether the phone has an account. */
export const pwdlessPhoneResponseSchema = z.object({
  pwdlessToken: safeString(),
  /** When the same phone may ask for another code (ISO time); spec 9 resend wait. */
  resendAvailableAt: safeString(),
});
export type PwdlessPhoneResponse = z.infer<typeof pwdlessPhoneResponseSchema>;

/** POST /api/auth/pwdless/verify: code, pwdlessToken, orgId, empCode, lang. */
export const pwdlessVerifyRequestSchema = z.object({
  code: verificationCodeSchema,
  pwdlessToken: safeString({ error: 'passwordless-invalid-token' }).min(1, { message: 'passwordless-invalid-token' }),
  orgId: safeString().min(1).optional(),
  empCode: safeString().min(1).optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type PwdlessVerifyRequest = z.input<typeof pwdlessVerifyRequestSchema>;
export const LOGIN_PROVIDERS_ALL = ['pwdless', 'google', 'facebook', 'apple', 'email'] as const;
export const pwdlessVerifyResponseSchema = z.object({
  status: z.enum(LOGIN_STATUSES),
  loginToken: safeString(),
  loginProvider: z.enum(LOGIN_PROVIDERS_ALL),
  /**
   * spec 4: the account has a pending deletion request (ISO time). The web app does not open a
   * session (createSession refuses it); it keeps the time and the member id and offers restore.
   */
  deletionRequestTime: safeString().optional(),
  memberId: safeString().optional(),
});
export type PwdlessVerifyResponse = z.infer<typeof pwdlessVerifyResponseSchema>;

/** GraphQL createSession(loginToken, timeZone) and refreshSession(sessionToken, timeZone). */
export const createSessionInputSchema = z.object({ loginToken: safeString().min(1), timeZone: safeString().min(1) });
export const refreshSessionInputSchema = z.object({ sessionToken: safeString().min(1), timeZone: safeString().min(1) });
export const sessionPayloadSchema = z.object({
  member: memberSchema,
  sessionToken: safeString(),
  mustAcceptTos: z.boolean(),
});
export type SessionPayload = z.infer<typeof sessionPayloadSchema>;

/** GET /api/members/{id}/recovery-code: shown once, then NOT_FOUND. */
export const recoveryCodeResponseSchema = z.object({ recoveryCode: safeString() });
export type RecoveryCodeResponse = z.infer<typeof recoveryCodeResponseSchema>;

/**
 * The GraphQL documents the web app sends. The server's SDL (apps/api) must answer exactly these;
 * a test in apps/api runs each one against the schema.
 */
export const MEMBER_FIELDS = `id firstName lastName email phoneNumber countryCode userType preferredLang consultationLang languages organizationId timeZone loginType loginTypes agreedTosAt needsToAcceptTerms createdAt nickName birthday sex gender address { zipCode city state country } height weight heightMetricSystem weightMetricSystem alergies medications medicalConditions surgeries { name date howLong dateApprox } preferredContactMethod topicsOfInterest identificationNumber labConsent { wasInfoProvided updatedAt } healthScreeningConsentAt healthProfileAnsweredAt insuranceInfo { typeOfInsurance } hasInsurance { wasInfoProvided } pharmacy { pharmStoreName pharmAddressLine1 pharmAddressLine2 pharmCity pharmState pharmZip pharmPhone pharmLatitude pharmLongitude } emailVerifiedAt referredById referredByName organization { id name settings dependantOrganizations } subscription { ${SUBSCRIPTION_FIELDS} }`;
export const GQL = {
  createSession: `mutation CreateSession($loginToken: String!, $timeZone: String!) { createSession(loginToken: $loginToken, timeZone: $timeZone) { sessionToken mustAcceptTos member { ${MEMBER_FIELDS} } } }`,
  refreshSession: `mutation RefreshSession($sessionToken: String!, $timeZone: String!) { refreshSession(sessionToken: $sessionToken, timeZone: $timeZone) { sessionToken mustAcceptTos member { ${MEMBER_FIELDS} } } }`,
  getMember: `query GetMember { getMember { ${MEMBER_FIELDS} } }`,
  /** spec 7 updateMember(memberId, data): data holds only MEMBER_UPDATE_WHITELIST fields (the server refuses others). */
  updateMember: `mutation UpdateMember($memberId: ID!, $data: MemberUpdateData!) { updateMember(memberId: $memberId, data: $data) { ${MEMBER_FIELDS} } }`,
  /** spec 7 "accept terms (returns an agreement date)". */
  acceptTerms: `mutation AcceptTerms { acceptTerms }`,
} as const;
