import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { ROUTES } from '@/lib/routes';

/** /expired-invitation: the referrer's name (from the INVITATION_EXPIRED error data) and a button to the root. */
export function ExpiredInvitationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { referrerName?: unknown; referredByName?: unknown; trialDays?: unknown } | null;
  const name = typeof state?.referrerName === 'string' ? state.referrerName : typeof state?.referredByName === 'string' ? state.referredByName : null;
  return (
    <Screen testId="expired-invitation-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('expired_invitation_title')}
      </Typography>
      <Typography color="text.secondary" data-testid="expired-invitation-body">
        {name ? t('expired_invitation_body', { name }) : t('expired_invitation_body_unknown')}
      </Typography>
      {typeof state?.trialDays === 'number' ? (
        <Typography color="text.secondary" data-testid="expired-invitation-trial">
          {t('expired_invitation_trial', { days: state.trialDays })}
        </Typography>
      ) : null}
      <Button variant="contained" size="large" onClick={() => void navigate(ROUTES.root, { replace: true })} data-testid="expired-invitation-home">
        {t('expired_invitation_button')}
      </Button>
    </Screen>
  );
}
