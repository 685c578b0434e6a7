import type { SubscriptionDto } from '@puente/contracts';
import { SUBSCRIPTION } from '@puente/domain';
import type { TFunction } from 'i18next';

/**
 * Her plan's name as the ledger answers it (spec 3 Subscription: its type, and the plan id of a
 * paid subscription): her organization's name for an employer benefit; the trial, the family plan
 * she shares, a paid US-doctor visit by their kind; a paid plan by its length; a store product we
 * do not sell (an old one) as a subscription. Never a message key shown as it is.
 */
export const planName = (t: TFunction, s: Pick<SubscriptionDto, 'type' | 'subscriptionId' | 'organizationName'>): string => {
  switch (s.type) {
    case 'employer':
      return s.organizationName ?? t('membership_plan_employer');
    case 'trial':
      return t('membership_plan_trial');
    case 'family':
      return t('membership_plan_family');
    case 'single-visit':
      return t('membership_plan_single_visit');
    default:
      return Object.hasOwn(SUBSCRIPTION.monthsByPlan, s.subscriptionId) ? t(`membership_plan_${s.subscriptionId}`) : t('membership_plan_subscription');
  }
};

/**
 * Her plan's status as her screens say it, or null when it would only repeat the plan's name: a free
 * trial's status is 'trial', which reads "Free trial" under "Free trial" (a store plan in its trial
 * period keeps it: "1 month", "Free trial").
 */
export const planStatus = (t: TFunction, s: Pick<SubscriptionDto, 'type' | 'status'>): string | null =>
  s.type === 'trial' && s.status === 'trial' ? null : t(`membership_status_${s.status}`);
