/**
 * Subscription rules (spec 000 §3 "Subscription product", §4 "Subscription", spec 001 §9
 * "Subscription", "Trial banner color").
 */
import { SUBSCRIPTION, SUBSCRIPTION_PLAN_IDS, TRIAL, TRIAL_BANNER, type SubscriptionPlanId } from './constants';
import type { PricedSubscriptionProduct, Subscription, SubscriptionProduct } from './entities';
import type { PaywallReferer } from './enums';

export const isSubscriptionPlanId = (id: string): id is SubscriptionPlanId => (SUBSCRIPTION_PLAN_IDS as readonly string[]).includes(id);

/** spec 9: a week counts as 1 month and a year as 12 months. */
export const planMonths = (id: SubscriptionPlanId): number => SUBSCRIPTION.monthsByPlan[id];

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * spec 3/9: order plans bs_12m, bs_6m, bs_1m, bs_1w; totalPrice from priceMicros; monthlyPrice =
 * total / months; savingsPercentage against the bs_1m price (rounded to a whole percent, never
 * below 0: a plan that costs more per month than bs_1m is shown with no savings rather than a
 * negative one). Products with ids outside the plan list are left out.
 */
export const priceSubscriptionProducts = (products: readonly SubscriptionProduct[]): PricedSubscriptionProduct[] => {
  const byId = new Map(products.map((p) => [p.id as string, p]));
  const baseline = byId.get(SUBSCRIPTION.savingsBaselinePlan);
  const baselineMonthly = baseline ? baseline.pricing.priceMicros / 1e6 / planMonths(SUBSCRIPTION.savingsBaselinePlan) : undefined;
  return SUBSCRIPTION_PLAN_IDS.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const totalPrice = p.pricing.priceMicros / 1e6;
    const months = planMonths(id);
    const monthly = totalPrice / months;
    const savingsPercentage = baselineMonthly && baselineMonthly > 0 ? Math.max(0, Math.round((1 - monthly / baselineMonthly) * 100)) : 0;
    return [{ ...p, totalPrice: round2(totalPrice), subscriptionLength: months, monthlyPrice: round2(monthly), savingsPercentage }];
  });
};

/** spec 9: default plan bs_1m, or the first available plan. */
export const defaultPlanId = (available: readonly string[]): SubscriptionPlanId | undefined =>
  available.includes(SUBSCRIPTION.defaultPlan) ? SUBSCRIPTION.defaultPlan : SUBSCRIPTION_PLAN_IDS.find((id) => available.includes(id));

export type TrialBannerColor = 'error' | 'warning' | 'success';
/** spec 4/9: error at 5 days left or fewer, warning at 15 or fewer, otherwise success. */
export const trialBannerColor = (daysLeft: number): TrialBannerColor => {
  if (daysLeft <= TRIAL_BANNER.errorAtOrBelowDays) return 'error';
  if (daysLeft <= TRIAL_BANNER.warningAtOrBelowDays) return 'warning';
  return 'success';
};

/** spec 4/6: the trial banner (and subscription options) only for users without an organization. */
export const showsTrialBanner = (s: Pick<Subscription, 'status'> | null | undefined, hasOrganization: boolean): boolean =>
  !hasOrganization && s?.status === 'trial';

/** spec 6: a user with zero or fewer days left and no organization is forced to the paywall. */
export const isForcedToPaywall = (daysLeft: number | null | undefined, hasOrganization: boolean): boolean =>
  typeof daysLeft === 'number' && daysLeft <= 0 && !hasOrganization;

/** spec 4: active and not expired redirects the paywall to /inicio. */
export const paywallEntryRedirect = (s: Pick<Subscription, 'status' | 'daysLeft'> | null | undefined): '/inicio' | null =>
  s && s.status === 'active' && s.daysLeft > 0 ? '/inicio' : null;

/** spec 2: the paywall's referer state. */
export const paywallReferer = (s: Pick<Subscription, 'status' | 'daysLeft'> | null | undefined): PaywallReferer => {
  if (s?.status === 'trial') return s.daysLeft > 0 ? 'activeTrial' : 'trialExpired';
  return 'membershipExpired';
};

/** spec 4: the pre-paywall intro is shown once for organization-linked or referred users with an expired subscription. */
export const showsPrePaywall = (u: { hasOrganization: boolean; referred: boolean; expired: boolean; seen: boolean }): boolean =>
  (u.hasOrganization || u.referred) && u.expired && !u.seen;

/** spec 9: the default trial subscription template (given to new individual members). */
export const trialSubscriptionTemplate = (): Pick<Subscription, 'status' | 'daysLeft' | 'autoRenew' | 'currency'> => ({
  status: 'trial',
  daysLeft: TRIAL.templateDaysLeft,
  autoRenew: TRIAL.templateAutoRenew,
  currency: TRIAL.templateCurrency,
});

/** spec 2: /perfil "enter invitation code" with days left on a paid plan opens the how-to-cancel drawer first. */
export const invitationCodeEntryAction = (s: Pick<Subscription, 'status' | 'daysLeft' | 'provider'> | null | undefined): 'open-code-form' | 'explain-cancel-store-subscription' =>
  s && s.status === 'active' && s.daysLeft > 0 && (s.provider === 'applestore' || s.provider === 'playstore') ? 'explain-cancel-store-subscription' : 'open-code-form';

/**
 * spec 4 "Payment": failed is sent on close or error; a succeeded status that fails to save is
 * kept locally and retried on the next payment request.
 */
export const paymentStatusToReport = (event: 'succeeded' | 'closed' | 'error'): 'succeeded' | 'failed' =>
  event === 'succeeded' ? 'succeeded' : 'failed';
