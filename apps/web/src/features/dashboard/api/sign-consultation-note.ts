import { APPOINTMENT_GQL, consultationNoteSchema, type ConsultationNoteDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** signConsultationNote(appointmentId, authorId): the clinician signs her own part; it is locked after. */
export const signConsultationNote = (input: { appointmentId: string; authorId: string }): Promise<ConsultationNoteDto> =>
  graphqlRequest(APPOINTMENT_GQL.signConsultationNote, { ...input }, 'signConsultationNote', consultationNoteSchema);

export const useSignConsultationNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signConsultationNote,
    onSuccess: (_note, input) => queryClient.invalidateQueries({ queryKey: dashboardKeys.note(input.appointmentId, null).slice(0, 3) }),
  });
};
