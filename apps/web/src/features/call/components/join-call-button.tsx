import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Fab from '@mui/material/Fab';
import { isCallOpen, isInCallState } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCallAppointment } from '../api/get-call-appointment';

/**
 * For a coach or US doctor on their consultation: the way into its video call (the same call screen
 * the member uses, with ?appointmentId=). Shown while the call is on (coach joined onwards).
 */
export function JoinCallButton({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appointment = useCallAppointment(appointmentId);
  const state = appointment.data?.state;
  if (!state || !isCallOpen(state) || !isInCallState(state)) return null;
  return (
    <Fab
      variant="extended"
      color="primary"
      onClick={() => void navigate(`/consulta/video-llamada?appointmentId=${appointmentId}`)}
      data-testid="join-video-call"
      sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    >
      <VideocamOutlined sx={{ mr: 1 }} />
      {t('vc_join_call')}
    </Fab>
  );
}
