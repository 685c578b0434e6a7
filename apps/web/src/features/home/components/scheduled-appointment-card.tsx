import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ScheduledAppointmentDto } from '@puente/contracts';
import { ROUTES, scheduleChangeChannel, scheduledCardAction, scheduledDayBucket, scheduledStartBucket, TIMERS } from '@puente/domain';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnceNeeded } from '@/components/ui/once-needed';
import { useNavigate } from '@/lib/navigation';
import { showToast } from '@/lib/toast';
import { getTimeZone } from '@/lib/time-zone';
import { useCancelScheduledAppointment } from '../api/cancel-scheduled-appointment';
import { useJoinScheduledAppointment } from '../api/join-scheduled-appointment';
import { useRequestScheduledChange } from '../api/request-scheduled-change';
import type { ScheduledChangeAsked } from './scheduled-card-dialogs';

const ScheduledCardDialogs = lazy(() => import('./scheduled-card-dialogs').then((m) => ({ default: m.ScheduledCardDialogs })));

/** The time now, refreshed every 60 s (spec 9: coach card timers check every 60 s). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TIMERS.coachCardCheckMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The bucket the card shows: the start buckets within 5 minutes, else the day buckets (spec 3/4). */
export const cardBucket = (startDate: string, now: Date, timeZone: string) => {
  const start = scheduledStartBucket(startDate, now);
  return start === 'more-than-five' ? scheduledDayBucket(startDate, now, timeZone) : start;
};

function Card({ appointment, now }: { appointment: ScheduledAppointmentDto; now: Date }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelScheduledAppointment();
  const join = useJoinScheduledAppointment();
  const [confirming, setConfirming] = useState(false);
  // spec 4: US-physician coaches have no calendar; cancelling or moving goes through a support message.
  const viaSupport = !!appointment.physician && scheduleChangeChannel(appointment.physician.userType) === 'support-chat';
  const support = useRequestScheduledChange();
  const [asking, setAsking] = useState<ScheduledChangeAsked | null>(null);
  const zone = getTimeZone();
  const bucket = cardBucket(appointment.startDate, now, zone);
  const action = scheduledCardAction(bucket);
  const time = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(appointment.startDate));
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(new Date(appointment.startDate));
  const coach = appointment.physician ? `${appointment.physician.firstName} ${appointment.physician.lastName}` : '';
  const when = bucket === 'today' || bucket === 'tomorrow' ? t(`home_scheduled_${bucket}`, { time }) : bucket === 'more-than-tomorrow' ? t('home_scheduled_on', { date, time }) : t(`home_scheduled_${bucket === 'started' ? 'started' : 'in_five'}`);

  const onCancel = async () => {
    setConfirming(false);
    try {
      await cancel.mutateAsync(appointment.id);
      void navigate(ROUTES.scheduleCanceled.path);
    } catch {
      showToast({ variant: 'warning', message: 'upcoming_appointment_cancelation_requested_error' });
    }
  };
  const onAskSupport = async () => {
    if (!asking) return;
    const action = asking;
    setAsking(null);
    try {
      await support.mutateAsync({ id: appointment.id, action });
      showToast({ variant: 'success', message: 'home_scheduled_support_sent' });
    } catch {
      showToast({ variant: 'warning', message: 'home_scheduled_support_error' });
    }
  };
  const onJoin = async () => {
    try {
      await join.mutateAsync(appointment.id);
      void navigate(ROUTES.videoCall.path);
    } catch {
      void navigate(ROUTES.scheduleInProgress.path);
    }
  };

  return (
    <Paper elevation={0} sx={{ p: 2.5, border: 1, borderColor: 'secondary.main', borderRadius: 1 }} data-testid="scheduled-card" data-bucket={bucket}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <EventOutlined color="secondary" />
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('home_scheduled_title', { coach })}</Typography>
          <Typography variant="body2" data-testid="scheduled-card-when">
            {when}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        {action === 'enter-consultation' ? (
          <Button variant="contained" disabled={join.isPending} onClick={() => void onJoin()} data-testid="scheduled-card-enter">
            {t('home_scheduled_enter')}
          </Button>
        ) : (
          <>
            <Button
              variant="outlined"
              onClick={() => (viaSupport ? setAsking('reschedule') : void navigate(ROUTES.scheduleSelectTopic.path, { state: { rescheduleId: appointment.id } }))}
              data-testid="scheduled-card-reschedule"
            >
              {t('home_scheduled_reschedule')}
            </Button>
            <Button color="error" onClick={() => (viaSupport ? setAsking('cancel') : setConfirming(true))} data-testid="scheduled-card-cancel">
              {t('home_scheduled_cancel')}
            </Button>
          </>
        )}
      </Box>
      <OnceNeeded when={confirming || asking !== null}>
        <ScheduledCardDialogs
          confirming={confirming}
          asking={asking}
          coach={coach}
          sending={support.isPending}
          onKeep={() => {
            setConfirming(false);
            setAsking(null);
          }}
          onConfirmCancel={() => void onCancel()}
          onSendToSupport={() => void onAskSupport()}
        />
      </OnceNeeded>
    </Paper>
  );
}

/**
 * The cards of the member's upcoming scheduled appointments (./scheduled-appointment-cards.tsx
 * loads this module once she has one: issue 10, first load), timed by a clock refreshed every minute.
 */
export function ScheduledCardList({ appointments }: { appointments: readonly ScheduledAppointmentDto[] }) {
  const now = useMinuteClock();
  return (
    <>
      {appointments.map((a) => (
        <Card key={a.id} appointment={a} now={now} />
      ))}
    </>
  );
}
