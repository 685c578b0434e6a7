import { useAppointment } from '@/features/appointments';

/** GetAppointment for an assigned physician (with the medical record the member never sees): the one cached appointment. */
export const useDashboardAppointment = (appointmentId: string) => useAppointment(appointmentId);
