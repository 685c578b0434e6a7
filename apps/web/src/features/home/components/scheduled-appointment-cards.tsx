import { lazy } from 'react';
import { OnceNeeded } from '@/components/ui/once-needed';
import { useMyScheduledAppointments } from '../api/get-my-scheduled-appointments';
import { useScheduledStarted } from '../hooks/use-scheduled-started';

// The cards, their timing rules and the time-zone library load once there is a card to show
// (issue 10, first load): most members have no scheduled appointment when they open home.
const ScheduledCardList = lazy(() => import('./scheduled-appointment-card').then((m) => ({ default: m.ScheduledCardList })));

/** The member's scheduled appointments on home (spec 4 "Scheduled appointment card timing"). */
export function ScheduledAppointmentCards() {
  const list = useMyScheduledAppointments();
  useScheduledStarted();
  const upcoming = (list.data ?? []).filter((a) => a.state === 'scheduled' && a.status !== 'finished' && !a.appointmentId);
  return (
    <OnceNeeded when={upcoming.length > 0}>
      <ScheduledCardList appointments={upcoming} />
    </OnceNeeded>
  );
}
