import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * getAppointmentQueue: for a coach the S1 requests matching their language, practice and licence;
 * for a US doctor the S6 escalations of members in states they are licensed in. The server
 * decides what matches; realtime alerts refetch it.
 */
export const getAppointmentQueue = (): Promise<AppointmentDto[]> =>
  graphqlRequest(APPOINTMENT_GQL.getAppointmentQueue, {}, 'getAppointmentQueue', z.array(appointmentSchema));

// Not in the spec: a slow safety-net poll in case a realtime alert is lost (alerts refetch at once).
export const QUEUE_SAFETY_POLL_MS = 30_000;

export const useAppointmentQueue = (enabled: boolean) =>
  useQuery({ queryKey: dashboardKeys.queue(), queryFn: getAppointmentQueue, enabled, refetchInterval: QUEUE_SAFETY_POLL_MS });
