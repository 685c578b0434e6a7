import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** spec 8: out of working hours, a dialog offering scheduling or calling 911 (OUT_OF_HOURS_OPTIONS). */
export function OutOfHoursDialog({ open, onSchedule, onClose }: { open: boolean; onSchedule: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="out-of-hours-title" data-testid="out-of-hours-dialog" fullWidth maxWidth="xs">
      <DialogTitle id="out-of-hours-title">{t('out_of_hours_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('out_of_hours_body')}</DialogContentText>
        <DialogContentText sx={{ mt: 1.5, fontWeight: 700, color: 'error.main' }}>{t('out_of_hours_emergency')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', gap: 1, px: 3, pb: 3 }}>
        <Button fullWidth variant="contained" onClick={onSchedule} data-testid="out-of-hours-schedule">
          {t('out_of_hours_schedule')}
        </Button>
        <Button fullWidth variant="outlined" color="error" href="tel:911" sx={{ ml: '0 !important' }} data-testid="out-of-hours-911">
          {t('out_of_hours_call_911')}
        </Button>
        <Button fullWidth onClick={onClose} sx={{ ml: '0 !important' }}>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
