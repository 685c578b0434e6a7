import { appointmentSchema, type AppointmentDto } from '@puente/contracts';
import type { NoPrescriptionReason } from '@puente/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

/** POST /api/appointments/{id}/prescription/none: finishing without a prescription records why. */
export const finishWithoutPrescription = async (input: { appointmentId: string; reason: NoPrescriptionReason; note?: string | null }): Promise<AppointmentDto> =>
  (
    await apiRequest(`/api/appointments/${encodeURIComponent(input.appointmentId)}/prescription/none`, {
      method: 'POST',
      body: { reason: input.reason, note: input.note || null },
      schema: z.object({ appointment: appointmentSchema }),
    })
  ).appointment;

export const useFinishWithoutPrescription = (onAppointment?: (a: AppointmentDto) => void) => useMutation({ mutationFn: finishWithoutPrescription, onSuccess: (a) => onAppointment?.(a) });
