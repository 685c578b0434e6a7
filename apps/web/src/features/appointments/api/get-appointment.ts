import * as z from 'zod/mini';
import type { AppointmentAlert, AppointmentDto } from '@puente/contracts';
import { queryOptions, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/**
 * The appointment's one owner on the web (issue 9): the query cache, under one key and one set of
 * query options. Home, the call, the dashboard and admin read it; realtime alerts patch it
 * (useAppointmentAlerts) instead of refetching; the stored current appointment is only its id.
 */
export const appointmentKeys = {
  all: ['appointment'] as const,
  detail: (appointmentId: string) => ['appointment', 'detail', appointmentId] as const,
};

/** The appointment's shape, loaded with the first appointment asked for (./appointment-shape.ts). */
const appointmentShape = () => import('./appointment-shape');

/** GetAppointment (spec 7). */
export const getAppointment = async (appointmentId: string): Promise<AppointmentDto> => {
  const { APPOINTMENT_GQL, appointmentSchema } = await appointmentShape();
  return graphqlRequest(APPOINTMENT_GQL.getAppointment, { appointmentId }, 'getAppointment', appointmentSchema);
};

/** The member's appointment that is not over yet, if any (recovery after a reload or reconnect). */
export const getCurrentAppointmentFromServer = async (): Promise<AppointmentDto | null> => {
  const { APPOINTMENT_GQL, appointmentSchema } = await appointmentShape();
  return graphqlRequest(APPOINTMENT_GQL.getCurrentAppointment, {}, 'getCurrentAppointment', z.nullable(appointmentSchema));
};

/**
 * spec 9 keeps "other queries" for no time (gcTime 0); the appointment is kept while the page
 * lives, because routing reads it from here (it replaced the copy in local storage).
 */
const KEEP = { gcTime: Infinity } as const;

export const appointmentQueryOptions = (appointmentId: string) =>
  queryOptions({ queryKey: appointmentKeys.detail(appointmentId), queryFn: () => getAppointment(appointmentId), ...KEEP });

/** The appointment `appointmentId` (disabled without one). */
type RefetchInterval = number | false | ((query: Query<AppointmentDto, Error, AppointmentDto, ReturnType<typeof appointmentKeys.detail>>) => number | false | undefined);

export const useAppointment = (appointmentId: string | null | undefined, options: { enabled?: boolean; refetchInterval?: RefetchInterval } = {}) =>
  useQuery({ ...appointmentQueryOptions(appointmentId ?? ''), enabled: !!appointmentId && options.enabled !== false, refetchInterval: options.refetchInterval });

const keepAppointments = (queryClient: QueryClient): void => {
  if (queryClient.getQueryDefaults(appointmentKeys.all).gcTime !== Infinity) queryClient.setQueryDefaults(appointmentKeys.all, KEEP);
};

export const readCachedAppointment = (queryClient: QueryClient, appointmentId: string): AppointmentDto | undefined =>
  queryClient.getQueryData<AppointmentDto>(appointmentKeys.detail(appointmentId));

/** A whole record the server just answered (create, recovery, link entry, a mutation). */
export const cacheAppointment = (queryClient: QueryClient, appointment: AppointmentDto): void => {
  keepAppointments(queryClient);
  queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment);
};

/** What an alert (or a cancel) says changed, patched into the cached record. */
export type AppointmentPatch = Pick<AppointmentAlert, 'appointmentId' | 'state'> & Partial<Pick<AppointmentAlert, 'statusReason' | 'type' | 'usDoctorNeeded' | 'mxDoctorId' | 'usDoctorId'>>;

/**
 * Patches the cached appointment with what the alert carries (no refetch). Returns false when the
 * record is not cached: there is nothing to patch, and whoever shows it fetches it when it mounts.
 */
export const patchCachedAppointment = (queryClient: QueryClient, patch: AppointmentPatch): boolean => {
  const before = readCachedAppointment(queryClient, patch.appointmentId);
  if (!before) return false;
  const { appointmentId: _id, ...changes } = patch;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<AppointmentDto>;
  cacheAppointment(queryClient, { ...before, ...defined });
  return true;
};
