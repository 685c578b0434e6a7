import ArrowBack from '@mui/icons-material/ArrowBack';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@puente/domain';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useScheduleTopics } from '../api/get-topics';
import { useScheduleFlow, writeScheduleFlow } from '../hooks/use-schedule-flow';

export function ScheduleHeader({ title, back }: { title: string; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton aria-label={t('back')} onClick={() => void navigate(back)} edge="start">
        <ArrowBack />
      </IconButton>
      <Typography variant="h6" component="h1" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
    </Box>
  );
}

function Choice({ icon, title, description, onClick, testId }: { icon: ReactNode; title: string; description: string; onClick: () => void; testId: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea onClick={onClick} data-testid={testId} sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start' }}>
        {icon}
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** /agenda/seleccionar-tema: physical health (optional topics, then coaches) or mental health (coaches). */
export function SelectTopicScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const rescheduleId = (location.state as { rescheduleId?: string } | null)?.rescheduleId;
  useEffect(() => {
    // A new flow; a reschedule keeps the booking it moves (spec 4: the same flow).
    writeScheduleFlow(rescheduleId ? { rescheduleId } : {});
  }, [rescheduleId]);
  return (
    <Screen testId="schedule-select-topic">
      <ScheduleHeader title={t('schedule_select_topic_title')} back={ROUTES.home.path} />
      {rescheduleId ? <Typography data-testid="schedule-rescheduling">{t('schedule_rescheduling')}</Typography> : null}
      <Typography color="text.secondary">{t('schedule_select_topic_body')}</Typography>
      <Choice
        testId="schedule-physical"
        icon={<FavoriteBorder color="primary" />}
        title={t('schedule_physical_health')}
        description={t('schedule_physical_health_description')}
        onClick={() => {
          writeScheduleFlow({ rescheduleId, practice: 'health' });
          void navigate(ROUTES.scheduleSelectPhTopic.path);
        }}
      />
      <Choice
        testId="schedule-mental"
        icon={<PsychologyOutlined color="primary" />}
        title={t('schedule_mental_health')}
        description={t('schedule_mental_health_description')}
        onClick={() => {
          writeScheduleFlow({ rescheduleId, practice: 'mentalhealth', topic: { topicId: 'hardcoded_mh_topic', topicText: t('schedule_mental_health') } });
          void navigate(ROUTES.scheduleSelectCoach.path);
        }}
      />
    </Screen>
  );
}

/** /agenda/seleccionar-ph-tema: an optional physical-health topic, then the coaches. */
export function SelectPhTopicScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { update } = useScheduleFlow();
  const topics = useScheduleTopics(i18n.language);
  const list = (topics.data?.sections ?? []).flatMap((s) => s.topics).filter((topic) => topic.practice === 'health');
  const next = (topic: { topicId: string; topicText: string } | null) => {
    update({ practice: 'health', topic });
    void navigate(ROUTES.scheduleSelectCoach.path);
  };
  return (
    <Screen testId="schedule-select-ph-topic">
      <ScheduleHeader title={t('schedule_select_ph_topic_title')} back={ROUTES.scheduleSelectTopic.path} />
      <Typography color="text.secondary">{t('schedule_select_ph_topic_body')}</Typography>
      {topics.isPending ? <CircularProgress aria-label={t('schedule_loading')} sx={{ alignSelf: 'center' }} /> : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {list.map((topic) => (
          <Button key={topic.id} variant="outlined" onClick={() => next({ topicId: topic.id, topicText: topic.title })} data-testid={`schedule-topic-${topic.id}`} sx={{ justifyContent: 'flex-start' }}>
            {topic.title}
          </Button>
        ))}
      </Box>
      <Button variant="contained" onClick={() => next({ topicId: 'hardcoded_ph_topic', topicText: t('schedule_physical_health') })} data-testid="schedule-skip-topic">
        {t('schedule_skip_topic')}
      </Button>
    </Screen>
  );
}
