import {
  APPOINTMENT_STATES,
  APPOINTMENT_TYPES,
  CHANNELS,
  CONNECTION_STRENGTHS,
  ESCALATION_URGENCIES,
  escalationRequestSchema,
  JOIN_METHODS,
  languageSchema,
  PRACTICES,
  READINESS_ITEMS,
  safeFormat,
  safeString,
  SCHEDULED_STATUSES,
  trimmedSafeString,
  USER_TYPES,
  type Prescription,
} from '@puente/domain';
import * as z from 'zod/mini';
import { PHYSICIAN_FIELDS, physicianSchema } from './physicians';
import { appointmentTopicSchema } from './topics';

/**
 * Appointments (spec 000 §3 Appointment, §4 states; spec 001 §7 calls). Every state change goes
 * through the domain machine on the server; clients ask, the server decides and alerts.
 */

const trimmed = trimmedSafeString;

export const appointmentLocationSchema = z.object({
  /** ISO country code: MX or US (spec 3 Region). */
  country: safeString().check(z.trim(), z.minLength(2), z.maxLength(2)),
  /** State code (US: CA, TX...; MX: CDMX...). spec 5: required (mandatory_form_state_placeholder). */
  state: safeString({ error: 'mandatory_form_state_placeholder' }).check(z.trim(), z.minLength(1, { message: 'mandatory_form_state_placeholder' }), z.maxLength(60)),
  /** spec 5: required (mandatory_form_city_placeholder); may be a new free entry. */
  city: safeString({ error: 'mandatory_form_city_placeholder' }).check(z.trim(), z.minLength(1, { message: 'mandatory_form_city_placeholder' }), z.maxLength(120)),
});
export type AppointmentLocation = z.infer<typeof appointmentLocationSchema>;

export const selfAssessmentSchema = z.object({
  appointmentReason: z.nullish(trimmed(500)),
  appointmentReasonKey: z.nullish(trimmed(100)),
  painLevel: z.nullish(z.int().check(z.gte(0), z.lte(10))),
  symptoms: z.optional(z.array(trimmed(100)).check(z.maxLength(30))),
});

export const prescriptionSchema = z.object({
  code: trimmed(50).check(z.minLength(1)),
  codeSystem: trimmed(50).check(z.minLength(1)),
  name: trimmed(200).check(z.minLength(1)),
  qty: z.nullish(trimmed(50)),
  duration: z.nullish(trimmed(50)),
  freq: z.nullish(trimmed(50)),
  dosage: z.nullish(trimmed(100)),
  sig: z.nullish(trimmed(500)),
  // Safe prescribing (issue 11/12): the structured line; written by the server when the US doctor signs.
  strength: z.nullish(trimmed(100)),
  doseForm: z.nullish(trimmed(100)),
  route: z.nullish(trimmed(50)),
  drugClass: z.nullish(trimmed(50)),
  dose: z.nullish(z.number()),
  doseUnit: z.nullish(trimmed(30)),
  frequency: z.nullish(trimmed(50)),
  durationDays: z.nullish(z.int()),
  quantity: z.nullish(z.number()),
  quantityUnit: z.nullish(trimmed(30)),
  daysSupply: z.nullish(z.int()),
  refills: z.nullish(z.int()),
  substitutionAllowed: z.nullish(z.boolean()),
  diagnosis: z.nullish(z.object({ code: trimmed(20), text: trimmed(300) })),
  allergyOverride: z.nullish(z.object({ allergies: z.array(trimmed(200)), reason: trimmed(500) })),
  prescriber: z.nullish(z.object({ name: trimmed(200), npi: z.nullable(trimmed(20)), licenseState: trimmed(10), licenseNumber: z.nullable(trimmed(50)) })),
  signedAt: z.nullish(trimmed(40)),
});
export type PrescriptionDto = z.infer<typeof prescriptionSchema>;
// The wire shape is the domain's Prescription (spec 3): a field added to one and not the other fails to compile.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** A compile-time check only (no value at run time): `false` here does not satisfy `Holds`. */
export type PrescriptionIsDomainShape = Holds<SameShape<PrescriptionDto, Prescription>>;

export const appointmentPharmacySchema = z.object({
  pharmStoreName: z.nullish(trimmed(200)),
  pharmAddressLine1: z.nullish(trimmed(200)),
  pharmAddressLine2: z.nullish(trimmed(200)),
  pharmCity: z.nullish(trimmed(100)),
  pharmState: z.nullish(trimmed(60)),
  pharmZip: z.nullish(trimmed(20)),
  pharmPhone: z.nullish(trimmed(30)),
  pharmLatitude: z.nullish(z.number()),
  pharmLongitude: z.nullish(z.number()),
});

/** The most characters each text of the medical record holds (ours: the spec names no limit). */
export const MEDICAL_RECORD_TEXT_MAX = 10_000;
/** A text of the medical record: over the limit, the field says so (dashboard_text_too_long, with {{max}}). */
const recordText = () => trimmed(MEDICAL_RECORD_TEXT_MAX, 'dashboard_text_too_long');

/** spec 3 medicalRecord: written by the assigned physicians only (dashboard tabs). */
export const medicalRecordSchema = z.object({
  /** Never shown to the member. */
  internalNotes: z.nullish(recordText()),
  plan: z.nullish(z.object({
      conclusions: z.nullish(recordText()),
      recomendations: z.nullish(recordText()),
      treatment: z.optional(z.array(z.object({ medication: trimmed(200).check(z.minLength(1)), dosis: trimmed(200) })).check(z.maxLength(30))),
    })),
  pharmacy: z.nullish(appointmentPharmacySchema),
});
export type MedicalRecordDto = z.infer<typeof medicalRecordSchema>;

/**
 * The medical record's free texts as its writer last read them (saveMedicalRecord's basedOn): for
 * each text she changed, what she started from. A text a colleague changed since is not written
 * over (CONFLICT, reason record-changed, data.fields: the domain's overwrittenFields).
 */
export const medicalRecordBaseSchema = z.object({
  internalNotes: z.nullish(recordText()),
  plan: z.nullish(z.object({ conclusions: z.nullish(recordText()), recomendations: z.nullish(recordText()) })),
});
export type MedicalRecordBaseDto = z.infer<typeof medicalRecordBaseSchema>;

/** A medical record's free texts by path (internalNotes, plan.conclusions, plan.recomendations), as the domain's overwrittenFields reads them. */
export const medicalRecordTexts = (record: MedicalRecordBaseDto | null | undefined): Record<string, string | null | undefined> => ({
  internalNotes: record?.internalNotes,
  'plan.conclusions': record?.plan?.conclusions,
  'plan.recomendations': record?.plan?.recomendations,
});

/**
 * What GraphQL answers: a list the caller left out comes back as null, not absent. The answer
 * shapes accept that; the request shapes above stay strict.
 */
const selfAssessmentAnswerSchema = z.extend(selfAssessmentSchema, { symptoms: z.nullish(z.array(safeString())) });
const medicalRecordAnswerSchema = z.extend(medicalRecordSchema, {
  plan: z.nullish(z.object({
      conclusions: z.nullish(safeString()),
      recomendations: z.nullish(safeString()),
      treatment: z.nullish(z.array(z.object({ medication: safeString(), dosis: safeString() }))),
    })),
});

/** The coach's handoff as the physicians see it (issue 11): reason, urgency and when it was asked. */
export const escalationSchema = z.object({ reason: safeString(), urgency: z.enum(ESCALATION_URGENCIES), requestedAt: safeString() });
export type EscalationDto = z.infer<typeof escalationSchema>;

/**
 * What the US doctor is handed (issue 11): the coach's consultation note (its filled fields) and a
 * short chat summary (counts and the last few messages, domain HANDOFF_CHAT_MESSAGES). Only US
 * doctors and admins receive it, and only once a US doctor is needed.
 */
export const handoffSchema = z.object({
  coachNote: z.array(z.object({ name: safeString(), value: safeString() })),
  chat: z.object({
    messageCount: z.int(),
    attachmentCount: z.int(),
    last: z.array(z.object({ role: z.enum(USER_TYPES), text: z.nullable(safeString()), attachment: z.boolean(), at: safeString() })),
  }),
  /** Readiness before escalation (issue 12): what the member still lacks for a prescription (domain prescriptionReadiness). */
  readiness: z.optional(z.array(z.enum(READINESS_ITEMS))),
});
export type HandoffDto = z.infer<typeof handoffSchema>;

/** The appointment as the API presents it (members never receive internalNotes). */
export const appointmentSchema = z.object({
  id: safeString(),
  memberId: safeString(),
  mxDoctorId: z.nullable(safeString()),
  usDoctorId: z.nullable(safeString()),
  mxDoctor: z.nullable(physicianSchema),
  usDoctor: z.nullable(physicianSchema),
  state: z.enum(APPOINTMENT_STATES),
  statusReason: z.nullable(safeString()),
  status: z.enum(SCHEDULED_STATUSES),
  statusUserId: z.nullable(safeString()),
  type: z.enum(APPOINTMENT_TYPES),
  channel: z.enum(CHANNELS),
  previousChannel: z.nullable(z.enum(CHANNELS)),
  practice: z.enum(PRACTICES),
  language: languageSchema,
  topic: z.nullable(appointmentTopicSchema),
  selfAssessment: z.nullable(selfAssessmentAnswerSchema),
  location: z.nullable(appointmentLocationSchema),
  /** spec 1/6: full-care or coaching-only, from the location at creation. */
  serviceScope: z.enum(['full-care', 'coaching-only']),
  usDoctorNeeded: z.boolean(),
  prescriptionNeeded: z.boolean(),
  prescriptions: z.array(prescriptionSchema),
  medicalRecord: z.nullable(medicalRecordAnswerSchema),
  roomName: z.nullable(safeString()),
  preJoinStep: z.nullable(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  cameraAccessGranted: z.nullable(z.boolean()),
  memberJoinMethod: z.nullable(z.enum(JOIN_METHODS)),
  connectionStrength: z.nullable(z.int()),
  isMxDoctorBusy: z.boolean(),
  chatHasMessages: z.boolean(),
  conversationid: z.nullable(safeString()),
  parentAppointmentId: z.nullable(safeString()),
  chiefComplaint: z.nullable(safeString()),
  templateId: z.nullable(safeString()),
  timezone: z.nullable(safeString()),
  createdByRole: z.nullable(z.enum(USER_TYPES)),
  startDate: safeString(),
  endDate: z.nullable(safeString()),
  createdAt: safeString(),
  updatedAt: safeString(),
  /** When the current waiting phase times out (S1/S2 coach, S6/S7 doctor), ISO; null otherwise. */
  deadlineAt: z.nullable(safeString()),
  /** The member's name for the physician dashboard (null for the member's own view). */
  memberName: z.nullable(safeString()),
  /** issue 11: the coach's request for a US doctor (null for members and before any request). */
  escalation: z.nullish(escalationSchema),
  /** issue 11: the handoff's note and chat summary (US doctors and admins only). */
  handoff: z.nullish(handoffSchema),
});
export type AppointmentDto = z.infer<typeof appointmentSchema>;

/**
 * createAppointment(data, returnNewDocument) (spec 7). Defaults from domain newAppointmentDefaults:
 * type on-demand, state 1, channel video-call. The member is the caller.
 */
export const createAppointmentDataSchema = z.object({
  practice: z.enum(PRACTICES),
  language: z.optional(languageSchema),
  channel: z.optional(z.enum(CHANNELS)),
  topic: z.nullish(appointmentTopicSchema),
  selfAssessment: z.nullish(selfAssessmentSchema),
  location: appointmentLocationSchema,
  timezone: z.optional(trimmed(60)),
  /** A specific online coach chosen on /ondemand-perfil-coach/{id}; otherwise any matching coach. */
  mxDoctorId: z.optional(safeFormat(z.uuid({ message: 'invalid_physician' }))),
  chiefComplaint: z.nullish(trimmed(2_000)),
});
export type CreateAppointmentData = z.input<typeof createAppointmentDataSchema>;
export const createAppointmentInputSchema = z.object({ data: createAppointmentDataSchema, returnNewDocument: z.optional(z.boolean()) });
/** With returnNewDocument the appointment, otherwise only its id. */
export const createAppointmentResultSchema = z.object({ id: safeString(), appointment: z.nullable(appointmentSchema) });
export type CreateAppointmentResult = z.infer<typeof createAppointmentResultSchema>;

/**
 * updateAppointment(appointment) (spec 7). `state` (+ `statusReason`) asks for a transition; the
 * server checks it against the machine and the caller's role. The other fields are edits the
 * caller's role may make (members: prejoin, camera, location, channel; physicians: chief
 * complaint, template, prescriptionNeeded).
 */
export const updateAppointmentInputSchema = z.object({
  id: safeString().check(z.minLength(1)),
  state: z.optional(z.enum(APPOINTMENT_STATES)),
  statusReason: z.nullish(trimmed(60)),
  preJoinStep: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  cameraAccessGranted: z.optional(z.boolean()),
  location: z.optional(appointmentLocationSchema),
  channel: z.optional(z.enum(CHANNELS)),
  chiefComplaint: z.nullish(trimmed(2_000)),
  templateId: z.nullish(trimmed(100)),
  prescriptionNeeded: z.optional(z.boolean()),
  /** issue 11: with a move to COACH_REQUEST_US_DR, the coach's reason and urgency. */
  escalation: z.optional(escalationRequestSchema),
});
export type UpdateAppointmentInput = z.input<typeof updateAppointmentInputSchema>;

/** cancelAppointment(appointmentId, reason): member (canceled-by-socio...), admin (canceled-by-admin). */
export const cancelAppointmentInputSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), reason: trimmed(60).check(z.minLength(1)) });

/** saveMedicalRecord(appointmentId, medicalRecord, basedOn?): assigned physicians only; basedOn: the texts she started from. */
export const saveMedicalRecordInputSchema = z.object({
  appointmentId: safeString().check(z.minLength(1)),
  medicalRecord: medicalRecordSchema,
  basedOn: z.optional(medicalRecordBaseSchema),
});
/** sendPrescription(appointmentId, prescriptions): only a US doctor licensed in the member's state. */
export const sendPrescriptionInputSchema = z.object({
  appointmentId: safeString().check(z.minLength(1)),
  prescriptions: z.array(prescriptionSchema).check(z.minLength(1, { message: 'prescriptions_required' }), z.maxLength(20)),
});
/** saveConsultationNote(appointmentId, templateId, values): assigned physicians only. */
export const saveConsultationNoteInputSchema = z.object({
  appointmentId: safeString().check(z.minLength(1)),
  templateId: trimmed(100).check(z.minLength(1)),
  values: z.record(safeString().check(z.maxLength(100)), z.union([safeString().check(z.maxLength(10_000)), z.number(), z.boolean(), z.null()])),
});

/** spec 3 Consultation note: values by field name; templates by practice (name, label per role, _id). */
export const consultationNoteFieldSchema = z.object({ name: safeString(), label: safeString(), kind: z.enum(['text', 'textarea']) });
export const consultationNoteTemplateSchema = z.object({
  _id: safeString(),
  practice: z.enum(PRACTICES),
  name: safeString(),
  /** The label each role sees (mx-physician, us-physician, member). */
  label: z.object({ member: safeString(), mxPhysician: safeString(), usPhysician: safeString() }),
  fields: z.array(consultationNoteFieldSchema),
});
/**
 * The one shared record, by author (issue 11): each clinician's part of the note, attributed; a
 * signed part is locked (signedAt), and later changes are addenda. Clinicians only: a member gets
 * none (her summary is `values`).
 */
export const consultationNotePartSchema = z.object({
  authorId: safeString(),
  authorName: z.nullable(safeString()),
  authorRole: z.enum(['mx-physician', 'us-physician']),
  templateId: safeString(),
  values: z.record(safeString(), z.unknown()),
  updatedAt: safeString(),
  signedAt: z.nullable(safeString()),
});
export type ConsultationNotePart = z.infer<typeof consultationNotePartSchema>;
export const consultationNoteAddendumSchema = z.object({
  id: safeString(),
  authorId: safeString(),
  authorName: z.nullable(safeString()),
  authorRole: z.enum(['mx-physician', 'us-physician']),
  text: safeString(),
  createdAt: safeString(),
});
export type ConsultationNoteAddendum = z.infer<typeof consultationNoteAddendumSchema>;
export const consultationNoteSchema = z.object({
  values: z.record(safeString(), z.unknown()),
  templates: z.array(consultationNoteTemplateSchema),
  partnerProducts: z.array(z.object({ id: safeString(), title: safeString() })),
  parts: z._default(z.array(consultationNotePartSchema), []),
  addenda: z._default(z.array(consultationNoteAddendumSchema), []),
});
/** signConsultationNote(appointmentId, authorId): a clinician signs her own part only. */
export const signConsultationNoteInputSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), authorId: safeString().check(z.minLength(1)) });
/** addConsultationNoteAddendum(appointmentId, text): after her part is signed. */
export const addConsultationNoteAddendumInputSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), text: trimmed(10_000).check(z.minLength(1, { message: 'required' })) });
export type ConsultationNoteDto = z.infer<typeof consultationNoteSchema>;

/** spec 4 history card data (getAppointmentsHistory). */
export const appointmentHistoryItemSchema = z.object({
  id: safeString(),
  startDate: safeString(),
  state: z.enum(APPOINTMENT_STATES),
  status: z.enum(SCHEDULED_STATUSES),
  statusReason: z.nullable(safeString()),
  type: z.enum(APPOINTMENT_TYPES),
  channel: z.enum(CHANNELS),
  practice: z.enum(PRACTICES),
  reason: z.nullable(safeString()),
  physicianName: z.nullable(safeString()),
  physicianUserType: z.nullable(z.enum(['mx-physician', 'us-physician'])),
  prescriptionNeeded: z.boolean(),
  parentAppointmentId: z.nullable(safeString()),
  chatHasMessages: z.boolean(),
});
export type AppointmentHistoryItem = z.infer<typeof appointmentHistoryItemSchema>;

/** REST: PATCH /api/appointments/{id}/join-method/{app|link}, PATCH .../connection-strength/{1..3}. */
export const joinMethodParamsSchema = z.object({ id: safeString().check(z.minLength(1)), method: z.enum(JOIN_METHODS, { message: 'invalid_join_method' }) });
export const connectionStrengthParamsSchema = z.object({
  id: safeString().check(z.minLength(1)),
  value: z.pipe(
    z.coerce.number({ message: 'invalid_connection_strength' }),
    z.int({ message: 'invalid_connection_strength' }).check(z.refine((v) => (CONNECTION_STRENGTHS as readonly number[]).includes(v), { message: 'invalid_connection_strength' })),
  ),
});
/** GET /api/appointments/{id}/exit-redirect-url: where the member goes when leaving the call. */
export const exitRedirectUrlResponseSchema = z.object({ url: safeString() });
/** GET /api/admin/appointments/live (admin): every appointment not yet in a terminal state. */
export const liveQueueResponseSchema = z.object({ appointments: z.array(appointmentSchema) });

/**
 * issue 11, the clinician's own list: GET /api/physicians/{id}/consultations (not in the spec; the
 * spec's calls have no physician's list). Slim rows (no clinical data): the member's name, state,
 * channel, and the times the queue age counts from (the request; the coach's handoff).
 */
export const clinicianConsultationSchema = z.object({
  id: safeString(),
  memberName: z.nullable(safeString()),
  state: z.enum(APPOINTMENT_STATES),
  channel: z.enum(CHANNELS),
  practice: z.enum(PRACTICES),
  /** Her part in it: the coach (mx) or the US doctor. */
  role: z.enum(['coach', 'us-doctor']),
  createdAt: safeString(),
  updatedAt: safeString(),
  escalatedAt: z.nullable(safeString()),
  endDate: z.nullable(safeString()),
});
export type ClinicianConsultation = z.infer<typeof clinicianConsultationSchema>;
export const clinicianConsultationsResponseSchema = z.object({ active: z.array(clinicianConsultationSchema), recent: z.array(clinicianConsultationSchema) });
export type ClinicianConsultationsResponse = z.infer<typeof clinicianConsultationsResponseSchema>;

/** What the web sends to the server for a physician's own appointments. */
export const APPOINTMENT_FIELDS = `id memberId mxDoctorId usDoctorId mxDoctor { ${PHYSICIAN_FIELDS} } usDoctor { ${PHYSICIAN_FIELDS} } state statusReason status statusUserId type channel previousChannel practice language topic { topicId topicText subtopicId subtopicText } selfAssessment { appointmentReason appointmentReasonKey painLevel symptoms } location { country state city } serviceScope usDoctorNeeded prescriptionNeeded prescriptions { code codeSystem name qty duration freq dosage sig strength doseForm route drugClass dose doseUnit frequency durationDays quantity quantityUnit daysSupply refills substitutionAllowed diagnosis { code text } allergyOverride { allergies reason } prescriber { name npi licenseState licenseNumber } signedAt } medicalRecord { internalNotes plan { conclusions recomendations treatment { medication dosis } } pharmacy { pharmStoreName pharmAddressLine1 pharmAddressLine2 pharmCity pharmState pharmZip pharmPhone pharmLatitude pharmLongitude } } roomName preJoinStep cameraAccessGranted memberJoinMethod connectionStrength isMxDoctorBusy chatHasMessages conversationid parentAppointmentId chiefComplaint templateId timezone createdByRole startDate endDate createdAt updatedAt deadlineAt memberName escalation { reason urgency requestedAt } handoff { coachNote { name value } chat { messageCount attachmentCount last { role text attachment at } } readiness }`;
const HISTORY_FIELDS = `id startDate state status statusReason type channel practice reason physicianName physicianUserType prescriptionNeeded parentAppointmentId chatHasMessages`;
const NOTE_FIELDS = `values templates { _id practice name label { member mxPhysician usPhysician } fields { name label kind } } partnerProducts { id title } parts { authorId authorName authorRole templateId values updatedAt signedAt } addenda { id authorId authorName authorRole text createdAt }`;

/**
 * GraphQL documents. `values` of a consultation note and the `data` of alerts are JSON scalars.
 * getAppointmentQueue: coach -> S1 requests matching language, practice and licence; US doctor ->
 * S6 escalations in states they are licensed in; admin -> the live queue.
 */
export const APPOINTMENT_GQL = {
  createAppointment: `mutation CreateAppointment($data: CreateAppointmentData!, $returnNewDocument: Boolean) { createAppointment(data: $data, returnNewDocument: $returnNewDocument) { id appointment { ${APPOINTMENT_FIELDS} } } }`,
  getAppointment: `query GetAppointment($appointmentId: ID!) { getAppointment(appointmentId: $appointmentId) { ${APPOINTMENT_FIELDS} } }`,
  getCurrentAppointment: `query GetCurrentAppointment { getCurrentAppointment { ${APPOINTMENT_FIELDS} } }`,
  appointmentDetails: `query AppointmentDetails($appointmentId: ID!) { appointmentDetails(appointmentId: $appointmentId) { ${APPOINTMENT_FIELDS} } }`,
  getAppointmentsHistory: `query GetAppointmentsHistory($memberId: ID!) { getAppointmentsHistory(memberId: $memberId) { ${HISTORY_FIELDS} } }`,
  getAppointmentQueue: `query GetAppointmentQueue { getAppointmentQueue { ${APPOINTMENT_FIELDS} } }`,
  updateAppointment: `mutation UpdateAppointment($appointment: UpdateAppointmentInput!) { updateAppointment(appointment: $appointment) { ${APPOINTMENT_FIELDS} } }`,
  acceptAppointment: `mutation AcceptAppointment($appointmentId: ID!) { acceptAppointment(appointmentId: $appointmentId) { ${APPOINTMENT_FIELDS} } }`,
  /** issue 11: a physician declines a request offered to them; true when done. */
  declineAppointment: `mutation DeclineAppointment($appointmentId: ID!) { declineAppointment(appointmentId: $appointmentId) }`,
  finishAppointment: `mutation FinishAppointment($appointmentId: ID!) { finishAppointment(appointmentId: $appointmentId) { ${APPOINTMENT_FIELDS} } }`,
  cancelAppointment: `mutation CancelAppointment($appointmentId: ID!, $reason: String!) { cancelAppointment(appointmentId: $appointmentId, reason: $reason) { ${APPOINTMENT_FIELDS} } }`,
  saveMedicalRecord: `mutation SaveMedicalRecord($appointmentId: ID!, $medicalRecord: MedicalRecordInput!, $basedOn: MedicalRecordBaseInput) { saveMedicalRecord(appointmentId: $appointmentId, medicalRecord: $medicalRecord, basedOn: $basedOn) { ${APPOINTMENT_FIELDS} } }`,
  sendPrescription: `mutation SendPrescription($appointmentId: ID!, $prescriptions: [PrescriptionInput!]!) { sendPrescription(appointmentId: $appointmentId, prescriptions: $prescriptions) { ${APPOINTMENT_FIELDS} } }`,
  getConsultationNoteForMember: `query GetConsultationNoteForMember($appointmentId: ID!, $memberId: ID!, $templateId: String) { getConsultationNoteForMember(appointmentId: $appointmentId, memberId: $memberId, templateId: $templateId) { ${NOTE_FIELDS} } }`,
  saveConsultationNote: `mutation SaveConsultationNote($appointmentId: ID!, $templateId: String!, $values: JSON!) { saveConsultationNote(appointmentId: $appointmentId, templateId: $templateId, values: $values) { ${NOTE_FIELDS} } }`,
  signConsultationNote: `mutation SignConsultationNote($appointmentId: ID!, $authorId: ID!) { signConsultationNote(appointmentId: $appointmentId, authorId: $authorId) { ${NOTE_FIELDS} } }`,
  addConsultationNoteAddendum: `mutation AddConsultationNoteAddendum($appointmentId: ID!, $text: String!) { addConsultationNoteAddendum(appointmentId: $appointmentId, text: $text) { ${NOTE_FIELDS} } }`,
} as const;
