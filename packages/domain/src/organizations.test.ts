import { describe, expect, it } from 'vitest';
import type { OrganizationFlag } from './enums';
import {
  AA_TEXT_CONTRAST,
  accessibleVariant,
  partnerProductsOf,
  productsListedIn,
  canChangeSite,
  contrastRatio,
  organizationOffers,
  practiceOffered,
  type OrganizationOffers,
  partnerPalette,
} from './organizations';
import { rosterRowSchema } from './organization-rosters';

describe('sites (spec 2)', () => {
  it('the site change is offered only with more than one site', () => {
    expect(canChangeSite(undefined)).toBe(false);
    expect(canChangeSite([{ id: 'a' }])).toBe(false);
    expect(canChangeSite([{ id: 'a' }, { id: 'b' }])).toBe(true);
  });
});

describe('contrast (WCAG 2.x)', () => {
  it('matches the reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#FF5A40', '#FFFFFF')).toBeCloseTo(3.09, 1); // the spec's brand orange on white
  });

  it('an accessible variant keeps a colour that passes and moves one that does not', () => {
    expect(accessibleVariant('#037774', '#ffffff')).toBe('#037774');
    const moved = accessibleVariant('#ffdd00', '#ffffff');
    expect(moved).not.toBe('#ffdd00');
    expect(contrastRatio(moved, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(accessibleVariant('#202020', '#101010'), '#101010')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  // Whatever colours a partner chooses, every text pair of the palette reaches AA.
  const samples = ['#ffff00', '#00ff00', '#ffffff', '#000000', '#7f7f7f', '#ff5a40', '#123456', '#e0e0e0', '#0000ff', '#ff00ff', '#808000', '#f6f1eb'];
  it.each(samples.flatMap((p) => samples.map((s) => [p, s] as const)))('primary %s, secondary %s: AA on every pair', (primary, secondary) => {
    for (const background of [undefined, '#000000', '#333333', '#ffffff', '#ffff99']) {
      const pal = partnerPalette({ primary, secondary, background });
      expect(contrastRatio(pal.primary, pal.background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(pal.primaryText, pal.primary)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(pal.secondary, pal.background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(pal.secondaryText, pal.secondary)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      // The app's dark body text reads on the background.
      expect(contrastRatio('#1f1f1f', pal.background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});

describe('roster rows', () => {
  it.each([
    [{ phoneNumber: '+52 55 1234 5678' }, { phoneNumber: '+525512345678' }],
    [{ phoneNumber: '1-415-555-0123', action: 'TERM' }, { phoneNumber: '+14155550123', action: 'term' }],
    [{ identificationNumber: ' EMP-001 ' }, { identificationNumber: 'EMP-001' }],
  ])('%o is read as %o', (input, expected) => {
    const r = rosterRowSchema.safeParse(input);
    expect(r.success && r.data).toMatchObject(expected);
  });

  it.each([
    [{ phoneNumber: '12345' }, 'roster_phone_invalid'],
    [{ phoneNumber: '', identificationNumber: '' }, 'roster_identity_required'],
    [{ phoneNumber: '+525512345678', action: 'remove' }, 'roster_action_invalid'],
  ])('%o is refused with %s', (input, key) => {
    const r = rosterRowSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(key);
  });
});

describe('organization settings: one row per flag (spec 3 flags, spec 6)', () => {
  const none = organizationOffers([]);
  it.each<[OrganizationFlag, keyof OrganizationOffers]>([
    ['SCHEDULING_AVAILABLE', 'scheduling'],
    ['SUPPORT_AVAILABLE', 'support'],
    ['MINIMAL_ONBOARDING', 'minimalOnboarding'],
    ['RESTRICT_SOCIAL_LOGIN', 'restrictSocialLogin'],
    ['REQUIRES_HEALTH_SCREENING_CONSENT', 'requiresHealthScreeningConsent'],
    ['REQUIRES_LAB_CONSENT', 'requiresLabConsent'],
    ['REQUIRES_IDENTIFICATION_NUMBER', 'requiresIdentificationNumber'],
    ['USP_REQUIRES_PAYMENT', 'uspRequiresPayment'],
    ['USP_SCHEDULING_AVAILABLE', 'uspScheduling'],
    ['HEALTH_PROGRAMS_AVAILABLE', 'healthPrograms'],
    ['OFFERS_PRODUCTS', 'products'],
    ['VOICE_REMINDERS', 'voiceReminders'],
  ])('%s turns %s on (off without it), in either spelling', (flag, effect) => {
    expect(none[effect]).toBe(false);
    expect(organizationOffers([flag])[effect]).toBe(true);
    const camel = flag.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
    expect(organizationOffers({ [camel]: true })[effect]).toBe(true);
    expect(organizationOffers({ [camel]: false })[effect]).toBe(false);
  });

  it.each<[OrganizationFlag[], boolean, boolean]>([
    [[], true, true], // naming neither: both
    [['PHYSICAL_HEALTH_AVAILABLE'], true, false],
    [['MENTAL_HEALTH_AVAILABLE'], false, true],
    [['PHYSICAL_HEALTH_AVAILABLE', 'MENTAL_HEALTH_AVAILABLE'], true, true],
  ])('practices with %o: physical %s, mental %s', (flags, physical, mental) => {
    expect(practiceOffered(flags, 'health')).toBe(physical);
    expect(practiceOffered(flags, 'mentalhealth')).toBe(mental);
  });
});

describe('partnerProductsOf (OFFERS_PRODUCTS: the consultation note partnerProducts)', () => {
  const settings = { products: [{ id: 'vit-d', title: 'Vitamina D' }, { id: ' ', title: 'blank id' }, { id: 'x' }, 'junk', { id: 'omega', title: 'Omega 3', price: 10 }] };
  it('lists the usable products only while the organization offers products', () => {
    expect(partnerProductsOf(['OFFERS_PRODUCTS'], settings)).toEqual([{ id: 'vit-d', title: 'Vitamina D' }, { id: 'omega', title: 'Omega 3' }]);
    expect(partnerProductsOf([], settings)).toEqual([]);
    expect(partnerProductsOf(['OFFERS_PRODUCTS'], {})).toEqual([]);
    expect(partnerProductsOf(['OFFERS_PRODUCTS'], null)).toEqual([]);
    expect(partnerProductsOf(['OFFERS_PRODUCTS'], { products: 'nope' })).toEqual([]);
  });
  it('productsListedIn: the usable list whatever the flags (what the admin edits)', () => {
    expect(productsListedIn(settings)).toEqual([{ id: 'vit-d', title: 'Vitamina D' }, { id: 'omega', title: 'Omega 3' }]);
    expect(productsListedIn(undefined)).toEqual([]);
  });
});
