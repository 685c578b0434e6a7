import * as z from 'zod/mini';
import { safeString } from './validation/text';
import { hasOrgFlag, type OrganizationSettings, type Practice } from './enums';

// --- Employer code entry (spec 5 "Employer code"; its states are account-screens' employerCodeReducer) --

/** Ours: lookups of employer codes per IP in the window (a code is a key: guessing must be slow). */
export const EMPLOYER_CODE_LOOKUPS = { perIp: 20, windowMs: 15 * 60_000 } as const;

// --- Sites (spec 2 /cambiar-sitio-organizacion) ------------------------------------------------

/** spec 2: the site-change entry shows only when the organization has more than one site. */
export const canChangeSite = (sites: readonly unknown[] | null | undefined): boolean => (sites?.length ?? 0) > 1;

/**
 * The site-change form (/cambiar-sitio-organizacion). Here and not with the other forms
 * (./validation/forms.ts): the contracts' organizations module, which the web app's first script
 * needs for the partner theme, uses it, and a bundler places a module whole in one chunk, so every
 * form's schema came with it (issue 10, first load).
 */
export const organizationSiteFormSchema = z.object({
  organizationSite: safeString({ error: 'change_organization_site_missing_fields' }).check(z.trim(), z.minLength(1, { message: 'change_organization_site_missing_fields' })),
});

// --- Partner theme (spec 3 Partner theme colors; WCAG 2.2 AA) ----------------------------------

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const hexColorSchema = z.pipe(safeString().check(z.trim(), z.regex(HEX, { message: 'theme_color_invalid' })), z.transform((v) => normalizeHex(v)));

/** '#abc', 'ABC' or '#AABBCC' as '#aabbcc'. */
export const normalizeHex = (value: string): string => {
  const m = HEX.exec(value.trim());
  if (!m?.[1]) throw new Error(`not a colour: ${value}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${h.toLowerCase()}`;
};

const channels = (hex: string): [number, number, number] => {
  const h = normalizeHex(hex).slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: readonly number[]): string => `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.x relative luminance. */
export const relativeLuminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** WCAG 1.4.3 AA for text. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The colour closest to `color` (same hue, mixed towards black or white) with at least `min`
 * contrast against `against`. A partner's brand colour that already passes is kept as it is.
 */
export const accessibleVariant = (color: string, against: string, min = AA_TEXT_CONTRAST): string => {
  const base = normalizeHex(color);
  if (contrastRatio(base, against) >= min) return base;
  const rgb = channels(base);
  // Towards black when the background is light, towards white when it is dark.
  const target = relativeLuminance(against) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 100; step++) {
    const t = step / 100;
    const mixed = toHex(rgb.map((c, i) => c + (target[i]! - c) * t));
    if (contrastRatio(mixed, against) >= min) return mixed;
  }
  return toHex(target);
};

/** White or near-black text, whichever reads better on `fill`. */
export const readableTextOn = (fill: string): string => (contrastRatio('#ffffff', fill) >= contrastRatio('#1a1a1a', fill) ? '#ffffff' : '#1a1a1a');

export const partnerColorsSchema = z.object({
  primary: hexColorSchema,
  secondary: hexColorSchema,
  background: z.optional(hexColorSchema),
});
export type PartnerColors = z.infer<typeof partnerColorsSchema>;

export interface PartnerPalette {
  /** The partner's own primary, for decoration only. */
  brand: string;
  /** Button fills, links and focus rings: 4.5:1 against the background and with its text. */
  primary: string;
  primaryText: string;
  secondary: string;
  secondaryText: string;
  background: string;
}

/**
 * The palette the app uses for a partner: whatever colours the partner chose, every text pair
 * reaches AA. The background is kept light (a partner's background that is too dark for the
 * app's dark body text is lightened), then primary and secondary are moved until they read on it,
 * and their text is white or near-black, whichever passes.
 */
export const partnerPalette = (colors: PartnerColors, defaultBackground = '#f6f1eb'): PartnerPalette => {
  const background = accessibleVariant(colors.background ?? defaultBackground, '#000000', 12);
  const fill = (c: string) => {
    // A fill that carries text must read on the background and hold readable text itself.
    let v = accessibleVariant(c, background);
    const text = readableTextOn(v);
    if (contrastRatio(text, v) < AA_TEXT_CONTRAST) v = accessibleVariant(v, text);
    return { main: v, text: readableTextOn(v) };
  };
  const p = fill(colors.primary);
  const s = fill(colors.secondary);
  return { brand: normalizeHex(colors.primary), primary: p.main, primaryText: p.text, secondary: s.main, secondaryText: s.text, background };
};

// --- Eligibility rosters (issue 15) -------------------------------------------------------------

/** A full file lists everyone eligible (the rest lose the benefit); an add/term file changes only its rows. */
export const ROSTER_MODES = ['full', 'delta'] as const;
export type RosterMode = (typeof ROSTER_MODES)[number];

export const ROSTER_ACTIONS = ['add', 'term'] as const;
export type RosterAction = (typeof ROSTER_ACTIONS)[number];

/** Ours: a roster file's limits (rows and bytes) so one upload stays one request. */
export const ROSTER_LIMITS = { maxRows: 20_000, maxBytes: 2 * 1024 * 1024 } as const;

// A roster file's rows are read by ./organization-rosters.ts.

// --- What an organization's settings give its members (spec 3 flags, spec 6) --------------------

/**
 * Every organization flag's effect, in one place for the server and the web. Physical and mental
 * health: an organization that names neither offers both (older organizations have no such flag);
 * one that names either offers only what it names.
 */
export const organizationOffers = (settings: OrganizationSettings | null | undefined) => {
  const namesPractice = hasOrgFlag(settings, 'PHYSICAL_HEALTH_AVAILABLE') || hasOrgFlag(settings, 'MENTAL_HEALTH_AVAILABLE');
  return {
    scheduling: hasOrgFlag(settings, 'SCHEDULING_AVAILABLE'),
    support: hasOrgFlag(settings, 'SUPPORT_AVAILABLE'),
    minimalOnboarding: hasOrgFlag(settings, 'MINIMAL_ONBOARDING'),
    restrictSocialLogin: hasOrgFlag(settings, 'RESTRICT_SOCIAL_LOGIN'),
    requiresHealthScreeningConsent: hasOrgFlag(settings, 'REQUIRES_HEALTH_SCREENING_CONSENT'),
    requiresLabConsent: hasOrgFlag(settings, 'REQUIRES_LAB_CONSENT'),
    requiresIdentificationNumber: hasOrgFlag(settings, 'REQUIRES_IDENTIFICATION_NUMBER'),
    uspRequiresPayment: hasOrgFlag(settings, 'USP_REQUIRES_PAYMENT'),
    uspScheduling: hasOrgFlag(settings, 'USP_SCHEDULING_AVAILABLE'),
    /** Carried to the client; drives nothing in the spec (see ORGANIZATION_FLAGS). */
    healthPrograms: hasOrgFlag(settings, 'HEALTH_PROGRAMS_AVAILABLE'),
    products: hasOrgFlag(settings, 'OFFERS_PRODUCTS'),
    voiceReminders: hasOrgFlag(settings, 'VOICE_REMINDERS'),
    physicalHealth: !namesPractice || hasOrgFlag(settings, 'PHYSICAL_HEALTH_AVAILABLE'),
    mentalHealth: !namesPractice || hasOrgFlag(settings, 'MENTAL_HEALTH_AVAILABLE'),
  };
};
export type OrganizationOffers = ReturnType<typeof organizationOffers>;

/** Whether a member of an organization with these settings may consult in `practice` (no organization: yes). */
export const practiceOffered = (settings: OrganizationSettings | null | undefined, practice: Practice): boolean => {
  const offers = organizationOffers(settings);
  return practice === 'mentalhealth' ? offers.mentalHealth : offers.physicalHealth;
};

/** One product an organization offers its members (spec 000 §3 consultation note partnerProducts: id, title). */
export interface PartnerProduct {
  id: string;
  title: string;
}
/** Not in the spec: how many products an organization lists, and how long an id and a title may be. */
export const PARTNER_PRODUCT_LIMITS = { max: 50, idMax: 60, titleMax: 120 } as const;

/**
 * The products an organization's settings map lists (its `products`, as the admin stored them),
 * whatever its flags: what the admin console edits. Entries without a non-empty string id and
 * title are skipped.
 */
export const productsListedIn = (settings: unknown): PartnerProduct[] => {
  const list = settings && typeof settings === 'object' ? (settings as { products?: unknown }).products : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((p): p is PartnerProduct => !!p && typeof p === 'object' && typeof (p as PartnerProduct).id === 'string' && typeof (p as PartnerProduct).title === 'string' && (p as PartnerProduct).id.trim() !== '' && (p as PartnerProduct).title.trim() !== '')
    .slice(0, PARTNER_PRODUCT_LIMITS.max)
    .map((p) => ({ id: p.id, title: p.title }));
};

/**
 * spec 000 §3 / 001 §6 OFFERS_PRODUCTS: the consultation note's partnerProducts are the products
 * the member's organization lists (productsListedIn), only while the organization has
 * OFFERS_PRODUCTS; without the flag, or with no usable list, none.
 */
export const partnerProductsOf = (flags: OrganizationSettings | null | undefined, settings: unknown): PartnerProduct[] =>
  organizationOffers(flags).products ? productsListedIn(settings) : [];
