import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { isAssignedPhysician, paths } from '@puente/domain';
import { StaffFrame } from '@/features/profile';
import { isApiRequestError } from '@/lib/api-client';
import { useMember } from '@/features/profile';
import { showToast } from '@/lib/toast';
import { useAppointmentQueue } from '../api/get-appointment-queue';
import { useCurrentConsultation } from '../api/get-current-consultation';
import { useMyPhysicianProfile } from '../api/get-my-physician-profile';
import { useDashboardRealtime } from '../hooks/use-dashboard-realtime';
import { useDoctorNotice } from '../hooks/use-doctor-notice';
import { useDeclineAppointment } from '../api/decline-appointment';
import { useTakeAppointment } from '../hooks/use-take-appointment';
import { AvailabilityToggle } from './availability-toggle';
import { CalendarEditor } from './calendar-editor';
import { UpcomingScheduledCard } from './upcoming-scheduled-card';
import { DoctorModal } from './doctor-modal';
import { MyConsultations } from './my-consultations';
import { QueueCard } from './queue-card';

const useNow = (intervalMs: number): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
};

/** Races lost to another physician, or a request withdrawn meanwhile. */
const TAKEN_CODES = new Set(['CONFLICT', 'APPOINTMENT_ALREADY_IN_PROGRESS', 'APPOINTMENT_ALREADY_CANCELED', 'APPOINTMENT_ALREADY_FINISHED', 'NOT_FOUND']);

/** /dashboard: a coach's incoming requests or a US doctor's escalations, with the availability toggle, then her own consultations. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const userType = member.data?.userType;
  const isPhysician = userType === 'mx-physician' || userType === 'us-physician';
  const kind = userType === 'us-physician' ? 'escalation' : 'request';
  const profile = useMyPhysicianProfile(isPhysician);
  const queue = useAppointmentQueue(isPhysician);
  const accept = useTakeAppointment(userType);
  const decline = useDeclineAppointment();
  const current = useCurrentConsultation(isPhysician);
  const now = useNow(30_000);
  // The doctor-side notices also reach a physician who is back on the list (spec 001 §6).
  const notice = useDoctorNotice(userType, current.data?.id, current.data?.state);
  const myId = member.data?.id;
  useDashboardRealtime(undefined, (alert) => {
    if (myId && isAssignedPhysician(alert, myId)) notice.announce(alert.state, alert.appointmentId);
  });

  const handleAccept = (appointmentId: string) => {
    accept.take(appointmentId).then(
      (appointment) => void navigate(paths.dashboardConsultation(appointment.id)),
      (error: unknown) => {
        const code = isApiRequestError(error) ? error.code : null;
        const message = code === 'PHYSICIAN_NOT_AVAILABLE' ? 'dashboard_accept_busy' : code && TAKEN_CODES.has(code) ? 'dashboard_accept_taken' : 'dashboard_action_error';
        showToast({ variant: 'warning', message });
        void queue.refetch();
      },
    );
  };

  // issue 11: declining asks "are you sure" first (the request goes to the others, or back to the member).
  const handleDecline = (appointmentId: string) => {
    decline.mutate(appointmentId, {
      onSuccess: () => showToast({ variant: 'info', message: 'dashboard_declined_toast' }),
      onError: () => showToast({ variant: 'warning', message: 'dashboard_action_error' }),
    });
  };

  const name = [member.data?.firstName, member.data?.lastName].filter(Boolean).join(' ');
  const items = queue.data ?? [];
  const licensed = profile.data?.licensedStates ?? [];

  return (
    <StaffFrame
      testId="dashboard"
      title={t('dashboard_title')}
      subtitle={userType ? `${name} · ${t(`dashboard_role_${userType}`)}` : name}
      logoutLabel={t('dashboard_logout')}
      actions={isPhysician ? <AvailabilityToggle /> : null}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {kind === 'escalation' ? t('dashboard_escalations_title') : t('dashboard_requests_title')}
          </Typography>
          <Typography color="text.secondary">
            {kind === 'escalation'
              ? t('dashboard_escalations_subtitle', { states: licensed.join(', ') || '—' })
              : t('dashboard_requests_subtitle')}
          </Typography>
        </Box>
        {current.data ? (
          <Alert
            severity="warning"
            data-testid="current-consultation"
            action={
              <Button color="inherit" component={RouterLink} to={paths.dashboardConsultation(current.data.id)} data-testid="open-current-consultation">
                {t('dashboard_current_open')}
              </Button>
            }
          >
            {t('dashboard_current_title', { name: current.data.memberName ?? t('dashboard_member_unknown') })}
          </Alert>
        ) : null}
        {profile.data && !profile.data.isAvailable ? (
          <Alert severity="info" data-testid="availability-off-hint">
            {t('dashboard_availability_off_hint')}
          </Alert>
        ) : null}
        {queue.isError ? <Alert severity="error">{t('dashboard_queue_error')}</Alert> : null}
        {queue.isPending && isPhysician ? (
          <Skeleton variant="rounded" height={120} />
        ) : items.length === 0 ? (
          <Typography color="text.secondary" data-testid="queue-empty">
            {kind === 'escalation' ? t('dashboard_escalations_empty') : t('dashboard_requests_empty')}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }} data-testid="queue-list">
            {items.map((a) => (
              <QueueCard
                key={a.id}
                appointment={a}
                kind={kind}
                now={now}
                accepting={accept.isPending && accept.takingId === a.id}
                onAccept={() => handleAccept(a.id)}
                onDecline={() => handleDecline(a.id)}
                declining={decline.isPending && decline.variables === a.id}
              />
            ))}
          </Box>
        )}
        {isPhysician && myId ? <MyConsultations physicianId={myId} now={now} /> : null}
        {userType === 'mx-physician' && myId ? <UpcomingScheduledCard physicianId={myId} /> : null}
        {userType === 'mx-physician' && myId ? <CalendarEditor physicianId={myId} /> : null}
      </Box>
      <DoctorModal modal={notice.modal} onClose={notice.close} />
    </StaffFrame>
  );
}
