import { showsTrialBanner } from '@puente/domain';
import { lazy } from 'react';
import { OnceNeeded } from '@/components/ui/once-needed';
import { useMember } from '@/features/profile';

// The banner's code loads for a member in her trial only (issue 10, first load).
const TrialBannerAlert = lazy(() => import('./trial-banner-alert').then((m) => ({ default: m.TrialBannerAlert })));

/**
 * spec 4/6/9: the trial banner for members without an organization: error at 5 days left or
 * fewer, warning at 15 or fewer, otherwise success. MUI's standard Alert keeps its text at AA
 * contrast on the tinted background; it offers the plans on the paywall.
 */
export function TrialBanner() {
  const member = useMember();
  const subscription = member.data?.subscription;
  const daysLeft = subscription && showsTrialBanner(subscription, Boolean(member.data?.organizationId)) ? subscription.daysLeft : null;
  const shown = daysLeft !== null && daysLeft > 0;
  return <OnceNeeded when={shown}>{shown ? <TrialBannerAlert daysLeft={daysLeft} /> : null}</OnceNeeded>;
}
