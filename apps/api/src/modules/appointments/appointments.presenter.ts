import { topicReadIn, type AppointmentAlert, type AppointmentDto, type AppointmentHistoryItem, type HandoffDto, type MedicalRecordDto, type PhysicianDto } from '@puente/contracts';
import { APPOINTMENT_STATE } from '@puente/domain';
import type { AppointmentRow, UserRow } from '../../db/schema';

export interface AppointmentView {
  row: AppointmentRow;
  viewer: Pick<UserRow, 'id' | 'userType'>;
  member: Pick<UserRow, 'firstName' | 'lastName'> | undefined;
  mxDoctor: PhysicianDto | null;
  usDoctor: PhysicianDto | null;
  /** issue 11: the coach's note and chat summary, for US doctors and admins once one is needed. */
  handoff?: HandoffDto | null;
}

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'> | undefined): string | null =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || null : null;

/**
 * The appointment as it leaves the server. Members never receive the physicians' internal notes
 * (spec 6: internal notes are for the physician dashboard); physicians see the member's name.
 */
export function presentAppointment(view: AppointmentView): AppointmentDto {
  const { row, viewer } = view;
  const isMember = viewer.userType === 'member';
  const record = row.medicalRecord;
  return {
    id: row.id,
    memberId: row.memberId,
    mxDoctorId: row.mxDoctorId,
    usDoctorId: row.usDoctorId,
    mxDoctor: view.mxDoctor,
    usDoctor: view.usDoctor,
    state: row.state,
    statusReason: row.statusReason,
    status: row.status,
    statusUserId: row.statusUserId,
    type: row.type,
    channel: row.channel,
    previousChannel: row.previousChannel,
    practice: row.practice,
    language: row.language,
    topic: row.topic ? { topicId: row.topic.topicId, topicText: row.topic.topicText, subtopicId: row.topic.subtopicId ?? null, subtopicText: row.topic.subtopicText ?? null } : null,
    selfAssessment: row.selfAssessment ?? null,
    location: row.location ?? null,
    serviceScope: row.serviceScope,
    usDoctorNeeded: row.usDoctorNeeded,
    prescriptionNeeded: row.prescriptionNeeded,
    prescriptions: row.prescriptions,
    medicalRecord: record
      ? {
          internalNotes: isMember ? null : (record.internalNotes ?? null),
          // spec 4: notes (the plan's free text too) are hidden from the member after expiry.
          plan: isMember && row.state === APPOINTMENT_STATE.EXPIRED ? null : (record.plan ?? null),
          pharmacy: (record.pharmacy as MedicalRecordDto['pharmacy']) ?? null,
        }
      : null,
    roomName: row.roomName,
    preJoinStep: row.preJoinStep,
    cameraAccessGranted: row.cameraAccessGranted,
    memberJoinMethod: row.memberJoinMethod,
    connectionStrength: row.connectionStrength,
    isMxDoctorBusy: row.isMxDoctorBusy,
    chatHasMessages: row.chatHasMessages,
    conversationid: row.conversationId,
    parentAppointmentId: row.parentAppointmentId,
    chiefComplaint: row.chiefComplaint,
    templateId: row.templateId,
    timezone: row.timezone,
    createdByRole: row.createdByRole,
    startDate: row.startDate.toISOString(),
    endDate: iso(row.endDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deadlineAt: iso(row.deadlineAt),
    memberName: isMember ? null : fullName(view.member),
    escalation:
      !isMember && row.escalationReason && row.escalationUrgency && row.escalatedAt
        ? { reason: row.escalationReason, urgency: row.escalationUrgency, requestedAt: row.escalatedAt.toISOString() }
        : null,
    handoff: isMember ? null : (view.handoff ?? null),
  };
}

/** The realtime alert: ids and states only, never health data (it also reaches queue offers). */
export function presentAlert(row: AppointmentRow, previousState: AppointmentRow['state'] | null): AppointmentAlert {
  return {
    appointmentId: row.id,
    state: row.state,
    statusReason: row.statusReason,
    previousState,
    type: row.type,
    memberId: row.memberId,
    mxDoctorId: row.mxDoctorId,
    usDoctorId: row.usDoctorId,
    usDoctorNeeded: row.usDoctorNeeded,
    at: row.updatedAt.toISOString(),
  };
}

/**
 * spec 4 history card: day, physician, channel and reason, status. The reason is what she typed,
 * else her topic's title, in the reader's language where `topicTitles` knows it (the consultation
 * keeps the title in the language it was asked in).
 */
export function presentHistoryItem(row: AppointmentRow, physician: PhysicianDto | null, topicTitles?: ReadonlyMap<string, string>): AppointmentHistoryItem {
  return {
    id: row.id,
    startDate: row.startDate.toISOString(),
    state: row.state,
    status: row.status,
    statusReason: row.statusReason,
    type: row.type,
    channel: row.channel,
    practice: row.practice,
    reason: row.selfAssessment?.appointmentReason ?? (row.topic && topicTitles ? topicReadIn(row.topic, topicTitles) : row.topic)?.topicText ?? null,
    physicianName: physician ? `${physician.firstName} ${physician.lastName}`.trim() : null,
    physicianUserType: physician?.userType ?? null,
    prescriptionNeeded: row.prescriptionNeeded,
    parentAppointmentId: row.parentAppointmentId,
    chatHasMessages: row.chatHasMessages,
  };
}
