import { consultationsTabHasNotification } from '@puente/domain';
import { AppBottomNavigation } from '@/components/ui/bottom-navigation';
import { useAppointment, useCurrentAppointmentId } from '@/features/appointments';

/**
 * The member's bottom navigation (spec 000 §2), told about her current consultation: in S5 (the
 * coach sent the treatment plan) the consultations tab shows its notification variant (spec 4).
 * It reads the appointment the query cache already holds (the alerts patch it), never fetching.
 */
export function MemberBottomNavigation() {
  const currentId = useCurrentAppointmentId();
  const appointment = useAppointment(currentId, { enabled: false });
  return <AppBottomNavigation consultationsNotice={consultationsTabHasNotification(appointment.data?.state)} />;
}
