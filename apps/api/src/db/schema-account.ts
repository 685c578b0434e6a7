import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who read or changed a member's personal or health data, when the reader was not that member.
 * Append-only: a trigger (migration 0002) raises on UPDATE and DELETE, so not even the
 * application can rewrite history. Rows hold ids only, no personal data, so erasing a member
 * (README "Data retention") does not need to touch them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: ts('at').notNull(),
    /** null for the system itself (the erasure job). */
    actorId: uuid('actor_id'),
    /** member, admin, mx-physician, us-physician or system. */
    actorRole: text('actor_role').notNull(),
    /** read, update, create, delete, erase, read-denied. */
    action: text('action').notNull(),
    /** What kind of data: member, recovery-code, deletion-request, ... */
    resource: text('resource').notNull(),
    /** The member whose data it is. */
    subjectId: uuid('subject_id'),
    /** The record read or changed, when it is not the member row itself. */
    recordId: text('record_id'),
    /** Field names touched, never their values. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectId, t.at), index('audit_log_actor_idx').on(t.actorId, t.at)],
);

/**
 * Step 1 of a phone change (/change-phone/recovery): previous phone + recovery code gave a
 * resetToken. Step 2 binds it to the passwordless challenge sent to the new phone; verifying that
 * code moves the account to the new phone.
 */
export const phoneResets = pgTable(
  'phone_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The pwdless challenge (token hash) sent to the new phone. */
    challengeTokenHash: text('challenge_token_hash'),
    newPhoneNumber: text('new_phone_number'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [uniqueIndex('phone_resets_token_hash_unique').on(t.tokenHash), index('phone_resets_challenge_idx').on(t.challengeTokenHash)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type PhoneResetRow = typeof phoneResets.$inferSelect;
