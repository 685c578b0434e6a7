import { useQuery } from '@tanstack/react-query';
import { appointmentQueryKey, getAppointment } from '@/lib/appointment-api';

/** GetAppointment(appointmentId): the appointment on the video call screen; realtime alerts invalidate it. */
export const useAppointment = (appointmentId: string | null) =>
  useQuery({
    queryKey: appointmentQueryKey(appointmentId ?? ''),
    queryFn: () => getAppointment(appointmentId as string),
    enabled: appointmentId !== null,
  });
