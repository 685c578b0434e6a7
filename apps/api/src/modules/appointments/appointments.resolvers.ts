import { createRequire } from 'node:module';
import {
  cancelAppointmentInputSchema,
  createAppointmentInputSchema,
  saveConsultationNoteInputSchema,
  signConsultationNoteInputSchema,
  addConsultationNoteAddendumInputSchema,
  saveMedicalRecordInputSchema,
  sendPrescriptionInputSchema,
  updateAppointmentInputSchema,
  type AppointmentDto,
  type AppointmentHistoryItem,
  type ConsultationNoteDto,
  type CreateAppointmentResult,
} from '@puente/contracts';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { AppointmentsService } from './appointments.service';

// The same graphql copy mercurius uses (see graphql.ts).
const { GraphQLScalarType } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** A JSON value (consultation note values). Validated by the contract schema in the resolver. */
const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v: unknown) => v,
  parseValue: (v: unknown) => v,
});

/** Field names exactly as packages/contracts appointmentSchema (a test runs every APPOINTMENT_GQL document). */
export const appointmentsTypeDefs = /* GraphQL */ `
  scalar JSON
  type AppointmentTopic {
    topicId: String!
    topicText: String!
    subtopicId: String
    subtopicText: String
  }
  type SelfAssessment {
    appointmentReason: String
    appointmentReasonKey: String
    painLevel: Int
    symptoms: [String!]
  }
  type AppointmentLocation {
    country: String!
    state: String!
    city: String!
  }
  type Prescription {
    code: String!
    codeSystem: String!
    name: String!
    qty: String
    duration: String
    freq: String
    dosage: String
    sig: String
    strength: String
    doseForm: String
    route: String
    drugClass: String
    dose: Float
    doseUnit: String
    frequency: String
    durationDays: Int
    quantity: Float
    quantityUnit: String
    daysSupply: Int
    refills: Int
    substitutionAllowed: Boolean
    diagnosis: PrescriptionDiagnosis
    allergyOverride: PrescriptionAllergyOverride
    prescriber: Prescriber
    signedAt: String
  }
  type PrescriptionDiagnosis {
    code: String!
    text: String!
  }
  type PrescriptionAllergyOverride {
    allergies: [String!]!
    reason: String!
  }
  type Prescriber {
    name: String!
    npi: String
    licenseState: String!
    licenseNumber: String
  }
  type Treatment {
    medication: String!
    dosis: String!
  }
  type MedicalPlan {
    conclusions: String
    recomendations: String
    treatment: [Treatment!]
  }
  type Pharmacy {
    pharmStoreName: String
    pharmAddressLine1: String
    pharmAddressLine2: String
    pharmCity: String
    pharmState: String
    pharmZip: String
    pharmPhone: String
    pharmLatitude: Float
    pharmLongitude: Float
  }
  type Escalation {
    reason: String!
    urgency: String!
    requestedAt: String!
  }
  type HandoffNoteField {
    name: String!
    value: String!
  }
  type HandoffChatMessage {
    role: String!
    text: String
    attachment: Boolean!
    at: String!
  }
  type HandoffChat {
    messageCount: Int!
    attachmentCount: Int!
    last: [HandoffChatMessage!]!
  }
  type Handoff {
    coachNote: [HandoffNoteField!]!
    chat: HandoffChat!
    "what the member still lacks for a prescription: state, address, phone, pharmacy (issue 12)"
    readiness: [String!]
  }
  type MedicalRecord {
    "never sent to the member"
    internalNotes: String
    plan: MedicalPlan
    pharmacy: Pharmacy
  }
  type Appointment {
    id: ID!
    memberId: ID!
    mxDoctorId: ID
    usDoctorId: ID
    mxDoctor: Physician
    usDoctor: Physician
    state: String!
    statusReason: String
    status: String!
    statusUserId: ID
    type: String!
    channel: String!
    previousChannel: String
    practice: String!
    language: String!
    topic: AppointmentTopic
    selfAssessment: SelfAssessment
    location: AppointmentLocation
    serviceScope: String!
    usDoctorNeeded: Boolean!
    prescriptionNeeded: Boolean!
    prescriptions: [Prescription!]!
    medicalRecord: MedicalRecord
    roomName: String
    preJoinStep: Int
    cameraAccessGranted: Boolean
    memberJoinMethod: String
    connectionStrength: Int
    isMxDoctorBusy: Boolean!
    chatHasMessages: Boolean!
    conversationid: String
    parentAppointmentId: ID
    chiefComplaint: String
    templateId: String
    timezone: String
    createdByRole: String
    startDate: String!
    endDate: String
    createdAt: String!
    updatedAt: String!
    deadlineAt: String
    memberName: String
    "the coach's request for a US doctor (physicians only)"
    escalation: Escalation
    "the coach's note and a chat summary for the US doctor (US doctors and admins only)"
    handoff: Handoff
  }
  type CreateAppointmentResult {
    id: ID!
    appointment: Appointment
  }
  type AppointmentHistoryItem {
    id: ID!
    startDate: String!
    state: String!
    status: String!
    statusReason: String
    type: String!
    channel: String!
    practice: String!
    reason: String
    physicianName: String
    physicianUserType: String
    prescriptionNeeded: Boolean!
    parentAppointmentId: ID
    chatHasMessages: Boolean!
  }
  type ConsultationNoteLabel {
    member: String!
    mxPhysician: String!
    usPhysician: String!
  }
  type ConsultationNoteField {
    name: String!
    label: String!
    kind: String!
  }
  type ConsultationNoteTemplate {
    _id: ID!
    practice: String!
    name: String!
    label: ConsultationNoteLabel!
    fields: [ConsultationNoteField!]!
  }
  type PartnerProduct {
    id: ID!
    title: String!
  }
  "a clinician's part of the one shared record (issue 11), attributed; signedAt locks it"
  type ConsultationNotePart {
    authorId: ID!
    authorName: String
    authorRole: String!
    templateId: String!
    values: JSON!
    updatedAt: String!
    signedAt: String
  }
  "an append-only addition to a signed note"
  type ConsultationNoteAddendum {
    id: ID!
    authorId: ID!
    authorName: String
    authorRole: String!
    text: String!
    createdAt: String!
  }
  type ConsultationNote {
    values: JSON!
    templates: [ConsultationNoteTemplate!]!
    partnerProducts: [PartnerProduct!]!
    parts: [ConsultationNotePart!]!
    addenda: [ConsultationNoteAddendum!]!
  }
  input AppointmentTopicInput {
    topicId: String!
    topicText: String!
    subtopicId: String
    subtopicText: String
  }
  input SelfAssessmentInput {
    appointmentReason: String
    appointmentReasonKey: String
    painLevel: Int
    symptoms: [String!]
  }
  input AppointmentLocationInput {
    country: String!
    state: String!
    city: String!
  }
  input CreateAppointmentData {
    "health or mentalhealth"
    practice: String!
    language: String
    channel: String
    topic: AppointmentTopicInput
    selfAssessment: SelfAssessmentInput
    location: AppointmentLocationInput!
    timezone: String
    "a chosen coach (optional)"
    mxDoctorId: ID
    chiefComplaint: String
  }
  input UpdateAppointmentInput {
    id: ID!
    "asks for a transition; checked against the state machine and the caller's role"
    state: String
    statusReason: String
    preJoinStep: Int
    cameraAccessGranted: Boolean
    location: AppointmentLocationInput
    channel: String
    chiefComplaint: String
    templateId: String
    prescriptionNeeded: Boolean
    "with state COACH_REQUEST_US_DR: the coach's reason and urgency (issue 11)"
    escalation: EscalationInput
  }
  input EscalationInput {
    reason: String!
    "routine, soon or urgent"
    urgency: String!
  }
  input PrescriptionInput {
    code: String!
    codeSystem: String!
    name: String!
    qty: String
    duration: String
    freq: String
    dosage: String
    sig: String
  }
  input TreatmentInput {
    medication: String!
    dosis: String!
  }
  input MedicalPlanInput {
    conclusions: String
    recomendations: String
    treatment: [TreatmentInput!]
  }
  input PharmacyInput {
    pharmStoreName: String
    pharmAddressLine1: String
    pharmAddressLine2: String
    pharmCity: String
    pharmState: String
    pharmZip: String
    pharmPhone: String
    pharmLatitude: Float
    pharmLongitude: Float
  }
  input MedicalRecordInput {
    internalNotes: String
    plan: MedicalPlanInput
    pharmacy: PharmacyInput
  }
  "The texts a save changes as its writer last read them: a text a colleague changed since is refused (CONFLICT, reason record-changed)."
  input MedicalRecordBaseInput {
    internalNotes: String
    plan: MedicalPlanBaseInput
  }
  input MedicalPlanBaseInput {
    conclusions: String
    recomendations: String
  }
  extend type Query {
    getAppointment(appointmentId: ID!): Appointment!
    "the caller's appointment still in progress (after a reload or reconnect), or null"
    getCurrentAppointment: Appointment
    appointmentDetails(appointmentId: ID!): Appointment!
    getAppointmentsHistory(memberId: ID!): [AppointmentHistoryItem!]!
    "coach: matching requests in the queue; US doctor: escalations they are licensed for; admin: the live queue"
    getAppointmentQueue: [Appointment!]!
    getConsultationNoteForMember(appointmentId: ID!, memberId: ID!, templateId: String): ConsultationNote!
  }
  extend type Mutation {
    createAppointment(data: CreateAppointmentData!, returnNewDocument: Boolean): CreateAppointmentResult!
    updateAppointment(appointment: UpdateAppointmentInput!): Appointment!
    acceptAppointment(appointmentId: ID!): Appointment!
    "a physician declines a request offered to them (back to the queue, or to the other physicians)"
    declineAppointment(appointmentId: ID!): Boolean!
    cancelAppointment(appointmentId: ID!, reason: String!): Appointment!
    finishAppointment(appointmentId: ID!): Appointment!
    saveMedicalRecord(appointmentId: ID!, medicalRecord: MedicalRecordInput!, basedOn: MedicalRecordBaseInput): Appointment!
    sendPrescription(appointmentId: ID!, prescriptions: [PrescriptionInput!]!): Appointment!
    saveConsultationNote(appointmentId: ID!, templateId: String!, values: JSON!): ConsultationNote!
    "a clinician signs her own part of the record; a signed part is locked"
    signConsultationNote(appointmentId: ID!, authorId: ID!): ConsultationNote!
    "after signing, later changes are addenda"
    addConsultationNoteAddendum(appointmentId: ID!, text: String!): ConsultationNote!
  }
`;

const appointmentIdArgs = z.object({ appointmentId: safeString().check(z.minLength(1)) });
const historyArgs = z.object({ memberId: safeString().check(z.minLength(1)) });
const noteArgs = z.object({ appointmentId: safeString().check(z.minLength(1)), memberId: safeString().check(z.minLength(1)), templateId: z.nullish(safeString().check(z.minLength(1))) });

/** GraphQL leaves absent optional inputs as null; the contracts use undefined for "not sent". */
const dropNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, dropNulls(v)]));
  return value;
};

const session = (ctx: GraphqlContext) => {
  if (!ctx.auth) throw new AppError('UNAUTHORIZED');
  return ctx.auth.user;
};

export function appointmentsResolvers(appointments: AppointmentsService) {
  return {
    JSON: JSONScalar,
    Query: {
      getAppointment: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> =>
        appointments.get(session(ctx), parseWith(appointmentIdArgs, args).appointmentId, ctx.lang),
      getCurrentAppointment: (_r: unknown, _a: unknown, ctx: GraphqlContext): Promise<AppointmentDto | null> => appointments.current(session(ctx), ctx.lang),
      appointmentDetails: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> =>
        appointments.get(session(ctx), parseWith(appointmentIdArgs, args).appointmentId, ctx.lang),
      getAppointmentsHistory: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentHistoryItem[]> =>
        appointments.history(session(ctx), parseWith(historyArgs, args).memberId, ctx.lang),
      getAppointmentQueue: (_r: unknown, _a: unknown, ctx: GraphqlContext): Promise<AppointmentDto[]> => appointments.queue(session(ctx), ctx.lang),
      getConsultationNoteForMember: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<ConsultationNoteDto> => {
        const user = session(ctx);
        const a = parseWith(noteArgs, args);
        return appointments.consultationNote(user, a.appointmentId, a.memberId, a.templateId);
      },
    },
    Mutation: {
      createAppointment: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<CreateAppointmentResult> => {
        const user = session(ctx);
        const input = parseWith(createAppointmentInputSchema, dropNulls(args));
        return appointments.create(user, input.data, input.returnNewDocument ?? false, ctx.lang);
      },
      updateAppointment: (_r: unknown, args: { appointment?: unknown }, ctx: GraphqlContext): Promise<AppointmentDto> => {
        const user = session(ctx);
        const raw = (args.appointment ?? {}) as Record<string, unknown>;
        // statusReason and the nullable physician fields may be sent as null on purpose.
        const input = parseWith(updateAppointmentInputSchema, { ...(dropNulls(raw) as object), ...pickNulls(raw, ['statusReason', 'chiefComplaint', 'templateId']) });
        return appointments.update(user, input, ctx.lang);
      },
      acceptAppointment: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> =>
        appointments.accept(session(ctx), parseWith(appointmentIdArgs, args).appointmentId, ctx.lang),
      declineAppointment: async (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<boolean> => {
        await appointments.decline(session(ctx), parseWith(appointmentIdArgs, args).appointmentId);
        return true;
      },
      cancelAppointment: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> => {
        const user = session(ctx);
        const input = parseWith(cancelAppointmentInputSchema, args);
        return appointments.cancel(user, input.appointmentId, input.reason, ctx.lang);
      },
      finishAppointment: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> =>
        appointments.finish(session(ctx), parseWith(appointmentIdArgs, args).appointmentId, ctx.lang),
      saveMedicalRecord: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> => {
        const user = session(ctx);
        const input = parseWith(saveMedicalRecordInputSchema, dropNulls(args));
        return appointments.saveMedicalRecord(user, input.appointmentId, input.medicalRecord, ctx.lang, input.basedOn);
      },
      sendPrescription: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<AppointmentDto> => {
        const user = session(ctx);
        const input = parseWith(sendPrescriptionInputSchema, dropNulls(args));
        return appointments.sendPrescription(user, input.appointmentId, input.prescriptions, ctx.lang);
      },
      saveConsultationNote: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<ConsultationNoteDto> => {
        const user = session(ctx);
        const input = parseWith(saveConsultationNoteInputSchema, args);
        return appointments.saveConsultationNote(user, input.appointmentId, input.templateId, input.values);
      },
      signConsultationNote: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<ConsultationNoteDto> => {
        const user = session(ctx);
        const input = parseWith(signConsultationNoteInputSchema, args);
        return appointments.signConsultationNote(user, input.appointmentId, input.authorId);
      },
      addConsultationNoteAddendum: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<ConsultationNoteDto> => {
        const user = session(ctx);
        const input = parseWith(addConsultationNoteAddendumInputSchema, args);
        return appointments.addConsultationNoteAddendum(user, input.appointmentId, input.text);
      },
    },
  };
}

const pickNulls = (raw: Record<string, unknown>, keys: string[]): Record<string, null> =>
  Object.fromEntries(keys.filter((k) => raw[k] === null).map((k) => [k, null]));
