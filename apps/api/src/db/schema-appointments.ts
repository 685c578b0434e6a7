import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { appointmentTopicSchema, consultationNoteFieldSchema, consultationNoteTemplateSchema, selfAssessmentSchema, AppointmentLocation, MedicalRecordDto } from '@puente/contracts';
import type { AppointmentState, AppointmentType, Channel, EscalationUrgency, JoinMethod, Language, Practice, Prescription, ScheduledStatus, UserType } from '@puente/domain';
import type * as z from 'zod/mini';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// The JSON columns hold the contracts' shapes (issue 9: one definition per shape): the type of
// each column is inferred from the zod schema that validates what is written into it.
export type AppointmentLocationValue = AppointmentLocation;
/** planLanguage: the language the plan's writer writes in (issue 12), set by the server, never by the client. */
export type MedicalRecordValue = MedicalRecordDto & { planLanguage?: 'es' | 'en' | null };
type AppointmentTopicValue = z.infer<typeof appointmentTopicSchema>;
type SelfAssessmentValue = z.infer<typeof selfAssessmentSchema>;
/** A prescription line as stored: the domain's one shape (spec 3 Prescription). */
export type PrescriptionValue = Prescription;

/** spec 000 §3 Appointment; states and reasons from the domain machine (spec 000 §4). */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    mxDoctorId: uuid('mx_doctor_id').references(() => users.id),
    usDoctorId: uuid('us_doctor_id').references(() => users.id),
    /** The coach the member picked on /ondemand-perfil-coach/{id}; only they are offered it. */
    requestedMxDoctorId: uuid('requested_mx_doctor_id').references(() => users.id),
    state: text('state').$type<AppointmentState>().notNull(),
    statusReason: text('status_reason'),
    status: text('status').$type<ScheduledStatus>().notNull().default('in-progress'),
    statusUserId: uuid('status_user_id'),
    type: text('type').$type<AppointmentType>().notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    previousChannel: text('previous_channel').$type<Channel>(),
    practice: text('practice').$type<Practice>().notNull(),
    language: text('language').$type<Language>().notNull(),
    topic: jsonb('topic').$type<AppointmentTopicValue>(),
    selfAssessment: jsonb('self_assessment').$type<SelfAssessmentValue>(),
    location: jsonb('location').$type<AppointmentLocationValue>(),
    serviceScope: text('service_scope').$type<'full-care' | 'coaching-only'>().notNull(),
    usDoctorNeeded: boolean('us_doctor_needed').notNull().default(false),
    prescriptionNeeded: boolean('prescription_needed').notNull().default(false),
    prescriptions: jsonb('prescriptions').$type<PrescriptionValue[]>().notNull().default([]),
    medicalRecord: jsonb('medical_record').$type<MedicalRecordValue>(),
    roomName: text('room_name'),
    preJoinStep: integer('pre_join_step').$type<1 | 2 | 3>(),
    cameraAccessGranted: boolean('camera_access_granted'),
    memberJoinMethod: text('member_join_method').$type<JoinMethod>(),
    connectionStrength: integer('connection_strength'),
    isMxDoctorBusy: boolean('is_mx_doctor_busy').notNull().default(false),
    chatHasMessages: boolean('chat_has_messages').notNull().default(false),
    conversationId: text('conversation_id'),
    parentAppointmentId: uuid('parent_appointment_id'),
    chiefComplaint: text('chief_complaint'),
    /** The coach's handoff to a US doctor (issue 11): why, how soon (domain ESCALATION_URGENCIES) and when. */
    escalationReason: text('escalation_reason'),
    escalationUrgency: text('escalation_urgency').$type<EscalationUrgency>(),
    escalatedAt: ts('escalated_at'),
    templateId: text('template_id'),
    timezone: text('timezone'),
    createdByRole: text('created_by_role').$type<UserType>(),
    /** Physicians who rejected or let this request time out: not offered it again (doctorsBlacklistId). */
    doctorsBlacklist: uuid('doctors_blacklist').array().notNull().default(sql`'{}'::uuid[]`),
    /** When the current waiting phase times out (read by the scheduler). */
    deadlineAt: ts('deadline_at'),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('appointments_member_idx').on(t.memberId, t.createdAt),
    index('appointments_state_idx').on(t.state),
    index('appointments_mx_doctor_idx').on(t.mxDoctorId),
    index('appointments_us_doctor_idx').on(t.usDoctorId),
    index('appointments_deadline_idx').on(t.deadlineAt).where(sql`${t.deadlineAt} is not null`),
  ],
);

/** Every transition, as the machine allowed it (who, from, to, why, when). */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fromState: text('from_state').$type<AppointmentState>(),
    toState: text('to_state').$type<AppointmentState>().notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.at)],
);

/** spec 3 Consultation note templates, keyed by practice (name, label per role, _id). */
export const consultationNoteTemplates = pgTable('consultation_note_templates', {
  id: text('id').primaryKey(),
  practice: text('practice').$type<Practice>().notNull(),
  name: text('name').notNull(),
  label: jsonb('label').$type<z.infer<typeof consultationNoteTemplateSchema>['label']>().notNull(),
  fields: jsonb('fields').$type<z.infer<typeof consultationNoteFieldSchema>[]>().notNull(),
});

/** spec 3 Consultation note values, per appointment and template, written by physicians. */
export const consultationNotes = pgTable(
  'consultation_notes',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => consultationNoteTemplates.id),
    values: jsonb('values').$type<Record<string, string | number | boolean | null>>().notNull(),
    authorId: uuid('author_id').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.templateId] })],
);

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type AppointmentEventRow = typeof appointmentEvents.$inferSelect;
export type ConsultationNoteTemplateRow = typeof consultationNoteTemplates.$inferSelect;
