import type { MemberLedgerResponse, SubscriptionDto, SubscriptionProductDto } from '@puente/contracts';
import { isWeekPlan, type EntitlementEvent, type MemberAccess, type PricedPlan } from '@puente/domain';
import type { EntitlementEventRow } from '../../db/schema';

/** spec 3 Subscription as getMember carries it. */
export const presentAccess = (a: MemberAccess | null): SubscriptionDto | null =>
  a && {
    subscriptionId: a.subscriptionId,
    type: a.source,
    status: a.status,
    expiresAt: a.expiresAt ? a.expiresAt.toISOString() : null,
    daysLeft: a.daysLeft,
    autoRenew: a.autoRenew,
    provider: a.provider,
    currency: a.currency,
    length: a.length,
    organizationName: a.organizationName,
    organizationId: a.organizationId,
    endReason: a.endReason,
  };

const TITLES: Record<PricedPlan['id'], string> = { bs_12m: '12 months', bs_6m: '6 months', bs_1m: '1 month', bs_1w: '1 week' };

/** spec 3 Subscription product: store ids per platform, pricing, title and the derived fields. */
export const presentProduct = (p: PricedPlan, storeProductPrefix: string): SubscriptionProductDto => ({
  id: p.id,
  title: TITLES[p.id],
  storeIds: { ios: `${storeProductPrefix}.${p.id}`, android: `${storeProductPrefix}.${p.id}` },
  // spec 3 priceMicros: the stores' unit, a millionth of the currency (= minor units x 10,000).
  pricing: { priceMicros: p.amountMinor * 10_000, currency: p.currency, billingPeriod: isWeekPlan(p.id) ? 'P1W' : `P${p.subscriptionLength}M` },
  totalPriceMinor: p.amountMinor,
  monthlyPriceMinor: p.monthlyPriceMinor,
  savingsPercentage: p.savingsPercentage,
  subscriptionLength: p.subscriptionLength,
  isDefault: p.isDefault,
});

export const toDomainEvent = (r: EntitlementEventRow): EntitlementEvent => ({
  source: r.source,
  kind: r.kind,
  entitlementKey: r.entitlementKey,
  occurredAt: r.occurredAt,
  planId: r.planId,
  expiresAt: r.expiresAt,
  autoRenew: r.autoRenew,
  currency: r.currency,
  organizationId: r.organizationId,
  organizationName: r.organizationName,
  referrerId: r.referrerId,
});

/** The admin's view of a member's ledger: what happened and from where; no card or health data is stored. */
export const presentLedger = (rows: EntitlementEventRow[], current: MemberAccess | null): MemberLedgerResponse => ({
  events: rows.map((r) => ({
    id: r.id,
    source: r.source,
    kind: r.kind,
    entitlementKey: r.entitlementKey,
    occurredAt: r.occurredAt.toISOString(),
    planId: r.planId,
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    autoRenew: r.autoRenew,
    currency: r.currency,
    organizationId: r.organizationId,
    referrerId: r.referrerId,
    origin: r.origin,
  })),
  current: presentAccess(current),
});
