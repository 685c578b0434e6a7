import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FeedbackKind, FeedbackStatus } from '@puente/domain';
import { users } from './schema';
import { appointments } from './schema-appointments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * spec 3 Surveys (createSurvey, spec 7): complaints, support requests and the satisfaction surveys.
 * Complaints and support requests are the admin's inbox (status, 48-hour reply target).
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<FeedbackKind>().notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    primaryContactId: text('primary_contact_id'),
    /** The consultation a satisfaction survey rates (one survey per consultation). */
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    items: jsonb('items').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<FeedbackStatus>().notNull().default('new'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('surveys_kind_status_idx').on(t.kind, t.status, t.createdAt),
    index('surveys_member_idx').on(t.memberId),
    uniqueIndex('surveys_appointment_unique').on(t.appointmentId).where(sql`${t.appointmentId} is not null`),
  ],
);

export type SurveyRow = typeof surveys.$inferSelect;

/** spec 3 Push registration: a member's browser push subscriptions (one row per endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
