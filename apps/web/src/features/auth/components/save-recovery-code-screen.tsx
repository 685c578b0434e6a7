import { TOAST } from '@puente/domain';
import ContentCopy from '@mui/icons-material/ContentCopy';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { ROUTES } from '@/lib/routes';
import { hideToast, showToast } from '@/lib/toast';
import { useRecoveryCode } from '../api/get-recovery-code';
import { EntryHeader } from '@/components/ui/entry-header';

/** /login/save-recovery-code: show the code once, copy or send it, confirm, continue to /. */
export function SaveRecoveryCodeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const member = useMember();
  const recovery = useRecoveryCode(member.data?.id);
  const [confirmed, setConfirmed] = useState(false);
  // WCAG 3.3.1: Continue without the confirmation marks the checkbox, says why there, and moves focus to it.
  const [confirmError, setConfirmError] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);
  const code = recovery.data?.recoveryCode;

  const handleCopy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      showToast({ variant: 'success', message: 'save_recovery_copied', durationMs: TOAST.copyMs });
    } catch {
      showToast({ variant: 'warning', message: 'save_recovery_copy_failed' });
    }
  };

  const handleSend = async () => {
    if (!code) return;
    const text = t('save_recovery_share_text', { code });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ text });
      } catch {
        // The person closed the share sheet: nothing to do.
      }
      return;
    }
    // No share sheet (desktop): hand the text to the SMS app, which the phone number already uses.
    window.location.href = `sms:?&body=${encodeURIComponent(text)}`;
  };

  const handleContinue = () => {
    if (!confirmed) {
      showToast({ variant: 'warning', message: 'save_recovery_error_toast' });
      setConfirmError(true);
      confirmRef.current?.focus();
      return;
    }
    const toastAfter = (location.state as { toastAfter?: { variant: 'success' | 'warning'; key: string } } | null)?.toastAfter;
    hideToast();
    if (toastAfter) showToast({ variant: toastAfter.variant, message: toastAfter.key });
    void navigate(ROUTES.root, { replace: true });
  };

  return (
    <Screen testId="save-recovery-screen">
      <EntryHeader />
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('save_recovery_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('save_recovery_description')}
        </Typography>
      </Box>
      <Paper elevation={0} sx={{ p: 3, textAlign: 'center' }}>
        <Typography variant="overline" color="text.secondary">
          {t('save_recovery_code_label')}
        </Typography>
        {recovery.isPending && member.data ? <CircularProgress size={28} sx={{ display: 'block', mx: 'auto', my: 1 }} aria-label={t('loading')} /> : null}
        {code ? (
          <Typography
            data-testid="recovery-code"
            sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: { xs: 24, sm: 28 }, fontWeight: 700, letterSpacing: 2, wordBreak: 'break-all', my: 1 }}
          >
            {code}
          </Typography>
        ) : null}
        {recovery.isError ? <Alert severity="info">{t('save_recovery_load_error')}</Alert> : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, mt: 1 }}>
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void handleCopy()} disabled={!code} data-testid="recovery-copy">
            {t('save_recovery_copy')}
          </Button>
          <Button variant="outlined" color="secondary" startIcon={<SendOutlined />} onClick={() => void handleSend()} disabled={!code} data-testid="recovery-send">
            {t('save_recovery_send')}
          </Button>
        </Box>
      </Paper>
      <FormControl error={confirmError}>
        <FormControlLabel
          control={
            <Checkbox
              checked={confirmed}
              onChange={(e) => {
                setConfirmed(e.target.checked);
                if (e.target.checked) setConfirmError(false);
              }}
              slotProps={{
                input: {
                  ref: confirmRef,
                  'data-testid': 'recovery-confirm',
                  'aria-invalid': confirmError || undefined,
                  'aria-describedby': confirmError ? 'recovery-confirm-error' : undefined,
                } as React.InputHTMLAttributes<HTMLInputElement>,
              }}
            />
          }
          label={t('save_recovery_confirm_label')}
        />
        {confirmError ? (
          <FormHelperText id="recovery-confirm-error" role="alert" data-testid="recovery-confirm-error">
            {t('save_recovery_error_toast')}
          </FormHelperText>
        ) : null}
      </FormControl>
      <Button size="large" variant="contained" onClick={handleContinue} data-testid="recovery-continue">
        {t('save_recovery_continue')}
      </Button>
    </Screen>
  );
}
