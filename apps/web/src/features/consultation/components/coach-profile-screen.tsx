import ArrowBack from '@mui/icons-material/ArrowBack';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { buildPath, isListedOnlineCoach } from '@puente/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { getTimeZone } from '@/lib/time-zone';
import { track } from '@/lib/track';
import { usePhysicianLabels } from '../physician-labels';
import { useCoachTimeZone } from '../api/get-coach-time-zone';
import { slotDate } from '../api/get-physicians';
import { usePhysician } from '../api/get-physician';
import { useStartRequest } from '../hooks/use-start-request';

const DAY_MS = 24 * 60 * 60 * 1000;
// Not in the spec: the calendar shows one week at a time (spec 9 allows up to 3 months ahead).
const WEEK_DAYS = 7;

const locale = (language: string) => (language === 'en' ? 'en-US' : 'es-MX');

/** /ondemand-perfil-coach/{id}: areas or practice, education, verified institution, week calendar and slots. */
export function CoachProfileScreen() {
  const { t, i18n } = useTranslation();
  const labels = usePhysicianLabels();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const week = useMemo(() => Array.from({ length: WEEK_DAYS }, (_, i) => new Date(Date.now() + i * DAY_MS)), []);
  const [day, setDay] = useState(() => slotDate(week[0]!));
  const [verifiedOpen, setVerifiedOpen] = useState(false);
  const physician = usePhysician(id, day);
  const { start, dialog } = useStartRequest();

  const p = physician.data;
  // Tracked once per coach shown (another day of her calendar is the same view), by her id only.
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (!p || viewed.current === p.id) return;
    viewed.current = p.id;
    void track('coach_profile_viewed', { physicianId: p.id });
  }, [p]);
  // The member's current zone (the device's); she can switch the times to the coach's calendar zone.
  const memberZone = getTimeZone();
  const coachZone = useCoachTimeZone(id, day, p?.userType === 'mx-physician').data ?? null;
  const [inCoachZone, setInCoachZone] = useState(false);
  const shownZone = inCoachZone && coachZone ? coachZone : memberZone;
  const dayLabel = (d: Date) => new Intl.DateTimeFormat(locale(i18n.language), { weekday: 'short' }).format(d);
  const timeLabel = (iso: string) => new Intl.DateTimeFormat(locale(i18n.language), { hour: 'numeric', minute: '2-digit', timeZone: shownZone }).format(new Date(iso));

  return (
    <Screen testId="coach-profile-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={t('back')} onClick={() => void navigate(buildPath('availableCoaches'))} edge="start">
          <ArrowBack />
        </IconButton>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 800 }}>
          {t('coach_profile_title')}
        </Typography>
      </Box>

      {physician.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : null}
      {physician.isError && !p ? (
        <Alert severity="warning" data-testid="coach-profile-error">
          {t('coach_profile_not_found')}
        </Alert>
      ) : null}

      {p ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar src={p.imgUrl ?? undefined} alt={labels.name(p)} sx={{ width: 72, height: 72, bgcolor: 'secondary.main', fontSize: 28 }}>
              {p.firstName.charAt(0)}
            </Avatar>
            <Box>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }} data-testid="coach-profile-name">
                {labels.name(p)}
              </Typography>
              <Typography color="text.secondary">{t(p.practice === 'mentalhealth' ? 'coaches_practice_mentalhealth' : 'coaches_practice_health')}</Typography>
              {isListedOnlineCoach(p) ? <Chip size="small" color="success" label={t('coaches_online')} sx={{ mt: 0.5 }} /> : null}
            </Box>
          </Box>
          {p.bio ? <Typography>{p.bio}</Typography> : null}

          <Box component="section">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('coach_profile_areas')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="coach-profile-areas">
              {(p.medicalSpecialties.length > 0 ? p.medicalSpecialties.map((s) => labels.specialty(s.speciality)) : [t(p.practice === 'mentalhealth' ? 'coaches_practice_mentalhealth' : 'coaches_practice_health')]).map((area) => (
                <Chip key={area} label={area} variant="outlined" />
              ))}
              {p.languages.map((lang) => (
                <Chip key={lang} label={t(`coaches_language_${lang}`)} color="secondary" variant="outlined" />
              ))}
            </Box>
          </Box>

          <Box component="section">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('coach_profile_education')}
            </Typography>
            {p.academicBackground.length === 0 ? <Typography color="text.secondary">{t('coach_profile_no_education')}</Typography> : null}
            {p.academicBackground.map((a) => (
              <Box key={a.institutionName} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
                <SchoolOutlined color="action" />
                <Typography sx={{ flex: 1 }}>{a.institutionName}</Typography>
                <Link component="button" type="button" onClick={() => setVerifiedOpen(true)} data-testid="verified-institution" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <VerifiedOutlined fontSize="small" />
                  {t('coach_profile_verified')}
                </Link>
              </Box>
            ))}
          </Box>

          <Box component="section">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('coach_profile_calendar')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${WEEK_DAYS}, 1fr)`, gap: 0.5 }} role="tablist">
              {week.map((d) => {
                const value = slotDate(d);
                const selected = value === day;
                return (
                  <Button
                    key={value}
                    role="tab"
                    aria-selected={selected}
                    variant={selected ? 'contained' : 'text'}
                    onClick={() => setDay(value)}
                    data-testid={`calendar-day-${value}`}
                    sx={{ minWidth: 0, px: 0, flexDirection: 'column', lineHeight: 1.2, borderRadius: 3 }}
                  >
                    <span style={{ fontSize: 11, textTransform: 'capitalize' }}>{dayLabel(d)}</span>
                    <span style={{ fontSize: 17, fontWeight: 700 }}>{d.getDate()}</span>
                  </Button>
                );
              })}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="coach-slots-zone" data-zone={shownZone}>
              {t(inCoachZone && coachZone ? 'coach_profile_zone_coach' : 'coach_profile_zone_yours', { zone: shownZone })}
            </Typography>
            {coachZone && coachZone !== memberZone ? (
              <FormControlLabel
                control={<Switch checked={inCoachZone} onChange={(e) => setInCoachZone(e.target.checked)} data-testid="coach-slots-zone-toggle" />}
                label={t('coach_profile_zone_toggle', { zone: coachZone })}
              />
            ) : null}
            <Paper elevation={0} sx={{ mt: 1.5, p: 2, border: 1, borderColor: 'divider' }} data-testid="coach-profile-slots">
              {p.availableSlots.length === 0 ? (
                <Typography color="text.secondary">{t('coach_profile_no_slots')}</Typography>
              ) : (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {p.availableSlots.map((slot) => (
                    <Chip
                      key={slot}
                      label={timeLabel(slot)}
                      variant="outlined"
                      color="secondary"
                      data-testid="coach-slot"
                      onClick={() => void navigate(buildPath('scheduleConfirm'), { state: { physicianId: p.id, startDate: slot } })}
                    />
                  ))}
                </Box>
              )}
            </Paper>
          </Box>

          {isListedOnlineCoach(p) ? (
            <Button size="large" variant="contained" onClick={() => start({ physicianId: p.id, languages: p.languages })} data-testid="request-consultation">
              {t('coach_profile_request')}
            </Button>
          ) : (
            <Alert severity="info">{t('coach_profile_offline')}</Alert>
          )}
        </>
      ) : null}

      <Dialog open={verifiedOpen} onClose={() => setVerifiedOpen(false)} data-testid="verified-institution-modal" fullWidth maxWidth="xs">
        <DialogTitle>{t('coach_profile_verified_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('coach_profile_verified_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setVerifiedOpen(false)}>{t('accept')}</Button>
        </DialogActions>
      </Dialog>
      {dialog}
    </Screen>
  );
}
