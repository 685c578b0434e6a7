import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Sessions opened from a guest link (spec 2 "Link to consult"): each reaches one appointment only.
 * The appointment id is not a foreign key on purpose: the scope outlives nothing, and a session
 * row going away (logout, expiry, account erasure) takes its scope with it.
 */
export const guestSessions = pgTable('guest_sessions', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  appointmentId: uuid('appointment_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * What happened in a consultation's call, for the record (issue 5): joins through the return-to-call
 * modal (rejoined, spec 4) and channel switches (video -> phone -> chat keeps previousChannel).
 */
export const callEvents = pgTable(
  'call_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'rejoined' | 'channel-switch'>().notNull(),
    detail: text('detail'),
    at: ts('at').notNull(),
  },
  (t) => [index('call_events_appointment_idx').on(t.appointmentId, t.at)],
);

export type GuestSessionRow = typeof guestSessions.$inferSelect;
export type CallEventRow = typeof callEvents.$inferSelect;
