import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export type ScheduledChangeAsked = 'cancel' | 'reschedule';

interface ScheduledCardDialogsProps {
  /** Cancelling in the app: she is asked to confirm. */
  confirming: boolean;
  /** A change that goes through a support message (spec 4: US physicians): which one she asked. */
  asking: ScheduledChangeAsked | null;
  coach: string;
  sending: boolean;
  onKeep: () => void;
  onConfirmCancel: () => void;
  onSendToSupport: () => void;
}

/**
 * The scheduled card's two questions (./scheduled-appointment-card.tsx): cancel the appointment, or
 * ask support to move or cancel it. A chunk of its own, fetched the first time she asks (issue 10:
 * MUI's dialog and modal are not part of /inicio's first load).
 */
export function ScheduledCardDialogs({ confirming, asking, coach, sending, onKeep, onConfirmCancel, onSendToSupport }: ScheduledCardDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog open={confirming} onClose={onKeep} data-testid="scheduled-cancel-dialog">
        <DialogTitle>{t('home_scheduled_cancel_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('home_scheduled_cancel_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onKeep}>{t('home_scheduled_keep')}</Button>
          <Button color="error" onClick={onConfirmCancel} data-testid="scheduled-cancel-confirm">
            {t('home_scheduled_cancel_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={asking !== null} onClose={onKeep} data-testid="scheduled-support-dialog">
        <DialogTitle>{t('home_scheduled_support_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(asking === 'reschedule' ? 'home_scheduled_support_reschedule_body' : 'home_scheduled_support_cancel_body', { coach })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onKeep}>{t('home_scheduled_keep')}</Button>
          <Button variant="contained" disabled={sending} onClick={onSendToSupport} data-testid="scheduled-support-confirm">
            {t('home_scheduled_support_send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
