import { APPOINTMENT_GQL, consultationNoteSchema, type ConsultationNoteDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** addConsultationNoteAddendum(appointmentId, text): after signing, a later change is an addendum. */
export const addNoteAddendum = (input: { appointmentId: string; text: string }): Promise<ConsultationNoteDto> =>
  graphqlRequest(APPOINTMENT_GQL.addConsultationNoteAddendum, { ...input }, 'addConsultationNoteAddendum', consultationNoteSchema);

export const useAddNoteAddendum = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNoteAddendum,
    onSuccess: (_note, input) => queryClient.invalidateQueries({ queryKey: dashboardKeys.note(input.appointmentId, null).slice(0, 3) }),
  });
};
