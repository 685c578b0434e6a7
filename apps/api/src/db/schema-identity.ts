import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const id = () => uuid('id').primaryKey().defaultRandom();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An identity-provider account (OpenID Connect issuer subject) linked to one of our users. */
export const linkedIdentities = pgTable(
  'linked_identities',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** spec 3 login providers: google, facebook, apple, email. */
    provider: text('provider').notNull(),
    /** The ID token's `sub` at that provider's issuer. */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [uniqueIndex('linked_identities_provider_subject_unique').on(t.provider, t.subject), index('linked_identities_user_idx').on(t.userId)],
);

/**
 * One authorization-code request in flight: the state (hashed), the PKCE verifier and the nonce the
 * server checks when the provider sends the member back. Short-lived and single use.
 */
export const oidcAuthRequests = pgTable(
  'oidc_auth_requests',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    /** 'member' (POST /api/auth/auth0/verify) or 'staff' (staff sign-in). */
    purpose: text('purpose').$type<'member' | 'staff'>().notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [uniqueIndex('oidc_auth_requests_state_unique').on(t.stateHash)],
);

/**
 * spec 3 "mergeToken": an identity whose email or phone matches an existing account, waiting for
 * the member to prove that account's phone before it is linked.
 */
export const mergeTokens = pgTable(
  'merge_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    targetUserId: uuid('target_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [uniqueIndex('merge_tokens_token_hash_unique').on(t.tokenHash)],
);

/** A staff member's TOTP secret, encrypted at rest (AES-256-GCM, key from STAFF_TOTP_KEY). */
export const staffTotpSecrets = pgTable('staff_totp_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** Null until the first code from the authenticator app is accepted (enrolment done). */
  confirmedAt: ts('confirmed_at'),
  /** The last accepted 30-second step: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  createdAt: ts('created_at').notNull(),
});

/** A staff email one-time code (same rules as the phone code: hashed, 10 min, single use, 5 tries). */
export const staffEmailChallenges = pgTable(
  'staff_email_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    /** Null when no staff account has that email: the answer looks the same either way. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull(),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('staff_email_challenges_token_unique').on(t.tokenHash), index('staff_email_challenges_email_idx').on(t.email, t.createdAt)],
);

/** After the first factor: the ticket that lets a staff member enrol or enter a TOTP code. */
export const staffMfaTickets = pgTable(
  'staff_mfa_tickets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** How the first factor was passed: 'email' or an identity provider. */
    firstFactor: text('first_factor').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('staff_mfa_tickets_token_unique').on(t.tokenHash)],
);

export type LinkedIdentityRow = typeof linkedIdentities.$inferSelect;
export type OidcAuthRequestRow = typeof oidcAuthRequests.$inferSelect;
export type MergeTokenRow = typeof mergeTokens.$inferSelect;
export type StaffTotpSecretRow = typeof staffTotpSecrets.$inferSelect;
export type StaffEmailChallengeRow = typeof staffEmailChallenges.$inferSelect;
export type StaffMfaTicketRow = typeof staffMfaTickets.$inferSelect;
