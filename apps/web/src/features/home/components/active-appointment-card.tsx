import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { buildPath, isFinishedLike, refreshesQueueOnHome, TIMERS } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { readCachedAppointment, useAppointment, useCurrentAppointmentId } from '@/features/appointments';

/**
 * The member's consultation in progress, on top of home. spec 4: states 1 and 6 (in a queue)
 * refresh on home, so the card keeps up even if a realtime message was lost.
 */
export function ActiveAppointmentCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentId = useCurrentAppointmentId();
  const queryClient = useQueryClient();
  // A consultation already over is not asked for again (spec 4: the card shows only while it runs).
  const cachedState = currentId ? readCachedAppointment(queryClient, currentId)?.state : undefined;
  const details = useAppointment(currentId, {
    enabled: !isFinishedLike(cachedState),
    // spec 4: in a queue (states 1 and 6) the card keeps asking, in case an alert was lost.
    refetchInterval: (query) => (refreshesQueueOnHome(query.state.data?.state) ? TIMERS.onlineCoachesPollMs : false),
  });
  const state = details.data?.state;
  if (!currentId || !state || isFinishedLike(state)) return null;

  return (
    <Paper elevation={0} sx={{ p: 2.5, bgcolor: 'secondary.main', color: 'secondary.contrastText', borderRadius: 1 }} data-testid="active-appointment-card" data-state={state}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <VideocamOutlined />
        <Typography sx={{ fontWeight: 700, flex: 1 }}>{t(refreshesQueueOnHome(state) ? 'home_appointment_in_queue' : 'home_appointment_in_progress')}</Typography>
      </Box>
      {details.data?.topic ? (
        <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.9 }}>
          {details.data.topic.subtopicText ?? details.data.topic.topicText}
        </Typography>
      ) : null}
      <Button variant="contained" color="inherit" sx={{ mt: 1.5, color: 'secondary.main', bgcolor: 'common.white' }} onClick={() => void navigate(buildPath('videoCall'))} data-testid="active-appointment-open">
        {t('home_appointment_open')}
      </Button>
    </Paper>
  );
}
