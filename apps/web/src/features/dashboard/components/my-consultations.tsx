import type { ClinicianConsultation } from '@puente/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@puente/domain';
import { useMyConsultations } from '../api/get-my-consultations';
import { StateChip } from './appointment-summary';
import { minutesSince, queueAgeSince } from './queue-age';

/** One of her consultations: the member, state, channel, queue age (live) or last change (recent), and a link to open it. */
function ConsultationRow({ item, live, now }: { item: ClinicianConsultation; live: boolean; now: number }) {
  const { t, i18n } = useTranslation();
  const name = item.memberName ?? t('dashboard_member_unknown');
  const kind = item.role === 'us-doctor' ? 'escalation' : 'request';
  const when = live
    ? t(kind === 'escalation' ? 'dashboard_consultation_age_handoff' : 'dashboard_consultation_age', { minutes: minutesSince(queueAgeSince(kind, item), now) })
    : new Date(item.updatedAt).toLocaleString(i18n.language, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  return (
    <Box
      component="li"
      data-testid={`my-consultation-${item.id}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="my-consultation-meta">
          {t(`dashboard_channel_${item.channel}`)} · {when}
        </Typography>
      </Box>
      <StateChip state={item.state} />
      <Button
        component={RouterLink}
        to={paths.dashboardConsultation(item.id)}
        size="small"
        variant={live ? 'contained' : 'outlined'}
        aria-label={t('dashboard_consultation_open_label', { name })}
        data-testid="open-my-consultation"
      >
        {t('dashboard_current_open')}
      </Button>
    </Box>
  );
}

/** issue 11: the clinician's own consultations on her dashboard: the live ones with their queue age, then the recent ones. */
export function MyConsultations({ physicianId, now }: { physicianId: string; now: number }) {
  const { t } = useTranslation();
  const mine = useMyConsultations(physicianId);
  const sections = [
    { key: 'active', title: t('dashboard_consultations_active'), items: mine.data?.active ?? [], live: true },
    { key: 'recent', title: t('dashboard_consultations_recent'), items: mine.data?.recent ?? [], live: false },
  ] as const;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-consultations-title" sx={{ p: 2, borderRadius: 2 }} data-testid="my-consultations">
      <Typography id="my-consultations-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dashboard_consultations_title')}
      </Typography>
      {mine.isError ? (
        <Alert severity="error">{t('dashboard_consultations_error')}</Alert>
      ) : mine.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : sections.every((s) => s.items.length === 0) ? (
        <Typography color="text.secondary" data-testid="my-consultations-empty">
          {t('dashboard_consultations_empty')}
        </Typography>
      ) : (
        sections.map((s) =>
          s.items.length === 0 ? null : (
            <Box key={s.key} data-testid={`my-consultations-${s.key}`} sx={{ mt: 1 }}>
              <Typography variant="subtitle2" component="h3" color="text.secondary">
                {s.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {s.items.map((item) => (
                  <ConsultationRow key={item.id} item={item} live={s.live} now={now} />
                ))}
              </Box>
            </Box>
          ),
        )
      )}
    </Paper>
  );
}
