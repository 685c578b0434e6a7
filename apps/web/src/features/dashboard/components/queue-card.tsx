import type { AppointmentDto } from '@puente/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTopicTitles } from '../api/get-topic-titles';
import { AppointmentChips, appointmentReason } from './appointment-summary';
import { ConfirmDialog } from './confirm-dialog';
import { HandoffSummary } from './handoff-summary';
import { minutesSince, queueAgeSince } from './queue-age';

/** One incoming request (coach, S1) or escalation (US doctor, S6) with its accept button. */
export function QueueCard({
  appointment,
  kind,
  onAccept,
  accepting,
  onDecline,
  declining = false,
  now,
}: {
  appointment: AppointmentDto;
  kind: 'request' | 'escalation';
  onAccept: () => void;
  accepting: boolean;
  /** issue 11: decline the request, after confirming (it stays for the others, or goes back to the member). */
  onDecline?: () => void;
  declining?: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const topicTitles = useTopicTitles();
  const reason = appointmentReason(appointment, topicTitles);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const since = queueAgeSince(kind, { ...appointment, escalatedAt: appointment.escalation?.requestedAt });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, borderRadius: 2 }}
      data-testid={`${kind}-card-${appointment.id}`}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {appointment.memberName ?? t('dashboard_member_unknown')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t('dashboard_waiting_minutes', { minutes: minutesSince(since, now) })}
        </Typography>
      </Box>
      <Typography>{reason ?? t('dashboard_reason_none')}</Typography>
      <AppointmentChips appointment={appointment} />
      {kind === 'escalation' ? <HandoffSummary appointment={appointment} withIntake withInternalNotes heading="h4" /> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={onAccept}
          disabled={accepting || declining}
          data-testid={kind === 'request' ? 'accept-request' : 'accept-escalation'}
        >
          {kind === 'request' ? t('dashboard_accept_request') : t('dashboard_accept_escalation')}
        </Button>
        {onDecline ? (
          <Button variant="text" color="inherit" onClick={() => setConfirmDecline(true)} disabled={accepting || declining} data-testid={kind === 'request' ? 'decline-request' : 'decline-escalation'}>
            {t('dashboard_decline')}
          </Button>
        ) : null}
      </Box>
      {onDecline ? (
        <ConfirmDialog
          open={confirmDecline}
          testId={`decline-${kind}-dialog`}
          title={t(kind === 'escalation' ? 'dashboard_decline_escalation_title' : 'dashboard_decline_confirm_title')}
          body={kind === 'escalation' ? t('dashboard_decline_escalation_body', { name: appointment.memberName ?? t('dashboard_member_unknown') }) : t('dashboard_decline_confirm_body')}
          confirmLabel={t('dashboard_decline')}
          busy={declining}
          onCancel={() => setConfirmDecline(false)}
          onConfirm={() => {
            setConfirmDecline(false);
            onDecline();
          }}
        />
      ) : null}
    </Paper>
  );
}
