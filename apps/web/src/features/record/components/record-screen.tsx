import ArrowBack from '@mui/icons-material/ArrowBack';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import StarOutlineOutlined from '@mui/icons-material/StarOutlineOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { MemberRecord } from '@puente/contracts';
import { buildPath, historyDetailExtras, historyDetailTabs, isCanceledState, isLiveState, paths, ROUTES, type HistoryDetailTab } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { BottomDrawer } from '@/components/ui/bottom-drawer';
import { Screen } from '@/components/ui/screen';
import { useCurrentAppointmentId } from '@/features/appointments';
import { getTimeZone } from '@/lib/time-zone';
import { useMemberRecord } from '../api/get-member-record';
import { FreeTextBlock } from './free-text';
import { PharmacyTab } from './pharmacy-tab';
import { TreatmentTab } from './treatment-tab';

function SummaryTab({ record }: { record: MemberRecord }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const { appointment } = record;
  const doctor = appointment.usDoctor ?? appointment.mxDoctor;
  const extras = historyDetailExtras({ chatHasMessages: appointment.chatHasMessages, doctorUserType: doctor?.userType ?? null, parentAppointmentId: appointment.parentAppointmentId });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short', timeZone: getTimeZone() }).format(new Date(appointment.startDate));
  const reason = appointment.selfAssessment?.appointmentReason ?? appointment.topic?.topicText ?? null;
  const canRate = !record.surveyAnswered && !isLiveState(appointment.state) && !isCanceledState(appointment.state) && appointment.status !== 'scheduled';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="record-summary">
      <Paper elevation={0} sx={{ p: 2, border: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{when}</Typography>
            <Typography color="text.secondary">
              {t(`record_channel_${appointment.channel.replace('-', '_')}`)}
              {reason ? ` · ${reason}` : ''}
            </Typography>
          </Box>
          <IconButton onClick={() => setHelp(true)} aria-label={t('record_summary_help')} data-testid="record-summary-help">
            <HelpOutlineOutlined />
          </IconButton>
        </Box>
      </Paper>
      {extras.showDoctorCard && doctor ? (
        <Paper elevation={0} sx={{ p: 2, border: 1, borderColor: 'divider', display: 'flex', gap: 2, alignItems: 'center' }} data-testid="record-doctor-card">
          <Avatar src={doctor.imgUrl ?? undefined} alt="">
            {doctor.firstName.charAt(0)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>{`${doctor.firstName} ${doctor.lastName}`}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(doctor.practice === 'mentalhealth' ? 'record_coach_mental' : 'record_coach_physical')}
            </Typography>
          </Box>
          <Button variant="outlined" size="small" onClick={() => void navigate(buildPath('coachProfile', { id: doctor.id }))} data-testid="record-doctor-profile">
            {t('record_doctor_profile')}
          </Button>
        </Paper>
      ) : null}
      <Box component="section" aria-labelledby="record-notes-title">
        <Typography id="record-notes-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('record_notes')}
        </Typography>
        {record.notesHidden ? (
          <Alert severity="info" data-testid="record-notes-expired">
            {t('record_notes_expired')}
          </Alert>
        ) : record.note.length === 0 && !record.plan ? (
          <Typography color="text.secondary" data-testid="record-notes-empty">
            {t('record_notes_empty')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {record.note.map((n) => (
              <Box key={n.name} data-testid={`record-note-${n.name}`}>
                <Typography variant="subtitle2" component="h3" color="text.secondary">
                  {t(`record_note_field_${n.name}`, { defaultValue: n.name })}
                </Typography>
                <FreeTextBlock value={n.value} />
              </Box>
            ))}
            {record.plan?.conclusions ? (
              <Box data-testid="record-plan-conclusions">
                <Typography variant="subtitle2" component="h3" color="text.secondary">
                  {t('record_plan_conclusions')}
                </Typography>
                <FreeTextBlock value={record.plan.conclusions} />
              </Box>
            ) : null}
            {record.plan?.recomendations ? (
              <Box data-testid="record-plan-recommendations">
                <Typography variant="subtitle2" component="h3" color="text.secondary">
                  {t('record_plan_recommendations')}
                </Typography>
                <FreeTextBlock value={record.plan.recomendations} />
              </Box>
            ) : null}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {extras.showChatButton ? (
          <Button variant="outlined" startIcon={<ChatOutlined />} onClick={() => void navigate(`${ROUTES.historyChat.path}?appointmentId=${encodeURIComponent(appointment.id)}`)} data-testid="record-chat">
            {t('record_chat')}
          </Button>
        ) : null}
        {canRate ? (
          <Button variant="contained" startIcon={<StarOutlineOutlined />} onClick={() => void navigate(paths.survey(appointment.id))} data-testid="record-rate">
            {t('record_rate')}
          </Button>
        ) : null}
      </Box>
      <BottomDrawer open={help} onClose={() => setHelp(false)} title={t('record_summary_help')} testId="record-summary-help-drawer">
        <Typography>{t('record_summary_help_body')}</Typography>
      </BottomDrawer>
    </Box>
  );
}

/** One consultation as the member reads it: tabs Summary, Treatment (with prescriptions), Pharmacy (with pharmacy data). */
export function RecordView({ appointmentId, backTo, title, testId }: { appointmentId: string; backTo: string; title: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useMemberRecord(appointmentId);
  const [tab, setTab] = useState<HistoryDetailTab>('summary');
  const tabs = record.data ? historyDetailTabs({ prescriptions: record.data.appointment.prescriptions, pharmacy: record.data.appointment.medicalRecord?.pharmacy }) : ['summary'];
  const shown = tabs.includes(tab) ? tab : 'summary';
  return (
    <Screen testId={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
        <IconButton onClick={() => void navigate(backTo)} aria-label={t('back')} edge="start" data-testid="back-button">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      {record.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : record.isError ? (
        <Alert severity="error" data-testid="record-error">
          {t('record_not_found')}
        </Alert>
      ) : (
        <>
          <Tabs value={shown} onChange={(_e, next: HistoryDetailTab) => setTab(next)} variant="fullWidth" aria-label={t('record_tabs')}>
            {tabs.map((name) => (
              <Tab key={name} value={name} label={t(`record_tab_${name}`)} id={`record-tab-${name}`} aria-controls={`record-panel-${name}`} data-testid={`record-tab-${name}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`record-panel-${shown}`} aria-labelledby={`record-tab-${shown}`}>
            {shown === 'summary' ? <SummaryTab record={record.data} /> : null}
            {shown === 'treatment' ? <TreatmentTab record={record.data} /> : null}
            {shown === 'pharmacy' && record.data.appointment.medicalRecord?.pharmacy ? <PharmacyTab pharmacy={record.data.appointment.medicalRecord.pharmacy} /> : null}
          </Box>
        </>
      )}
    </Screen>
  );
}

/** /consulta/historial/{id}: back goes to the history. */
export function HistoryDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!id) return <Navigate to={ROUTES.history.path} replace />;
  return <RecordView appointmentId={id} backTo={ROUTES.history.path} title={t('record_detail_title')} testId="history-detail-screen" />;
}

/** /consulta/resumen-de-cita: the summary of the consultation that just ended (the current one), else the history. */
export function AppointmentSummaryScreen() {
  const { t } = useTranslation();
  const currentId = useCurrentAppointmentId();
  if (!currentId) return <Navigate to={ROUTES.history.path} replace />;
  return <RecordView appointmentId={currentId} backTo={ROUTES.home.path} title={t('record_summary_title')} testId="appointment-summary-screen" />;
}
