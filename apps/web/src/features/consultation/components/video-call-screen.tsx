import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_STATE as S, isSecondCall, memberCancelRoute, videoCallEntryRedirect, waitingRoomDecision, type AppointmentState } from '@puente/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { hasJoinedCall } from '@/lib/appointment-router';
import { clearCurrentAppointment, useCurrentAppointment, type CurrentAppointment } from '@/lib/current-appointment';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useAppointment } from '../api/get-appointment';
import { useWaitingCountdown } from '../hooks/use-waiting-countdown';
import { physicianName } from './coach-card';

/** The states in which the member waits in a queue (the countdown runs). */
const QUEUE_STATES: readonly AppointmentState[] = [S.S1_IN_QUEUE_FOR_COACH, S.S6_IN_QUEUE_FOR_ER];

const stateMessageKey = (state: AppointmentState): string => {
  switch (state) {
    case S.S1_IN_QUEUE_FOR_COACH:
      return 'call_state_in_queue_for_coach';
    case S.S2_COACH_IS_REVIEWING:
      return 'call_state_coach_reviewing';
    case S.S6_IN_QUEUE_FOR_ER:
    case S.SEND_SOCIO_TO_WAITING_ROOM:
    case S.COACH_REQUEST_US_DR:
      return 'call_state_in_queue_for_doctor';
    case S.S7_ER_IS_REVIEWING:
      return 'call_state_doctor_reviewing';
    default:
      return 'call_state_waiting';
  }
};

function WaitingRoom({ appointment, coachName }: { appointment: CurrentAppointment; coachName: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelAppointment();
  const queued = QUEUE_STATES.includes(appointment.state);
  const countdown = useWaitingCountdown(queued);

  const handleCancel = async () => {
    try {
      await cancel.mutateAsync({ appointmentId: appointment.id, reason: 'canceled-by-socio' });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      // Already over on the server: the realtime router takes the member where it belongs.
      if (error.code !== 'APPOINTMENT_ALREADY_CANCELED' && error.code !== 'APPOINTMENT_ALREADY_FINISHED') {
        showToast({ variant: 'error', message: error.isNetworkError ? 'error_network' : `error_${error.code.toLowerCase()}` });
        return;
      }
    }
    const route = memberCancelRoute('canceled-by-socio', { appointmentState: appointment.state });
    // Leave first: with no appointment this screen would send the member to the root instead.
    if (route.kind === 'navigate') await navigate(route.to, { replace: true });
    if (route.kind === 'clear-appointment' || route.clearAppointment) clearCurrentAppointment();
  };

  return (
    <Paper elevation={0} sx={{ p: 3, border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }} data-testid="waiting-room" data-state={appointment.state}>
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress size={72} thickness={2.5} aria-label={t('loading')} />
        <HourglassTopOutlined color="primary" sx={{ position: 'absolute', top: 24, left: 24 }} />
      </Box>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t(stateMessageKey(appointment.state))}
      </Typography>
      {coachName ? <Typography color="text.secondary">{t('call_with_coach', { name: coachName })}</Typography> : null}
      {queued ? (
        <Box data-testid="waiting-countdown" data-remaining={countdown ?? ''}>
          <Typography color="text.secondary">{t('call_waiting_time_label')}</Typography>
          <Typography variant="h4" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {countdown ?? t('call_waiting_few_more_minutes')}
          </Typography>
        </Box>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {t('call_waiting_hint')}
      </Typography>
      {appointment.state === S.S1_IN_QUEUE_FOR_COACH ? (
        <Button variant="outlined" color="inherit" onClick={() => void handleCancel()} disabled={cancel.isPending} data-testid="cancel-request">
          {t('call_cancel_request')}
        </Button>
      ) : null}
    </Paper>
  );
}

const callStateKey = (state: AppointmentState): string => {
  switch (state) {
    case S.S3_COACH_JOINS_CALL:
      return 'call_in_state_coach_joined';
    case S.S8_ER_JOINS_CALL:
      return 'call_in_state_doctor_joined';
    case S.CONSULTATION_WITHOUT_ER:
      return 'call_in_state_without_doctor';
    case S.ER_ACCEPTS_CONSULTATION:
      return 'call_in_state_doctor_accepted';
    case S.COACH_REQUEST_US_DR:
      return 'call_in_state_doctor_requested';
    case S.TREAT_COMPLETED:
      return 'call_in_state_treatment_completed';
    case S.US_DR_PENDING:
      return 'call_in_state_treatment_pending';
    default:
      return 'call_in_state_in_progress';
  }
};

/** The call itself. The real video call (a later issue) replaces the inside of this box. */
function CallScreen({ appointment, coachName }: { appointment: CurrentAppointment; coachName: string | null }) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={0}
      data-testid="call-screen"
      data-state={appointment.state}
      sx={{ minHeight: 420, bgcolor: 'grey.900', color: 'common.white', borderRadius: 4, p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, textAlign: 'center' }}
    >
      <VideocamOutlined sx={{ fontSize: 64, opacity: 0.8 }} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {coachName ? t('call_in_consultation_with', { name: coachName }) : t('call_in_consultation')}
      </Typography>
      <Chip label={t(callStateKey(appointment.state))} sx={{ bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit' }} data-testid="call-state" />
      {isSecondCall(appointment.state) ? <Typography variant="body2">{t('call_second_call')}</Typography> : null}
      <Typography variant="body2" sx={{ opacity: 0.7 }}>
        {t('call_video_coming')}
      </Typography>
    </Paper>
  );
}

/**
 * /consulta/video-llamada: with no appointment, back to the root (spec 2). Otherwise the waiting
 * room and, when the coach (or the US doctor) joins, the non-dismissible 'enter consultation'
 * dialog, then the call (spec 4 "Waiting room and call").
 */
export function VideoCallScreen() {
  const { t } = useTranslation();
  const appointment = useCurrentAppointment();
  const details = useAppointment(appointment?.id ?? null);
  const [joined, setJoined] = useState(hasJoinedCall);
  const decision = appointment
    ? waitingRoomDecision(appointment.state, { alreadyJoined: joined, loginless: false, hasUsDoctor: Boolean(details.data?.usDoctorId) || appointment.usDoctorNeeded })
    : 'wait';

  useEffect(() => {
    if (decision === 'join' && !joined) {
      writeStorage(STORAGE_KEYS.hasJoinedToCall, 'true');
      setJoined(true);
    }
  }, [decision, joined]);

  // spec 2: entering with no appointment goes to the root. An appointment cleared while here is
  // being left by whoever cleared it (cancel, router), who already chose where the member goes.
  const [enteredWithAppointment] = useState(appointment !== null);
  const entry = videoCallEntryRedirect(enteredWithAppointment);
  if (entry) return <Navigate to={entry.to} replace />;
  if (!appointment) return null;

  const doctor = isSecondCall(appointment.state) ? details.data?.usDoctor : details.data?.mxDoctor;
  const coachName = doctor ? physicianName(doctor) : null;
  const inCall = joined || decision === 'join';

  const handleEnter = () => {
    writeStorage(STORAGE_KEYS.hasJoinedToCall, 'true');
    setJoined(true);
  };

  return (
    <Screen testId="video-call-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('call_title')}
      </Typography>
      {inCall ? <CallScreen appointment={appointment} coachName={coachName} /> : <WaitingRoom appointment={appointment} coachName={coachName} />}
      <Dialog open={!inCall && decision === 'enter-consultation-dialog'} aria-labelledby="enter-consultation-title" data-testid="enter-consultation-dialog">
        <DialogTitle id="enter-consultation-title">{t('call_enter_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{coachName ? t('call_enter_body_named', { name: coachName }) : t('call_enter_body')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button fullWidth variant="contained" size="large" onClick={handleEnter} data-testid="enter-consultation">
            {t('call_enter_button')}
          </Button>
        </DialogActions>
      </Dialog>
    </Screen>
  );
}
