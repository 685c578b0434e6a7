import { describe, expect, it } from 'vitest';
import type { SubscriptionProduct } from './entities';
import {
  defaultPlanId,
  invitationCodeEntryAction,
  isForcedToPaywall,
  paymentStatusToReport,
  paywallEntryRedirect,
  paywallReferer,
  planMonths,
  priceSubscriptionProducts,
  showsPrePaywall,
  showsTrialBanner,
  trialBannerColor,
  trialSubscriptionTemplate,
} from './subscription';

const product = (id: SubscriptionProduct['id'], price: number): SubscriptionProduct => ({
  id,
  storeIds: { ios: `ios.${id}`, android: `and.${id}` },
  pricing: { priceMicros: price * 1e6, currency: 'USD', billingPeriod: 'P1M' },
  title: id,
});

describe('spec 9 subscription pricing', () => {
  it.each([
    ['bs_12m', 12],
    ['bs_6m', 6],
    ['bs_1m', 1],
    ['bs_1w', 1],
  ] as const)('%s counts as %i months', (id, months) => expect(planMonths(id)).toBe(months));

  const priced = priceSubscriptionProducts([product('bs_1w', 5), product('bs_1m', 20), product('bs_12m', 120), product('bs_6m', 90)]);
  it('orders bs_12m, bs_6m, bs_1m, bs_1w', () => expect(priced.map((p) => p.id)).toEqual(['bs_12m', 'bs_6m', 'bs_1m', 'bs_1w']));
  it.each([
    ['bs_12m', 120, 12, 10, 50],
    ['bs_6m', 90, 6, 15, 25],
    ['bs_1m', 20, 1, 20, 0],
    ['bs_1w', 5, 1, 5, 75],
  ] as const)('%s: total %d, %i months, monthly %d, savings %i%%', (id, total, months, monthly, savings) => {
    const p = priced.find((x) => x.id === id)!;
    expect(p.totalPrice).toBe(total);
    expect(p.subscriptionLength).toBe(months);
    expect(p.monthlyPrice).toBe(monthly);
    expect(p.savingsPercentage).toBe(savings);
  });
  it('rounds monthly price to cents and savings to whole percent', () => {
    const [p] = priceSubscriptionProducts([product('bs_6m', 99.99), product('bs_1m', 19.99)]);
    expect(p!.monthlyPrice).toBe(16.67);
    expect(p!.savingsPercentage).toBe(17);
  });
  it('no savings below zero and none without a bs_1m baseline', () => {
    expect(priceSubscriptionProducts([product('bs_6m', 200), product('bs_1m', 20)])[0]!.savingsPercentage).toBe(0);
    expect(priceSubscriptionProducts([product('bs_6m', 60)])[0]!.savingsPercentage).toBe(0);
  });
  it.each([
    [['bs_12m', 'bs_1m'], 'bs_1m'],
    [['bs_1w', 'bs_6m'], 'bs_6m'],
    [[], undefined],
  ] as const)('default plan among %j', (ids, id) => expect(defaultPlanId(ids)).toBe(id));
});

describe('spec 4/9 trial banner and paywall', () => {
  it.each([
    [-1, 'error'],
    [0, 'error'],
    [5, 'error'],
    [6, 'warning'],
    [15, 'warning'],
    [16, 'success'],
    [45, 'success'],
  ] as const)('%i days left -> %s', (d, c) => expect(trialBannerColor(d)).toBe(c));

  it.each([
    [{ status: 'trial' }, false, true],
    [{ status: 'trial' }, true, false],
    [{ status: 'active' }, false, false],
    [null, false, false],
  ] as const)('trial banner %j, org %s -> %s', (s, org, e) => expect(showsTrialBanner(s, org)).toBe(e));

  it.each([
    [0, false, true],
    [-2, false, true],
    [0, true, false],
    [3, false, false],
    [null, false, false],
  ] as const)('forced to paywall: %s days, org %s -> %s', (d, org, e) => expect(isForcedToPaywall(d, org)).toBe(e));

  it.each([
    [{ status: 'active', daysLeft: 10 }, '/inicio'],
    [{ status: 'active', daysLeft: 0 }, null],
    [{ status: 'trial', daysLeft: 10 }, null],
  ] as const)('paywall entry %j', (s, e) => expect(paywallEntryRedirect(s)).toBe(e));

  it.each([
    [{ status: 'trial', daysLeft: 3 }, 'activeTrial'],
    [{ status: 'trial', daysLeft: 0 }, 'trialExpired'],
    [{ status: 'expired', daysLeft: 0 }, 'membershipExpired'],
    [null, 'membershipExpired'],
  ] as const)('paywall referer %j', (s, r) => expect(paywallReferer(s)).toBe(r));

  it.each([
    [{ hasOrganization: true, referred: false, expired: true, seen: false }, true],
    [{ hasOrganization: false, referred: true, expired: true, seen: false }, true],
    [{ hasOrganization: true, referred: false, expired: true, seen: true }, false],
    [{ hasOrganization: false, referred: false, expired: true, seen: false }, false],
    [{ hasOrganization: true, referred: false, expired: false, seen: false }, false],
  ] as const)('pre-paywall %j', (u, e) => expect(showsPrePaywall(u)).toBe(e));

  it('trial template: 45 days, auto-renew, USD', () =>
    expect(trialSubscriptionTemplate()).toEqual({ status: 'trial', daysLeft: 45, autoRenew: true, currency: 'USD' }));

  it.each([
    [{ status: 'active', daysLeft: 20, provider: 'applestore' }, 'explain-cancel-store-subscription'],
    [{ status: 'active', daysLeft: 0, provider: 'applestore' }, 'open-code-form'],
    [{ status: 'trial', daysLeft: 20, provider: null }, 'open-code-form'],
  ] as const)('invitation code entry %j', (s, a) => expect(invitationCodeEntryAction(s)).toBe(a));

  it.each([
    ['succeeded', 'succeeded'],
    ['closed', 'failed'],
    ['error', 'failed'],
  ] as const)('payment %s reports %s', (e, s) => expect(paymentStatusToReport(e)).toBe(s));
});
