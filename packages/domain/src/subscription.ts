/**
 * Subscription rules (spec 000 §4 "Subscription", spec 001 §9 "Trial banner color"). The plans
 * and their pricing are membership.ts (integer minor units).
 */
import { TRIAL_BANNER } from './constants';
import type { Subscription } from './entities';
import { PAYWALL_VARIANTS, type PaywallReferer, type PaywallVariant } from './enums';

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

/**
 * spec 2 paywall variants (what leads to each is ours; spec 000 §2/§4 name them): a variant the link
 * asks for (?variant=); else the pre-paywall intro (shown once, showsPrePaywall); else dependant
 * when the access that ended was a family plan's (removed from it, or the referrer lapsed). The
 * route guard links postConsultation itself (postConsultationPaywall).
 */
export const paywallVariant = (u: { requested?: string | null; prePaywall: boolean; subscription: { type?: string | null; endReason?: string | null } | null | undefined }): PaywallVariant | null => {
  if (u.requested && (PAYWALL_VARIANTS as readonly string[]).includes(u.requested)) return u.requested as PaywallVariant;
  if (u.prePaywall) return 'pre-paywall';
  if (u.subscription?.type === 'family' && u.subscription.endReason) return 'dependant';
  return null;
};

/** spec 2: /perfil "enter invitation code" with days left on a paid plan opens the how-to-cancel drawer first. */
export const invitationCodeEntryAction = (s: Pick<Subscription, 'status' | 'daysLeft' | 'provider'> | null | undefined): 'open-code-form' | 'explain-cancel-store-subscription' =>
  s && s.status === 'active' && s.daysLeft > 0 && (s.provider === 'applestore' || s.provider === 'playstore') ? 'explain-cancel-store-subscription' : 'open-code-form';

