import { describe, expect, it } from 'vitest';
import {
  afterLanguageSelected,
  canAddDependant,
  canDeliverPrescription,
  helpChannelFor,
  homeTiles,
  isListedOnlineCoach,
  isSchedulableToday,
  locationConfirmationRoute,
  loginBackTarget,
  noCoachesMessageKeys,
  profileMenu,
  remainingDependantSlots,
  serviceScope,
  showsB2bSupportTopic,
  showsDownloadAppPrompt,
  showsProtectionBanner,
  showsSocialLogin,
  supportOffered,
  surveyTypeForPractice,
  type VisibilityInput,
} from './access-rules';
import type { WorkingHoursConfig } from './entities';
import { isWithinWorkingHours } from './working-hours';

describe('spec 1/6 service scope', () => {
  it.each([
    ['US', 'AZ', 'full-care', false],
    ['US', 'CA', 'full-care', true],
    ['US', 'TX', 'full-care', false],
    ['US', 'FL', 'full-care', false],
    ['MX', null, 'full-care', false],
    ['US', 'NY', 'coaching-only', false],
    ['US', 'ca', 'full-care', true],
    ['CO', null, 'coaching-only', false],
  ] as const)('%s %s -> %s (delivery %s)', (country, state, scope, delivery) => {
    expect(serviceScope({ country, state })).toBe(scope);
    expect(canDeliverPrescription({ country, state })).toBe(delivery);
    expect(locationConfirmationRoute({ country, state })).toBe(scope === 'full-care' ? 'continue' : 'limited-services');
  });
});

describe('spec 2/6 visibility', () => {
  const v: VisibilityInput = { organization: null, isPartnerUser: false, subscriptionStatus: 'active', membershipExpired: false, pushPermissionDenied: false, changePhoneFeatureEnabled: true };
  it.each([
    ['trial card: trial and no organization', { subscriptionStatus: 'trial' }, 'trialCard', true],
    ['trial card hidden with organization', { subscriptionStatus: 'trial', organization: {} }, 'trialCard', false],
    ['change phone is feature-gated', { changePhoneFeatureEnabled: false }, 'changeLoginPhone', false],
    ['delete account hidden for partner users', { isPartnerUser: true }, 'deleteAccount', false],
    ['contact support needs the support setting', { organization: { settings: ['SupportAvailable'] } }, 'contactSupport', true],
    ['contact support hidden in an organization without it', { organization: { settings: ['SchedulingAvailable'] } }, 'contactSupport', false],
    ['contact support for a member with no organization', {}, 'contactSupport', true],
    ['membership hidden for partner users', { isPartnerUser: true }, 'membership', false],
    ['membership hidden for trial users', { subscriptionStatus: 'trial' }, 'membership', false],
    ['membership hidden when expired', { membershipExpired: true }, 'membership', false],
    ['membership shown otherwise', {}, 'membership', true],
    ['my family with dependantOrganizations', { organization: { dependantOrganizations: ['o2'] } }, 'myFamily', true],
    ['no family without', { organization: { dependantOrganizations: [] } }, 'myFamily', false],
    ['invitation code hidden in an organization', { organization: {} }, 'invitationCode', false],
    ['invitation code without organization', {}, 'invitationCode', true],
    ['enable notifications only when denied', { pushPermissionDenied: true }, 'enableNotifications', true],
    ['notifications hidden when allowed', {}, 'enableNotifications', false],
    ['site change with more than one site', { organization: { sites: [{}, {}] } }, 'changeSite', true],
    ['no site change with one site', { organization: { sites: [{}] } }, 'changeSite', false],
    ['change organization in an organization', { organization: {} }, 'changeOrganization', true],
    ['no change of organization without one', {}, 'changeOrganization', false],
    ['leave organization in an organization', { organization: {} }, 'leaveOrganization', true],
    ['nothing to leave without one', {}, 'leaveOrganization', false],
    ['partner hides how it works', { isPartnerUser: true }, 'howItWorks', false],
    ['partner hides tips', { isPartnerUser: true }, 'healthTips', false],
    ['partner hides privacy', { isPartnerUser: true }, 'privacy', false],
    ['privacy practices for a member', {}, 'privacyPractices', true],
    ['partner hides privacy practices', { isPartnerUser: true }, 'privacyPractices', false],
  ] as const)('%s', (_n, over, key, expected) => expect(profileMenu({ ...v, ...over } as VisibilityInput)[key]).toBe(expected));

  it.each([
    [{ settings: ['SchedulingAvailable'] }, { scheduling: true, support: false }],
    [{ settings: { SUPPORT_AVAILABLE: true } }, { scheduling: false, support: true }],
    [{ settings: null }, { scheduling: false, support: false }],
    [null, { scheduling: false, support: true }],
  ] as const)('home tiles %j', (o, e) => expect(homeTiles(o)).toEqual(e));

  it.each([
    [null, true],
    [undefined, true],
    [{ settings: null }, false],
    [{ settings: [] }, false],
    [{ settings: ['SupportAvailable'] }, true],
    [{ settings: { SUPPORT_AVAILABLE: false } }, false],
  ] as const)('support offered to %j: %s', (o, e) => expect(supportOffered(o)).toBe(e));

  it.each([
    [{ settings: null, hasOrganization: false, partnerPresent: false }, false],
    [{ settings: null, hasOrganization: false, partnerPresent: true }, true],
    [{ settings: null, hasOrganization: true, partnerPresent: false }, true],
    [{ settings: ['RestrictSocialLogin'], hasOrganization: true, partnerPresent: true }, false],
    [{ settings: { RESTRICT_SOCIAL_LOGIN: true }, hasOrganization: true, partnerPresent: false }, false],
  ] as const)('social login %j -> %s', (ctx, e) => expect(showsSocialLogin(ctx)).toBe(e));

  it.each([
    [{ language: 'es', screen: 'login', hasOrganization: false }, true],
    [{ language: 'es', screen: 'login', hasOrganization: true }, false],
    [{ language: 'en', screen: 'login', hasOrganization: false }, false],
    [{ language: 'es', screen: 'presignup', hasOrganization: true }, true],
    [{ language: 'en', screen: 'presignup', hasOrganization: false }, false],
  ] as const)('protection banner %j', (ctx, e) => expect(showsProtectionBanner(ctx)).toBe(e));

  it.each([
    [{ partnerPresent: true, b2bOrOrganizationLogin: false }, '/select-language'],
    [{ partnerPresent: false, b2bOrOrganizationLogin: false }, '/presignup'],
    [{ partnerPresent: true, b2bOrOrganizationLogin: true }, null],
  ] as const)('login back %j', (ctx, e) => expect(loginBackTarget(ctx)).toBe(e));

  it('language select continues to /login with a partner, else /presignup', () => {
    expect(afterLanguageSelected(true)).toBe('/login');
    expect(afterLanguageSelected(false)).toBe('/presignup');
  });
  it('B2B support topic hidden for organization members', () => {
    expect(showsB2bSupportTopic(true)).toBe(false);
    expect(showsB2bSupportTopic(false)).toBe(true);
  });
  it.each([
    ['mentalhealth', 'mental-health satisfaction'],
    ['health', 'general satisfaction'],
    [null, 'general satisfaction'],
  ] as const)('survey for %s', (p, s) => expect(surveyTypeForPractice(p)).toBe(s));
  it.each([
    [{ isOnline: true, isAvailable: true, userType: 'mx-physician' }, true],
    [{ isOnline: true, isAvailable: false, userType: 'mx-physician' }, false],
    [{ isOnline: false, isAvailable: true, userType: 'mx-physician' }, false],
    [{ isOnline: true, isAvailable: true, userType: 'us-physician' }, false],
  ] as const)('online coach %j', (p, e) => expect(isListedOnlineCoach(p)).toBe(e));
  it.each([
    [{ isOnline: false, isAvailable: true, slotsToday: 2 }, true],
    [{ isOnline: true, isAvailable: true, slotsToday: 2 }, false],
    [{ isOnline: true, isAvailable: false, slotsToday: 2 }, true],
    [{ isOnline: false, isAvailable: false, slotsToday: 0 }, false],
  ] as const)('schedulable today %j', (p, e) => expect(isSchedulableToday(p)).toBe(e));
  it.each([
    ['US', 'sms'],
    ['MX', 'whatsapp'],
    ['CO', 'whatsapp'],
  ] as const)('help for %s by %s', (c, e) => expect(helpChannelFor(c)).toBe(e));
  it('no coaches messages', () => {
    expect(noCoachesMessageKeys(true)).toEqual(['lack_of_personnel_no_ondemand']);
    expect(noCoachesMessageKeys(false)).toEqual(['lack_of_personnel_no_ondemand', 'come_back_later']);
  });
  it.each([
    [true, 1, false],
    [true, 2, true],
    [false, 5, false],
  ] as const)('download prompt mobile %s visit %i', (m, n, e) => expect(showsDownloadAppPrompt({ mobileWeb: m, dashboardVisits: n })).toBe(e));
  it.each([
    [0, true, 3],
    [2, true, 1],
    [3, false, 0],
    [4, false, 0],
  ] as const)('%i dependants: can add %s, %i left', (n, can, left) => {
    expect(canAddDependant(n)).toBe(can);
    expect(remainingDependantSlots(n)).toBe(left);
  });
});

describe('spec 9 working hours', () => {
  const cfg: WorkingHoursConfig = {
    timezone: 'America/Mexico_City',
    intervals: [{ starts: '08:00', ends: '20:00' }],
    allowOnWeekend: false,
    whitelistDomains: ['puente.test'],
    whitelistEmails: ['vip@example.com'],
  };
  // Mexico City is UTC-6 all year.
  it.each([
    ['Tuesday 10:00 local', '2025-06-10T16:00:00Z', cfg, null, true],
    ['Tuesday 07:59 local', '2025-06-10T13:59:00Z', cfg, null, false],
    ['Tuesday 20:00 local (end exclusive)', '2025-06-11T02:00:00Z', cfg, null, false],
    ['Saturday 10:00 local', '2025-06-14T16:00:00Z', cfg, null, false],
    ['Saturday with allowOnWeekend', '2025-06-14T16:00:00Z', { ...cfg, allowOnWeekend: true }, null, true],
    ['whitelisted email at night', '2025-06-10T08:00:00Z', cfg, 'VIP@example.com', true],
    ['whitelisted domain on Sunday', '2025-06-15T08:00:00Z', cfg, 'ana@puente.test', true],
    ['other email at night', '2025-06-10T08:00:00Z', cfg, 'ana@else.test', false],
    ['UTC Wednesday 01:00 is Tuesday 19:00 local', '2025-06-11T01:00:00Z', cfg, null, true],
  ] as const)('%s', (_n, at, c, email, expected) => expect(isWithinWorkingHours(c, new Date(at), email)).toBe(expected));
});
