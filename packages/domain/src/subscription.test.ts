import { describe, expect, it } from 'vitest';
import {
  invitationCodeEntryAction,
  isForcedToPaywall,
  paywallVariant,
  paywallEntryRedirect,
  paywallReferer,
  showsPrePaywall,
  showsTrialBanner,
  trialBannerColor,
} from './subscription';

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

  it.each([
    [{ status: 'active', daysLeft: 20, provider: 'applestore' }, 'explain-cancel-store-subscription'],
    [{ status: 'active', daysLeft: 0, provider: 'applestore' }, 'open-code-form'],
    [{ status: 'trial', daysLeft: 20, provider: null }, 'open-code-form'],
  ] as const)('invitation code entry %j', (s, a) => expect(invitationCodeEntryAction(s)).toBe(a));

  it.each([
    ['a link asks for one', { requested: 'postConsultation', prePaywall: true, subscription: null }, 'postConsultation'],
    ['an unknown one asked for is ignored', { requested: 'gold', prePaywall: false, subscription: null }, null],
    ['the intro not seen yet', { prePaywall: true, subscription: { type: 'family', endReason: 'removed-from-family-plan' } }, 'pre-paywall'],
    ['removed from the family plan', { prePaywall: false, subscription: { type: 'family', endReason: 'removed-from-family-plan' } }, 'dependant'],
    ['the referrer lapsed', { prePaywall: false, subscription: { type: 'family', endReason: 'membership-expired' } }, 'dependant'],
    ['her own trial ended', { prePaywall: false, subscription: { type: 'trial', endReason: 'trial-expired' } }, null],
    ['a live family plan', { prePaywall: false, subscription: { type: 'family', endReason: null } }, null],
  ] as const)('paywall variant: %s', (_n, u, v) => expect(paywallVariant(u)).toBe(v));
});
