import { APPOINTMENT_GQL, appointmentHistoryItemSchema, type AppointmentHistoryItem } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** getAppointmentsHistory(memberId): the member's past consultations (clinical history tab). */
export const getMemberHistory = (memberId: string): Promise<AppointmentHistoryItem[]> =>
  graphqlRequest(APPOINTMENT_GQL.getAppointmentsHistory, { memberId }, 'getAppointmentsHistory', z.array(appointmentHistoryItemSchema));

export const useMemberHistory = (memberId: string | undefined) =>
  useQuery({ queryKey: dashboardKeys.history(memberId ?? ''), queryFn: () => getMemberHistory(memberId!), enabled: !!memberId });
