import type { AppointmentDto, AppointmentHistoryItem, ClinicianConsultation, ClinicianConsultationsResponse, HandoffDto, PhysicianDto } from '@puente/contracts';
import {
  buildPath,
  BUSY_STATES,
  CURRENT_STATES,
  escalationPriority,
  HANDOFF_CHAT_MESSAGE_CHARS,
  HANDOFF_CHAT_MESSAGES,
  isAssignedPhysician,
  isCallOver,
  isCanceledState,
  isCurrentState,
  isUuid,
  LIVE_STATES,
  paths,
  prescriptionReadiness,
  type Language,
} from '@puente/domain';
import type { AppointmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { assertAppointmentInScope, refuseGuest, scopeOf, type Actor } from '../auth/session-scope';
import { canSee, COACH_QUEUE, DOCTOR_QUEUE, isEligibleCoach, isEligibleDoctor } from './appointments.policy';
import { presentAppointment, presentHistoryItem } from './appointments.presenter';
import type { AppointmentsRepository } from './appointments.repository';
import type { AppointmentsServiceDeps } from './appointments.service';

/** issue 11: the clinician's recent consultations: changed in the last week (a working week and its weekend), at most 20 (one screen). */
export const RECENT_CONSULTATION_DAYS = 7;
export const RECENT_CONSULTATION_CAP = 20;

/** Reading appointments: what an actor may see, and how it is presented to them. */
export class AppointmentQueries {
  private readonly repo: AppointmentsRepository;

  constructor(private readonly deps: AppointmentsServiceDeps) {
    this.repo = deps.repository;
  }

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
      return own && own.memberId === actor.id && isCurrentState(own.state) ? this.present(actor, own, lang) : null;
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
      (isStaffPhysician && rows.some((r) => isAssignedPhysician(r, actor.id)));
    if (!allowed) {
      if (rows.length > 0) await this.deps.audit.record({ actor, action: 'read-denied', resource: 'appointment-history', subjectId: memberId });
      throw new AppError('NOT_FOUND');
    }
    await this.deps.audit.record({ actor, action: 'read', resource: 'appointment-history', subjectId: memberId });
    const out: AppointmentHistoryItem[] = [];
    for (const row of rows) {
      const physicianId = row.usDoctorId ?? row.mxDoctorId;
      out.push(presentHistoryItem(row, physicianId ? await this.physicianDto(physicianId, lang) : null));
    }
    return out;
  }

  /**
   * One page of getAppointmentsHistory for the member herself (the history screen): newest first,
   * `limit` cards after the opaque cursor. Another member's id is NOT_FOUND.
   */
  async historyPage(actor: Actor, memberId: string, page: { cursor?: string; limit: number }, lang: Language, topicTitles?: ReadonlyMap<string, string>): Promise<{ items: AppointmentHistoryItem[]; nextCursor: string | null }> {
    refuseGuest(actor);
    if (actor.userType !== 'member' || actor.id !== memberId) throw new AppError('NOT_FOUND');
    const after = page.cursor ? decodeHistoryCursor(page.cursor) : undefined;
    const rows = await this.repo.historyPageForMember(memberId, after, page.limit + 1);
    const more = rows.length > page.limit;
    const shown = rows.slice(0, page.limit);
    const physicians = new Map<string, PhysicianDto | null>();
    const items: AppointmentHistoryItem[] = [];
    for (const row of shown) {
      const physicianId = row.usDoctorId ?? row.mxDoctorId;
      if (physicianId && !physicians.has(physicianId)) physicians.set(physicianId, await this.physicianDto(physicianId, lang));
      items.push(presentHistoryItem(row, physicianId ? (physicians.get(physicianId) ?? null) : null, topicTitles));
    }
    const last = shown.at(-1);
    return { items, nextCursor: more && last ? encodeHistoryCursor(last) : null };
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
    // issue 11: the US doctors see the most urgent escalations first (a stable sort keeps the queue's order within one urgency).
    if (state === DOCTOR_QUEUE) rows.sort((a, b) => escalationPriority(b.escalationUrgency) - escalationPriority(a.escalationUrgency));
    return Promise.all(rows.map((r) => this.present(actor, r, lang)));
  }

  /**
   * issue 11, GET /api/physicians/{id}/consultations: the clinician's own consultations, those she
   * is the coach or US doctor of: the live ones (oldest request first) and the others changed in
   * the last RECENT_CONSULTATION_DAYS days (most recent first, at most RECENT_CONSULTATION_CAP).
   * Herself or an admin; another physician is FORBIDDEN; a member or guest sees nothing (NOT_FOUND).
   */
  async forClinician(actor: Actor, physicianId: string): Promise<ClinicianConsultationsResponse> {
    const isPhysician = actor.userType === 'mx-physician' || actor.userType === 'us-physician';
    if (actor.userType !== 'admin' && !isPhysician) throw new AppError('NOT_FOUND');
    refuseGuest(actor);
    if (isPhysician && actor.id !== physicianId) throw new AppError('FORBIDDEN');
    if (!isUuid(physicianId)) throw new AppError('NOT_FOUND');
    const since = new Date(this.deps.clock.now().getTime() - RECENT_CONSULTATION_DAYS * 86_400_000);
    const [active, recent] = await Promise.all([
      this.repo.forPhysicianInStates(physicianId, LIVE_STATES),
      this.repo.recentForPhysician(physicianId, LIVE_STATES, since, RECENT_CONSULTATION_CAP),
    ]);
    const names = new Map<string, string | null>();
    for (const id of new Set([...active, ...recent].map((r) => r.memberId))) {
      const m = await this.deps.accounts.account(id);
      names.set(id, m ? [m.firstName, m.lastName].filter(Boolean).join(' ') || null : null);
    }
    const row = (r: AppointmentRow): ClinicianConsultation => ({
      id: r.id,
      memberName: names.get(r.memberId) ?? null,
      state: r.state,
      channel: r.channel,
      practice: r.practice,
      role: r.usDoctorId === physicianId ? 'us-doctor' : 'coach',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      escalatedAt: r.escalatedAt?.toISOString() ?? null,
      endDate: r.endDate?.toISOString() ?? null,
    });
    return { active: active.map(row), recent: recent.map(row) };
  }

  /** GET /api/admin/appointments/live: every live appointment (admins only). */
  async liveQueue(actor: UserRow, lang: Language): Promise<AppointmentDto[]> {
    // An admin endpoint: anyone else is NOT_FOUND, as every admin route (issue 15).
    if (actor.userType !== 'admin') throw new AppError('NOT_FOUND');
    const rows = await this.repo.listInStates(LIVE_STATES);
    // Every admin action is audited (issue 15): the queue shows who is consulting now.
    await this.deps.audit.record({ actor, action: 'read', resource: 'live-queue' });
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
    if (row.memberJoinMethod === 'link') return `${base}${buildPath('linkToConsultFinished')}`;
    if (isCallOver(row.state)) {
      if (isCanceledState(row.state)) return `${base}${buildPath('home')}`;
      // spec 6: an organization member, once the survey is answered, goes to her organization's home page.
      const home = actor.organizationId && this.deps.exit ? await this.deps.exit.organizationHomePage(actor.organizationId) : null;
      if (home && (await this.deps.exit?.surveyAnswered(row.id))) return home;
      return `${base}${paths.survey(row.id)}`;
    }
    return `${base}${buildPath('home')}`;
  }

  /**
   * The appointment as this viewer sees it (member and physicians filled in). It carries the
   * clinical record and prescriptions, so anyone but the member who receives them is audited.
   */
  async present(viewer: UserRow, row: AppointmentRow, lang: Language): Promise<AppointmentDto> {
    const clinical = [...(row.medicalRecord ? ['medicalRecord'] : []), ...(row.prescriptions.length > 0 ? ['prescriptions'] : [])];
    if (clinical.length > 0) await this.deps.audit.record({ actor: viewer, action: 'read', resource: 'medical-record', subjectId: row.memberId, recordId: row.id, fields: clinical });
    const [member, mxDoctor, usDoctor] = await Promise.all([
      viewer.id === row.memberId ? Promise.resolve(viewer) : this.deps.accounts.account(row.memberId),
      row.mxDoctorId ? this.physicianDto(row.mxDoctorId, lang) : Promise.resolve(null),
      row.usDoctorId ? this.physicianDto(row.usDoctorId, lang) : Promise.resolve(null),
    ]);
    return presentAppointment({ row, viewer, member, mxDoctor, usDoctor, handoff: await this.handoff(viewer, row, member) });
  }

  /**
   * issue 11: what the US doctor is handed once a US doctor is needed: the coach's own note (its
   * filled fields), the chat summary and what the member still lacks for a prescription (issue 12).
   * US doctors and admins only; the read is audited.
   */
  private async handoff(viewer: UserRow, row: AppointmentRow, member: UserRow | undefined): Promise<HandoffDto | null> {
    if ((viewer.userType !== 'us-physician' && viewer.userType !== 'admin') || !row.usDoctorNeeded) return null;
    const [note, chat] = await Promise.all([
      row.mxDoctorId ? this.repo.noteBy(row.id, row.mxDoctorId) : Promise.resolve(undefined),
      this.deps.chatSummary?.(row.id, HANDOFF_CHAT_MESSAGES) ?? Promise.resolve({ messageCount: 0, attachmentCount: 0, last: [] }),
    ]);
    await this.deps.audit.record({ actor: viewer, action: 'read', resource: 'handoff', subjectId: row.memberId, recordId: row.id, fields: ['coachNote', 'chat', 'readiness'] });
    const coachNote = Object.entries(note ?? {}).flatMap(([name, v]) => (v === null || v === '' ? [] : [{ name, value: String(v) }]));
    return {
      coachNote,
      chat: {
        messageCount: chat.messageCount,
        attachmentCount: chat.attachmentCount,
        last: chat.last.map((m) => ({ role: m.userType, text: m.body ? m.body.slice(0, HANDOFF_CHAT_MESSAGE_CHARS) : null, attachment: m.media, at: m.at.toISOString() })),
      },
      // issue 12: the US doctor sees what the member still lacks before taking it (the member is asked while she waits).
      readiness: prescriptionReadiness({ location: row.location, address: member?.address, phoneNumber: member?.phoneNumber, pharmacy: member?.pharmacy }),
    };
  }

  private async physicianDto(id: string, lang: Language): Promise<PhysicianDto | null> {
    try {
      return await this.deps.physicians.getPhysician(id, lang);
    } catch {
      return null;
    }
  }
}

/** The history cursor: the last card's start date and id, opaque to the client. */
const encodeHistoryCursor = (row: Pick<AppointmentRow, 'startDate' | 'id'>): string => Buffer.from(`${row.startDate.toISOString()}|${row.id}`).toString('base64url');
const decodeHistoryCursor = (cursor: string): { startDate: Date; id: string } => {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const startDate = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(startDate.getTime())) throw new AppError('INVALID_DATA', { fields: { cursor: 'invalid_cursor' } });
  return { startDate, id };
};
