import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Product interactions (spec 001 §7 POST interactions/event and interactions/identity): what the
 * app tracked at its main steps, and the traits a device reported once signed in. Properties pass
 * the contracts allow-list first (ids, enums, small numbers, route paths): never health or personal
 * data. The user id is a pseudonymous key (null before sign-in); the device id is the app's own.
 */
export const interactions = pgTable(
  'interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'event' | 'identity'>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** The tracked event's name (kind event); null for identity rows. */
    event: text('event'),
    /** The allowed properties (kind event) or traits (kind identity). */
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('interactions_user_idx').on(t.userId, t.createdAt), index('interactions_device_idx').on(t.deviceId, t.createdAt)],
);

export type InteractionRow = typeof interactions.$inferSelect;
