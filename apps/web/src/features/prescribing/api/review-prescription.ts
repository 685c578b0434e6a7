import { prescriptionOrderSchema, type PrescriptionOrderDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** POST /api/appointments/{id}/prescription/review: the review step before signing. */
export const reviewPrescription = async (appointmentId: string): Promise<PrescriptionOrderDto> =>
  (await apiRequest(`/api/appointments/${encodeURIComponent(appointmentId)}/prescription/review`, { method: 'POST', body: {}, schema: z.object({ prescription: prescriptionOrderSchema }) })).prescription;

export const useReviewPrescription = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewPrescription, onSuccess: (order) => queryClient.setQueryData(prescribingKeys.order(order.appointmentId), order) });
};
