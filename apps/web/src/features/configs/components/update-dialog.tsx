import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useReleaseCheck } from '../api/verify-release';

/** spec 4 "Native update needed": a persistent dialog (no close, no backdrop dismiss) with the store link. */
export function UpdateDialog() {
  const { t } = useTranslation();
  const check = useReleaseCheck();
  const required = check.data?.status === 'update-required';
  return (
    <Dialog open={required} onClose={() => undefined} aria-labelledby="update-dialog-title" data-testid="update-dialog">
      <DialogTitle id="update-dialog-title">{t('update_dialog_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('update_dialog_body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" fullWidth href={check.data?.storeUrl ?? '/'} data-testid="update-dialog-store">
          {t('update_dialog_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
