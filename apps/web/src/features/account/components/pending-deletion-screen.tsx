import { PENDING_DELETION_THRESHOLD_MINUTES, pendingDeletionView } from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { Screen } from '@/components/ui/screen';
import { clearPendingDeletion, readPendingDeletion, readRestoreToken } from '../account-restore';
import { ROUTES } from '@/lib/routes';
import { showToast } from '@/lib/toast';
import { useRestoreAccount } from '../api/restore-account';

/** /cuenta-en-progreso-de-borrado?drt={time}: restore or cancel within the threshold, else one button. */
export function PendingDeletionScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [helpOpen, setHelpOpen] = useState(false);
  const [stored] = useState(readPendingDeletion);
  const restore = useRestoreAccount();
  const drt = params.get('drt') ?? stored.deletionRequestTime;
  const view = pendingDeletionView(drt, new Date());

  if (view.kind === 'redirect') return <Navigate to={view.to} replace />;
  const requestedAt = new Date(/^\d+$/.test(drt ?? '') ? Number(drt) : Date.parse(drt ?? ''));
  const until = new Date(requestedAt.getTime() + PENDING_DELETION_THRESHOLD_MINUTES * 60_000);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });

  const handleRestore = async () => {
    if (!stored.memberId) {
      console.error('Member id not found');
      showToast({ variant: 'warning', message: 'pending_deletion_restore_error' });
      return;
    }
    try {
      await restore.mutateAsync({ memberId: stored.memberId, loginToken: readRestoreToken() });
      // spec 4: restore clears the pending state and ends at /login ("account restored" there).
      clearPendingDeletion({ keepMemberId: true });
      void navigate(ROUTES.login, { replace: true });
    } catch (error) {
      console.error('Error restoring account', error);
      showToast({ variant: 'warning', message: 'pending_deletion_restore_error' });
    }
  };

  const handleLeave = () => {
    clearPendingDeletion({ keepMemberId: false });
    void navigate(ROUTES.login, { replace: true });
  };

  return (
    <Screen testId="pending-deletion-screen">
      <Box sx={{ textAlign: 'right' }}>
        <Link component="button" type="button" onClick={() => setHelpOpen(true)} underline="hover" color="secondary" data-testid="help-link" sx={{ fontWeight: 600 }}>
          {t('help_link')}
        </Link>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('pending_deletion_title')}
      </Typography>
      {view.kind === 'restorable' ? (
        <>
          <Typography color="text.secondary" data-testid="pending-deletion-body">
            {t('pending_deletion_restorable_body', { requestedAt: dateFormat.format(requestedAt), until: dateFormat.format(until) })}
          </Typography>
          <Button variant="contained" size="large" onClick={() => void handleRestore()} disabled={restore.isPending} data-testid="pending-deletion-restore">
            {restore.isPending ? t('pending_deletion_restoring') : t('pending_deletion_restore')}
          </Button>
          <Button variant="outlined" onClick={handleLeave} disabled={restore.isPending} data-testid="pending-deletion-cancel">
            {t('pending_deletion_cancel')}
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary" data-testid="pending-deletion-body">
            {t('pending_deletion_expired_body')}
          </Typography>
          <Button variant="contained" size="large" onClick={handleLeave} data-testid="pending-deletion-ok">
            {t('pending_deletion_ok')}
          </Button>
        </>
      )}
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Screen>
  );
}
