import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { ScreenHeader } from '@/components/ui/screen-header';
import { currentLanguage } from '@/lib/i18n';
import { useMember } from '@/features/profile';
import { useCancelMembership } from '../api/cancel-membership';
import { formatDate } from './format';
import { planName, planStatus } from './plan-name';

/**
 * /membership (spec 2): her plan as the ledger answers it. A card subscriber cancels at period end
 * here; a store subscriber is told how to cancel in the store (we cannot cancel a store purchase).
 */
export function MembershipScreen() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const member = useMember();
  const cancel = useCancelMembership();
  const [confirming, setConfirming] = useState(false);
  const s = member.data?.subscription ?? null;
  const live = s !== null && s.endReason === null;
  const status = s ? planStatus(t, s) : null;

  const handleCancel = () => {
    cancel.mutate(undefined, { onSettled: () => setConfirming(false) });
  };

  return (
    <Screen testId="membership-screen">
      {/* Reached from her profile; an installed app has no browser back button. */}
      <ScreenHeader title={t('membership_title')} backTo={ROUTES.profile.path} />
      {s ? (
        <Paper elevation={0} sx={{ p: 2.5, border: 1, borderColor: 'divider' }} data-testid="membership-plan" data-status={s.status}>
          <Typography sx={{ fontWeight: 700 }}>{planName(t, s)}</Typography>
          {status ? <Typography color="text.secondary">{status}</Typography> : null}
          {live && s.daysLeft !== null ? <Typography data-testid="membership-days-left">{t('membership_days_left', { count: s.daysLeft })}</Typography> : null}
          {live && s.expiresAt ? (
            <Typography>{t(s.autoRenew && s.type !== 'trial' ? 'membership_renews_on' : 'membership_ends_on', { date: formatDate(s.expiresAt, lang) })}</Typography>
          ) : null}
        </Paper>
      ) : null}

      {live && s.type === 'card' && s.autoRenew ? (
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)} data-testid="membership-cancel">
          {t('membership_cancel')}
        </Button>
      ) : null}
      {live && (s.type === 'applestore' || s.type === 'playstore') ? (
        <Alert severity="info" data-testid="membership-store-cancel">
          {t('membership_cancel_in_store', { store: t(s.type === 'applestore' ? 'membership_store_apple' : 'membership_store_google') })}
        </Alert>
      ) : null}
      {cancel.isError ? <Alert severity="error">{t('membership_cancel_error')}</Alert> : null}
      {!live || s?.type === 'trial' ? (
        <Button component={RouterLink} to={ROUTES.paywall.path} variant="contained" size="large" data-testid="membership-see-plans">
          {t('membership_see_plans')}
        </Button>
      ) : null}

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="membership-cancel-title">
        <DialogTitle id="membership-cancel-title">{t('membership_cancel_confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('membership_cancel_confirm_body', { date: s?.expiresAt ? formatDate(s.expiresAt, lang) : '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('membership_cancel_keep')}</Button>
          <Button color="error" onClick={handleCancel} disabled={cancel.isPending} data-testid="membership-cancel-confirm">
            {t('membership_cancel_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Screen>
  );
}
