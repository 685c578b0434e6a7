import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { appointments } from './schema-appointments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The one shared consultation record, by author (issue 11): the coach and the US doctor each write
 * their part of the note, attributed to them; a clinician signs her part (signedAt), after which it
 * is locked and later changes are addenda.
 */
export const consultationNoteParts = pgTable(
  'consultation_note_parts',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text('author_role').$type<'mx-physician' | 'us-physician'>().notNull(),
    templateId: text('template_id').notNull(),
    values: jsonb('values').$type<Record<string, string | number | boolean | null>>().notNull(),
    /** The language the author writes her free text in (issue 12: the member reads it labelled so); null for parts written before it was recorded. */
    language: text('language').$type<'es' | 'en'>(),
    updatedAt: ts('updated_at').notNull(),
    signedAt: ts('signed_at'),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.authorId] })],
);

/** Append-only additions to a signed note (issue 11): never updated or deleted. */
export const consultationNoteAddenda = pgTable(
  'consultation_note_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text('author_role').$type<'mx-physician' | 'us-physician'>().notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('consultation_note_addenda_appointment_idx').on(t.appointmentId, t.createdAt)],
);

export type ConsultationNotePartRow = typeof consultationNoteParts.$inferSelect;
export type ConsultationNoteAddendumRow = typeof consultationNoteAddenda.$inferSelect;
