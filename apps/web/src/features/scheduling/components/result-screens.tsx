import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@puente/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { getTimeZone } from '@/lib/time-zone';
import { useScheduledAppointment } from '../api/get-scheduled-appointment';
import { formatWhen } from './format';

function Result({ testId, icon, title, body, children }: { testId: string; icon: ReactNode; title: string; body?: ReactNode; children: ReactNode }) {
  return (
    <Screen testId={testId}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center', pt: 4 }}>
        {icon}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {body}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>{children}</Box>
      </Box>
    </Screen>
  );
}

/** /agenda/exito (state reschedule, scheduledAppointmentId). */
export function ScheduleSuccessScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state as { reschedule?: boolean; scheduledAppointmentId?: string } | null) ?? {};
  const booked = useScheduledAppointment(state.scheduledAppointmentId);
  const coach = booked.data?.physician;
  return (
    <Result
      testId="schedule-success"
      icon={<CheckCircleOutline color="success" sx={{ fontSize: 64 }} />}
      title={t(state.reschedule ? 'schedule_success_rescheduled' : 'schedule_success_title')}
      body={
        booked.data ? (
          <Typography data-testid="schedule-success-when">
            {t('schedule_success_body', { coach: coach ? `${coach.firstName} ${coach.lastName}` : '', when: formatWhen(booked.data.startDate, getTimeZone(), i18n.language) })}
          </Typography>
        ) : null
      }
    >
      <Button variant="contained" onClick={() => void navigate(ROUTES.scheduledConfirmation.path, { state: { scheduledAppointmentId: state.scheduledAppointmentId } })} data-testid="schedule-success-continue">
        {t('schedule_continue')}
      </Button>
    </Result>
  );
}

/** /consulta-agendada: the scheduled confirmation with social links. */
export function ScheduledConfirmationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result testId="scheduled-confirmation" icon={<CheckCircleOutline color="success" sx={{ fontSize: 64 }} />} title={t('scheduled_confirmation_title')} body={<Typography>{t('scheduled_confirmation_body')}</Typography>}>
      <Typography variant="body2">{t('scheduled_confirmation_social')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
        <Link href="https://www.facebook.com/" target="_blank" rel="noopener">
          Facebook
        </Link>
        <Link href="https://www.instagram.com/" target="_blank" rel="noopener">
          Instagram
        </Link>
      </Box>
      <Button variant="contained" onClick={() => void navigate(ROUTES.home.path)} data-testid="scheduled-confirmation-home">
        {t('schedule_go_home')}
      </Button>
    </Result>
  );
}

/** /agenda/consulta-en-progreso: the appointment was already cancelled, finished or in progress. */
export function ScheduleInProgressScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result testId="schedule-in-progress" icon={<InfoOutlined color="info" sx={{ fontSize: 64 }} />} title={t('schedule_in_progress_title')} body={<Typography>{t('schedule_in_progress_body')}</Typography>}>
      <Button variant="contained" onClick={() => void navigate(ROUTES.home.path)}>
        {t('schedule_go_home')}
      </Button>
    </Result>
  );
}

/** /agenda/espacio-ocupado: the slot was taken (or any other scheduling error). */
export function ScheduleSlotTakenScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result testId="schedule-slot-taken" icon={<EventBusyOutlined color="warning" sx={{ fontSize: 64 }} />} title={t('schedule_slot_taken_title')} body={<Typography>{t('schedule_slot_taken_body')}</Typography>}>
      <Button variant="contained" onClick={() => void navigate(ROUTES.scheduleSelectCoach.path)} data-testid="schedule-pick-another">
        {t('schedule_pick_another')}
      </Button>
      <Button onClick={() => void navigate(ROUTES.home.path)}>{t('schedule_go_home')}</Button>
    </Result>
  );
}

/** /agenda/cancelada-exitosamente. */
export function ScheduleCanceledScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result testId="schedule-canceled" icon={<CheckCircleOutline color="success" sx={{ fontSize: 64 }} />} title={t('schedule_canceled_title')} body={<Typography>{t('schedule_canceled_body')}</Typography>}>
      <Button variant="contained" onClick={() => void navigate(ROUTES.home.path)} data-testid="schedule-canceled-home">
        {t('schedule_go_home')}
      </Button>
    </Result>
  );
}
