import { APPOINTMENT_GQL, appointmentSchema, physicianSchema } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { graphqlRequest } from '@/lib/api-client';

/** What the call shows of a physician: their name and role (the full profile is not needed here). */
const callPhysicianSchema = physicianSchema.pick({ id: true, firstName: true, lastName: true, nickName: true, imgUrl: true, userType: true });
export const callAppointmentSchema = appointmentSchema.extend({ mxDoctor: callPhysicianSchema.nullable(), usDoctor: callPhysicianSchema.nullable() });
export type CallAppointment = z.infer<typeof callAppointmentSchema>;

export const callAppointmentQueryKey = (appointmentId: string) => ['call-appointment', appointmentId] as const;

/** GetAppointment (spec 7) for the call screen; refreshed on every alert about it. */
export const getCallAppointment = (appointmentId: string): Promise<CallAppointment> =>
  graphqlRequest(APPOINTMENT_GQL.getAppointment, { appointmentId }, 'getAppointment', callAppointmentSchema);

export const useCallAppointment = (appointmentId: string | null) =>
  useQuery({ queryKey: callAppointmentQueryKey(appointmentId ?? ''), queryFn: () => getCallAppointment(appointmentId ?? ''), enabled: !!appointmentId });
