import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What happened in a consultation's call, for the record (issue 5): joins through the return-to-call
 * modal (rejoined, spec 4), channel switches (video -> phone -> chat keeps previousChannel) and the
 * member entering and leaving the call (the first- and second-timeout rule, issue 11).
 */
export const callEvents = pgTable(
  'call_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'rejoined' | 'channel-switch' | 'member-joined' | 'member-left'>().notNull(),
    detail: text('detail'),
    at: ts('at').notNull(),
  },
  (t) => [index('call_events_appointment_idx').on(t.appointmentId, t.at)],
);

export type CallEventRow = typeof callEvents.$inferSelect;
