import { randomUUID } from 'node:crypto';
import type {
  AppointmentAlert,
  AppointmentDto,
  AppointmentHistoryItem,
  ConsultationNoteDto,
  CreateAppointmentResult,
  PhysicianDto,
} from '@puente/contracts';
import type { z } from 'zod';
import type {
  appointmentLocationSchema,
  createAppointmentDataSchema,
  medicalRecordSchema,
  prescriptionSchema,
  updateAppointmentInputSchema,
} from '@puente/contracts';
import {
  APPOINTMENT_STATE as S,
  assertTransition,
  canPrescribe,
  isFinishedLike,
  isTerminal,
  isWithinWorkingHours,
  newAppointmentDefaults,
  OUT_OF_HOURS_OPTIONS,
  paths,
  serviceScope,
  type AppointmentState,
  type JoinMethod,
  type Language,
  type TransitionError,
  type TransitionRole,
  type WorkingHoursConfig,
} from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentRow, NewAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { assertAppointmentInScope, refuseGuest, scopeOf, type Actor } from '../auth/session-scope';
import type { PhysiciansService } from '../physicians/physicians.service';
import { CONSULTATION_NOTE_TEMPLATES } from './consultation-notes.content';
import {
  canSee,
  COACH_QUEUE,
  DOCTOR_QUEUE,
  isEligibleCoach,
  isEligibleDoctor,
  licensedStates,
  mayAct,
  memberStateFor,
  roleOf,
} from './appointments.policy';
import { presentAlert, presentAppointment, presentHistoryItem } from './appointments.presenter';
import type { AppointmentsRepository } from './appointments.repository';
import type { AppointmentTimeouts } from './appointments.timeouts';

type Location = z.output<typeof appointmentLocationSchema>;

/** Who receives an alert: user rooms, the admins' room and the appointment room. */
export interface AlertTarget {
  appointmentId: string;
  userIds: string[];
  admins: boolean;
  /** Users who just lost access: their sockets leave the appointment room before the emit. */
  evictUserIds: string[];
}

/** What the service needs from the realtime gateway. */
export interface AppointmentNotifier {
  appointmentAlert(target: AlertTarget, alert: AppointmentAlert): void;
}

/** States in which a consultation is live: a member has at most one of these at a time. */
export const LIVE_STATES: readonly AppointmentState[] = [
  S.S1_IN_QUEUE_FOR_COACH,
  S.S2_COACH_IS_REVIEWING,
  S.S3_COACH_JOINS_CALL,
  S.COACH_REQUEST_US_DR,
  S.SEND_SOCIO_TO_WAITING_ROOM,
  S.S6_IN_QUEUE_FOR_ER,
  S.S7_ER_IS_REVIEWING,
  S.S8_ER_JOINS_CALL,
  S.ER_ACCEPTS_CONSULTATION,
  S.NO_DOCTOR_AVAILABLE,
  S.CONSULTATION_WITHOUT_ER,
];
/** States a client should still follow after a reload (live ones plus the wrap-up). */
const CURRENT_STATES: readonly AppointmentState[] = [
  ...LIVE_STATES,
  S.COACH_FINISH_VIDEO_CALL,
  S.S4_COACH_ENDS_CALL,
  S.S9_ER_ENDS_CALL,
  S.US_DR_PENDING,
  S.COACH_STORES_INCOMPLETE,
  S.PENDING_NOTES,
  S.TREAT_PENDING,
  S.TREAT_COMPLETED,
];
/** A physician is busy while holding one of these (GET /api/physicians/{id}/isbusy). */
const BUSY_STATES: readonly AppointmentState[] = [
  S.S2_COACH_IS_REVIEWING,
  S.S3_COACH_JOINS_CALL,
  S.COACH_REQUEST_US_DR,
  S.ER_ACCEPTS_CONSULTATION,
  S.S7_ER_IS_REVIEWING,
  S.S8_ER_JOINS_CALL,
  S.NO_DOCTOR_AVAILABLE,
  S.CONSULTATION_WITHOUT_ER,
];
/** After these the server moves on by itself (spec 4: the request queues the member, and so on). */
const FOLLOW_UPS: Partial<Record<AppointmentState, (row: AppointmentRow) => { to: AppointmentState; reason?: string } | undefined>> = {
  [S.COACH_REQUEST_US_DR]: () => ({ to: S.S6_IN_QUEUE_FOR_ER }),
  [S.SEND_SOCIO_TO_WAITING_ROOM]: () => ({ to: S.S6_IN_QUEUE_FOR_ER }),
  [S.NO_DOCTOR_AVAILABLE]: () => ({ to: S.CONSULTATION_WITHOUT_ER }),
  // The US doctor's accept is announced as ER_ACCEPTS_CONSULTATION (the coach's support modal, the
  // member to the call), then the doctor reviews with the join deadline of S7.
  [S.ER_ACCEPTS_CONSULTATION]: () => ({ to: S.S7_ER_IS_REVIEWING }),
  [S.COACH_FINISH_VIDEO_CALL]: () => ({ to: S.S4_COACH_ENDS_CALL }),
  // The coach's call ended and no US doctor is needed: the consultation is over (notes may follow).
  [S.S4_COACH_ENDS_CALL]: (row) => (row.usDoctorNeeded ? undefined : { to: S.S11_FINISHED }),
};
const CANCELED_STATES: readonly AppointmentState[] = [S.S12_CANCELED, S.SCHEDULED_CANCELED];

/** Where the working hours come from (the public configuration); undefined = no hours check. */
export type WorkingHoursSource = () => WorkingHoursConfig | undefined;

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
  audit?: AuditService;
  /** Ends the guest sessions of a consultation once it is over (the auth service's). */
  sessions?: { revokeSessionsScopedTo(appointmentId: string): Promise<void> };
}

interface TransitionRequest {
  to: AppointmentState;
  reason?: string | null;
  /** Extra columns written with the transition (prescriptions...). */
  patch?: Partial<NewAppointmentRow>;
}

/**
 * The appointment life cycle (spec 4). Every state change goes through `assertTransition` of the
 * domain machine, as the caller's role, then a conditional UPDATE that only succeeds if the state
 * is still the one checked; alerts go out after the policy picks the recipients.
 */
export class AppointmentsService {
  private readonly repo: AppointmentsRepository;

  constructor(private readonly deps: AppointmentsServiceDeps) {
    this.repo = deps.repository;
  }

  async ensureReferenceData(): Promise<void> {
    await this.repo.insertMissingNoteTemplates(CONSULTATION_NOTE_TEMPLATES);
  }

  // ---------------------------------------------------------------------------------------------
  // Reading

  /**
   * The row, if the actor may see it; NOT_FOUND otherwise (another member's looks like nothing).
   * A guest-link session sees its own appointment only, whatever operation asks.
   */
  async visible(actor: Actor, id: string): Promise<AppointmentRow> {
    assertAppointmentInScope(actor, id);
    const row = isUuid(id) ? await this.repo.findById(id) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    const record = await this.deps.physicians.record(actor.id);
    if (!canSee(actor, row, record)) throw new AppError('NOT_FOUND');
    return row;
  }

  async get(actor: UserRow, id: string, lang: Language): Promise<AppointmentDto> {
    return this.present(actor, await this.visible(actor, id), lang);
  }

  /** After a reload or reconnect: the caller's appointment still in progress, or null. */
  async current(actor: Actor, lang: Language): Promise<AppointmentDto | null> {
    const scope = scopeOf(actor);
    if (scope) {
      // A guest session's current appointment can only be its own.
      const own = await this.repo.findById(scope.appointmentId);
      return own && own.memberId === actor.id && (CURRENT_STATES as readonly string[]).includes(own.state) ? this.present(actor, own, lang) : null;
    }
    const row =
      actor.userType === 'member'
        ? await this.repo.latestForMember(actor.id, CURRENT_STATES)
        : actor.userType === 'admin'
          ? undefined
          : await this.repo.latestForPhysician(actor.id, CURRENT_STATES);
    return row ? this.present(actor, row, lang) : null;
  }

  /**
   * getAppointmentsHistory(memberId): the member's own; an admin's; a physician's with a care
   * relationship, i.e. who is or was the coach or US doctor of one of the member's appointments
   * (the policy of GET /api/members/{id}; spec 2: the coach reads past consultations). Anyone else
   * gets NOT_FOUND. Reads and refusals by others than the member are written to the audit log.
   */
  async history(actor: Actor, memberId: string, lang: Language): Promise<AppointmentHistoryItem[]> {
    refuseGuest(actor);
    if (!isUuid(memberId)) throw new AppError('NOT_FOUND');
    const rows = await this.repo.historyForMember(memberId);
    const isStaffPhysician = actor.userType === 'mx-physician' || actor.userType === 'us-physician';
    const allowed =
      actor.userType === 'admin' ||
      actor.id === memberId ||
      (isStaffPhysician && rows.some((r) => r.mxDoctorId === actor.id || r.usDoctorId === actor.id));
    if (!allowed) {
      if (rows.length > 0) await this.deps.audit?.record({ actor, action: 'read-denied', resource: 'appointment-history', subjectId: memberId });
      throw new AppError('NOT_FOUND');
    }
    await this.deps.audit?.record({ actor, action: 'read', resource: 'appointment-history', subjectId: memberId });
    const out: AppointmentHistoryItem[] = [];
    for (const row of rows) {
      const physicianId = row.usDoctorId ?? row.mxDoctorId;
      out.push(presentHistoryItem(row, physicianId ? await this.physicianDto(physicianId, lang) : null));
    }
    return out;
  }

  /**
   * The requests a physician may take (coach: the coach queue filtered by language, practice and
   * licence; US doctor: escalations in states they are licensed in) or, for an admin, the live queue.
   */
  async queue(actor: Actor, lang: Language): Promise<AppointmentDto[]> {
    refuseGuest(actor);
    if (actor.userType === 'admin') return this.liveQueue(actor, lang);
    const record = await this.deps.physicians.record(actor.id);
    if (!record) throw new AppError('FORBIDDEN');
    const state = actor.userType === 'mx-physician' ? COACH_QUEUE : DOCTOR_QUEUE;
    const rows = (await this.repo.listInStates([state])).filter((r) => (state === COACH_QUEUE ? isEligibleCoach(record, r) : isEligibleDoctor(record, r)));
    return Promise.all(rows.map((r) => this.present(actor, r, lang)));
  }

  /** GET /api/admin/appointments/live: every live appointment (admins only). */
  async liveQueue(actor: UserRow, lang: Language): Promise<AppointmentDto[]> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN');
    const rows = await this.repo.listInStates(LIVE_STATES);
    return Promise.all(rows.map((r) => this.present(actor, r, lang)));
  }

  /** GET /api/physicians/{id}/isbusy?appointmentId: busy in another live consultation. */
  async isBusy(physicianId: string, appointmentId: string | undefined): Promise<boolean> {
    if (!isUuid(physicianId) || !(await this.deps.physicians.record(physicianId))) throw new AppError('NOT_FOUND');
    return this.repo.physicianHolds(physicianId, BUSY_STATES, appointmentId && isUuid(appointmentId) ? appointmentId : undefined);
  }

  /** GET /api/appointments/{id}/exit-redirect-url: where leaving the call takes the caller. */
  async exitRedirectUrl(actor: UserRow, id: string): Promise<string> {
    const row = await this.visible(actor, id);
    const base = this.deps.publicUrl.replace(/\/$/, '');
    if (actor.userType !== 'member') return `${base}${paths.dashboardConsultation(row.id)}`;
    if (row.memberJoinMethod === 'link') return `${base}/link-to-consult-finished`;
    if (isFinishedLike(row.state) || row.state === S.S9_ER_ENDS_CALL || row.state === S.COACH_FINISH_VIDEO_CALL || row.state === S.S4_COACH_ENDS_CALL) {
      return CANCELED_STATES.includes(row.state) ? `${base}/inicio` : `${base}${paths.survey(row.id)}`;
    }
    return `${base}/inicio`;
  }

  // ---------------------------------------------------------------------------------------------
  // Creating

  /** createAppointment(data, returnNewDocument): a member asks for an on-demand consultation. */
  async create(actor: Actor, data: z.output<typeof createAppointmentDataSchema>, returnNewDocument: boolean, lang: Language): Promise<CreateAppointmentResult> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    const now = this.deps.clock.now();
    const hours = this.deps.workingHours();
    // spec 8/9: out of working hours the member is offered scheduling or 911 instead.
    if (hours && !isWithinWorkingHours(hours, now, actor.email)) {
      throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { outOfHours: true, options: [...OUT_OF_HOURS_OPTIONS] } });
    }
    const live = await this.repo.latestForMember(actor.id, LIVE_STATES);
    if (live) throw new AppError('APPOINTMENT_ALREADY_IN_PROGRESS', { data: { appointmentId: live.id, state: live.state } });

    const check = assertTransition(S.EMPTY, S.S1_IN_QUEUE_FOR_COACH, 'member');
    if (!check.ok) throw transitionFailure(check.error, S.EMPTY);
    const defaults = newAppointmentDefaults();
    const id = randomUUID();
    const draft: AppointmentRow = {
      id,
      memberId: actor.id,
      mxDoctorId: null,
      usDoctorId: null,
      requestedMxDoctorId: data.mxDoctorId ?? null,
      state: defaults.state,
      statusReason: null,
      status: 'in-progress',
      statusUserId: actor.id,
      type: defaults.type,
      channel: data.channel ?? defaults.channel,
      previousChannel: null,
      practice: data.practice,
      language: data.language ?? actor.consultationLang ?? actor.preferredLang,
      topic: data.topic ?? null,
      selfAssessment: data.selfAssessment ?? null,
      location: { country: data.location.country.toUpperCase(), state: data.location.state, city: data.location.city },
      serviceScope: serviceScope({ country: data.location.country, state: data.location.state }),
      usDoctorNeeded: defaults.usDoctorNeeded,
      prescriptionNeeded: false,
      prescriptions: [],
      medicalRecord: null,
      roomName: `puente-${id}`,
      preJoinStep: null,
      cameraAccessGranted: null,
      memberJoinMethod: null,
      connectionStrength: null,
      isMxDoctorBusy: false,
      chatHasMessages: false,
      conversationId: null,
      parentAppointmentId: null,
      chiefComplaint: data.chiefComplaint ?? null,
      templateId: null,
      timezone: data.timezone ?? actor.timeZone ?? null,
      createdByRole: 'member',
      doctorsBlacklist: [],
      deadlineAt: new Date(now.getTime() + this.deps.timeouts.coachQueueMs),
      startDate: now,
      endDate: null,
      createdAt: now,
      updatedAt: now,
    };
    // spec 8: no coaches online -> lack_of_personnel_no_ondemand; nobody would see the request.
    const offers = await this.offerRecipients(draft, null);
    if (offers.length === 0) {
      if (data.mxDoctorId) throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { physicianId: data.mxDoctorId } });
      throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { reason: 'no-coaches', messageKey: 'lack_of_personnel_no_ondemand' } });
    }
    const row = await this.repo.insert(draft, { fromState: S.EMPTY, toState: draft.state, reason: null, actorId: actor.id, actorRole: 'member', at: now });
    this.emit(row, null, offers);
    return { id: row.id, appointment: returnNewDocument ? await this.present(actor, row, lang) : null };
  }

  // ---------------------------------------------------------------------------------------------
  // Moving

  /**
   * acceptAppointment: a coach takes a request from the coach queue (S1 -> S2); a US doctor an
   * escalation (S6 -> ER_ACCEPTS_CONSULTATION, announced to the appointment's people, then the
   * server moves on to S7). Race-safe.
   */
  async accept(actor: UserRow, id: string, lang: Language): Promise<AppointmentDto> {
    const row = await this.visible(actor, id);
    const to = actor.userType === 'mx-physician' ? S.S2_COACH_IS_REVIEWING : actor.userType === 'us-physician' ? S.ER_ACCEPTS_CONSULTATION : undefined;
    if (!to) throw new AppError('FORBIDDEN');
    const expected = to === S.S2_COACH_IS_REVIEWING ? COACH_QUEUE : DOCTOR_QUEUE;
    if (row.state !== expected) throw stateConflict(row.state, to);
    if (await this.repo.physicianHolds(actor.id, BUSY_STATES, row.id)) throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { reason: actor.userType === 'mx-physician' ? 'busy-coach' : 'busy-doctor' } });
    return this.present(actor, await this.transition(actor, row, { to }), lang);
  }

  /** updateAppointment(appointment): field edits the role may make, then the asked transition. */
  async update(actor: UserRow, input: z.output<typeof updateAppointmentInputSchema>, lang: Language): Promise<AppointmentDto> {
    let row = await this.visible(actor, input.id);
    const edits: Partial<NewAppointmentRow> = {};
    const isMember = actor.userType === 'member' && row.memberId === actor.id;
    const isAssigned = row.mxDoctorId === actor.id || row.usDoctorId === actor.id;
    const memberFields = ['preJoinStep', 'cameraAccessGranted', 'location', 'channel'] as const;
    const physicianFields = ['chiefComplaint', 'templateId', 'prescriptionNeeded'] as const;
    for (const f of memberFields) {
      if (input[f] === undefined) continue;
      if (!isMember && actor.userType !== 'admin') throw new AppError('INVALID_DATA', { fields: { [f]: 'field_not_allowed' } });
    }
    for (const f of physicianFields) {
      if (input[f] === undefined) continue;
      if (!isAssigned && actor.userType !== 'admin') throw new AppError('INVALID_DATA', { fields: { [f]: 'field_not_allowed' } });
    }
    if (input.preJoinStep !== undefined) edits.preJoinStep = input.preJoinStep;
    if (input.cameraAccessGranted !== undefined) edits.cameraAccessGranted = input.cameraAccessGranted;
    if (input.location !== undefined) Object.assign(edits, this.locationEdits(input.location));
    if (input.channel !== undefined && input.channel !== row.channel) {
      edits.previousChannel = row.channel;
      edits.channel = input.channel;
    }
    if (input.chiefComplaint !== undefined) edits.chiefComplaint = input.chiefComplaint ?? null;
    if (input.templateId !== undefined) edits.templateId = input.templateId ?? null;
    if (input.prescriptionNeeded !== undefined) edits.prescriptionNeeded = input.prescriptionNeeded;
    if (Object.keys(edits).length > 0) {
      if (isTerminal(row.state)) throw stateConflict(row.state, row.state);
      row = (await this.repo.update(row.id, { ...edits, updatedAt: this.deps.clock.now() })) ?? row;
    }
    if (input.state !== undefined && input.state !== row.state) {
      row = await this.transition(actor, row, { to: input.state, reason: input.statusReason });
    }
    return this.present(actor, row, lang);
  }

  /** cancelAppointment(appointmentId, reason): the member, an admin (canceled-by-admin) or the physician in their phase. */
  async cancel(actor: UserRow, id: string, reason: string, lang: Language): Promise<AppointmentDto> {
    const row = await this.visible(actor, id);
    return this.present(actor, await this.transition(actor, row, { to: S.S12_CANCELED, reason }), lang);
  }

  /**
   * The finish-appointment command: the caller's next "end" step. Coach in the call: finishes the
   * video call (then the server records S4); coach after the call: finished (S11); US doctor in
   * the call: ends it (S9); US doctor after ending without rx: finished; after rx sent (5/10)
   * the server records it finished for the assigned physician or an admin.
   */
  async finish(actor: UserRow, id: string, lang: Language): Promise<AppointmentDto> {
    const row = await this.visible(actor, id);
    const role = roleOf(actor);
    const next: Partial<Record<AppointmentState, AppointmentState>> =
      role === 'mx-physician'
        ? { [S.S3_COACH_JOINS_CALL]: S.COACH_FINISH_VIDEO_CALL, [S.CONSULTATION_WITHOUT_ER]: S.COACH_FINISH_VIDEO_CALL, [S.S4_COACH_ENDS_CALL]: S.S11_FINISHED, [S.PENDING_NOTES]: S.S11_FINISHED }
        : role === 'us-physician'
          ? { [S.S8_ER_JOINS_CALL]: S.S9_ER_ENDS_CALL, [S.S9_ER_ENDS_CALL]: S.S11_FINISHED, [S.TREAT_COMPLETED]: S.S11_FINISHED, [S.PENDING_NOTES]: S.S11_FINISHED }
          : {};
    const to = next[row.state];
    if (to) return this.present(actor, await this.transition(actor, row, { to }), lang);
    // After an rx (5 or 10) only the system or an admin may finish: the server does it for the assigned physician.
    const rxSent = row.state === S.S5_COACH_SENDS_RX || row.state === S.S10_ER_SENDS_RX;
    if (rxSent && (role === 'admin' || row.mxDoctorId === actor.id || row.usDoctorId === actor.id)) {
      return this.present(actor, await this.transition(actor, row, { to: S.S11_FINISHED }, role === 'admin' ? 'admin' : 'system'), lang);
    }
    throw stateConflict(row.state, S.S11_FINISHED);
  }

  /**
   * sendPrescription: only a US doctor licensed in the member's state (spec 1/6); a coach never.
   * From 9 or US doctor pending -> 10; from 4 -> 5. The machine checks role and licence.
   */
  async sendPrescription(actor: UserRow, id: string, prescriptions: z.output<typeof prescriptionSchema>[], lang: Language): Promise<AppointmentDto> {
    const row = await this.visible(actor, id);
    const to = row.state === S.S4_COACH_ENDS_CALL ? S.S5_COACH_SENDS_RX : S.S10_ER_SENDS_RX;
    const patch: Partial<NewAppointmentRow> = { prescriptions, prescriptionNeeded: true };
    return this.present(actor, await this.transition(actor, row, { to, patch }), lang);
  }

  /** Medical record (internal notes, plan, treatment, pharmacy): the assigned physicians only; treatment only from a licensed US doctor. */
  async saveMedicalRecord(actor: UserRow, id: string, record: z.output<typeof medicalRecordSchema>, lang: Language): Promise<AppointmentDto> {
    const row = await this.visible(actor, id);
    if (row.mxDoctorId !== actor.id && row.usDoctorId !== actor.id) throw new AppError('FORBIDDEN');
    if (CANCELED_STATES.includes(row.state) || row.state === S.EXPIRED) throw stateConflict(row.state, row.state);
    const licensed = licensedStates(await this.deps.physicians.record(actor.id));
    const treatment = record.plan?.treatment ?? [];
    if (treatment.length > 0 && !canPrescribe(actor.userType, licensed, memberStateFor(row))) {
      throw new AppError('CONFLICT', { data: { transitionError: 'not-licensed-to-prescribe' satisfies TransitionError } });
    }
    const merged = { ...(row.medicalRecord ?? {}), ...stripUndefined(record) };
    const updated = await this.repo.update(row.id, { medicalRecord: merged, updatedAt: this.deps.clock.now() });
    return this.present(actor, updated ?? row, lang);
  }

  /** PATCH /api/appointments/{id}/join-method/{app|link}: the member's own appointment. */
  async setJoinMethod(actor: UserRow, id: string, method: JoinMethod): Promise<void> {
    const row = await this.visible(actor, id);
    if (row.memberId !== actor.id) throw new AppError('NOT_FOUND');
    await this.repo.update(row.id, { memberJoinMethod: method, updatedAt: this.deps.clock.now() });
  }

  /** PATCH /api/appointments/{id}/connection-strength/{1..3}: a participant reports their network quality. */
  async setConnectionStrength(actor: UserRow, id: string, value: number): Promise<void> {
    const row = await this.visible(actor, id);
    if (row.memberId !== actor.id && row.mxDoctorId !== actor.id && row.usDoctorId !== actor.id) throw new AppError('NOT_FOUND');
    await this.repo.update(row.id, { connectionStrength: value, updatedAt: this.deps.clock.now() });
  }

  /** The location change event (state and city confirmed in the call flow). */
  async changeLocation(actor: UserRow, id: string, location: Location): Promise<AppointmentRow> {
    const row = await this.visible(actor, id);
    if (row.memberId !== actor.id) throw new AppError('NOT_FOUND');
    if (isTerminal(row.state)) throw stateConflict(row.state, row.state);
    return (await this.repo.update(row.id, { ...this.locationEdits({ ...location, country: location.country || row.location?.country || 'MX' }), updatedAt: this.deps.clock.now() })) ?? row;
  }

  /** Visible appointment for a socket subscription (NOT_FOUND otherwise). */
  async forSubscription(actor: UserRow, id: string): Promise<AppointmentRow> {
    return this.visible(actor, id);
  }

  // ---------------------------------------------------------------------------------------------
  // Consultation notes (spec 3; templates by practice)

  async consultationNote(actor: UserRow, appointmentId: string, memberId: string, templateId: string | null | undefined): Promise<ConsultationNoteDto> {
    const row = await this.visible(actor, appointmentId);
    if (row.memberId !== memberId) throw new AppError('NOT_FOUND');
    const templates = (await this.repo.noteTemplates()).filter((t) => t.practice === row.practice);
    const chosen = templateId ?? row.templateId ?? templates[0]?.id;
    if (!chosen || !templates.some((t) => t.id === chosen)) throw new AppError('NOT_FOUND');
    const values = (await this.repo.noteValues(row.id, chosen)) ?? {};
    return {
      values,
      templates: templates.map((t) => ({ _id: t.id, practice: t.practice, name: t.name, label: t.label, fields: t.fields })),
      // Not in the spec in detail: partner products come with the organization's offers (none yet).
      partnerProducts: [],
    };
  }

  async saveConsultationNote(actor: UserRow, appointmentId: string, templateId: string, values: Record<string, string | number | boolean | null>): Promise<ConsultationNoteDto> {
    const row = await this.visible(actor, appointmentId);
    if (row.mxDoctorId !== actor.id && row.usDoctorId !== actor.id) throw new AppError('FORBIDDEN');
    if (CANCELED_STATES.includes(row.state) || row.state === S.EXPIRED) throw stateConflict(row.state, row.state);
    const template = (await this.repo.noteTemplates()).find((t) => t.id === templateId && t.practice === row.practice);
    if (!template) throw new AppError('INVALID_DATA', { fields: { templateId: 'invalid_template' } });
    const unknown = Object.keys(values).find((k) => !template.fields.some((f) => f.name === k));
    if (unknown) throw new AppError('INVALID_DATA', { fields: { [`values.${unknown}`]: 'unknown_field' } });
    const now = this.deps.clock.now();
    await this.repo.saveNote(row.id, templateId, values, actor.id, now);
    if (row.templateId !== templateId) await this.repo.update(row.id, { templateId, updatedAt: now });
    return this.consultationNote(actor, row.id, row.memberId, templateId);
  }

  // ---------------------------------------------------------------------------------------------
  // Timeouts (the scheduler calls this; the clock is injectable)

  /** Moves every appointment whose waiting phase is over. Returns how many moved. */
  async runDueTimeouts(): Promise<number> {
    const now = this.deps.clock.now();
    let moved = 0;
    for (const row of await this.repo.due(now)) {
      const step = this.timeoutStep(row);
      if (!step) continue;
      try {
        await this.transition(null, row, step, 'system', { deadlineBefore: now });
        moved++;
      } catch (err) {
        // Someone moved it first (accepted, cancelled): nothing to do.
        if (!(err instanceof AppError)) throw err;
      }
    }
    return moved;
  }

  private timeoutStep(row: AppointmentRow): TransitionRequest | undefined {
    switch (row.state) {
      case S.S1_IN_QUEUE_FOR_COACH:
        return { to: S.S12_CANCELED, reason: 'no-coaches' };
      case S.S2_COACH_IS_REVIEWING:
        return row.requestedMxDoctorId ? { to: S.S12_CANCELED, reason: 'timeout-by-coach' } : { to: S.S1_IN_QUEUE_FOR_COACH, reason: 'timeout-by-coach' };
      case S.S6_IN_QUEUE_FOR_ER:
        return { to: S.NO_DOCTOR_AVAILABLE, reason: 'no-doctors' };
      case S.S7_ER_IS_REVIEWING:
        return { to: S.S6_IN_QUEUE_FOR_ER, reason: 'timeout-by-doctor' };
      default:
        return undefined;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The one way a state changes

  /**
   * Checks the edge with the domain machine as `role` (the actor's, or 'system' for the server's
   * own moves), applies its effects with UPDATE ... WHERE state = <checked state>, alerts, then
   * runs the server's follow-up (e.g. COACH_REQUEST_US_DR -> S6).
   */
  private async transition(actor: UserRow | null, row: AppointmentRow, request: TransitionRequest, as?: TransitionRole, extra?: { deadlineBefore?: Date }): Promise<AppointmentRow> {
    const role: TransitionRole = as ?? (actor ? roleOf(actor) : 'system');
    let { to } = request;
    const reason = request.reason ?? null;
    if (actor && role !== 'system' && !mayAct(actor, row, to, await this.deps.physicians.record(actor.id))) throw new AppError('NOT_FOUND');
    // A request for a chosen coach is not put back in the general queue: it ends with the reason.
    if (row.state === S.S2_COACH_IS_REVIEWING && to === S.S1_IN_QUEUE_FOR_COACH && row.requestedMxDoctorId) to = S.S12_CANCELED;
    if (to === S.COACH_REQUEST_US_DR && row.serviceScope !== 'full-care') {
      throw new AppError('CONFLICT', { data: { reason: 'coaching-only', from: row.state, to } });
    }
    const record = actor ? await this.deps.physicians.record(actor.id) : undefined;
    const check = assertTransition(row.state, to, role, { reason, licensedStates: licensedStates(record), memberState: memberStateFor(row) });
    if (!check.ok) throw transitionFailure(check.error, row.state, to);

    const now = this.deps.clock.now();
    const patch = { ...this.effects(row, to, actor, reason, now), ...request.patch };
    const updated = await this.repo.transition(row.id, row.state, patch, { fromState: row.state, toState: to, reason, actorId: actor?.id ?? null, actorRole: role, at: now }, extra);
    if (!updated) {
      // Lost a race: somebody moved it first. Say what it is now.
      const current = await this.repo.findById(row.id);
      throw stateConflict(current?.state ?? row.state, to, true);
    }
    this.emit(updated, row, await this.offerRecipients(updated, row));
    // The consultation is over: its guest-link sessions end with it (sockets included).
    if (isTerminal(updated.state)) await this.deps.sessions?.revokeSessionsScopedTo(updated.id);
    const follow = FOLLOW_UPS[updated.state]?.(updated);
    if (follow) return this.transition(null, updated, { to: follow.to, reason: follow.reason }, 'system');
    return updated;
  }

  /** What a transition writes besides the state (assignments, deadlines, reasons, end time). */
  private effects(row: AppointmentRow, to: AppointmentState, actor: UserRow | null, reason: string | null, now: Date): Partial<NewAppointmentRow> {
    const t = this.deps.timeouts;
    const at = (ms: number) => new Date(now.getTime() + ms);
    const base: Partial<NewAppointmentRow> = { state: to, statusReason: reason, statusUserId: actor?.id ?? null, updatedAt: now, deadlineAt: null };
    switch (to) {
      case S.S1_IN_QUEUE_FOR_COACH:
        return { ...base, mxDoctorId: null, isMxDoctorBusy: false, deadlineAt: at(t.coachQueueMs), doctorsBlacklist: row.mxDoctorId ? [...row.doctorsBlacklist, row.mxDoctorId] : row.doctorsBlacklist };
      case S.S2_COACH_IS_REVIEWING:
        return { ...base, mxDoctorId: actor?.id ?? row.mxDoctorId, deadlineAt: at(t.coachJoinMs) };
      case S.COACH_REQUEST_US_DR:
      case S.SEND_SOCIO_TO_WAITING_ROOM:
        return { ...base, usDoctorNeeded: true };
      case S.S6_IN_QUEUE_FOR_ER:
        return {
          ...base,
          usDoctorId: null,
          usDoctorNeeded: true,
          deadlineAt: at(t.doctorQueueMs),
          doctorsBlacklist: row.usDoctorId ? [...row.doctorsBlacklist, row.usDoctorId] : row.doctorsBlacklist,
        };
      case S.S7_ER_IS_REVIEWING:
      case S.ER_ACCEPTS_CONSULTATION:
        // spec 4: usDoctorNeeded becomes true when a US doctor id is set.
        return {
          ...base,
          // The server's own step ER_ACCEPTS_CONSULTATION -> S7 keeps the accepting doctor as the one who moved it.
          statusUserId: actor?.id ?? row.statusUserId,
          usDoctorId: actor?.userType === 'us-physician' ? actor.id : row.usDoctorId,
          usDoctorNeeded: true,
          deadlineAt: to === S.S7_ER_IS_REVIEWING ? at(t.doctorJoinMs) : null,
        };
      case S.CONSULTATION_WITHOUT_ER:
        // The coach goes on without a US doctor (her choice from S6, or after the US-doctor
        // timeout): none is needed any more, so finishing the call closes it as a coach-only
        // consultation (S4 -> S11) and the member goes to SC064, not SC038. Clearing usDoctorId
        // withdraws any US doctor still attached (emit evicts her); leaving S6 withdraws the offer.
        return { ...base, usDoctorNeeded: false, usDoctorId: null };
      case S.S11_FINISHED:
      case S.S12_CANCELED:
        return { ...base, status: 'finished', endDate: now };
      default:
        return base;
    }
  }

  private locationEdits(location: Location): Partial<NewAppointmentRow> {
    const value = { country: location.country.toUpperCase(), state: location.state, city: location.city };
    return { location: value, serviceScope: serviceScope(value) };
  }

  // ---------------------------------------------------------------------------------------------
  // Alerts

  /** Physicians the appointment is offered to (queue states) or withdrawn from (leaving a queue). */
  private async offerRecipients(row: AppointmentRow, previous: AppointmentRow | null): Promise<string[]> {
    const coachQueue = row.state === COACH_QUEUE || previous?.state === COACH_QUEUE;
    const doctorQueue = row.state === DOCTOR_QUEUE || previous?.state === DOCTOR_QUEUE;
    if (!coachQueue && !doctorQueue) return [];
    const basis = row.state === COACH_QUEUE || row.state === DOCTOR_QUEUE ? row : (previous ?? row);
    const out: string[] = [];
    for (const record of await this.deps.physicians.allRecords()) {
      const eligible = coachQueue ? isEligibleCoach(record, basis) : isEligibleDoctor(record, basis);
      if (!eligible) continue;
      const flags = await this.deps.physicians.flags(record.user.id);
      if (flags.isOnline && flags.isAvailable) out.push(record.user.id);
    }
    return out;
  }

  /** The policy picks the recipients before every emit: member, assigned physicians, queue offers, admins. */
  private emit(row: AppointmentRow, previous: AppointmentRow | null, offers: readonly string[]): void {
    const participants = [row.memberId, row.mxDoctorId, row.usDoctorId].filter((v): v is string => !!v);
    const evict = [previous?.mxDoctorId, previous?.usDoctorId].filter((v): v is string => !!v && !participants.includes(v));
    const userIds = [...new Set([...participants, ...offers])];
    this.deps.notifier.appointmentAlert({ appointmentId: row.id, userIds, admins: true, evictUserIds: evict }, presentAlert(row, previous?.state ?? null));
  }

  // ---------------------------------------------------------------------------------------------

  private async physicianDto(id: string, lang: Language): Promise<PhysicianDto | null> {
    try {
      return await this.deps.physicians.getPhysician(id, lang);
    } catch {
      return null;
    }
  }

  private async present(viewer: UserRow, row: AppointmentRow, lang: Language): Promise<AppointmentDto> {
    const [member, mxDoctor, usDoctor] = await Promise.all([
      viewer.id === row.memberId ? Promise.resolve(viewer) : this.repo.findUser(row.memberId),
      row.mxDoctorId ? this.physicianDto(row.mxDoctorId, lang) : Promise.resolve(null),
      row.usDoctorId ? this.physicianDto(row.usDoctorId, lang) : Promise.resolve(null),
    ]);
    return presentAppointment({ row, viewer, member, mxDoctor, usDoctor });
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string): boolean => UUID_RE.test(v);

const stripUndefined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The appointment is no longer where the caller thought: already cancelled, finished or taken. */
function stateConflict(current: AppointmentState, to: AppointmentState, lostRace = false): AppError {
  const data = { state: current, to, ...(lostRace ? { lostRace: true } : {}) };
  if (CANCELED_STATES.includes(current)) return new AppError('APPOINTMENT_ALREADY_CANCELED', { data });
  if (isFinishedLike(current) || current === S.EXPIRED) return new AppError('APPOINTMENT_ALREADY_FINISHED', { data });
  if (lostRace || current !== S.S1_IN_QUEUE_FOR_COACH) return new AppError('APPOINTMENT_ALREADY_IN_PROGRESS', { data });
  return new AppError('CONFLICT', { data });
}

/** A machine refusal as a catalogue error (spec 8): bad reasons are bad input; the rest conflicts. */
function transitionFailure(error: TransitionError, from: AppointmentState, to?: AppointmentState): AppError {
  if (error === 'reason-required') return new AppError('INVALID_DATA', { fields: { statusReason: 'reason_required' } });
  if (error === 'reason-not-allowed') return new AppError('INVALID_DATA', { fields: { statusReason: 'reason_not_allowed' } });
  if (error === 'unknown-state') return new AppError('INVALID_DATA', { fields: { state: 'invalid_state' } });
  if (CANCELED_STATES.includes(from) || isFinishedLike(from) || from === S.EXPIRED) return stateConflict(from, to ?? from);
  return new AppError('CONFLICT', { data: { transitionError: error, from, ...(to ? { to } : {}) } });
}
