import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { mustAcceptTerms, ROUTES } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { useMember } from '@/features/profile';
import { useSessionToken } from '@/lib/session';
import { track } from '@/lib/track';
import { showConnectionError } from '@/lib/ui-store';
import { useAcceptTerms } from '../api/accept-terms';

/**
 * spec 4 "Auth": when the session says terms must be accepted, a non-dismissible dialog offers
 * accept-and-continue (saves the agreement date; on failure the connection-error dialog, whose
 * button logs out) or decline-and-logout, which first says what declining means.
 */
export function TermsDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useSessionToken();
  const member = useMember();
  const accept = useAcceptTerms();
  const [failed, setFailed] = useState(false);
  // Declining first says what it means (signed out, nothing deleted, asked again next time).
  const [confirmingDecline, setConfirmingDecline] = useState(false);

  const open = token !== null && !failed && mustAcceptTerms(member.data) && pathname !== ROUTES.logout.path;

  const handleAccept = async () => {
    try {
      await accept.mutateAsync();
      void track('terms_accepted');
    } catch (error) {
      console.error('acceptTerms failed', error);
      setFailed(true);
      showConnectionError('sign-in');
    }
  };

  const handleDecline = () => {
    void track('terms_declined');
    setConfirmingDecline(false);
    void navigate(ROUTES.logout.path, { replace: true });
  };

  if (confirmingDecline) {
    return (
      <Dialog open={open} aria-labelledby="terms-decline-title" data-testid="terms-decline-dialog">
        <DialogTitle id="terms-decline-title" sx={{ fontWeight: 700 }}>
          {t('terms_decline_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('terms_decline_body')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexDirection: { xs: 'column-reverse', sm: 'row' }, gap: 1, '& > :not(style) ~ :not(style)': { ml: { xs: 0, sm: 1 } } }}>
          <Button onClick={handleDecline} color="inherit" data-testid="terms-decline-confirm" fullWidth>
            {t('terms_decline_confirm')}
          </Button>
          <Button onClick={() => setConfirmingDecline(false)} variant="contained" data-testid="terms-decline-back" fullWidth>
            {t('terms_decline_back')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    // No onClose: neither the backdrop nor Escape dismisses it.
    <Dialog open={open} aria-labelledby="terms-title" data-testid="terms-dialog">
      <DialogTitle id="terms-title" sx={{ fontWeight: 700 }}>
        {t('terms_dialog_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('terms_dialog_body')}</DialogContentText>
        <Link component={RouterLink} to={ROUTES.privacyNotice.path} target="_blank" rel="noopener" sx={{ display: 'inline-block', mt: 2 }}>
          {t('terms_dialog_read_privacy')}
        </Link>
        <Link component={RouterLink} to={ROUTES.privacyPractices.path} target="_blank" rel="noopener" sx={{ display: 'block', mt: 1 }}>
          {t('terms_dialog_read_practices')}
        </Link>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexDirection: { xs: 'column-reverse', sm: 'row' }, gap: 1, '& > :not(style) ~ :not(style)': { ml: { xs: 0, sm: 1 } } }}>
        <Button onClick={() => setConfirmingDecline(true)} color="inherit" disabled={accept.isPending} data-testid="terms-decline" fullWidth>
          {t('terms_dialog_decline')}
        </Button>
        <Button onClick={() => void handleAccept()} variant="contained" disabled={accept.isPending} data-testid="terms-accept" fullWidth>
          {accept.isPending ? t('loading') : t('terms_dialog_accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
