import type { AppointmentDto, AppointmentHistoryItem, ClinicianConsultationsResponse, ConsultationNoteDto, CreateAppointmentResult, MedicalRecordBaseDto } from '@puente/contracts';
import type * as z from 'zod/mini';
import type {
  appointmentLocationSchema,
  createAppointmentDataSchema,
  medicalRecordSchema,
  prescriptionSchema,
  updateAppointmentInputSchema,
} from '@puente/contracts';
import { isUuid, type AppointmentTimeouts, type Channel, type JoinMethod, type Language, type Practice, type WorkingHoursConfig } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AppointmentRow, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import { CONSULTATION_NOTE_TEMPLATES } from './consultation-notes.content';
import { AppointmentAlerts, type AppointmentNotifier } from './appointments.alerts';
import { ClinicalRecord } from './appointments.clinical';
import { AppointmentCommands } from './appointments.commands';
import { AppointmentQueries } from './appointments.queries';
import { AppointmentsRepository, type ConsultationFact } from './appointments.repository';

import type { MedicationDirectory } from '../../providers/medications/medication-directory.provider';
export type { AlertTarget, AppointmentNotifier } from './appointments.alerts';

/** Where the working hours come from (the public configuration); undefined = no hours check. */
export type WorkingHoursSource = () => WorkingHoursConfig | undefined;
export type { ConsultationFact } from './appointments.repository';

/** Ids per query when another module's list of ids filters a read (one bound parameter each). */
const ID_BATCH = 1000;

export interface AppointmentsServiceDeps {
  repository: AppointmentsRepository;
  physicians: PhysiciansService;
  clock: Clock;
  notifier: AppointmentNotifier;
  timeouts: AppointmentTimeouts;
  workingHours: WorkingHoursSource;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The audit log: reads of a member's past consultations by anyone but the member are recorded. */
  audit: AuditService;
  /** The accounts (the users table is the members module's: asked through its service). */
  accounts: Pick<MembersService, 'account' | 'namesOf'>;
  /** Ends the guest sessions of a consultation once it is over (the auth service's). */
  sessions?: { revokeSessionsScopedTo(appointmentId: string): Promise<void> };
  /** The membership module's paywall rule (spec 8 payment-required) before a consultation starts. */
  entitlements?: { assertCanConsult(actor: UserRow): Promise<void> };
  /** Issue 15: an organization that offers only physical or only mental health refuses the other practice. */
  organizations?: {
    assertPracticeOffered(actor: UserRow, practice: Practice): Promise<void>;
    /** OFFERS_PRODUCTS: the products of the member's organization, for the consultation note's partnerProducts. */
    partnerProducts?(memberId: string): Promise<{ id: string; title: string }[]>;
  };
  /** Where an organization member goes once the survey is answered (issue 12: the organization exit redirect). */
  exit?: { organizationHomePage(organizationId: string): Promise<string | null>; surveyAnswered(appointmentId: string): Promise<boolean> };
  /** The medication directory (issue 12): a prescription line must name one of its entries. */
  medications?: Pick<MedicationDirectory, 'get'>;
  /** A scheduled consultation is over (terminal state): scheduling marks its booking finished (issue 13). */
  onScheduledEnded?: (appointmentId: string) => Promise<void>;
  /** issue 11: the chat's counts and last messages for the US doctor's handoff (the chat module's tables). */
  chatSummary?: (appointmentId: string, last: number) => Promise<{ messageCount: number; attachmentCount: number; last: { userType: UserRow['userType']; body: string | null; media: boolean; at: Date }[] }>;
  /** Paid US-doctor visits (issue 14): a coach's request for a US doctor waits for the member's payment when her organization requires it. */
  usDoctorPayments?: { holdEscalation(row: AppointmentRow): Promise<boolean>; awaitingPayment(row: AppointmentRow): Promise<boolean> };
  /** The call module's word on whether the member is in the consultation's call now (first-timeout / second-timeout). */
  callPresence?: { memberInCall(appointmentId: string): Promise<boolean> };
}

/**
 * The appointments module's one entry point for other modules, routes and resolvers (spec 4).
 * Its seams live in their own files: queries (reading, presenting), commands (every change and
 * the one transition path), the clinical record (notes, medical record) and alerts (who hears of
 * a change). The life-cycle rules themselves are the domain's (appointment-lifecycle.ts).
 */
export class AppointmentsService {
  private readonly queries: AppointmentQueries;
  private readonly commands: AppointmentCommands;
  private readonly clinical: ClinicalRecord;

  constructor(private readonly deps: AppointmentsServiceDeps) {
    this.queries = new AppointmentQueries(deps);
    this.commands = new AppointmentCommands(deps, this.queries, new AppointmentAlerts(deps.physicians, deps.notifier));
    this.clinical = new ClinicalRecord(deps, this.queries);
  }

  async ensureReferenceData(): Promise<void> {
    await this.deps.repository.insertMissingNoteTemplates(CONSULTATION_NOTE_TEMPLATES);
  }

  // Reading
  visible(actor: Actor, id: string): Promise<AppointmentRow> {
    return this.queries.visible(actor, id);
  }
  get(actor: UserRow, id: string, lang: Language): Promise<AppointmentDto> {
    return this.queries.get(actor, id, lang);
  }
  current(actor: Actor, lang: Language): Promise<AppointmentDto | null> {
    return this.queries.current(actor, lang);
  }
  history(actor: Actor, memberId: string, lang: Language): Promise<AppointmentHistoryItem[]> {
    return this.queries.history(actor, memberId, lang);
  }
  /** A page of the member's own history (issue 12: a member with hundreds of consultations). */
  historyPage(actor: Actor, memberId: string, page: { cursor?: string; limit: number }, lang: Language, topicTitles?: ReadonlyMap<string, string>): Promise<{ items: AppointmentHistoryItem[]; nextCursor: string | null }> {
    return this.queries.historyPage(actor, memberId, page, lang, topicTitles);
  }
  queue(actor: Actor, lang: Language): Promise<AppointmentDto[]> {
    return this.queries.queue(actor, lang);
  }
  forClinician(actor: Actor, physicianId: string): Promise<ClinicianConsultationsResponse> {
    return this.queries.forClinician(actor, physicianId);
  }
  liveQueue(actor: UserRow, lang: Language): Promise<AppointmentDto[]> {
    return this.queries.liveQueue(actor, lang);
  }
  isBusy(physicianId: string, appointmentId: string | undefined): Promise<boolean> {
    return this.queries.isBusy(physicianId, appointmentId);
  }
  /** The member paid for the US doctor: the held request joins the US doctors' queue. */
  resumeEscalation(appointmentId: string): Promise<void> {
    return this.commands.moveHeldEscalation(appointmentId, 'paid');
  }
  /** The payment failed: the consultation stays with the coach. */
  declineEscalation(appointmentId: string): Promise<void> {
    return this.commands.moveHeldEscalation(appointmentId, 'unpaid');
  }
  exitRedirectUrl(actor: UserRow, id: string): Promise<string> {
    return this.queries.exitRedirectUrl(actor, id);
  }
  /** Visible appointment for a socket subscription (NOT_FOUND otherwise). */
  forSubscription(actor: UserRow, id: string): Promise<AppointmentRow> {
    return this.queries.visible(actor, id);
  }

  // Changing
  create(actor: Actor, data: z.output<typeof createAppointmentDataSchema>, returnNewDocument: boolean, lang: Language, options: { scheduled?: boolean } = {}): Promise<CreateAppointmentResult> {
    return this.commands.create(actor, data, returnNewDocument, lang, options);
  }
  accept(actor: UserRow, id: string, lang: Language): Promise<AppointmentDto> {
    return this.commands.accept(actor, id, lang);
  }
  update(actor: UserRow, input: z.output<typeof updateAppointmentInputSchema>, lang: Language): Promise<AppointmentDto> {
    return this.commands.update(actor, input, lang);
  }
  /** declineAppointment (issue 11): a physician declines a request offered to them. */
  decline(actor: UserRow, id: string): Promise<void> {
    return this.commands.decline(actor, id);
  }
  cancel(actor: UserRow, id: string, reason: string, lang: Language): Promise<AppointmentDto> {
    return this.commands.cancel(actor, id, reason, lang);
  }
  finish(actor: UserRow, id: string, lang: Language, options?: { noPrescriptionRecorded?: boolean }): Promise<AppointmentDto> {
    return this.commands.finish(actor, id, lang, options);
  }
  /** Prescribing (issues 11/12): the signed prescription moves the consultation to TREAT_PENDING. */
  recordSignedPrescription(actor: UserRow, id: string, prescriptions: z.output<typeof prescriptionSchema>[], pharmacy: Record<string, string | number | null> | null): Promise<AppointmentRow> {
    return this.commands.recordSignedPrescription(actor, id, prescriptions, pharmacy);
  }
  /** Prescribing: the provider sent it (TREAT_PENDING -> TREAT_COMPLETED). */
  completeTreatment(id: string): Promise<AppointmentRow> {
    return this.commands.completeTreatment(id);
  }
  /** The appointment as the caller may see it (prescribing answers with it). */
  present(actor: UserRow, row: AppointmentRow, lang: Language): Promise<AppointmentDto> {
    return this.queries.present(actor, row, lang);
  }
  sendPrescription(actor: UserRow, id: string, prescriptions: z.output<typeof prescriptionSchema>[], lang: Language): Promise<AppointmentDto> {
    return this.commands.sendPrescription(actor, id, prescriptions, lang);
  }
  setJoinMethod(actor: UserRow, id: string, method: JoinMethod): Promise<void> {
    return this.commands.setJoinMethod(actor, id, method);
  }
  setConnectionStrength(actor: UserRow, id: string, value: number): Promise<void> {
    return this.commands.setConnectionStrength(actor, id, value);
  }
  changeLocation(actor: UserRow, id: string, location: z.output<typeof appointmentLocationSchema>): Promise<AppointmentRow> {
    return this.commands.changeLocation(actor, id, location);
  }
  /** The scheduler calls this; the clock is injectable. */
  runDueTimeouts(): Promise<number> {
    return this.commands.runDueTimeouts();
  }

  // For other modules (call, chat, members): they read and write appointments through these,
  // never the table. `tx` joins the caller's transaction.

  /** The row, with no viewer policy: the caller applies its own participant rule (call, chat). */
  byId(id: string): Promise<AppointmentRow | undefined> {
    return isUuid(id) ? this.deps.repository.findById(id) : Promise.resolve(undefined);
  }
  /** The coaches and US doctors who cared for the member (the complaint form's clinician list, issue 12). */
  async careTeamOf(memberId: string): Promise<string[]> {
    return isUuid(memberId) ? this.deps.repository.careTeamOf(memberId) : [];
  }
  /** Whether the physician is or was the coach or US doctor of one of the member's appointments. */
  hasCareRelationship(physicianId: string, memberId: string): Promise<boolean> {
    return this.deps.repository.hasCareRelationship(physicianId, memberId);
  }
  /** The channel columns: compare-and-set on the channel the caller saw; undefined if it changed meanwhile. */
  switchChannel(id: string, from: Channel, to: Channel, now: Date, tx?: Db): Promise<AppointmentRow | undefined> {
    return this.repoIn(tx).switchChannel(id, from, to, now);
  }
  linkConversation(id: string, conversationId: string, tx?: Db): Promise<void> {
    return this.repoIn(tx).linkConversation(id, conversationId);
  }
  markChatHasMessages(id: string, tx?: Db): Promise<void> {
    return this.repoIn(tx).markChatHasMessages(id);
  }
  /**
   * The usage report's consultations created in [from, to) (issue 15), of these members only when
   * given (one organization's): aggregates' inputs, no person, no health data.
   */
  async consultationFacts(q: { from: Date; to: Date; memberIds?: readonly string[] }): Promise<ConsultationFact[]> {
    if (!q.memberIds) return this.deps.repository.consultationFacts(q);
    const facts: ConsultationFact[] = [];
    for (let i = 0; i < q.memberIds.length; i += ID_BATCH) facts.push(...(await this.deps.repository.consultationFacts({ ...q, memberIds: q.memberIds.slice(i, i + ID_BATCH) })));
    return facts;
  }
  private repoIn(tx: Db | undefined): AppointmentsRepository {
    return tx ? new AppointmentsRepository(tx) : this.deps.repository;
  }

  // The clinical record
  consultationNote(actor: UserRow, appointmentId: string, memberId: string, templateId: string | null | undefined): Promise<ConsultationNoteDto> {
    return this.clinical.consultationNote(actor, appointmentId, memberId, templateId);
  }
  noteLanguages(appointmentId: string): ReturnType<ClinicalRecord['noteLanguages']> {
    return this.clinical.noteLanguages(appointmentId);
  }
  saveConsultationNote(actor: UserRow, appointmentId: string, templateId: string, values: Record<string, string | number | boolean | null>): Promise<ConsultationNoteDto> {
    return this.clinical.saveConsultationNote(actor, appointmentId, templateId, values);
  }
  signConsultationNote(actor: UserRow, appointmentId: string, authorId: string): Promise<ConsultationNoteDto> {
    return this.clinical.signConsultationNote(actor, appointmentId, authorId);
  }
  addConsultationNoteAddendum(actor: UserRow, appointmentId: string, text: string): Promise<ConsultationNoteDto> {
    return this.clinical.addConsultationNoteAddendum(actor, appointmentId, text);
  }
  saveMedicalRecord(actor: UserRow, id: string, record: z.output<typeof medicalRecordSchema>, lang: Language, basedOn?: MedicalRecordBaseDto): Promise<AppointmentDto> {
    return this.clinical.saveMedicalRecord(actor, id, record, lang, basedOn);
  }
}
