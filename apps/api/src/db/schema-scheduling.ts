import type { AppointmentTopic, CalendarExceptionKind, Language, ScheduledStatus, UserType } from '@puente/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A coach's calendar settings (issue 13). Weekly hours stay in `physician_availability` (weekday,
 * HH:mm in the row's time zone); this row says which weekdays they apply to (spec 9: Monday to
 * Friday unless configured).
 */
export const physicianCalendars = pgTable('physician_calendars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  weekdays: integer('weekdays').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
  updatedAt: ts('updated_at').notNull(),
});

/** Time off and extra hours, as instants. */
export const calendarExceptions = pgTable(
  'calendar_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CalendarExceptionKind>().notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('calendar_exceptions_user_idx').on(t.userId, t.endsAt)],
);

/**
 * spec 000 §3 Scheduled appointment. `state` is 'scheduled' until cancelled ('scheduled-canceled');
 * `status` is the spec's scheduled / in-progress / finished. `sequence` counts calendar-invitation
 * updates (.ics SEQUENCE). One live booking per coach and start: the partial unique index makes the
 * database pick exactly one winner when two members book the same slot at once.
 */
export const scheduledAppointments = pgTable(
  'scheduled_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tinyId: text('tiny_id').notNull(),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => users.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').notNull(),
    createdByRole: text('created_by_role').$type<UserType>().notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    language: text('language').$type<Language>().notNull(),
    timezone: text('timezone').notNull(),
    status: text('status').$type<ScheduledStatus>().notNull().default('scheduled'),
    state: text('state').$type<'scheduled' | 'scheduled-canceled'>().notNull().default('scheduled'),
    cancelReason: text('cancel_reason'),
    canceledAt: ts('canceled_at'),
    topic: jsonb('topic').$type<AppointmentTopic>(),
    notes: text('notes'),
    sequence: integer('sequence').notNull().default(0),
    /** The live appointment created when the member joined. */
    appointmentId: uuid('appointment_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('scheduled_appointments_slot_uq').on(t.physicianId, t.startDate).where(sql`${t.state} = 'scheduled'`),
    index('scheduled_appointments_member_idx').on(t.memberId, t.startDate),
  ],
);

/**
 * The table-backed durable job queue (reminders). A job with a singleton key exists once; a
 * worker claims a due job by moving it to 'running' with a lease; 'done' jobs never run again;
 * failures retry until maxAttempts, then the job is 'dead' (the admin's dead-letter list).
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    singletonKey: text('singleton_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: ts('run_at').notNull(),
    state: text('state').$type<'pending' | 'running' | 'done' | 'dead' | 'canceled'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('job_queue_singleton_uq').on(t.singletonKey), index('job_queue_due_idx').on(t.state, t.runAt)],
);

/**
 * Each notice a reminder job sends, one row per message (appointment, sequence, kind, channel),
 * written before the provider is called: a job that runs again (a retry, or a worker that died
 * between the send and marking the job done) finds the row and does not send a second time.
 */
export const schedulingNoticeSends = pgTable('scheduling_notice_sends', {
  key: text('key').primaryKey(),
  scheduledAppointmentId: uuid('scheduled_appointment_id').notNull(),
  sentAt: ts('sent_at').notNull(),
});

export type ScheduledAppointmentRow = typeof scheduledAppointments.$inferSelect;
export type CalendarExceptionRow = typeof calendarExceptions.$inferSelect;
export type JobRow = typeof jobQueue.$inferSelect;
