import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import { buildPath, isCallOpen, isInCallState, type AppointmentState } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';

/**
 * For a coach or US doctor on their consultation: the way into its video call (the same call screen
 * the member uses, with ?appointmentId=). Shown while the call is on (coach joined onwards). The
 * state is the consultation screen's own (the composing route passes it in), so the button follows
 * every change the screen shows: the physician's own actions and the realtime alerts.
 */
export function JoinCallButton({ appointmentId, state }: { appointmentId: string; state: AppointmentState | null | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!state || !isCallOpen(state) || !isInCallState(state)) return null;
  return (
    <>
      {/* Room at the page's end for the button floating over it: the last of the page (the note's
          Save, what is unsaved) scrolls clear of it instead of staying under it on a phone. */}
      <Box aria-hidden sx={{ height: 96 }} />
      <Fab
        variant="extended"
        color="primary"
        onClick={() => void navigate(`${buildPath('videoCall')}?appointmentId=${encodeURIComponent(appointmentId)}`)}
        data-testid="join-video-call"
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.appBar + 1 }}
      >
        <VideocamOutlined sx={{ mr: 1 }} />
        {t('vc_join_call')}
      </Fab>
    </>
  );
}
