import { deletionReducer, deletionResultRoute, initialDeletion } from '@puente/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useMember } from '@/features/profile';
import { ROUTES } from '@/lib/routes';
import { disconnectSocket } from '@/lib/socket';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { useRequestDeletion } from '../api/request-deletion';

const STEPS = ['delete_account_step_1', 'delete_account_step_2', 'delete_account_step_3'] as const;

/** /perfil/eliminar-cuenta: three steps and a warning, the red button, the confirmation modal (steps 0/1/2). */
export function DeleteAccountScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const [state, dispatch] = useReducer(deletionReducer, initialDeletion);
  const deletion = useRequestDeletion();
  const deleting = state.step === 2;

  const handleDelete = async () => {
    const memberId = member.data?.id;
    if (!memberId || !state.confirmed) return;
    dispatch({ type: 'delete' });
    try {
      await deletion.mutateAsync(memberId);
      dispatch({ type: 'succeeded' });
      const route = deletionResultRoute({ ok: true });
      // The server ended every session; /eliminar-cuenta's button forgets this one (through /lo).
      if (route.saveLanguage) writeStorage(STORAGE_KEYS.language, currentLanguage(i18n));
      disconnectSocket();
      void navigate(route.to, { replace: true });
    } catch (error) {
      dispatch({ type: 'failed' });
      const route = deletionResultRoute({ ok: false, membershipExpired: isApiRequestError(error) && error.code === 'PAYMENT_REQUIRED' });
      if (route.toast) showToast({ variant: route.toast.variant, message: route.toast.key });
      void navigate(route.to, { replace: true });
    }
  };

  return (
    <Screen testId="delete-account-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton onClick={() => void navigate(ROUTES.profile)} aria-label={t('back')} edge="start" data-testid="back-button">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('delete_account_title')}
        </Typography>
      </Box>
      <Typography color="text.secondary">{t('delete_account_intro')}</Typography>
      <Box component="ol" sx={{ pl: 3, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {STEPS.map((key) => (
          <Typography component="li" key={key}>
            {t(key)}
          </Typography>
        ))}
      </Box>
      <Alert severity="warning" icon={<WarningAmberOutlined />} data-testid="delete-account-warning">
        {t('delete_account_warning')}
      </Alert>
      <Button variant="contained" color="error" size="large" onClick={() => dispatch({ type: 'open' })} disabled={!member.data} data-testid="delete-account-open">
        {t('delete_account_button')}
      </Button>
      <Dialog open={state.step !== 0} onClose={() => dispatch({ type: 'close' })} aria-labelledby="delete-account-dialog-title" data-testid="delete-account-dialog" data-step={state.step}>
        <DialogTitle id="delete-account-dialog-title">{t('delete_account_modal_title')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('delete_account_modal_body')}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={state.confirmed}
                disabled={deleting}
                onChange={(e) => dispatch({ type: 'toggle-confirm', checked: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'delete-account-confirm' } as React.InputHTMLAttributes<HTMLInputElement> }}
              />
            }
            label={t('delete_account_confirm_label')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexDirection: 'column', gap: 1 }}>
          <Button fullWidth variant="contained" color="error" disabled={!state.confirmed || deleting} onClick={() => void handleDelete()} data-testid="delete-account-submit">
            {deleting ? t('delete_account_deleting') : t('delete_account_submit')}
          </Button>
          <Button fullWidth variant="outlined" sx={{ ml: '0 !important' }} disabled={deleting} onClick={() => dispatch({ type: 'close' })} data-testid="delete-account-cancel">
            {t('delete_account_cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Screen>
  );
}
