import { appointmentSchema, prescriptionOrderSchema } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

const signAnswerSchema = z.object({ prescription: prescriptionOrderSchema, appointment: appointmentSchema });

/** POST /api/appointments/{id}/prescription/sign: signs the reviewed prescription and sends it to the pharmacy. */
export const signPrescription = (appointmentId: string): Promise<z.infer<typeof signAnswerSchema>> =>
  apiRequest(`/api/appointments/${encodeURIComponent(appointmentId)}/prescription/sign`, { method: 'POST', body: {}, schema: signAnswerSchema });

export const useSignPrescription = (onAppointment?: (a: z.infer<typeof signAnswerSchema>['appointment']) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signPrescription,
    onSuccess: ({ prescription, appointment }) => {
      queryClient.setQueryData(prescribingKeys.order(prescription.appointmentId), prescription);
      onAppointment?.(appointment);
    },
  });
};
