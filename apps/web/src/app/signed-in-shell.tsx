import { useEffect } from 'react';
import { useAppointmentAlerts } from '@/features/appointments';
import { usePaymentRequests } from '@/features/membership';
import { usePushRegistration } from '@/features/notifications/hooks/use-push-registration';
import { useMember } from '@/features/profile';
import { useMemberDataUpdates } from '@/features/profile/hooks/use-member-data-updates';
import { useStaffIdleLogout } from '@/features/staff-auth/hooks/use-staff-idle-logout';
import { whenIdle } from '@/lib/idle';
import { identify } from '@/lib/track';
import { useAppointmentRouting } from './use-appointment-routing';
import { useTreatmentSent } from './use-treatment-sent';

/**
 * What the shell does for a signed-in person only: the appointment alerts and their routing, payment
 * requests, her account's changes made elsewhere (member-data-update), the sent treatment, the staff idle logout, push registration, identify().
 * Issue 10 (first load): a chunk of its own (signed-in-shell-loader.ts), so /login does not download
 * the appointment machine, the member routing and their contracts. RootLayout shows the loading
 * screen instead of any screen until this has loaded, so these effects are always mounted before a
 * signed-in screen's (an answered S1 alert is routed once: use-appointment-alerts.test).
 */
// The bottom navigation is only on member screens (spec 000 §2), which need a session: it comes with this chunk.
export { BOTTOM_NAV_HEIGHT } from '@/components/ui/bottom-navigation';
export { MemberBottomNavigation } from './member-bottom-navigation';

export function SignedInShell({ token }: { token: string }) {
  const member = useMember();
  useStaffIdleLogout(member.data?.userType);
  useAppointmentAlerts();
  usePaymentRequests();
  useMemberDataUpdates();
  useAppointmentRouting();
  usePushRegistration();
  useTreatmentSent();
  useEffect(() => {
    const traits = member.data;
    // When the browser is idle: after the first screen (issue 10, LCP).
    return traits ? whenIdle(() => void identify(traits, token)) : undefined;
  }, [token, member.data]);
  return null;
}
