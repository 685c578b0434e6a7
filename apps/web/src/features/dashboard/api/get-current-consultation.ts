import * as z from 'zod/mini';
import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * getCurrentAppointment: the consultation the physician is in now (not finished), so a reload
 * or a second tab can go back to it.
 */
export const getCurrentConsultation = (): Promise<AppointmentDto | null> =>
  graphqlRequest(APPOINTMENT_GQL.getCurrentAppointment, {}, 'getCurrentAppointment', z.nullable(appointmentSchema));

export const useCurrentConsultation = (enabled: boolean) =>
  useQuery({ queryKey: dashboardKeys.current(), queryFn: getCurrentConsultation, enabled });
