import { APP_VERSION, CALENDAR } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * The environment variables of the public configuration (GET /api/configs) and the release check
 * (GET /api/releases/verify). The README's configuration table lists them; keep both in step.
 */
export const CONFIGS_VARIABLES = [
  { name: 'COMPANY_PHONE_WHATSAPP', default: '+15555550100', description: 'Support line members outside the US reach by WhatsApp (help drawers).' },
  { name: 'COMPANY_PHONE_OHMD', default: '+15555550100', description: 'Support line US members reach by SMS (help drawers).' },
  { name: 'WORKING_HOURS_TIMEZONE', default: 'America/Mexico_City', description: 'Time zone of the care working hours.' },
  { name: 'WORKING_HOURS_INTERVALS', default: '08:00-20:00', description: 'Comma-separated HH:mm-HH:mm intervals of care each working day.' },
  { name: 'WORKING_HOURS_ALLOW_WEEKEND', default: 'false', description: 'true to offer on-demand care on Saturdays and Sundays too.' },
  { name: 'WORKING_HOURS_WHITELIST_DOMAINS', default: '(none)', description: 'Comma-separated email domains that bypass the working-hours check.' },
  { name: 'WORKING_HOURS_WHITELIST_EMAILS', default: '(none)', description: 'Comma-separated emails that bypass the working-hours check.' },
  { name: 'MIN_APP_VERSION', default: APP_VERSION, description: 'Oldest app version still supported (vYYYYMMDD.N); older ones get the update dialog.' },
  { name: 'STORE_URL_IOS', default: 'https://apps.apple.com/app/puente', description: 'App Store page the update dialog links to on iOS.' },
  { name: 'STORE_URL_ANDROID', default: 'https://play.google.com/store/apps/details?id=app.puente', description: 'Play Store page the update dialog links to on Android.' },
  { name: 'APP_DEEP_LINK', default: 'puente://open', description: 'Deep link the mobile web redirect page (and /open) opens the native app with.' },
  { name: 'MARKETING_SITE_URL', default: 'https://puente.health', description: 'Marketing site desktop browsers are sent to from the mobile web redirect page.' },
] as const;

const list = (v: string | undefined): string[] => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const phone = z.string().check(z.regex(/^\+\d{8,15}$/, 'a phone number with + and 8 to 15 digits'));

const schema = z.object({
  COMPANY_PHONE_WHATSAPP: z._default(phone, '+15555550100'),
  COMPANY_PHONE_OHMD: z._default(phone, '+15555550100'),
  WORKING_HOURS_TIMEZONE: z._default(z.string(), CALENDAR.fallbackTimeZone).check(z.refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone')),
  WORKING_HOURS_INTERVALS: z.pipe(z._default(z.string(), '08:00-20:00'), z.transform((v, ctx) =>
      list(v).map((part) => {
        const [starts = '', ends = ''] = part.split('-').map((s) => s.trim());
        if (!HHMM.test(starts) || !HHMM.test(ends) || starts >= ends) ctx.issues.push({ code: 'custom', message: `bad interval "${part}" (HH:mm-HH:mm)`, input: v });
        return { starts, ends };
      }))),
  WORKING_HOURS_ALLOW_WEEKEND: z._default(z.pipe(z.transform((v) => (typeof v === 'string' ? ['true', '1', 'yes'].includes(v.toLowerCase()) : v)), z.boolean()), false),
  WORKING_HOURS_WHITELIST_DOMAINS: z.pipe(z.optional(z.string()), z.transform((v) => list(v).map((d) => d.toLowerCase()))),
  WORKING_HOURS_WHITELIST_EMAILS: z.pipe(z.optional(z.string()), z.transform((v) => list(v).map((d) => d.toLowerCase()))),
  MIN_APP_VERSION: z._default(z.string().check(z.regex(/^v?\d+(\.\d+)*$/, 'a version like v20250930.0')), APP_VERSION),
  STORE_URL_IOS: z._default(z.url(), 'https://apps.apple.com/app/puente'),
  STORE_URL_ANDROID: z._default(z.url(), 'https://play.google.com/store/apps/details?id=app.puente'),
  // A custom scheme (puente://) or an https universal/app link; never javascript: or data:.
  APP_DEEP_LINK: z._default(z.string().check(z.regex(/^(?!javascript:|data:|vbscript:)[a-z][a-z0-9+.-]*:\/\/\S+$/i, 'a deep link like puente://open')), 'puente://open'),
  MARKETING_SITE_URL: z._default(z.url({ protocol: /^https?$/ }), 'https://puente.health'),
});

export interface ConfigsSettings {
  companyPhones: { whatsapp: string; ohmd: string };
  workingHours: { timezone: string; intervals: { starts: string; ends: string }[]; allowOnWeekend: boolean; whitelistDomains: string[]; whitelistEmails: string[] };
  minAppVersion: string;
  storeUrls: { ios: string; android: string };
  appLinks: { deepLink: string; marketingSite: string };
}

/** Reads the settings from an env-like record (empty strings count as unset). */
export function loadConfigsSettings(env: Record<string, string | undefined>): ConfigsSettings {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    companyPhones: { whatsapp: e.COMPANY_PHONE_WHATSAPP, ohmd: e.COMPANY_PHONE_OHMD },
    workingHours: {
      timezone: e.WORKING_HOURS_TIMEZONE,
      intervals: e.WORKING_HOURS_INTERVALS,
      allowOnWeekend: e.WORKING_HOURS_ALLOW_WEEKEND,
      whitelistDomains: e.WORKING_HOURS_WHITELIST_DOMAINS,
      whitelistEmails: e.WORKING_HOURS_WHITELIST_EMAILS,
    },
    minAppVersion: e.MIN_APP_VERSION,
    storeUrls: { ios: e.STORE_URL_IOS, android: e.STORE_URL_ANDROID },
    appLinks: { deepLink: e.APP_DEEP_LINK, marketingSite: e.MARKETING_SITE_URL },
  };
}
