import { useEffect } from 'react';
import { useAppointmentAlerts } from '@/features/appointments';
import { usePaymentRequests } from '@/features/membership';
import { usePushRegistration } from '@/features/notifications/hooks/use-push';
import { useMember } from '@/features/profile';
import { useStaffIdleLogout } from '@/features/staff-auth/hooks/use-staff-idle-logout';
import { identify } from '@/lib/track';
import { useAppointmentRouting } from './use-appointment-routing';
import { useTreatmentSent } from './use-treatment-sent';

/**
 * What the shell does for a signed-in person only (alerts and their routing, payment requests, the
 * sent treatment, the family invitation, the staff idle logout, push registration, identify).
 * Issue 10 (first load): a chunk of its own, mounted by RootLayout once there is a session, so
 * /login does not download the appointment machine, the member routing and their contracts.
 */
export function SessionEffects({ token }: { token: string }) {
  const member = useMember();
  useStaffIdleLogout(member.data?.userType);
  useAppointmentAlerts();
  usePaymentRequests();
  useAppointmentRouting();
  usePushRegistration();
  useTreatmentSent();
  useEffect(() => {
    if (member.data) void identify(member.data, token);
  }, [token, member.data]);
  return null;
}
