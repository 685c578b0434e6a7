import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** GetAppointment for an assigned physician (with the medical record the member never sees). */
export const getDashboardAppointment = (appointmentId: string): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.getAppointment, { appointmentId }, 'getAppointment', appointmentSchema);

export const useDashboardAppointment = (appointmentId: string) =>
  useQuery({ queryKey: dashboardKeys.appointment(appointmentId), queryFn: () => getDashboardAppointment(appointmentId) });
