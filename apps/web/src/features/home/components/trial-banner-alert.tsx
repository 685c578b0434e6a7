import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { ROUTES, trialBannerColor } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The trial banner itself (./trial-banner.tsx decides whether it shows), for `daysLeft` > 0. */
export function TrialBannerAlert({ daysLeft }: { daysLeft: number }) {
  const { t } = useTranslation();
  const color = trialBannerColor(daysLeft);
  return (
    <Alert
      severity={color}
      data-testid="trial-banner"
      data-color={color}
      action={
        <Button component={RouterLink} to={ROUTES.paywall.path} state={{ referer: 'activeTrial' }} color="inherit" size="small" sx={{ fontWeight: 700 }}>
          {t('home_trial_banner_action')}
        </Button>
      }
    >
      <AlertTitle>{t('home_trial_banner_title')}</AlertTitle>
      {t('home_trial_banner_days', { count: daysLeft })}
    </Alert>
  );
}
