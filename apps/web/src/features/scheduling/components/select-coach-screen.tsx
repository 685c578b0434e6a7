import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { buildPath, ROUTES, todayIsoDay } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { getTimeZone } from '@/lib/time-zone';
import { useCoaches } from '../api/get-coaches';
import { useScheduleFlow } from '../hooks/use-schedule-flow';
import { ScheduleHeader } from './select-topic-screens';

/** /agenda/seleccionar-coach: the coaches of the chosen practice; a coach's profile has her week calendar and slots. */
export function SelectCoachScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { flow } = useScheduleFlow();
  const coaches = useCoaches(flow.practice, todayIsoDay(new Date(), getTimeZone()));
  const list = (coaches.data ?? []).filter((c) => c.userType === 'mx-physician');
  return (
    <Screen testId="schedule-select-coach">
      <ScheduleHeader title={t('schedule_select_coach_title')} back={flow.practice === 'health' ? ROUTES.scheduleSelectPhTopic.path : ROUTES.scheduleSelectTopic.path} />
      <Typography color="text.secondary">{t('schedule_select_coach_body')}</Typography>
      {coaches.isPending ? <CircularProgress aria-label={t('schedule_loading')} sx={{ alignSelf: 'center' }} /> : null}
      {coaches.isSuccess && list.length === 0 ? <Typography data-testid="schedule-no-coaches">{t('schedule_no_coaches')}</Typography> : null}
      {list.map((coach) => (
        <Card key={coach.id} variant="outlined">
          <CardActionArea onClick={() => void navigate(buildPath('coachProfile', { id: coach.id }))} data-testid="schedule-coach" sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start' }}>
            <Avatar src={coach.imgUrl ?? undefined} alt="" sx={{ bgcolor: 'secondary.main' }}>
              {coach.firstName.charAt(0)}
            </Avatar>
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{[coach.firstName, coach.lastName].join(' ')}</Typography>
              {/* The language of the consultation is one she speaks (as on the on-demand list's cards). */}
              <Typography variant="body2" data-testid="schedule-coach-languages">
                {coach.languages.map((lang) => t(`coaches_language_${lang}`)).join(' · ')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {coach.availableSlots.length > 0 ? t('schedule_slots_today', { count: coach.availableSlots.length }) : t('schedule_see_calendar')}
              </Typography>
            </Box>
          </CardActionArea>
        </Card>
      ))}
    </Screen>
  );
}
