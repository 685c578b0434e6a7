import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvitationStatus, Language } from '@puente/domain';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Family plan (spec 3 Dependant, spec 9 "maximum dependants 3"). One row per dependant a referrer
 * invited. The limit is the database's: `slot` is 1..3 (check) and unique per referrer, so two
 * concurrent adds can never hold a fourth place, whatever the service counted.
 * `member_id` is the spec's memberId: `temp|<uuid>` while the invitation is pending, the
 * dependant's user id once she accepted (then also `user_id`, unique: one referrer per dependant).
 */
export const dependants = pgTable(
  'dependants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    memberId: text('member_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    /** Full number (+, code, 10 digits). */
    phoneNumber: text('phone_number').notNull(),
    preferredLang: text('preferred_lang').$type<Language>().notNull(),
    invitationStatus: text('invitation_status').$type<InvitationStatus>().notNull().default('PENDING'),
    invitedAt: ts('invited_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('dependants_slot_range', sql`${t.slot} between 1 and 3`),
    uniqueIndex('dependants_referrer_slot_unique').on(t.referrerId, t.slot),
    uniqueIndex('dependants_referrer_phone_unique').on(t.referrerId, t.phoneNumber),
    uniqueIndex('dependants_member_id_unique').on(t.memberId),
    uniqueIndex('dependants_user_unique').on(t.userId),
  ],
);
export type DependantRow = typeof dependants.$inferSelect;

/**
 * The texted invitation links: only a hash of the token is kept. A link stops working when its
 * dependant is removed (dependant_id set null: withdrawn), or a newer link was sent (revoked_at);
 * it then answers INVITATION_EXPIRED with the referrer's name (spec 8).
 */
export const dependantInvitations = pgTable(
  'dependant_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dependantId: uuid('dependant_id').references(() => dependants.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('dependant_invitations_dependant_idx').on(t.dependantId)],
);
export type DependantInvitationRow = typeof dependantInvitations.$inferSelect;
