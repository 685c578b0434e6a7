import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TopicDto } from '@puente/contracts';
import { buildPath, homeTiles, practiceOffered, profileMenu } from '@puente/domain';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { BottomDrawer } from '@/components/ui/bottom-drawer';
import { OnceNeeded } from '@/components/ui/once-needed';
import { Placeholder } from '@/components/ui/placeholder';
import { Screen } from '@/components/ui/screen';
import { useCurrentAppointmentId } from '@/features/appointments';
import { writeConsultationRequest } from '@/features/consultation';
import { currentLanguage } from '@/lib/i18n';
import { useMember } from '@/features/profile';
import { memberOrganizationSettings } from '@/features/profile';
import { readSessionStorage, SESSION_STORAGE_KEYS } from '@/lib/storage';
import { useTopicsTemplate } from '../api/get-topics-template';
import { useDownloadPrompt } from '../hooks/use-download-prompt';
import { TrialBanner } from './trial-banner';
import { ScheduledAppointmentCards } from './scheduled-appointment-cards';

// The consultation in progress's card loads when there is one (most members open home with none).
const ActiveAppointmentCard = lazy(() => import('./active-appointment-card').then((m) => ({ default: m.ActiveAppointmentCard })));
// The download prompt's sheet loads when it opens (mobile web, from the second visit).
const DownloadAppPrompt = lazy(() => import('./download-app-prompt').then((m) => ({ default: m.DownloadAppPrompt })));
// Once loaded, coming back home shows it in the first render (no frame without it).
let moreSectionsLoaded = false;
const HomeMoreSections = lazy(() =>
  import('./home-more-sections').then((m) => {
    moreSectionsLoaded = true;
    return { default: m.HomeMoreSections };
  }),
);

const AVAILABLE_COACHES = buildPath('availableCoaches');
const SCHEDULING_START = buildPath('scheduleSelectTopic');
const SUPPORT = buildPath('supportContact');

const topicIcon = (topic: Pick<TopicDto, 'practice'>): ReactNode =>
  topic.practice === 'mentalhealth' ? <PsychologyOutlined /> : <MedicalServicesOutlined />;

function Tile({ testId, icon, title, description, onClick, color }: { testId: string; icon: ReactNode; title: string; description?: string | null; onClick: () => void; color?: string | null }) {
  return (
    <ButtonBase
      data-testid={testId}
      onClick={onClick}
      sx={{ borderRadius: 1, textAlign: 'left', display: 'block', width: '100%', height: '100%' }}
      focusRipple
    >
      <Paper elevation={0} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1, border: 1, borderColor: 'divider' }}>
        <Box sx={{ color: color ?? 'primary.main', display: 'flex' }}>{icon}</Box>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        {description ? (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        ) : null}
      </Paper>
    </ButtonBase>
  );
}

/** /inicio (and /): greeting, the current consultation, main actions, topic sections, other info. */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const member = useMember();
  const currentAppointmentId = useCurrentAppointmentId();
  const template = useTopicsTemplate(currentLanguage(i18n));
  const download = useDownloadPrompt();
  const [withSubtopics, setWithSubtopics] = useState<TopicDto | null>(null);
  // What is below the main actions loads once home has painted (./home-more-sections.tsx).
  const [painted, setPainted] = useState(() => moreSectionsLoaded);
  useEffect(() => setPainted(true), []);
  const name = member.data?.firstName?.trim();
  const hasScheduledAppointment = (location.state as { hasScheduledAppointment?: boolean } | null)?.hasScheduledAppointment === true;

  const settings = memberOrganizationSettings(member.data);
  // spec 6 (the domain's rule): no tile before the member is known, so none flashes in and out.
  const tiles = member.data ? homeTiles(member.data.organization) : { scheduling: false, support: false };
  // Issue 15: only the practices her organization offers (PHYSICAL_/MENTAL_HEALTH_AVAILABLE).
  const offered = (topic: Pick<TopicDto, 'practice'>): boolean => practiceOffered(settings, topic.practice);
  const partnerUser = readSessionStorage(SESSION_STORAGE_KEYS.partnerId) !== null;
  const menu = profileMenu({ organization: null, isPartnerUser: partnerUser, membershipExpired: false, pushPermissionDenied: false, changePhoneFeatureEnabled: false });

  const startConsultation = (topic: TopicDto, subtopic?: TopicDto['subtopics'][number]) => {
    writeConsultationRequest({
      topicId: topic.id,
      topicText: topic.title,
      practice: subtopic?.practice ?? topic.practice,
      tags: subtopic?.tags ?? topic.tags,
      reason: subtopic?.reason ?? topic.reason,
      requiresSelfAssessment: subtopic?.requiresSelfAssessment ?? topic.requiresSelfAssessment,
      subtopicId: subtopic?.id ?? null,
      subtopicText: subtopic?.title ?? null,
    });
    void navigate(AVAILABLE_COACHES);
  };

  const handleTopic = (topic: TopicDto) => {
    if (topic.subtopics.length > 0) setWithSubtopics(topic);
    else startConsultation(topic);
  };

  return (
    <Screen testId="home-screen">
      <Box sx={{ mt: 1 }}>
        {member.isPending && member.fetchStatus === 'fetching' ? (
          <Placeholder height={40} width="60%" testId="home-greeting-placeholder" />
        ) : (
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} data-testid="home-greeting">
            {name ? t('home_greeting', { name }) : t('home_greeting_generic')}
          </Typography>
        )}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('home_subtitle')}
        </Typography>
      </Box>

      <TrialBanner />

      {hasScheduledAppointment ? (
        <Alert severity="info" data-testid="has-scheduled-appointment">
          {t('home_has_scheduled_appointment')}
        </Alert>
      ) : null}

      <OnceNeeded when={!!currentAppointmentId}>
        <ActiveAppointmentCard />
      </OnceNeeded>
      <ScheduledAppointmentCards />

      <Box component="section" aria-labelledby="home-main-actions">
        <Typography id="home-main-actions" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('home_main_actions_title')}
        </Typography>
        {template.isError ? (
          <Alert severity="warning" action={<Button onClick={() => void template.refetch()}>{t('home_retry')}</Button>} data-testid="topics-error">
            {t('home_topics_error')}
          </Alert>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' }, gap: 1.5 }}>
            {template.data
              ? template.data.mainActions.filter(offered).map((topic) => (
                  <Tile
                    key={topic.id}
                    testId={`tile-${topic.id}`}
                    icon={topicIcon(topic)}
                    title={topic.title}
                    description={topic.description}
                    color={topic.iconColor}
                    onClick={() => handleTopic(topic)}
                  />
                ))
              : [0, 1].map((i) => <Placeholder key={i} height={120} testId="tile-placeholder" />)}
            {tiles.scheduling ? (
              <Tile testId="tile-scheduling" icon={<EventAvailableOutlined />} title={t('home_tile_scheduling')} description={t('home_tile_scheduling_description')} onClick={() => void navigate(SCHEDULING_START)} />
            ) : null}
            {tiles.support ? (
              <Tile testId="tile-support" icon={<SupportAgentOutlined />} title={t('home_tile_support')} description={t('home_tile_support_description')} onClick={() => void navigate(SUPPORT)} />
            ) : null}
          </Box>
        )}
      </Box>

      <OnceNeeded when={painted}>
        <HomeMoreSections sections={template.data?.sections ?? []} offered={offered} onTopic={handleTopic} otherInfo={menu} />
      </OnceNeeded>

      <BottomDrawer open={withSubtopics !== null} onClose={() => setWithSubtopics(null)} title={withSubtopics?.title ?? ''} testId="subtopics-drawer">
        <Typography color="text.secondary">{t('home_choose_subtopic')}</Typography>
        {withSubtopics?.subtopics.map((sub) => (
          <Button key={sub.id} variant="outlined" data-testid={`subtopic-${sub.id}`} onClick={() => startConsultation(withSubtopics, sub)}>
            {sub.title}
          </Button>
        ))}
      </BottomDrawer>
      <OnceNeeded when={download.open}>
        <DownloadAppPrompt open={download.open} onClose={download.dismiss} />
      </OnceNeeded>
    </Screen>
  );
}
