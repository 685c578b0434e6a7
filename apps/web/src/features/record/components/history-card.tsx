import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HistoryToggleOffOutlined from '@mui/icons-material/HistoryToggleOffOutlined';
import LocalPharmacyOutlined from '@mui/icons-material/LocalPharmacyOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AppointmentHistoryItem } from '@puente/contracts';
import { historyCardView, isCanceledState, TIMERS } from '@puente/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const statusIcon = (item: AppointmentHistoryItem, expired: boolean): { icon: ReactNode; key: string } => {
  if (isCanceledState(item.state)) return { icon: <CancelOutlined color="error" />, key: 'record_status_canceled' };
  if (expired) return { icon: <HistoryToggleOffOutlined color="action" />, key: 'record_status_expired' };
  if (item.status === 'finished') return { icon: <CheckCircleOutline color="success" />, key: 'record_status_finished' };
  if (item.status === 'scheduled') return { icon: <EventOutlined color="info" />, key: 'record_status_scheduled' };
  return { icon: <HistoryToggleOffOutlined color="warning" />, key: 'record_status_in_progress' };
};

/**
 * spec 4 "History card": day and abbreviated month, doctor or coach name, channel and reason, a
 * status icon; disabled while in progress or in the listed wrap-up states; the expired label; the
 * prescription icon once the treatment is completed.
 */
export function HistoryCard({ item, timeZone, onOpen }: { item: AppointmentHistoryItem; timeZone: string; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const view = historyCardView(item);
  const date = new Date(item.startDate);
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', timeZone }).format(date);
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone }).format(date);
  const status = statusIcon(item, view.expired);
  const handleClick = () => {
    // spec 9: card click navigation delay 200 ms (the ripple is seen).
    window.setTimeout(() => onOpen(item.id), TIMERS.cardClickNavigationDelayMs);
  };
  return (
    <ButtonBase
      onClick={handleClick}
      disabled={view.disabled}
      focusRipple
      data-testid={`history-card-${item.id}`}
      data-disabled={view.disabled ? 'true' : 'false'}
      sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 1 }}
    >
      <Paper elevation={0} sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, border: 1, borderColor: 'divider', opacity: view.disabled ? 0.6 : 1 }}>
        <Box sx={{ textAlign: 'center', minWidth: 48 }}>
          <Typography sx={{ fontWeight: 800, fontSize: 22, lineHeight: 1 }}>{day}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textTransform: 'uppercase' }}>
            {month}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>
            {item.physicianName ?? t('record_no_physician')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`record_channel_${item.channel.replace('-', '_')}`)}
            {item.reason ? ` · ${item.reason}` : ''}
          </Typography>
          {view.expired ? <Chip size="small" label={t('record_expired_label')} sx={{ mt: 0.5 }} data-testid="history-card-expired-label" /> : null}
        </Box>
        {view.showPrescriptionIcon ? <LocalPharmacyOutlined color="secondary" titleAccess={t('record_prescription_icon')} data-testid="history-card-prescription" /> : null}
        <Box sx={{ display: 'flex' }} title={t(status.key)} aria-label={t(status.key)} role="img">
          {status.icon}
        </Box>
      </Paper>
    </ButtonBase>
  );
}
