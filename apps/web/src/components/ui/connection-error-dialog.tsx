import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { useStore } from '@/lib/external-store';
import { ROUTES } from '@/lib/routes';
import { connectionErrorStore, hideConnectionError } from '@/lib/ui-store';

/**
 * spec 8: connection_error / connection_error_description with a sign-in button
 * (connection_error_sign_in) that logs out through /lo; after an unhandled rejection, a back button.
 */
export function ConnectionErrorDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const variant = useStore(connectionErrorStore);

  const handleSignIn = () => {
    hideConnectionError();
    void navigate(ROUTES.logout);
  };

  return (
    <Dialog open={variant !== null} aria-labelledby="connection-error-title" data-testid="connection-error-dialog">
      <DialogTitle id="connection-error-title">{t('connection_error')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('connection_error_description')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {variant === 'back' ? (
          <Button variant="contained" onClick={hideConnectionError}>
            {t('connection_error_back')}
          </Button>
        ) : (
          <Button variant="contained" onClick={handleSignIn}>
            {t('connection_error_sign_in')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
