import { prescriptionOrderSchema, type PrescriptionOrderDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

export const prescriptionAnswerSchema = z.object({ prescription: z.nullable(prescriptionOrderSchema) });

/** GET /api/appointments/{id}/prescription: the US doctor's draft, review or signed prescription. */
export const getPrescription = async (appointmentId: string): Promise<PrescriptionOrderDto | null> =>
  (await apiRequest(`/api/appointments/${encodeURIComponent(appointmentId)}/prescription`, { schema: prescriptionAnswerSchema })).prescription;

export const usePrescription = (appointmentId: string) => useQuery({ queryKey: prescribingKeys.order(appointmentId), queryFn: () => getPrescription(appointmentId) });
