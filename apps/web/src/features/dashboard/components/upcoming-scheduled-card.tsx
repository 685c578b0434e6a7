import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CALENDAR, formatSlot } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { useCoachCalendar } from '../api/coach-calendar';
import { useCoachScheduledAppointments } from '../api/coach-scheduled-appointments';

/**
 * The coach's upcoming scheduled appointments on the dashboard (issue 13): date and time in her
 * language and in her calendar's zone, and the member's first name.
 */
export function UpcomingScheduledCard({ physicianId }: { physicianId: string }) {
  const { t, i18n } = useTranslation();
  const scheduled = useCoachScheduledAppointments(physicianId);
  const calendar = useCoachCalendar(physicianId);
  const timeZone = calendar.data?.timeZone ?? CALENDAR.fallbackTimeZone;
  const language = currentLanguage(i18n);
  const list = scheduled.data?.scheduledAppointments ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="upcoming-scheduled">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {t('upcoming_scheduled_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('upcoming_scheduled_zone', { timeZone })}
      </Typography>
      {scheduled.isError ? <Alert severity="error">{t('dashboard_action_error')}</Alert> : null}
      {scheduled.isSuccess && list.length === 0 ? <Typography data-testid="upcoming-scheduled-empty">{t('upcoming_scheduled_empty')}</Typography> : null}
      {list.length > 0 ? (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
          {list.map((a) => (
            <Box component="li" key={a.id} data-testid="upcoming-scheduled-item" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{formatSlot(a.startDate, timeZone, language)}</Typography>
              <Typography color="text.secondary">{a.memberFirstName ?? t('upcoming_scheduled_member')}</Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
