import { supportStatusUpdateSchema, type CreateSurveyInput, type SupportRequestDto } from '@puente/contracts';
import {
  complaintReportSchema,
  FEEDBACK_KIND_BY_SURVEY_TYPE,
  generalSatisfactionSurveySchema,
  isCanceledState,
  isLiveState,
  FORM_MISSING_FIELDS,
  isReplyOverdue,
  isUuid,
  mentalHealthSurveySchema,
  replyDueAt,
  supportFormSchema,
  supportHelpTopicsFor,
  supportOffered,
  surveyTypeForPractice,
  toSupportSurveyItems,
  type FeedbackKind,
} from '@puente/domain';
import type { UserRow } from '../../db/schema';
import type { SurveyRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Clock } from '../../lib/clock';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { AuditService } from '../audit/audit.service';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { SupportRepository } from './support.repository';

/** The admin's inbox: complaints and support requests. */
export const INBOX_KINDS: readonly FeedbackKind[] = ['COMPLAINT_REPORT', 'SUPPORT'];
// Ours: the inbox lists the newest 500; older ones are closed long ago.
const INBOX_LIMIT = 500;

export interface SupportServiceDeps {
  repository: SupportRepository;
  appointments: AppointmentsService;
  members: MembersService;
  audit: AuditService;
  clock: Clock;
}

/**
 * createSurvey (spec 7) with every rule of spec 5 (complaint, support, mental-health and general
 * satisfaction), and the admin's inbox of complaints and support requests (status, 48-hour target).
 */
export class SupportService {
  constructor(private readonly deps: SupportServiceDeps) {}

  async createSurvey(actor: Actor, input: CreateSurveyInput['data']): Promise<{ _id: string }> {
    refuseGuest(actor);
    // A member writes her own surveys; another member's id looks like nothing.
    if (actor.userType !== 'member' || input.memberId !== actor.id) throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    const kind = FEEDBACK_KIND_BY_SURVEY_TYPE[input.type];
    let items: Record<string, unknown>;
    let appointmentId: string | null = null;
    switch (input.type) {
      case 'ComplaintReport': {
        const report = parseWith(complaintReportSchema({ now, timeZone: actor.timeZone ?? undefined }), input.items);
        // spec 5: the clinician is required: one who cared for her (a coach or US doctor of one of her consultations).
        if (!isUuid(report.clinician) || !(await this.deps.appointments.hasCareRelationship(report.clinician, actor.id))) {
          throw new AppError('INVALID_DATA', { fields: { clinician: 'report_issue_provider_error_message' } });
        }
        items = report;
        break;
      }
      case 'support': {
        // spec 6 SupportAvailable: the domain's supportOffered, the rule the web's entry and tile follow.
        const organization = actor.organizationId ? await this.deps.members.organizationOf(actor.organizationId) : null;
        if (!supportOffered(organization)) throw new AppError('CONFLICT', { reason: 'support-not-available' });
        const form = parseWith(supportFormSchema, input.items);
        // spec 6: the B2B membership topic is hidden (and refused) for organization members.
        if (!(supportHelpTopicsFor(actor) as string[]).includes(form.helpTopic)) {
          throw new AppError('INVALID_DATA', { fields: { helpTopic: 'customer_support_help_topic_error' } });
        }
        items = { helpTopic: form.helpTopic, reason: form.reason, ...toSupportSurveyItems(form) };
        break;
      }
      case 'mental-health satisfaction':
      case 'general satisfaction': {
        if (!input.appointmentId) throw new AppError('INVALID_DATA', { fields: { appointmentId: FORM_MISSING_FIELDS } });
        const row = await this.deps.appointments.visible(actor, input.appointmentId);
        if (row.memberId !== actor.id) throw new AppError('NOT_FOUND');
        // spec 6: the survey type depends on practice.
        if (surveyTypeForPractice(row.practice) !== input.type) throw new AppError('INVALID_DATA', { fields: { type: 'invalid_survey_type' } });
        // Only a consultation that took place and is over can be rated.
        if (isLiveState(row.state) || isCanceledState(row.state) || row.status === 'scheduled') throw new AppError('CONFLICT', { data: { surveyError: 'appointment-not-finished' } });
        if (await this.deps.repository.forAppointment(row.id)) throw new AppError('CONFLICT', { data: { surveyError: 'survey-already-answered' } });
        items = input.type === 'mental-health satisfaction' ? parseWith(mentalHealthSurveySchema, input.items) : parseWith(generalSatisfactionSurveySchema, input.items);
        appointmentId = row.id;
        break;
      }
    }
    const row = await this.deps.repository
      .insert({ kind, memberId: actor.id, primaryContactId: input.primaryContactId ?? null, appointmentId, items, status: 'new', createdAt: now, updatedAt: now })
      .catch((error: unknown) => {
        // Two submissions of the same survey at once: the unique index keeps one.
        if (appointmentId) throw new AppError('CONFLICT', { data: { surveyError: 'survey-already-answered' } });
        throw error;
      });
    return { _id: row.id };
  }

  /**
   * A support message the app writes for the member (spec 4 "Scheduling flow": a booking with a
   * US-physician coach, who has no calendar, is cancelled or moved by support). It lands in the
   * admin's inbox like the support form's requests.
   */
  async requestForMember(memberId: string, items: { helpTopic: 'consultation'; reason: string; moreDetails: string }): Promise<{ id: string }> {
    const now = this.deps.clock.now();
    const row = await this.deps.repository.insert({ kind: 'SUPPORT', memberId, primaryContactId: null, appointmentId: null, items, status: 'new', createdAt: now, updatedAt: now });
    return { id: row.id };
  }

  /** Whether the consultation's survey was answered (the record screen hides its button then). */
  async surveyAnswered(appointmentId: string): Promise<boolean> {
    return !!(await this.deps.repository.forAppointment(appointmentId));
  }

  /** GET /api/admin/support/requests: admins only (anyone else: NOT_FOUND). Reading is audited. */
  async inbox(actor: UserRow): Promise<SupportRequestDto[]> {
    if (actor.userType !== 'admin') throw new AppError('NOT_FOUND');
    const rows = await this.deps.repository.listKinds(INBOX_KINDS, INBOX_LIMIT);
    const now = this.deps.clock.now();
    const out: SupportRequestDto[] = [];
    const names = new Map<string, string | null>();
    for (const row of rows) {
      if (!names.has(row.memberId)) {
        const member = await this.deps.members.findById(row.memberId);
        names.set(row.memberId, member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || null : null);
      }
      await this.deps.audit.record({ actor, action: 'read', resource: 'support-request', subjectId: row.memberId, recordId: row.id });
      out.push(this.present(row, names.get(row.memberId) ?? null, now));
    }
    return out;
  }

  /** PATCH /api/admin/support/requests/{id}: new, in progress, answered, closed. */
  async setStatus(actor: UserRow, id: string, body: unknown): Promise<SupportRequestDto> {
    // Not an admin: NOT_FOUND before the body is even read.
    if (actor.userType !== 'admin' || !isUuid(id)) throw new AppError('NOT_FOUND');
    const { status } = parseWith(supportStatusUpdateSchema, body);
    const now = this.deps.clock.now();
    // The audit row commits with the change it records.
    const row = await this.deps.repository.setStatus(id, INBOX_KINDS, status, now, (changed, tx) =>
      this.deps.audit.record({ actor, action: 'update', resource: 'support-request', subjectId: changed.memberId, recordId: changed.id, fields: ['status'] }, tx),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const member = await this.deps.members.findById(row.memberId);
    return this.present(row, member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || null : null, now);
  }

  private present(row: SurveyRow, memberName: string | null, now: Date): SupportRequestDto {
    return {
      id: row.id,
      kind: row.kind === 'COMPLAINT_REPORT' ? 'COMPLAINT_REPORT' : 'SUPPORT',
      status: row.status,
      memberId: row.memberId,
      memberName,
      items: row.items,
      createdAt: row.createdAt.toISOString(),
      replyDueAt: replyDueAt(row.createdAt).toISOString(),
      overdue: isReplyOverdue(row, now),
    };
  }

  /**
   * The usage report's satisfaction (issue 15): each rated consultation's main rating (satisfaction
   * level, or the mental-health survey's confidence), by appointment id; a missing or non-numeric
   * rating is absent. A thousand ids a query.
   */
  async mainRatings(appointmentIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(appointmentIds)];
    const ratings = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 1000) {
      for (const r of await this.deps.repository.mainRatingsOf(ids.slice(i, i + 1000))) {
        const rating = r.rating === null ? NaN : Number(r.rating);
        if (r.appointmentId && !Number.isNaN(rating)) ratings.set(r.appointmentId, rating);
      }
    }
    return ratings;
  }
}
