import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * spec 000 §3 Physician / User professional fields for coaches (mx-physician) and US doctors
 * (us-physician). The person (name, languages, practice) stays in `users`; state licences in
 * `physician_licenses`. Texts shown to members are kept in both languages.
 */
export const physicianProfiles = pgTable('physician_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nickName: text('nick_name'),
  imgUrl: text('img_url'),
  bio: jsonb('bio').$type<{ es: string; en: string }>(),
  /** spec 3 medicalSpecialties (speciality, subspecialities). */
  medicalSpecialties: jsonb('medical_specialties').$type<{ speciality: string; subspecialities?: string[] }[]>().notNull().default([]),
  /** spec 3 academicBackground (institutionName, grade, startYear, endYear). */
  academicBackground: jsonb('academic_background')
    .$type<{ institutionName: string; grade?: string | null; startYear?: number | null; endYear?: number | null }[]>()
    .notNull()
    .default([]),
  /** spec 3 professional information beside the licences. */
  cedula: text('cedula'),
  npi: text('npi'),
  dea: text('dea'),
  /** spec 3 isAvailable: the physician's own switch for on-demand requests. */
  isAvailable: boolean('is_available').notNull().default(false),
  /** Tags the online list filters by beyond practice and language (e.g. nutrition, chronic). */
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** Partners (organizations) whose members this physician serves; empty = everyone. */
  partnerIds: text('partner_ids').array().notNull().default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Weekly working hours of a physician, for the schedulable list and availableSlots(date).
 * weekday: 0 Sunday .. 6 Saturday (date-fns getDay); starts/ends HH:mm in `time_zone`.
 */
export const physicianAvailability = pgTable(
  'physician_availability',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    starts: text('starts').notNull(),
    ends: text('ends').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Length of one bookable slot. */
    slotMinutes: integer('slot_minutes').notNull().default(30),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekday, t.starts] })],
);

/** spec 3 Topic template: sections and mainActions, content kept per language. */
export const topicTemplates = pgTable('topic_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  content: jsonb('content').$type<Record<'es' | 'en', unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** spec 3 Organization.topicsTemplateId: the template an organization's members see. */
export const organizationTopicTemplates = pgTable(
  'organization_topic_templates',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    topicsTemplateId: text('topics_template_id')
      .notNull()
      .references(() => topicTemplates.id),
  },
  (t) => [index('organization_topic_templates_template_idx').on(t.topicsTemplateId)],
);

export type PhysicianProfileRow = typeof physicianProfiles.$inferSelect;
export type NewPhysicianProfileRow = typeof physicianProfiles.$inferInsert;
export type PhysicianAvailabilityRow = typeof physicianAvailability.$inferSelect;
export type TopicTemplateRow = typeof topicTemplates.$inferSelect;
