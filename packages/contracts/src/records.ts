import { FEEDBACK_STATUSES, HISTORY_PAGE_MAX, LANGUAGES, safeString, SURVEY_TYPES } from '@puente/domain';
import * as z from 'zod/mini';
import { appointmentHistoryItemSchema, appointmentSchema } from './appointments';

/**
 * What the member keeps (issue 12): her history in pages, one consultation's record as she reads
 * it, the surveys (createSurvey, spec 7) and the admin's support inbox.
 */

/** GET /api/records/history?cursor&limit: the member's own history, newest first. */
export const historyPageQuerySchema = z.object({
  cursor: z.optional(safeString().check(z.maxLength(200))),
  limit: z.optional(z.pipe(z.coerce.number({ message: 'invalid_limit' }), z.int({ message: 'invalid_limit' }).check(z.gte(1, { message: 'invalid_limit' }), z.lte(HISTORY_PAGE_MAX, { message: 'invalid_limit' })))),
});
export const historyPageSchema = z.object({
  items: z.array(appointmentHistoryItemSchema),
  /** Pass it back to get the next (older) page; null at the end. */
  nextCursor: z.nullable(safeString()),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/**
 * Free text written by a clinician: shown as written, labelled with its language; `translation` is
 * the translation provider's answer in the reader's language, null when not translated.
 */
export const freeTextSchema = z.object({
  text: safeString(),
  language: z.enum(LANGUAGES),
  translation: z.nullable(safeString()),
});
export type FreeText = z.infer<typeof freeTextSchema>;

/** GET /api/records/appointments/{id}: one consultation as its member reads it. */
export const memberRecordSchema = z.object({
  appointment: appointmentSchema,
  /** spec 4: notes are hidden after expiry (replaced by the expired message). */
  notesHidden: z.boolean(),
  /** The consultation note's fields by name (labels come from the reader's language). */
  note: z.array(z.object({ name: safeString(), value: freeTextSchema })),
  plan: z.nullable(z.object({ conclusions: z.nullable(freeTextSchema), recomendations: z.nullable(freeTextSchema) })),
  /** Each prescription line's free-text instructions (sig), in the order of appointment.prescriptions. */
  prescriptionNotes: z.array(z.nullable(freeTextSchema)),
  /** Whether the member already answered this consultation's survey. */
  surveyAnswered: z.boolean(),
  /** Whether a signed prescription PDF is hers to download (none when a vendor such as DoseSpot sent it). */
  documentAvailable: z.boolean(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;


/** GET /api/records/clinicians: who cared for the member (the complaint's clinician is one of them). */
export const clinicianListSchema = z.object({
  clinicians: z.array(z.object({ id: safeString(), name: safeString(), userType: z.enum(['mx-physician', 'us-physician']) })),
});
export type ClinicianList = z.infer<typeof clinicianListSchema>;

// --- Surveys ------------------------------------------------------------------------------------

/**
 * createSurvey(data: items, type, memberId, primaryContactId) (spec 7); answers _id. Satisfaction
 * surveys also carry the consultation they rate (appointmentId, ours: the spec's survey route has it).
 */
export const createSurveyInputSchema = z.object({
  data: z.object({
    type: z.enum(SURVEY_TYPES, { message: 'invalid_survey_type' }),
    items: z.record(safeString().check(z.maxLength(60)), z.unknown()),
    memberId: safeString().check(z.minLength(1)),
    primaryContactId: z.nullish(safeString().check(z.maxLength(100))),
    appointmentId: z.nullish(safeString().check(z.maxLength(100))),
  }),
});
export type CreateSurveyInput = z.input<typeof createSurveyInputSchema>;
export const createSurveyResultSchema = z.object({ _id: safeString() });

export const SURVEY_GQL = {
  createSurvey: `mutation CreateSurvey($data: SurveyInput!) { createSurvey(data: $data) { _id } }`,
} as const;

// --- The admin's support inbox ----------------------------------------------------------------------

export const supportRequestSchema = z.object({
  id: safeString(),
  kind: z.enum(['COMPLAINT_REPORT', 'SUPPORT']),
  status: z.enum(FEEDBACK_STATUSES),
  memberId: safeString(),
  memberName: z.nullable(safeString()),
  items: z.record(safeString(), z.unknown()),
  createdAt: safeString(),
  replyDueAt: safeString(),
  overdue: z.boolean(),
});
export type SupportRequestDto = z.infer<typeof supportRequestSchema>;
export const supportInboxSchema = z.object({ requests: z.array(supportRequestSchema) });
export const supportStatusUpdateSchema = z.object({ status: z.enum(FEEDBACK_STATUSES, { message: 'invalid_status' }) });

/** The member's record (spec 000 §5, GET): the web client's requests and the API's routes. */
export const RECORD_PATHS = {
  history: '/api/records/history',
  clinicians: '/api/records/clinicians',
  /** The route's pattern; `appointment(id)` is its address. */
  appointmentRoute: '/api/records/appointments/:id',
  appointment: (id: string) => `/api/records/appointments/${encodeURIComponent(id)}`,
} as const;
