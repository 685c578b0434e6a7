import type { AppointmentDto } from '@puente/contracts';
import type { EscalationUrgency } from '@puente/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { symptomLabels } from '@/components/ui/symptom-labels';

const URGENCY_COLOR: Record<EscalationUrgency, 'default' | 'warning' | 'error'> = { routine: 'default', soon: 'warning', urgent: 'error' };

export function UrgencyChip({ urgency }: { urgency: EscalationUrgency }) {
  const { t } = useTranslation();
  return <Chip size="small" color={URGENCY_COLOR[urgency]} label={t(`dashboard_urgency_${urgency}`)} data-testid="escalation-urgency-chip" data-urgency={urgency} />;
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * What the coach hands the US doctor (issue 11): her reason and urgency, the chief complaint, her
 * consultation note (the fields she filled), the intake when asked, and the chat summary the server
 * sends (counts and the last few messages), and what the member still lacks for a prescription
 * (readiness, issue 12). `coachNotes` also shows the record's internal notes,
 * which only the coach can have written before a US doctor takes the request.
 */
export function HandoffSummary({
  appointment,
  withIntake = false,
  withInternalNotes = false,
  heading = 'h3',
}: {
  appointment: AppointmentDto;
  withIntake?: boolean;
  withInternalNotes?: boolean;
  /** Its heading's level: one below the heading it sits under (the member's name, h2; a queue card's title, h3). */
  heading?: 'h3' | 'h4';
}) {
  const { t, i18n } = useTranslation();
  const coach = appointment.mxDoctor ? `${appointment.mxDoctor.firstName} ${appointment.mxDoctor.lastName}` : null;
  const esc = appointment.escalation;
  const note = appointment.handoff?.coachNote ?? [];
  const chat = appointment.handoff?.chat;
  // issue 12: what the member still lacks for a prescription.
  const readiness = appointment.handoff?.readiness ?? [];
  const sa = appointment.selfAssessment;
  const internal = withInternalNotes ? appointment.medicalRecord?.internalNotes?.trim() : undefined;
  const complaint = appointment.chiefComplaint?.trim();
  const hasNotes = !!esc || note.length > 0 || !!complaint || !!internal;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <Box sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="coach-notes">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" component={heading} sx={{ fontWeight: 700 }}>
          {coach ? t('dashboard_coach_notes_by', { name: coach }) : t('dashboard_coach_notes')}
        </Typography>
        {esc ? <UrgencyChip urgency={esc.urgency} /> : null}
      </Box>
      {esc ? <Line label={t('dashboard_escalation_reason')} value={esc.reason} testId="handoff-reason" /> : null}
      {complaint ? <Line label={t('dashboard_chief_complaint')} value={complaint} testId="handoff-chief-complaint" /> : null}
      {note.map((f) => (
        <Line key={f.name} label={t(`note_field_${f.name}`, { defaultValue: f.name })} value={f.value} testId={`handoff-note-${f.name}`} />
      ))}
      {internal ? <Line label={t('dashboard_internal_notes')} value={internal} testId="handoff-internal-notes" /> : null}
      {!hasNotes ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard_coach_notes_none')}
        </Typography>
      ) : null}
      {readiness.length > 0 ? (
        <Alert severity="warning" sx={{ py: 0 }} data-testid="handoff-readiness">
          {t('dashboard_readiness_title')}: {readiness.map((item) => t(`dashboard_readiness_${item}`)).join(', ')}
        </Alert>
      ) : null}
      {withIntake && sa ? (
        <Line
          label={t('dashboard_handoff_intake')}
          value={[sa.appointmentReason, sa.painLevel !== null && sa.painLevel !== undefined ? `${t('dashboard_pain_level')}: ${sa.painLevel}/10` : null, sa.symptoms?.length ? symptomLabels(t, sa.symptoms) : null].filter(Boolean).join(' · ') || '—'}
          testId="handoff-intake"
        />
      ) : null}
      {chat ? (
        <Box data-testid="handoff-chat">
          <Typography variant="caption" color="text.secondary" component="p">
            {chat.messageCount === 0 ? t('dashboard_handoff_chat_none') : t('dashboard_handoff_chat', { count: chat.messageCount, attachments: chat.attachmentCount })}
          </Typography>
          {chat.last.map((m, i) => (
            <Typography key={i} variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {t(`dashboard_role_${m.role}`)} · {time(m.at)}:
              </Box>{' '}
              {m.text ?? t('dashboard_handoff_chat_attachment')}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
