import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { ROUTES, showsTrialBanner, trialBannerColor } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMember } from '@/features/profile';

/**
 * spec 4/6/9: the trial banner for members without an organization: error at 5 days left or
 * fewer, warning at 15 or fewer, otherwise success. MUI's standard Alert keeps its text at AA
 * contrast on the tinted background; it offers the plans on the paywall.
 */
export function TrialBanner() {
  const { t } = useTranslation();
  const member = useMember();
  const subscription = member.data?.subscription;
  if (!subscription || !showsTrialBanner(subscription, Boolean(member.data?.organizationId)) || subscription.daysLeft === null || subscription.daysLeft <= 0) return null;
  const color = trialBannerColor(subscription.daysLeft);
  return (
    <Alert
      severity={color}
      data-testid="trial-banner"
      data-color={color}
      action={
        <Button component={RouterLink} to={ROUTES.paywall.path} state={{ referer: 'activeTrial' }} color="inherit" size="small" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {t('home_trial_banner_action')}
        </Button>
      }
    >
      <AlertTitle>{t('home_trial_banner_title')}</AlertTitle>
      {t('home_trial_banner_days', { count: subscription.daysLeft })}
    </Alert>
  );
}
