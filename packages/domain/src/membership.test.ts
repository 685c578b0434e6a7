import { describe, expect, it } from 'vitest';
import { deriveAccess, hasLiveAccess, isWeekPlan, planPeriodEnd, pricePlans, singleVisitGrant, trialGrant, type EntitlementEvent, type MemberAccess } from './membership';
import { SUBSCRIPTION_PLAN_IDS } from './constants';

describe('spec 9 plan pricing in minor units', () => {
  const priced = pricePlans([
    { id: 'bs_1w', amountMinor: 799, currency: 'USD' },
    { id: 'bs_1m', amountMinor: 1999, currency: 'USD' },
    { id: 'bs_12m', amountMinor: 11999, currency: 'USD' },
    { id: 'bs_6m', amountMinor: 8999, currency: 'USD' },
  ]);
  it('orders bs_12m, bs_6m, bs_1m, bs_1w with bs_1m the default', () => {
    expect(priced.map((p) => p.id)).toEqual(['bs_12m', 'bs_6m', 'bs_1m', 'bs_1w']);
    expect(priced.filter((p) => p.isDefault).map((p) => p.id)).toEqual(['bs_1m']);
  });
  it.each([
    // id, total, months, monthly (total / months, rounded to a cent), savings vs bs_1m 1999/month
    ['bs_12m', 11999, 12, 1000, 50],
    ['bs_6m', 8999, 6, 1500, 25],
    ['bs_1m', 1999, 1, 1999, 0],
    ['bs_1w', 799, 1, 799, 60], // a week counts as one month
  ] as const)('%s: %i minor units over %i months = %i a month, saves %i%%', (id, total, months, monthly, savings) => {
    const p = priced.find((x) => x.id === id)!;
    expect(p.amountMinor).toBe(total);
    expect(p.subscriptionLength).toBe(months);
    expect(p.monthlyPriceMinor).toBe(monthly);
    expect(Number.isInteger(p.monthlyPriceMinor)).toBe(true);
    expect(p.savingsPercentage).toBe(savings);
  });
  it('never negative savings, none without a bs_1m baseline, drops non-integer prices', () => {
    expect(pricePlans([{ id: 'bs_6m', amountMinor: 20000, currency: 'USD' }, { id: 'bs_1m', amountMinor: 2000, currency: 'USD' }])[0]!.savingsPercentage).toBe(0);
    expect(pricePlans([{ id: 'bs_6m', amountMinor: 6000, currency: 'USD' }])[0]!.savingsPercentage).toBe(0);
    expect(pricePlans([{ id: 'bs_6m', amountMinor: 59.5, currency: 'USD' }])).toEqual([]);
  });
  it.each([
    ['bs_1w', '2026-01-31T10:00:00.000Z', '2026-02-07T10:00:00.000Z'],
    ['bs_1m', '2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['bs_6m', '2026-01-15T10:00:00.000Z', '2026-07-15T10:00:00.000Z'],
    ['bs_12m', '2026-01-15T10:00:00.000Z', '2027-01-15T10:00:00.000Z'],
  ] as const)('one period of %s from %s ends %s', (id, from, to) => expect(planPeriodEnd(id, new Date(from)).toISOString()).toBe(to));
  it('only bs_1w is a week plan (its price is shown for the week, with no saving)', () => {
    expect(SUBSCRIPTION_PLAN_IDS.filter(isWeekPlan)).toEqual(['bs_1w']);
  });
});

const T0 = new Date('2026-03-01T12:00:00.000Z');
const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);
const ev = (e: Partial<EntitlementEvent> & Pick<EntitlementEvent, 'source' | 'kind'>): EntitlementEvent => ({ entitlementKey: e.source, occurredAt: T0, ...e });
const card = (kind: EntitlementEvent['kind'], at: number, extra: Partial<EntitlementEvent> = {}) =>
  ev({ source: 'card', kind, entitlementKey: 'sub_1', occurredAt: day(at), planId: 'bs_1m', expiresAt: day(at + 30), ...extra });
const store = (source: 'applestore' | 'playstore', kind: EntitlementEvent['kind'], at: number, extra: Partial<EntitlementEvent> = {}) =>
  ev({ source, kind, entitlementKey: 'otx_1', occurredAt: day(at), planId: 'bs_12m', expiresAt: day(at + 365), ...extra });
const employer = (kind: EntitlementEvent['kind'], at: number) =>
  ev({ source: 'employer', kind, entitlementKey: 'org-1', occurredAt: day(at), expiresAt: null, organizationId: 'org-1', organizationName: 'Acme' });

type Row = [string, EntitlementEvent[], number, Partial<MemberAccess> | null];
const rows: Row[] = [
  ['no events: no access recorded', [], 0, null],
  ['a fresh sign-up trial: 45 days, auto-renew, USD', [trialGrant(T0)], 0, { source: 'trial', status: 'trial', daysLeft: 45, autoRenew: true, currency: 'USD', endReason: null, subscriptionId: 'trial' }],
  ['trial on day 40: 5 days left', [trialGrant(T0)], 40, { status: 'trial', daysLeft: 5 }],
  ['trial past its end: trial status, 0 days, trial-expired', [trialGrant(T0)], 46, { status: 'trial', daysLeft: 0, autoRenew: false, endReason: 'trial-expired' }],
  ['expired trial + active card: the card', [trialGrant(T0), card('granted', 50)], 55, { source: 'card', status: 'active', provider: 'card', subscriptionId: 'bs_1m', daysLeft: 25, length: 1, endReason: null }],
  ['live trial + card bought during it: the card wins', [trialGrant(T0), card('granted', 10)], 11, { source: 'card', status: 'active' }],
  ['card renewed: the new period', [card('granted', 0), card('renewed', 30)], 45, { status: 'active', daysLeft: 15 }],
  ['card cancelled at period end: cancelled, still live until the end', [card('granted', 0), card('auto-renew-off', 3)], 10, { status: 'cancelled', autoRenew: false, daysLeft: 20, endReason: null }],
  ['card cancelled and the period over: expired', [card('granted', 0), card('auto-renew-off', 3)], 31, { status: 'expired', daysLeft: 0, endReason: 'membership-expired' }],
  ['card refunded: ends at once', [card('granted', 0), card('revoked', 5)], 6, { status: 'expired', daysLeft: 0, endReason: 'membership-expired' }],
  ['store in grace period: error-payment until the grace end', [store('playstore', 'granted', 0, { planId: 'bs_1m', expiresAt: day(30) }), store('playstore', 'grace', 30, { expiresAt: day(46) })], 40, { status: 'error-payment', provider: 'playstore', daysLeft: 6 }],
  ['grace period over without recovery: expired', [store('playstore', 'granted', 0, { planId: 'bs_1m', expiresAt: day(30) }), store('playstore', 'grace', 30, { expiresAt: day(46) })], 47, { status: 'expired', endReason: 'membership-expired' }],
  ['grace recovered by a renewal: active again', [store('applestore', 'granted', 0, { expiresAt: day(30) }), store('applestore', 'grace', 30, { expiresAt: day(46) }), store('applestore', 'renewed', 35, { expiresAt: day(65) })], 40, { status: 'active', daysLeft: 25 }],
  ['employee + store subscriber: the store (she must see what she pays for)', [employer('granted', 0), store('applestore', 'granted', 1)], 10, { source: 'applestore', provider: 'applestore', subscriptionId: 'bs_12m' }],
  ['employee whose store subscription lapsed: the employer, open-ended', [employer('granted', 0), store('applestore', 'granted', 1, { expiresAt: day(31) })], 40, { source: 'employer', provider: 'b2b', status: 'active', daysLeft: null, organizationName: 'Acme', endReason: null }],
  ['removed from the employer: employer-benefit-ended', [employer('granted', 0), employer('ended', 20)], 21, { source: 'employer', status: 'expired', daysLeft: 0, endReason: 'employer-benefit-ended' }],
  ['a refund before any grant changes nothing', [card('revoked', 0)], 1, null],
  ['a paid single visit alone: recorded, but it opens no membership period', [singleVisitGrant({ paymentId: 'pay_1', at: day(0), priceType: 'usp', currency: 'USD' })], 0, { source: 'single-visit', subscriptionId: 'visit-usp', status: 'expired', autoRenew: false, daysLeft: 0, endReason: 'membership-expired' }],
  ['employee + a paid single visit: the employer still answers', [employer('granted', 0), singleVisitGrant({ paymentId: 'pay_1', at: day(3), priceType: 'usp', currency: 'USD' })], 3, { source: 'employer', status: 'active', daysLeft: null, endReason: null }],
  ['card and store subscriptions together: the card (the one she can cancel here)', [card('granted', 0), store('applestore', 'granted', 1)], 10, { source: 'card', provider: 'card', subscriptionId: 'bs_1m', daysLeft: 20 }],
  ['card and store together, the card over: the store answers', [card('granted', 0), store('playstore', 'granted', 1)], 40, { source: 'playstore', provider: 'playstore', subscriptionId: 'bs_12m', status: 'active', endReason: null }],
  ['card refunded while a store subscription runs: the store', [card('granted', 0), store('applestore', 'granted', 1), card('revoked', 5)], 6, { source: 'applestore', status: 'active', endReason: null }],
  ['employee with her sign-up trial still running: the employer, open-ended', [trialGrant(T0), employer('granted', 5)], 10, { source: 'employer', provider: 'b2b', status: 'active', daysLeft: null, endReason: null }],
  ['employee leaves while her trial runs: the trial again', [trialGrant(T0), employer('granted', 5), employer('ended', 20)], 21, { source: 'trial', status: 'trial', daysLeft: 24, endReason: null }],
  ['employee leaves after her trial ended: employer-benefit-ended (not trial-expired)', [trialGrant(T0), employer('granted', 5), employer('ended', 50)], 51, { source: 'employer', status: 'expired', endReason: 'employer-benefit-ended' }],
  ['the 30-day trial after a withdrawn invitation', [trialGrant(T0, 'withdrawn-invitation')], 0, { status: 'trial', daysLeft: 30 }],
  ['the events in any order give one answer', [card('auto-renew-off', 3), card('granted', 0)], 10, { status: 'cancelled' }],
];

const family = ev({ source: 'family', kind: 'granted', entitlementKey: 'ref-1', occurredAt: day(0), expiresAt: null, referrerId: 'ref-1' });
const referrerActive: MemberAccess = deriveAccess([card('granted', 0)], day(5))!;
const referrerLapsed: MemberAccess = deriveAccess([card('granted', 0)], day(40))!;

describe('the entitlement ledger: one answer from every combination', () => {
  it.each(rows)('%s', (_name, events, at, expected) => {
    const access = deriveAccess(events, day(at));
    if (expected === null) expect(access).toBeNull();
    else expect(access).toMatchObject(expected);
    expect(hasLiveAccess(access)).toBe(expected !== null && (expected.endReason ?? null) === null);
  });

  it('a dependant shares her referrer\'s access while the referrer has it', () => {
    expect(deriveAccess([family], day(5), { referrerAccess: referrerActive })).toMatchObject({ source: 'family', status: 'active', daysLeft: 25, endReason: null });
  });
  it('a dependant whose referrer lapses loses access with her (membership-expired)', () => {
    expect(deriveAccess([family], day(40), { referrerAccess: referrerLapsed })).toMatchObject({ source: 'family', status: 'expired', daysLeft: 0, endReason: 'membership-expired' });
  });
  it('a dependant removed from the family plan: removed-from-family-plan', () => {
    const removed = ev({ source: 'family', kind: 'ended', entitlementKey: 'ref-1', occurredAt: day(3) });
    expect(deriveAccess([family, removed], day(5), { referrerAccess: referrerActive })).toMatchObject({ status: 'expired', endReason: 'removed-from-family-plan' });
  });
  it('an employee who is also a dependant: the employer answers; once she leaves it, the family plan', () => {
    expect(deriveAccess([employer('granted', 0), family], day(5), { referrerAccess: referrerActive })).toMatchObject({ source: 'employer', daysLeft: null, endReason: null });
    expect(deriveAccess([employer('granted', 0), family, employer('ended', 3)], day(5), { referrerAccess: referrerActive })).toMatchObject({ source: 'family', status: 'active', daysLeft: 25, endReason: null });
  });
  it('an employee whose referrer lapses keeps the employer benefit', () => {
    expect(deriveAccess([employer('granted', 0), family], day(40), { referrerAccess: referrerLapsed })).toMatchObject({ source: 'employer', status: 'active', endReason: null });
  });
  it('a dependant with her own trial keeps it when the referrer lapses', () => {
    expect(deriveAccess([family, trialGrant(day(30))], day(40), { referrerAccess: referrerLapsed })).toMatchObject({ source: 'trial', daysLeft: 35 });
  });
});
