import type { AppointmentDto } from '@puente/contracts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { symptomLabels } from '@/components/ui/symptom-labels';
import { useTopicTitles } from '../api/get-topic-titles';
import { AppointmentChips, appointmentReason } from './appointment-summary';
import { HandoffSummary } from './handoff-summary';

function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value && value.trim() !== '' ? value : '—'}</Typography>
    </Box>
  );
}

/** The member's side of the consultation: who, where, why, and the coach's notes for the US doctor. */
export function MemberPanel({ appointment }: { appointment: AppointmentDto }) {
  const { t, i18n } = useTranslation();
  const topicTitles = useTopicTitles();
  const sa = appointment.selfAssessment;
  const coach = appointment.mxDoctor ? `${appointment.mxDoctor.firstName} ${appointment.mxDoctor.lastName}` : null;
  const usDoctor = appointment.usDoctor ? `${appointment.usDoctor.firstName} ${appointment.usDoctor.lastName}` : null;
  return (
    <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderRadius: 2 }} data-testid="member-panel">
      <Typography variant="overline" color="text.secondary">
        {t('dashboard_member_profile')}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mt: -1 }} data-testid="member-name">
        {appointment.memberName ?? t('dashboard_member_unknown')}
      </Typography>
      <AppointmentChips appointment={appointment} />
      <Row label={t('dashboard_reason')} value={appointmentReason(appointment, topicTitles)} testId="member-reason" />
      {sa?.painLevel !== null && sa?.painLevel !== undefined ? <Row label={t('dashboard_pain_level')} value={`${sa.painLevel}/10`} /> : null}
      {sa?.symptoms?.length ? <Row label={t('dashboard_symptoms')} value={symptomLabels(t, sa.symptoms)} testId="member-symptoms" /> : null}
      <Row label={t('dashboard_requested_at')} value={new Date(appointment.createdAt).toLocaleString(i18n.language)} />
      <Divider />
      <Row label={t('dashboard_coach')} value={coach} />
      {appointment.usDoctorNeeded || usDoctor ? <Row label={t('dashboard_us_doctor')} value={usDoctor ?? t('dashboard_us_doctor_searching')} /> : null}
      {/* issue 11: the coach's handoff (reason, urgency, her note, the chat summary) apart from the record's internal notes. */}
      {appointment.usDoctorNeeded || appointment.escalation ? (
        <HandoffSummary appointment={appointment} />
      ) : (
        <Row label={t('dashboard_chief_complaint')} value={appointment.chiefComplaint} testId="chief-complaint" />
      )}
      <Row label={t('dashboard_internal_notes')} value={appointment.medicalRecord?.internalNotes} testId="internal-notes" />
    </Paper>
  );
}
