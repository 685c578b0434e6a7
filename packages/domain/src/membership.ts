/**
 * Membership (issue 14): plan pricing in integer minor units (spec 001 §9 "Subscription") and the
 * one entitlement ledger: every source of access writes append-only events and the member's
 * current access is derived here, once, from them (spec 000 §3 Subscription, §4 "Subscription").
 */
import { SUBSCRIPTION, SUBSCRIPTION_PLAN_IDS, TRIAL, type SubscriptionPlanId } from './constants';
import type { SubscriptionEndReason, SubscriptionProvider, SubscriptionStatus } from './enums';

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Plans and pricing

/** A plan's price as configured: the total for its whole period, in integer minor units (cents). */
export interface PlanPrice {
  id: SubscriptionPlanId;
  amountMinor: number;
  currency: string;
}

export interface PricedPlan extends PlanPrice {
  /** spec 9: a week counts as 1 month and a year as 12 months. */
  subscriptionLength: number;
  /** spec 9: total divided by months, rounded to the nearest minor unit. */
  monthlyPriceMinor: number;
  /** spec 9: against the bs_1m monthly price, whole percent, never below 0. */
  savingsPercentage: number;
  /** spec 9: default bs_1m. */
  isDefault: boolean;
}

/** spec 9: plans bs_12m, bs_6m, bs_1m, bs_1w in that order; unknown or non-integer prices are left out. */
export const pricePlans = (prices: readonly PlanPrice[]): PricedPlan[] => {
  const byId = new Map(prices.filter((p) => Number.isSafeInteger(p.amountMinor) && p.amountMinor >= 0).map((p) => [p.id as string, p]));
  const baseline = byId.get(SUBSCRIPTION.savingsBaselinePlan);
  const baselineMonthly = baseline ? baseline.amountMinor / SUBSCRIPTION.monthsByPlan[SUBSCRIPTION.savingsBaselinePlan] : 0;
  return SUBSCRIPTION_PLAN_IDS.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const months = SUBSCRIPTION.monthsByPlan[id];
    const savings = baselineMonthly > 0 ? Math.max(0, Math.round(100 - (p.amountMinor * 100) / (months * baselineMonthly))) : 0;
    return [
      {
        id,
        amountMinor: p.amountMinor,
        currency: p.currency,
        subscriptionLength: months,
        monthlyPriceMinor: Math.round(p.amountMinor / months),
        savingsPercentage: savings,
        isDefault: id === SUBSCRIPTION.defaultPlan,
      },
    ];
  });
};

/**
 * The plan that lasts a week. spec 9 counts it as a month for its derived prices, so its "monthly
 * price" is a week's and its "savings" against the month plan are no saving at all: a screen shows
 * its price for the week and no saving (a paywall read "$7.99 a month" and "Save 60%" for a week
 * that costs more per day than the month).
 */
export const isWeekPlan = (id: SubscriptionPlanId): boolean => id === SUBSCRIPTION.weekPlan;

/** How long one paid period of a plan lasts (a week plan is 7 days, a month plan one calendar month). */
export const planPeriodEnd = (id: SubscriptionPlanId, from: Date): Date => {
  const end = new Date(from.getTime());
  if (isWeekPlan(id)) return new Date(from.getTime() + 7 * DAY_MS);
  end.setUTCMonth(end.getUTCMonth() + SUBSCRIPTION.monthsByPlan[id]);
  return end;
};

// ---------------------------------------------------------------------------------------------
// The entitlement ledger

/** Every source of access (issue 14): each writes events to the one ledger. */
export const ENTITLEMENT_SOURCES = ['trial', 'applestore', 'playstore', 'card', 'employer', 'family', 'single-visit'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

/**
 * What happened to one entitlement: granted (first purchase, trial start, employer or family
 * link), renewed (a new period), auto-renew-off/on (cancel at period end, resubscribe), grace
 * (a failed renewal kept open until expiresAt), revoked (refund: ends now), ended (removed from
 * the employer or the family plan; a store's expiry; replaced by an upgrade or downgrade),
 * renewal-pref-changed (the store plan changes at the next renewal, planId = that plan: the
 * current period keeps its plan until the renewal says otherwise).
 */
export const ENTITLEMENT_EVENT_KINDS = ['granted', 'renewed', 'auto-renew-off', 'auto-renew-on', 'grace', 'revoked', 'ended', 'renewal-pref-changed'] as const;
export type EntitlementEventKind = (typeof ENTITLEMENT_EVENT_KINDS)[number];

export interface EntitlementEvent {
  source: EntitlementSource;
  kind: EntitlementEventKind;
  /** Identifies one entitlement within its source (store original transaction, card subscription, organization id, 'trial'). */
  entitlementKey: string;
  occurredAt: Date;
  planId?: string | null;
  /** End of access after this event; null = open-ended (an employer's benefit until removed). */
  expiresAt?: Date | null;
  autoRenew?: boolean | null;
  currency?: string | null;
  organizationId?: string | null;
  organizationName?: string | null;
  /** Family plan: the referrer whose access the dependant shares. */
  referrerId?: string | null;
}

/** The member's current access (spec 3 Subscription), derived from the ledger. */
export interface MemberAccess {
  subscriptionId: string;
  source: EntitlementSource;
  /** The entitlement that answers (a card subscription id, a store's original transaction...). */
  entitlementKey: string;
  status: SubscriptionStatus;
  expiresAt: Date | null;
  /** Whole days left (rounded up), 0 once ended; null = open-ended (never forced to the paywall). */
  daysLeft: number | null;
  autoRenew: boolean;
  provider: SubscriptionProvider | null;
  currency: string;
  length: number | null;
  organizationId: string | null;
  organizationName: string | null;
  /** spec 4: why access ended (each has its own paywall message); null while access is live. */
  endReason: SubscriptionEndReason | null;
}

interface Entitlement {
  source: EntitlementSource;
  key: string;
  planId: string | null;
  expiresAt: Date | null;
  autoRenew: boolean;
  currency: string;
  state: 'active' | 'grace' | 'revoked' | 'ended';
  organizationId: string | null;
  organizationName: string | null;
  referrerId: string | null;
  lastAt: number;
}

/** Owned paid access first (she must see and be able to cancel what she pays), then organization, family, a visit, the trial. */
const PRIORITY: Record<EntitlementSource, number> = { card: 0, applestore: 1, playstore: 2, employer: 3, family: 4, 'single-visit': 5, trial: 6 };
const PROVIDER: Record<EntitlementSource, SubscriptionProvider | null> = {
  card: 'card',
  applestore: 'applestore',
  playstore: 'playstore',
  employer: 'b2b',
  family: null,
  'single-visit': 'card',
  trial: null,
};

const fold = (events: readonly EntitlementEvent[]): Entitlement[] => {
  const byKey = new Map<string, Entitlement>();
  const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  for (const e of ordered) {
    const id = `${e.source}:${e.entitlementKey}`;
    const at = e.occurredAt.getTime();
    const current = byKey.get(id);
    if (!current) {
      // Only a grant or a renewal opens an entitlement; a lone cancellation or refund has nothing to act on.
      if (e.kind !== 'granted' && e.kind !== 'renewed') continue;
      byKey.set(id, {
        source: e.source,
        key: e.entitlementKey,
        planId: e.planId ?? null,
        expiresAt: e.expiresAt ?? null,
        autoRenew: e.autoRenew ?? e.source !== 'single-visit',
        currency: e.currency ?? SUBSCRIPTION.currency,
        state: 'active',
        organizationId: e.organizationId ?? null,
        organizationName: e.organizationName ?? null,
        referrerId: e.referrerId ?? null,
        lastAt: at,
      });
      continue;
    }
    current.lastAt = at;
    switch (e.kind) {
      case 'granted':
      case 'renewed':
        current.state = 'active';
        current.expiresAt = e.expiresAt ?? null;
        current.planId = e.planId ?? current.planId;
        current.autoRenew = e.autoRenew ?? current.autoRenew;
        current.currency = e.currency ?? current.currency;
        current.organizationId = e.organizationId ?? current.organizationId;
        current.organizationName = e.organizationName ?? current.organizationName;
        current.referrerId = e.referrerId ?? current.referrerId;
        break;
      case 'auto-renew-off':
        current.autoRenew = false;
        break;
      case 'auto-renew-on':
        current.autoRenew = true;
        break;
      case 'renewal-pref-changed':
        // Recorded for the member's history and the admin; the plan changes with the renewal itself.
        break;
      case 'grace':
        if (current.state === 'revoked' || current.state === 'ended') break;
        current.state = 'grace';
        current.expiresAt = e.expiresAt ?? current.expiresAt;
        break;
      case 'revoked':
      case 'ended': {
        current.state = e.kind;
        current.autoRenew = false;
        // Ends now, or at the given time if that is earlier (a store's expiry that was already past).
        const end = e.expiresAt && e.expiresAt.getTime() < at ? e.expiresAt : e.occurredAt;
        current.expiresAt = current.expiresAt && current.expiresAt.getTime() < end.getTime() ? current.expiresAt : end;
        break;
      }
      default: {
        const never: never = e.kind;
        throw new Error(`unknown entitlement event kind ${String(never)}`);
      }
    }
  }
  return [...byKey.values()];
};

const isLive = (e: Pick<Entitlement, 'state' | 'expiresAt'>, now: Date): boolean =>
  (e.state === 'active' || e.state === 'grace') && (e.expiresAt === null || e.expiresAt.getTime() > now.getTime());

export const daysLeftUntil = (expiresAt: Date | null, now: Date): number | null =>
  expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));

const statusOf = (e: Entitlement, live: boolean): SubscriptionStatus => {
  if (e.source === 'trial') return 'trial';
  if (!live) return 'expired';
  if (e.state === 'grace') return 'error-payment';
  if ((e.source === 'card' || e.source === 'applestore' || e.source === 'playstore') && !e.autoRenew) return 'cancelled';
  return 'active';
};

const endReasonOf = (e: Entitlement, referrerLapsed: boolean): SubscriptionEndReason => {
  switch (e.source) {
    case 'trial':
      return 'trial-expired';
    case 'employer':
      return 'employer-benefit-ended';
    case 'family':
      return referrerLapsed ? 'membership-expired' : 'removed-from-family-plan';
    default:
      return 'membership-expired';
  }
};

export interface DeriveAccessContext {
  /** A dependant's family access lasts as long as her referrer's own access (derived the same way). */
  referrerAccess?: MemberAccess | null;
}

/**
 * The member's current access from all her ledger events: the live entitlement of highest
 * priority (ties: the one lasting longest), else the one that ended last (with why), else null
 * (no access ever recorded).
 */
export const deriveAccess = (events: readonly EntitlementEvent[], now: Date, ctx: DeriveAccessContext = {}): MemberAccess | null => {
  const all = fold(events);
  if (all.length === 0) return null;
  const referrer = ctx.referrerAccess ?? null;
  const referrerLive = referrer !== null && referrer.endReason === null && referrer.source !== 'family';
  for (const e of all) {
    if (e.source !== 'family' || e.state === 'revoked' || e.state === 'ended') continue;
    // The dependant's access ends with the referrer's: at the referrer's end, or now if she has none.
    const referrerEnd = referrerLive ? referrer.expiresAt : (referrer?.expiresAt ?? new Date(Math.min(e.lastAt, now.getTime())));
    if (referrerEnd !== null && (e.expiresAt === null || referrerEnd.getTime() < e.expiresAt.getTime())) e.expiresAt = referrerEnd;
  }
  const live = all.filter((e) => isLive(e, now));
  const endTime = (e: Entitlement) => (e.expiresAt === null ? Number.POSITIVE_INFINITY : e.expiresAt.getTime());
  const pick = live.length
    ? live.sort((a, b) => PRIORITY[a.source] - PRIORITY[b.source] || endTime(b) - endTime(a))[0]!
    : all.sort((a, b) => endTime(b) - endTime(a) || PRIORITY[a.source] - PRIORITY[b.source])[0]!;
  const isPickLive = live.length > 0;
  const planId = pick.planId;
  return {
    subscriptionId: planId ?? pick.source,
    source: pick.source,
    entitlementKey: pick.key,
    status: statusOf(pick, isPickLive),
    expiresAt: pick.expiresAt,
    daysLeft: isPickLive ? daysLeftUntil(pick.expiresAt, now) : 0,
    autoRenew: isPickLive ? pick.autoRenew : false,
    provider: PROVIDER[pick.source],
    currency: pick.currency,
    length: planId && planId in SUBSCRIPTION.monthsByPlan ? SUBSCRIPTION.monthsByPlan[planId as SubscriptionPlanId] : null,
    organizationId: pick.organizationId,
    organizationName: pick.organizationName,
    endReason: isPickLive ? null : endReasonOf(pick, pick.source === 'family' && !referrerLive),
  };
};

/** Whether the access lets her start a consultation (the server's payment-required rule). */
export const hasLiveAccess = (access: MemberAccess | null): boolean => access !== null && access.endReason === null;

// ---------------------------------------------------------------------------------------------
// Trials

export type TrialKind = 'sign-up' | 'withdrawn-invitation';
/**
 * spec 9: the default trial template (45 days, auto-renew true, USD) as the ledger's grant; a
 * withdrawn invitation offers a 30-day free trial (spec 8/9). One of each per member (the key).
 */
export const trialGrant = (start: Date, kind: TrialKind = 'sign-up'): EntitlementEvent => ({
  source: 'trial',
  kind: 'granted',
  entitlementKey: kind,
  occurredAt: start,
  planId: null,
  expiresAt: new Date(start.getTime() + (kind === 'sign-up' ? TRIAL.templateDaysLeft : TRIAL.invitationTrialDays) * DAY_MS),
  autoRenew: TRIAL.templateAutoRenew,
  currency: TRIAL.templateCurrency,
});

// ---------------------------------------------------------------------------------------------
// Paid single visits

/**
 * A paid single visit (a USP_REQUIRES_PAYMENT organization's US-doctor or coach visit): written to
 * the ledger so the admin sees it, it pays for that consultation only and opens no membership
 * period (it ends as it is granted; the organization is what covers her).
 */
export const singleVisitGrant = (p: { paymentId: string; at: Date; priceType: 'usp' | 'coach'; currency: string }): EntitlementEvent => ({
  source: 'single-visit',
  kind: 'granted',
  entitlementKey: p.paymentId,
  occurredAt: p.at,
  planId: `visit-${p.priceType}`,
  expiresAt: p.at,
  autoRenew: false,
  currency: p.currency,
});
