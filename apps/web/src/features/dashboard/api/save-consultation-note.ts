import { APPOINTMENT_GQL, consultationNoteSchema, type ConsultationNoteDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export interface SaveNoteInput {
  appointmentId: string;
  templateId: string;
  values: Record<string, string>;
}

/** saveConsultationNote(appointmentId, templateId, values): assigned physicians only. */
export const saveConsultationNote = (input: SaveNoteInput): Promise<ConsultationNoteDto> =>
  graphqlRequest(APPOINTMENT_GQL.saveConsultationNote, { ...input }, 'saveConsultationNote', consultationNoteSchema);

export const useSaveConsultationNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsultationNote,
    onSuccess: async (note, input) => {
      queryClient.setQueryData(dashboardKeys.note(input.appointmentId, input.templateId), note);
      // The authored parts (issue 11) show under whichever template key the screen reads.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.note(input.appointmentId, null).slice(0, 3) });
    },
  });
};
