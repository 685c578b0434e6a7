import ArrowBack from '@mui/icons-material/ArrowBack';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { buildPath, hasOrgFlag, isListedOnlineCoach, isSchedulableToday, isWithinWorkingHours, lookForCoachesRoute, noCoachesMessageKeys, type Language } from '@puente/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useWorkingHours } from '@/features/configs';
import { memberOrganizationSettings, useMember } from '@/features/profile';
import { isApiRequestError } from '@/lib/api-client';
import { useOnlinePhysicians } from '../api/get-online-physicians';
import { slotDate, useSchedulablePhysicians } from '../api/get-physicians';
import { useConsultationRequest } from '../hooks/use-consultation-request';
import { useStartRequest } from '../hooks/use-start-request';
import { CoachCard } from './coach-card';
import { OutOfHoursDialog } from './out-of-hours-dialog';

const SCHEDULING_START = buildPath('scheduleSelectTopic');
const coachProfilePath = (id: string) => buildPath('coachProfile', { id });

const formatTime = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * /consulta/coaches-disponibles (and /coaches-disponibles): online coaches, polled every 4 s, with
 * Spanish and English filters; today's schedulable coaches when nobody is online (spec 2, 6).
 */
export function AvailableCoachesScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const { request, update } = useConsultationRequest();
  const [language, setLanguage] = useState<Language | null>(request.language ?? null);
  const [hoursDialogClosed, setHoursDialogClosed] = useState(false);
  const { start, dialog } = useStartRequest();

  const workingHours = useWorkingHours();
  const outOfHours = workingHours.data ? !isWithinWorkingHours(workingHours.data, new Date(), member.data?.email) : false;
  const schedulingAvailable = hasOrgFlag(memberOrganizationSettings(member.data), 'SCHEDULING_AVAILABLE');

  const online = useOnlinePhysicians({ tags: request.tags, practice: request.practice, language });
  const coaches = (online.data?.physicians ?? []).filter(isListedOnlineCoach);
  const nobodyOnline = online.isSuccess && coaches.length === 0;

  // spec 000 §4 / 001 §8: a scheduled appointment about to start sends the member home.
  const scheduledSoon = isApiRequestError(online.error) && online.error.code === 'CONFLICT' && online.error.reason === 'scheduled-appointment';
  useEffect(() => {
    const route = lookForCoachesRoute(scheduledSoon);
    if (route) void navigate(route.to, { replace: true, state: route.state });
  }, [scheduledSoon, navigate]);

  const schedulable = useSchedulablePhysicians(
    { schedulable: true, practice: request.practice, availabilityDate: slotDate(new Date()), ...(language ? { language } : {}) },
    nobodyOnline,
  );
  const schedulableToday = (schedulable.data ?? []).filter((p) => isSchedulableToday({ ...p, slotsToday: p.availableSlots.length }));

  return (
    <Screen testId="available-coaches-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={t('back')} onClick={() => void navigate(buildPath('home'))} edge="start">
          <ArrowBack />
        </IconButton>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('coaches_title')}
          </Typography>
          <Typography color="text.secondary">{request.subtopicText ?? request.topicText}</Typography>
        </Box>
      </Box>

      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('coaches_filter_label')}
        </Typography>
        <ToggleButtonGroup
          value={language}
          exclusive
          onChange={(_e, value: Language | null) => {
            setLanguage(value);
            update({ language: value });
          }}
          aria-label={t('coaches_filter_label')}
          color="primary"
          size="small"
        >
          <ToggleButton value="es" data-testid="coaches-filter-es" sx={{ px: 2.5 }}>
            {t('coaches_filter_es')}
          </ToggleButton>
          <ToggleButton value="en" data-testid="coaches-filter-en" sx={{ px: 2.5 }}>
            {t('coaches_filter_en')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {online.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : null}

      {online.isError && !online.data && !scheduledSoon ? (
        <Alert severity="warning" data-testid="coaches-error">
          {t('coaches_load_error')}
        </Alert>
      ) : null}

      {coaches.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="coaches-online-count">
            {t('coaches_online_count', { count: coaches.length })}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="coaches-online-list">
            {coaches.map((coach) => (
              <CoachCard key={coach.id} physician={coach} onClick={() => void navigate(coachProfilePath(coach.id))} />
            ))}
          </Box>
          <Button size="large" variant="contained" onClick={() => start({ physicianId: null, languages: [...new Set(coaches.flatMap((c) => c.languages))] })} data-testid="request-consultation">
            {t('coaches_request_any')}
          </Button>
        </>
      ) : null}

      {nobodyOnline ? (
        <Paper elevation={0} sx={{ p: 3, border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="no-coaches">
          <EventBusyOutlined color="secondary" sx={{ fontSize: 40 }} />
          {noCoachesMessageKeys(schedulingAvailable).map((key) => (
            <Typography key={key} data-testid={`no-coaches-${key}`} sx={key === 'lack_of_personnel_no_ondemand' ? { fontWeight: 700 } : undefined}>
              {t(key)}
            </Typography>
          ))}
          {schedulableToday.length > 0 ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('coaches_schedulable_today')}
              </Typography>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="coaches-schedulable-list">
                {schedulableToday.map((coach) => (
                  <CoachCard
                    key={coach.id}
                    physician={coach}
                    note={coach.availableSlots[0] ? t('coaches_next_slot', { time: formatTime(coach.availableSlots[0], i18n.language) }) : undefined}
                    onClick={() => void navigate(coachProfilePath(coach.id))}
                  />
                ))}
              </Box>
            </>
          ) : null}
          {schedulingAvailable ? (
            <Button variant="contained" onClick={() => void navigate(SCHEDULING_START)} data-testid="no-coaches-schedule">
              {t('coaches_schedule')}
            </Button>
          ) : null}
          <Button variant="outlined" onClick={() => void navigate(buildPath('home'))}>
            {t('coaches_go_home')}
          </Button>
        </Paper>
      ) : null}

      <OutOfHoursDialog open={outOfHours && !hoursDialogClosed} onSchedule={() => void navigate(SCHEDULING_START)} onClose={() => setHoursDialogClosed(true)} />
      {dialog}
    </Screen>
  );
}
