import { randomUUID } from 'node:crypto';
import type {
  AppointmentDto,
  appointmentLocationSchema,
  CreateAppointmentResult,
  createAppointmentDataSchema,
  prescriptionSchema,
  updateAppointmentInputSchema,
} from '@puente/contracts';
import {
  acceptStep,
  APPOINTMENT_STATE as S,
  assertTransition,
  BUSY_STATES,
  consultationLanguageOf,
  declineStep,
  finishStep,
  followUpStep,
  isAssignedPhysician,
  isHeldForPayment,
  isParticipant,
  isTerminal,
  isWithinWorkingHours,
  LIVE_STATES,
  newAppointmentDefaults,
  OUT_OF_HOURS_OPTIONS,
  prescriptionTarget,
  redirectedTarget,
  serviceScope,
  timeoutStep,
  transitionEffects,
  type AppointmentState,
  type JoinMethod,
  type Language,
  type TransitionRole,
} from '@puente/domain';
import type * as z from 'zod/mini';
import type { AppointmentRow, NewAppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { AppointmentAlerts } from './appointments.alerts';
import { stateConflict, transitionFailure } from './appointments.errors';
import { licensedStates, mayAct, memberStateFor, roleOf } from './appointments.policy';
import type { AppointmentQueries } from './appointments.queries';
import type { AppointmentsRepository, WithTx } from './appointments.repository';
import type { Db } from '../../db/client';
import type { AppointmentsServiceDeps } from './appointments.service';

type Location = z.output<typeof appointmentLocationSchema>;

interface TransitionRequest {
  to: AppointmentState;
  reason?: string | null;
  /** Extra columns written with the transition (prescriptions...). */
  patch?: Partial<NewAppointmentRow>;
}

/**
 * Changing appointments (spec 4). Every state change goes through `assertTransition` of the
 * domain machine, as the caller's role, then a conditional UPDATE that only succeeds if the state
 * is still the one checked; alerts go out after the policy picks the recipients. The rules of
 * the life cycle (follow-ups, timeouts, finish by role, effects) are the domain's.
 */
export class AppointmentCommands {
  private readonly repo: AppointmentsRepository;

  constructor(
    private readonly deps: AppointmentsServiceDeps,
    private readonly queries: AppointmentQueries,
    private readonly alerts: AppointmentAlerts,
  ) {
    this.repo = deps.repository;
  }

  /** createAppointment(data, returnNewDocument): a member asks for an on-demand consultation. */
  /** `scheduled`: a member joining her scheduled consultation (issue 13): type scheduled, no hours check, waits for the coach even if offline. */
  async create(actor: Actor, data: z.output<typeof createAppointmentDataSchema>, returnNewDocument: boolean, lang: Language, options: { scheduled?: boolean } = {}): Promise<CreateAppointmentResult> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    // spec 8: without access (and no organization covering her) the member is sent to the paywall.
    await this.deps.entitlements?.assertCanConsult(actor);
    await this.deps.organizations?.assertPracticeOffered(actor, data.practice);
    const now = this.deps.clock.now();
    const hours = this.deps.workingHours();
    // spec 8/9: out of working hours the member is offered scheduling or 911 instead.
    if (hours && !options.scheduled && !isWithinWorkingHours(hours, now, actor.email)) {
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
      type: options.scheduled ? 'scheduled' : defaults.type,
      channel: data.channel ?? defaults.channel,
      previousChannel: null,
      practice: data.practice,
      language: data.language ?? consultationLanguageOf(actor),
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
      escalationReason: null,
      escalationUrgency: null,
      escalatedAt: null,
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
    const offers = await this.alerts.offerRecipients(draft, null);
    if (offers.length === 0 && !options.scheduled) {
      if (data.mxDoctorId) throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { physicianId: data.mxDoctorId } });
      throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { reason: 'no-coaches', messageKey: 'lack_of_personnel_no_ondemand' } });
    }
    const row = await this.repo.insert(draft, { fromState: S.EMPTY, toState: draft.state, reason: null, actorId: actor.id, actorRole: 'member', at: now });
    this.alerts.emit(row, null, offers);
    return { id: row.id, appointment: returnNewDocument ? await this.queries.present(actor, row, lang) : null };
  }

  /**
   * acceptAppointment: a coach takes a request from the coach queue (S1 -> S2); a US doctor an
   * escalation (S6 -> ER_ACCEPTS_CONSULTATION, announced to the appointment's people, then the
   * server moves on to S7). Race-safe.
   */
  async accept(actor: UserRow, id: string, lang: Language): Promise<AppointmentDto> {
    const row = await this.queries.visible(actor, id);
    const step = acceptStep(actor.userType);
    if (!step) throw new AppError('FORBIDDEN');
    if (row.state !== step.from) throw stateConflict(row.state, step.to);
    if (await this.repo.physicianHolds(actor.id, BUSY_STATES, row.id)) throw new AppError('PHYSICIAN_NOT_AVAILABLE', { data: { reason: actor.userType === 'mx-physician' ? 'busy-coach' : 'busy-doctor' } });
    return this.queries.present(actor, await this.transition(actor, row, { to: step.to }), lang);
  }

  /** updateAppointment(appointment): field edits the role may make, then the asked transition. */
  async update(actor: UserRow, input: z.output<typeof updateAppointmentInputSchema>, lang: Language): Promise<AppointmentDto> {
    let row = await this.queries.visible(actor, input.id);
    const edits: Partial<NewAppointmentRow> = {};
    const isMember = actor.userType === 'member' && row.memberId === actor.id;
    const isAssigned = isAssignedPhysician(row, actor.id);
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
    if (input.location !== undefined) Object.assign(edits, locationEdits(input.location));
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
    // issue 11: the coach's reason and urgency come only with her request for a US doctor.
    if (input.escalation && input.state !== S.COACH_REQUEST_US_DR) throw new AppError('INVALID_DATA', { fields: { escalation: 'field_not_allowed' } });
    if (input.state !== undefined && input.state !== row.state) {
      const escalation = input.escalation
        ? { escalationReason: input.escalation.reason, escalationUrgency: input.escalation.urgency, escalatedAt: this.deps.clock.now() }
        : undefined;
      row = await this.transition(actor, row, { to: input.state, reason: input.statusReason, patch: escalation });
    }
    return this.queries.present(actor, row, lang);
  }

  /** cancelAppointment(appointmentId, reason): the member, an admin (canceled-by-admin) or the physician in their phase. */
  async cancel(actor: UserRow, id: string, reason: string, lang: Language): Promise<AppointmentDto> {
    const row = await this.queries.visible(actor, id);
    // An admin's cancellation is audited (issue 15), in the transition's transaction.
    const audit = actor.userType === 'admin' ? { withTx: (tx: Db) => this.deps.audit.record({ actor, action: 'update', resource: 'appointment', subjectId: row.memberId, recordId: row.id, fields: ['state', 'statusReason'] }, tx) } : undefined;
    return this.queries.present(actor, await this.transition(actor, row, { to: S.S12_CANCELED, reason }, undefined, audit), lang);
  }

  /**
   * declineAppointment (issue 11): a physician declines a request offered to them, as the domain's
   * declineStep says: from a queue it stays for the others and is not offered to them again; a
   * request addressed to this coach, or one they hold, is sent back through the machine with
   * rejected-by-coach / rejected-by-doctor (a chosen coach's request is then cancelled).
   */
  async decline(actor: UserRow, id: string): Promise<void> {
    let row = await this.queries.visible(actor, id);
    if (actor.userType !== 'mx-physician' && actor.userType !== 'us-physician') throw new AppError('FORBIDDEN');
    const step = declineStep(row, { id: actor.id, userType: actor.userType });
    if (!step) throw stateConflict(row.state, row.state);
    if (step.kind === 'pass') {
      const updated = await this.repo.addToBlacklist(row.id, row.state, actor.id, this.deps.clock.now());
      if (!updated) throw stateConflict((await this.repo.findById(row.id))?.state ?? row.state, row.state, true);
      return;
    }
    for (const next of step.steps) row = await this.transition(actor, row, next);
  }

  /**
   * The finish-appointment command: the caller's next "end" step (the domain's finishStep). A US
   * doctor finishing a consultation that needed a prescription without one must say why first
   * (issue 11): the prescribing module records the reason and passes `noPrescriptionRecorded`.
   */
  async finish(actor: UserRow, id: string, lang: Language, options: { noPrescriptionRecorded?: boolean } = {}): Promise<AppointmentDto> {
    const row = await this.queries.visible(actor, id);
    const role = roleOf(actor);
    const step = finishStep(role, row.state, isAssignedPhysician(row, actor.id));
    if (!step) throw stateConflict(row.state, S.S11_FINISHED);
    if (role === 'us-physician' && step.to === S.S11_FINISHED && row.prescriptionNeeded && row.prescriptions.length === 0 && !options.noPrescriptionRecorded) {
      throw new AppError('INVALID_DATA', { fields: { noPrescriptionReason: 'rx_no_prescription_reason_required' } });
    }
    return this.queries.present(actor, await this.transition(actor, row, { to: step.to }, step.as), lang);
  }

  /**
   * sendPrescription: only a US doctor licensed in the member's state (spec 1/6); a coach never.
   * From 9 or US doctor pending -> 10; from 4 -> 5. The machine checks role and licence.
   */
  async sendPrescription(actor: UserRow, id: string, prescriptions: z.output<typeof prescriptionSchema>[], lang: Language): Promise<AppointmentDto> {
    const row = await this.queries.visible(actor, id);
    // No hand-typed codes (issue 12): each line names an entry of the medication directory.
    if (this.deps.medications) {
      const found = await Promise.all(prescriptions.map((p) => this.deps.medications!.get(p.code.trim())));
      const fields = Object.fromEntries(found.flatMap((m, i) => (m ? [] : [[`prescriptions.${i}.code`, 'rx_medication_unknown']])));
      if (Object.keys(fields).length > 0) throw new AppError('INVALID_DATA', { fields });
    }
    const patch: Partial<NewAppointmentRow> = { prescriptions, prescriptionNeeded: true };
    // The audit row is written in the transition's transaction: no prescription without its row.
    const audit = (tx: Db) => this.deps.audit.record({ actor, action: 'create', resource: 'prescription', subjectId: row.memberId, recordId: row.id, fields: ['prescriptions'] }, tx);
    const updated = await this.transition(actor, row, { to: prescriptionTarget(row.state), patch }, undefined, { withTx: audit });
    return this.queries.present(actor, updated, lang);
  }

  /**
   * The US doctor signed (issue 11/12): the signed lines and the pharmacy are written with the move
   * to TREAT_PENDING (from 9 or US doctor pending), through the machine as the doctor.
   */
  async recordSignedPrescription(actor: UserRow, id: string, prescriptions: z.output<typeof prescriptionSchema>[], pharmacy: Record<string, string | number | null> | null): Promise<AppointmentRow> {
    const row = await this.queries.visible(actor, id);
    const medicalRecord = pharmacy ? { ...(row.medicalRecord ?? {}), pharmacy } : row.medicalRecord;
    // The audit row is written in the transition's transaction: no signed prescription without its row.
    const audit = (tx: Db) => this.deps.audit.record({ actor, action: 'create', resource: 'prescription', subjectId: row.memberId, recordId: row.id, fields: ['prescriptions'] }, tx);
    return this.transition(actor, row, { to: S.TREAT_PENDING, patch: { prescriptions, prescriptionNeeded: true, medicalRecord } }, undefined, { withTx: audit });
  }

  /** The e-prescribing provider reports the prescription sent: TREAT_PENDING -> TREAT_COMPLETED, by the system. */
  async completeTreatment(id: string): Promise<AppointmentRow> {
    const row = await this.repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.transition(null, row, { to: S.TREAT_COMPLETED }, 'system');
  }

  /** PATCH /api/appointments/{id}/join-method/{app|link}: the member's own appointment. */
  async setJoinMethod(actor: UserRow, id: string, method: JoinMethod): Promise<void> {
    const row = await this.queries.visible(actor, id);
    if (row.memberId !== actor.id) throw new AppError('NOT_FOUND');
    await this.repo.update(row.id, { memberJoinMethod: method, updatedAt: this.deps.clock.now() });
  }

  /** PATCH /api/appointments/{id}/connection-strength/{1..3}: a participant reports their network quality. */
  async setConnectionStrength(actor: UserRow, id: string, value: number): Promise<void> {
    const row = await this.queries.visible(actor, id);
    if (!isParticipant(row, actor.id)) throw new AppError('NOT_FOUND');
    await this.repo.update(row.id, { connectionStrength: value, updatedAt: this.deps.clock.now() });
  }

  /** The location change event (state and city confirmed in the call flow). */
  async changeLocation(actor: UserRow, id: string, location: Location): Promise<AppointmentRow> {
    const row = await this.queries.visible(actor, id);
    if (row.memberId !== actor.id) throw new AppError('NOT_FOUND');
    if (isTerminal(row.state)) throw stateConflict(row.state, row.state);
    return (await this.repo.update(row.id, { ...locationEdits({ ...location, country: location.country || row.location?.country || 'MX' }), updatedAt: this.deps.clock.now() })) ?? row;
  }

  /** A held request for a US doctor (paid visits, issue 14): paid -> the US doctors' queue; unpaid -> the coach continues alone. */
  async moveHeldEscalation(id: string, outcome: 'paid' | 'unpaid'): Promise<void> {
    const row = await this.repo.findById(id);
    if (!row || !isHeldForPayment(row.state)) return;
    await this.transition(null, row, { to: outcome === 'paid' ? S.S6_IN_QUEUE_FOR_ER : S.CONSULTATION_WITHOUT_ER }, 'system');
  }

  /** Moves every appointment whose waiting phase is over (the domain's timeoutStep). Returns how many moved. */
  async runDueTimeouts(): Promise<number> {
    const now = this.deps.clock.now();
    let moved = 0;
    for (const row of await this.repo.due(now)) {
      const step = timeoutStep(row);
      if (!step) continue;
      // first-timeout / second-timeout: only a member who has not entered the video call missed it
      // (a phone or chat consultation has no call to enter).
      if ((step.reason === 'first-timeout' || step.reason === 'second-timeout') && (row.channel !== 'video-call' || !this.deps.callPresence || (await this.deps.callPresence.memberInCall(row.id)))) {
        await this.repo.clearDeadline(row.id, row.state);
        continue;
      }
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

  /**
   * The one way a state changes. Checks the edge with the domain machine as `role` (the actor's,
   * or 'system' for the server's own moves), applies its effects with UPDATE ... WHERE state =
   * <checked state>, alerts, then runs the server's follow-up (e.g. COACH_REQUEST_US_DR -> S6).
   */
  private async transition(actor: UserRow | null, row: AppointmentRow, request: TransitionRequest, as?: TransitionRole, extra?: { deadlineBefore?: Date; withTx?: WithTx }): Promise<AppointmentRow> {
    const role: TransitionRole = as ?? (actor ? roleOf(actor) : 'system');
    const reason = request.reason ?? null;
    if (actor && role !== 'system' && !mayAct(actor, row, request.to, await this.deps.physicians.record(actor.id))) throw new AppError('NOT_FOUND');
    const to = redirectedTarget(row, request.to);
    if (to === S.COACH_REQUEST_US_DR && row.serviceScope !== 'full-care') {
      throw new AppError('CONFLICT', { data: { reason: 'coaching-only', from: row.state, to } });
    }
    // Paid visits (issue 14): a US doctor takes a held request only once the member paid.
    if (role === 'us-physician' && row.state === S.COACH_REQUEST_US_DR && (await this.deps.usDoctorPayments?.awaitingPayment(row))) {
      throw new AppError('CONFLICT', { data: { reason: 'payment-pending', from: row.state, to } });
    }
    const record = actor ? await this.deps.physicians.record(actor.id) : undefined;
    const check = assertTransition(row.state, to, role, { reason, licensedStates: licensedStates(record), memberState: memberStateFor(row) });
    if (!check.ok) throw transitionFailure(check.error, row.state, to);

    const now = this.deps.clock.now();
    const patch = { ...transitionEffects({ row, to, actor, reason, now, timeouts: this.deps.timeouts }), ...request.patch };
    const updated = await this.repo.transition(row.id, row.state, patch, { fromState: row.state, toState: to, reason, actorId: actor?.id ?? null, actorRole: role, at: now }, extra);
    if (!updated) {
      // Lost a race: somebody moved it first. Say what it is now.
      const current = await this.repo.findById(row.id);
      throw stateConflict(current?.state ?? row.state, to, true);
    }
    this.alerts.emit(updated, row, await this.alerts.offerRecipients(updated, row));
    // The consultation is over: its guest-link sessions end with it (sockets included).
    if (isTerminal(updated.state)) await this.deps.sessions?.revokeSessionsScopedTo(updated.id);
    // A scheduled consultation's booking is finished with it (issue 13).
    if (isTerminal(updated.state) && updated.type === 'scheduled') await this.deps.onScheduledEnded?.(updated.id);
    const follow = followUpStep(updated);
    // Paid visits (issue 14): the request (either escalation path) waits for the member's payment before the US doctors' queue.
    if (follow && isHeldForPayment(updated.state) && (await this.deps.usDoctorPayments?.holdEscalation(updated))) return updated;
    if (follow) return this.transition(null, updated, follow, 'system');
    return updated;
  }
}

function locationEdits(location: Location): Partial<NewAppointmentRow> {
  const value = { country: location.country.toUpperCase(), state: location.state, city: location.city };
  return { location: value, serviceScope: serviceScope(value) };
}
