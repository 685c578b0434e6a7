import { topicReadIn, type AppointmentDto } from '@puente/contracts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TopicTitles } from '../api/get-topic-titles';

/**
 * The reason the member gave: the self-assessment, else the topic, its title in the reader's
 * language when known (issue 11: the appointment keeps the member's-language text).
 */
export const appointmentReason = (a: Pick<AppointmentDto, 'selfAssessment' | 'topic' | 'chiefComplaint'>, titles?: TopicTitles): string | null => {
  const t = a.topic && titles ? topicReadIn(a.topic, titles) : a.topic;
  const topic = t ? (t.subtopicText ?? t.topicText) : null;
  return a.selfAssessment?.appointmentReason ?? topic ?? a.chiefComplaint ?? null;
};

/** Language, practice, location and channel as chips. */
export function AppointmentChips({ appointment }: { appointment: AppointmentDto }) {
  const { t } = useTranslation();
  const place = appointment.location ? [appointment.location.city, appointment.location.state, appointment.location.country].filter(Boolean).join(', ') : null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={t(`dashboard_language_${appointment.language}`)} />
      <Chip size="small" label={t(`dashboard_practice_${appointment.practice}`)} />
      <Chip size="small" label={t(`dashboard_channel_${appointment.channel}`)} />
      {place ? <Chip size="small" variant="outlined" label={place} /> : null}
      {appointment.serviceScope === 'coaching-only' ? <Chip size="small" color="warning" label={t('dashboard_scope_coaching_only')} /> : null}
    </Stack>
  );
}

export function StateChip({ state }: { state: AppointmentDto['state'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color="secondary" label={t(`dashboard_state_${state}`)} data-testid="appointment-state" data-state={state} />;
}
