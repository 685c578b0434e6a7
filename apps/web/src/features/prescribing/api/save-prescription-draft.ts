import { prescriptionOrderSchema, type PrescriptionLineInputDto, type PrescriptionOrderDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** PUT /api/appointments/{id}/prescription: saves the draft lines (the server checks each against the directory). */
export const savePrescriptionDraft = async (input: { appointmentId: string; lines: PrescriptionLineInputDto[] }): Promise<PrescriptionOrderDto> =>
  (
    await apiRequest(`/api/appointments/${encodeURIComponent(input.appointmentId)}/prescription`, {
      method: 'PUT',
      body: { lines: input.lines },
      schema: z.object({ prescription: prescriptionOrderSchema }),
    })
  ).prescription;

export const useSavePrescriptionDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePrescriptionDraft, onSuccess: (order) => queryClient.setQueryData(prescribingKeys.order(order.appointmentId), order) });
};
