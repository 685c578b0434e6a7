import type { MemberCareView } from '@puente/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { differenceInYears } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberHistory } from '../api/get-member-history';
import { useMemberProfile } from '../api/get-member-profile';
import { HealthProfileEditor } from './health-profile-editor';

function Field({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value && value.trim() !== '' ? value : '—'}</Typography>
    </Box>
  );
}

function Card({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.25, borderRadius: 2 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const list = (items: readonly string[]): string | null => (items.length > 0 ? items.join(', ') : null);

/** Height and weight in the member's units (metric unless she chose otherwise). */
const measures = (m: MemberCareView): string | null => {
  const parts = [
    m.height !== null ? `${m.height} ${m.heightMetricSystem ? 'cm' : 'in'}` : null,
    m.weight !== null ? `${m.weight} ${m.weightMetricSystem ? 'kg' : 'lb'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
};

/**
 * The member's health profile for the physician (GET /api/members/{id}: allowed to a physician
 * with a care relationship, audited by the server): age, sex, allergies, medications, conditions,
 * surgeries, height and weight, and where she lives.
 */
export function MemberProfile({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const profile = useMemberProfile(memberId);
  const [editing, setEditing] = useState(false);
  if (profile.isPending) return <Skeleton variant="rounded" height={160} />;
  if (profile.isError) {
    return (
      <Card testId="member-profile" title={t('dashboard_profile_title')}>
        <Alert severity="warning">{t('dashboard_profile_error')}</Alert>
      </Card>
    );
  }
  const m = profile.data;
  const age = m.birthday !== null ? differenceInYears(new Date(), new Date(m.birthday)) : null;
  const where = m.address ? [m.address.city, m.address.state, m.address.country].filter(Boolean).join(', ') : null;
  const surgeries = m.surgeries.map((s) => (s.date ? `${s.name} (${s.date})` : s.name));
  return (
    <Card testId="member-profile" title={t('dashboard_profile_title')}>
      <Field testId="member-profile-age" label={t('dashboard_profile_age')} value={age !== null ? t('dashboard_profile_years', { count: age }) : null} />
      <Field testId="member-profile-sex" label={t('dashboard_profile_sex')} value={m.sex ? t(`dashboard_profile_sex_${m.sex}`) : null} />
      <Field testId="member-profile-allergies" label={t('dashboard_profile_allergies')} value={list(m.alergies)} />
      <Field testId="member-profile-medications" label={t('dashboard_profile_medications')} value={list(m.medications)} />
      <Field testId="member-profile-conditions" label={t('dashboard_profile_conditions')} value={list(m.medicalConditions)} />
      <Field testId="member-profile-surgeries" label={t('dashboard_profile_surgeries')} value={list(surgeries)} />
      <Field testId="member-profile-measures" label={t('dashboard_profile_measures')} value={measures(m)} />
      <Field testId="member-profile-location" label={t('dashboard_profile_location')} value={where} />
      {/* issue 11: the clinician corrects the allergies, medications, conditions and surgeries (audited by the server). */}
      <Box>
        <Button size="small" variant="outlined" onClick={() => setEditing(true)} data-testid="member-profile-edit">
          {t('dashboard_health_profile_edit')}
        </Button>
      </Box>
      <HealthProfileEditor member={m} open={editing} onClose={() => setEditing(false)} />
    </Card>
  );
}

/** The member's previous consultations (getAppointmentsHistory, same policy and audit), newest first. */
export function MemberHistory({ memberId, currentId }: { memberId: string; currentId: string }) {
  const { t, i18n } = useTranslation();
  const history = useMemberHistory(memberId);
  if (history.isPending) return <Skeleton variant="rounded" height={80} />;
  if (history.isError) {
    return (
      <Card testId="member-history" title={t('dashboard_past_consultations')}>
        <Alert severity="warning">{t('dashboard_history_error')}</Alert>
      </Card>
    );
  }
  const past = history.data.filter((h) => h.id !== currentId).sort((a, b) => b.startDate.localeCompare(a.startDate));
  return (
    <Card testId="member-history" title={t('dashboard_past_consultations')}>
      {past.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard_history_empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {past.map((h) => (
            <ListItem key={h.id} disableGutters divider data-testid={`member-history-${h.id}`}>
              <ListItemText
                primary={`${new Date(h.startDate).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' })} · ${h.physicianName ?? '—'}`}
                secondary={[h.reason, t(`dashboard_channel_${h.channel}`), t(`dashboard_state_${h.state}`)].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}
