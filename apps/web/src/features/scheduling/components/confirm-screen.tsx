import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ScheduledAppointmentDto } from '@puente/contracts';
import { ROUTES } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { getTimeZone } from '@/lib/time-zone';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { useScheduleAppointment } from '../api/schedule-appointment';
import { useCoaches } from '../api/get-coaches';
import { clearScheduleFlow, useScheduleFlow } from '../hooks/use-schedule-flow';
import { formatWhen } from './format';
import { ScheduleHeader } from './select-topic-screens';

/** spec 8: these three lead to the in-progress page; any other error to the slot-taken page. */
export const IN_PROGRESS_CODES = ['APPOINTMENT_ALREADY_CANCELED', 'APPOINTMENT_ALREADY_FINISHED', 'APPOINTMENT_ALREADY_IN_PROGRESS'] as const;
export const schedulingErrorRoute = (error: unknown): string =>
  isApiRequestError(error) && (IN_PROGRESS_CODES as readonly string[]).includes(error.code) ? ROUTES.scheduleInProgress.path : ROUTES.scheduleSlotTaken.path;

/** /agenda/confirmacion-cita: the chosen coach and slot; confirm books (or moves) the appointment. */
export function ConfirmScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { flow, update } = useScheduleFlow();
  const picked = (location.state as { physicianId?: string; startDate?: string } | null) ?? {};
  const physicianId = picked.physicianId ?? flow.physicianId;
  const startDate = picked.startDate ?? flow.startDate;
  const coaches = useCoaches(undefined, (startDate ?? '').slice(0, 10) || new Date().toISOString().slice(0, 10));
  const coach = coaches.data?.find((c) => c.id === physicianId);
  const schedule = useScheduleAppointment();
  const reschedule = useRescheduleAppointment();
  const [busy, setBusy] = useState(false);
  const language: 'es' | 'en' = i18n.language === 'en' ? 'en' : 'es';

  if (!physicianId || !startDate) {
    return (
      <Screen testId="schedule-confirm">
        <ScheduleHeader title={t('schedule_confirm_title')} back={ROUTES.scheduleSelectCoach.path} />
        <Alert severity="info">{t('schedule_pick_slot_first')}</Alert>
        <Button variant="contained" onClick={() => void navigate(ROUTES.scheduleSelectTopic.path)}>
          {t('schedule_start')}
        </Button>
      </Screen>
    );
  }

  const confirm = async () => {
    setBusy(true);
    update({ physicianId, startDate });
    const input = {
      physicianId,
      startDate,
      language,
      timezone: getTimeZone(),
      topic: flow.topic ?? (coach?.practice === 'mentalhealth' ? { topicId: 'hardcoded_mh_topic', topicText: t('schedule_mental_health') } : { topicId: 'hardcoded_ph_topic', topicText: t('schedule_physical_health') }),
    };
    try {
      const done: ScheduledAppointmentDto = flow.rescheduleId ? await reschedule.mutateAsync({ appointmentId: flow.rescheduleId, input }) : await schedule.mutateAsync(input);
      const rescheduled = Boolean(flow.rescheduleId);
      clearScheduleFlow();
      void navigate(ROUTES.scheduleSuccess.path, { state: { reschedule: rescheduled, scheduledAppointmentId: done.id } });
    } catch (error) {
      setBusy(false);
      void navigate(schedulingErrorRoute(error));
    }
  };

  return (
    <Screen testId="schedule-confirm">
      <ScheduleHeader title={t('schedule_confirm_title')} back={ROUTES.scheduleSelectCoach.path} />
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="overline">{t('schedule_confirm_with')}</Typography>
        <Typography variant="h6" component="p" data-testid="schedule-confirm-coach">
          {coach ? [coach.firstName, coach.lastName].join(' ') : '…'}
        </Typography>
        <Typography data-testid="schedule-confirm-when">{formatWhen(startDate, getTimeZone(), i18n.language)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('schedule_confirm_duration')}
        </Typography>
        {flow.topic ? <Typography variant="body2">{flow.topic.topicText}</Typography> : null}
      </Paper>
      <Button size="large" variant="contained" disabled={busy} onClick={() => void confirm()} data-testid="schedule-confirm-button">
        {busy ? <CircularProgress size={22} aria-label={t('schedule_loading')} /> : t(flow.rescheduleId ? 'schedule_confirm_reschedule' : 'schedule_confirm_button')}
      </Button>
    </Screen>
  );
}
