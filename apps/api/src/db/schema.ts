import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SessionScopeKind } from '@puente/domain';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** spec 000 §3 Organization. Feature flags are spec 000 §3 "Organization feature flags". */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    /** The employer code members type to join (spec 000 §3 "code (employer code)"). */
    code: text('code'),
    description: text('description'),
    type: text('type'),
    enabled: boolean('enabled').notNull().default(true),
    parentOrganizationId: uuid('parent_organization_id'),
    homePageUrl: text('home_page_url'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_code_unique').on(sql`upper(${t.code})`)],
);

/** spec 000 §3 User/member: every user type lives here (member, admin, mx-physician, us-physician). */
export const users = pgTable(
  'users',
  {
    id: id(),
    userType: text('user_type').$type<'member' | 'admin' | 'mx-physician' | 'us-physician'>().notNull().default('member'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    /** Full number (+, code, 10 digits); unique among accounts not deleted. */
    phoneNumber: text('phone_number'),
    countryCode: text('country_code'),
    preferredLang: text('preferred_lang').$type<'es' | 'en'>().notNull().default('es'),
    consultationLang: text('consultation_lang').$type<'es' | 'en'>().notNull().default('es'),
    languages: text('languages').array().$type<('es' | 'en')[]>().notNull().default(sql`'{}'::text[]`),
    practice: text('practice').$type<'health' | 'mentalhealth'>(),
    timeZone: text('time_zone'),
    agreedTosAt: ts('agreed_tos_at'),
    needsToAcceptTerms: boolean('needs_to_accept_terms').notNull().default(false),
    loginType: text('login_type'),
    loginTypes: text('login_types').array().notNull().default(sql`'{}'::text[]`),
    organizationId: uuid('organization_id').references(() => organizations.id),
    address: jsonb('address').$type<{ zipCode?: string; city?: string; state?: string; country?: string }>(),
    // Profile (issue 3 "Terms, onboarding, profile"): spec 000 §3 User/member fields.
    nickName: text('nick_name'),
    /** Calendar day of birth (spec 3 says epoch ms; a day avoids time-zone drift; presented as epoch ms at UTC midnight). */
    birthday: text('birthday'),
    sex: text('sex').$type<'male' | 'female'>(),
    gender: text('gender').$type<'male' | 'female' | 'nonbinary' | 'other'>(),
    height: doublePrecision('height'),
    weight: doublePrecision('weight'),
    heightMetricSystem: boolean('height_metric_system').notNull().default(true),
    weightMetricSystem: boolean('weight_metric_system').notNull().default(true),
    alergies: text('alergies').array().notNull().default(sql`'{}'::text[]`),
    medications: text('medications').array().notNull().default(sql`'{}'::text[]`),
    medicalConditions: text('medical_conditions').array().notNull().default(sql`'{}'::text[]`),
    surgeries: jsonb('surgeries').$type<{ name: string; date?: string | null; howLong?: string | null; dateApprox?: boolean | null }[]>().notNull().default([]),
    preferredContactMethod: text('preferred_contact_method').$type<'email' | 'phone_call' | 'text_message'>(),
    topicsOfInterest: text('topics_of_interest').array().notNull().default(sql`'{}'::text[]`),
    identificationNumber: text('identification_number'),
    labConsent: text('lab_consent').$type<'not_asked' | 'provided_no' | 'provided_yes'>().notNull().default('not_asked'),
    labConsentUpdatedAt: ts('lab_consent_updated_at'),
    healthScreeningConsentAt: ts('health_screening_consent_at'),
    /** Issue 11: she answered the health profile (even "nothing to declare"): not asked again on any device. */
    healthProfileAnsweredAt: ts('health_profile_answered_at'),
    insuranceType: text('insurance_type').$type<'employer' | 'spouse' | 'government' | 'none'>(),
    hasInsuranceInfoProvided: boolean('has_insurance_info_provided'),
    pharmacy: jsonb('pharmacy').$type<Record<string, string | number | null>>(),
    emailVerifiedAt: ts('email_verified_at'),
    /** Hash of the code in the verification link; cleared once verified. */
    emailVerificationCodeHash: text('email_verification_code_hash'),
    emailVerificationSentAt: ts('email_verification_sent_at'),
    emailVerificationReminderSentAt: ts('email_verification_reminder_sent_at'),
    recoveryCodeHash: text('recovery_code_hash'),
    /** Shown to its owner once (GET /api/members/:id/recovery-code), then cleared. */
    recoveryCodePending: text('recovery_code_pending'),
    deletionRequestedAt: ts('deletion_requested_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_active_unique').on(t.phoneNumber).where(sql`${t.deletedAt} is null`),
    index('users_organization_idx').on(t.organizationId),
    // The reminder sweep reads only members still waiting for a first reminder.
    index('users_email_reminder_due_idx').on(t.emailVerificationSentAt).where(sql`${t.emailVerifiedAt} is null and ${t.emailVerificationReminderSentAt} is null`),
  ],
);

/** spec 000 §3 "professional information ... licenses with licenseNumber and state". */
export const physicianLicenses = pgTable(
  'physician_licenses',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    licenseNumber: text('license_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('physician_licenses_user_state_unique').on(t.userId, t.state)],
);

/** Opaque bearer sessions, stored as a hash of the token; revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastSeenAt: ts('last_seen_at'),
    /** What this session may reach (domain SessionScope); null = the account's full session. */
    scopeKind: text('scope_kind').$type<SessionScopeKind>(),
    scopeAppointmentId: uuid('scope_appointment_id'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_scope_appointment_idx').on(t.scopeAppointmentId)],
);

/** One passwordless phone challenge: the code sent by SMS, bound to its pwdlessToken. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    language: text('language').$type<'es' | 'en'>().notNull(),
    organizationId: text('organization_id'),
    empCode: text('emp_code'),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull(),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('otp_challenges_token_hash_unique').on(t.tokenHash), index('otp_challenges_phone_idx').on(t.phoneNumber, t.createdAt)],
);

/** Bridges verify -> createSession: one use, short-lived. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    /** The scope the session opened with this token gets (a guest link's), and its latest end. */
    scopeKind: text('scope_kind').$type<SessionScopeKind>(),
    scopeAppointmentId: uuid('scope_appointment_id'),
    scopeExpiresAt: ts('scope_expires_at'),
  },
  (t) => [uniqueIndex('login_tokens_token_hash_unique').on(t.tokenHash)],
);

/** Every SMS and email the outbox providers "send" (read at /api/dev/outbox outside production). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type OrganizationRow = typeof organizations.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export * from './schema-account'; // recovery, account deletion and audit log (issue 3)
export * from './schema-identity'; // linked identities, merge tokens, staff sign-in (issue 3)
export * from './schema-physicians'; // physician profiles, weekly hours, topic templates (issue 4)
export * from './schema-appointments'; // appointments, transitions, consultation notes (issue 4)
export * from './schema-chat'; // chat conversations, participants and messages (issue 5)
export * from './schema-call'; // call events (issue 5)
export * from './schema-interactions'; // tracked product interactions (issue 10)
export * from './schema-membership'; // entitlement ledger, card checkouts, payment notifications (issue 14)
export * from './schema-records'; // surveys, complaints and support requests (issue 12)
export * from './schema-prescribing'; // prescriptions, reasons for none, pharmacy choices (issues 11/12)
export * from './schema-scheduling'; // calendars, scheduled appointments, job queue (issue 13)
export * from './schema-family'; // dependants and their invitation links (issue 15, family plans)
export * from './schema-organizations'; // organization sites, partners, members' sites, eligibility rosters (issue 15)
export * from './schema-note-parts'; // the signed consultation record by author, and its addenda (issue 11)
