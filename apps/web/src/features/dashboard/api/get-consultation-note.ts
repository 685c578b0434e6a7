import { APPOINTMENT_GQL, consultationNoteSchema, type ConsultationNoteDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export interface NoteArgs {
  appointmentId: string;
  memberId: string;
  /** The appointment's template, or null to let the server pick the practice's template. */
  templateId: string | null;
}

/** getConsultationNoteForMember(appointmentId, memberId, templateId): values and templates. */
export const getConsultationNote = (args: NoteArgs): Promise<ConsultationNoteDto> =>
  graphqlRequest(APPOINTMENT_GQL.getConsultationNoteForMember, { ...args }, 'getConsultationNoteForMember', consultationNoteSchema);

/** spec 7: skipped unless the appointment id, user id and template or practice exist. */
export const useConsultationNote = (args: Partial<NoteArgs> & { practice?: string | null }) =>
  useQuery({
    queryKey: dashboardKeys.note(args.appointmentId ?? '', args.templateId ?? null),
    queryFn: () => getConsultationNote({ appointmentId: args.appointmentId!, memberId: args.memberId!, templateId: args.templateId ?? null }),
    enabled: !!args.appointmentId && !!args.memberId && (!!args.templateId || !!args.practice),
  });
