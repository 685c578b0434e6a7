import type { PublicConfig, ReleasePlatform, ReleaseVerifyResponse } from '@puente/contracts';
import { COUNTRY_BY_PHONE_CODE, SUPPORTED_PHONE_CODES, type Language } from '@puente/domain';
import type { ConfigsSettings } from './configs.settings';

// spec 3 "countries (label, code)": the countries members live in (spec 1: full care in MX and
// AZ/CA/TX/FL, guidance elsewhere in the US) and the third supported phone code (57, Colombia).
const COUNTRIES: { code: string; label: Record<Language, string> }[] = [
  { code: 'MX', label: { es: 'México', en: 'Mexico' } },
  { code: 'US', label: { es: 'Estados Unidos', en: 'United States' } },
  { code: 'CO', label: { es: 'Colombia', en: 'Colombia' } },
];

/** "v20250930.0" -> [20250930, 0]; compared piece by piece, missing pieces count as 0. */
export const parseVersion = (version: string): number[] | undefined => {
  const m = /^v?(\d+(?:\.\d+)*)$/.exec(version.trim());
  return m ? m[1]!.split('.').map(Number) : undefined;
};
export const compareVersions = (a: number[], b: number[]): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
};

export class ConfigsService {
  constructor(private readonly deps: { settings: ConfigsSettings; publicUrl: string; mapTileUrl?: string }) {}

  /** GET /api/configs and GET /api/system/configs (spec 000 §3 "Public config"). */
  publicConfig(lang: Language): PublicConfig {
    const { settings } = this.deps;
    return {
      companyPhones: { ...settings.companyPhones },
      countries: COUNTRIES.map((c) => ({ code: c.code, label: c.label[lang] })),
      supportedPhoneCodes: SUPPORTED_PHONE_CODES.map((code) => {
        const region = COUNTRY_BY_PHONE_CODE[code];
        const country = COUNTRIES.find((c) => c.code === region);
        return { code: region, label: `${country?.label[lang] ?? region} (+${code})`, phoneCountryCode: code };
      }),
      workingHours: {
        ...settings.workingHours,
        intervals: settings.workingHours.intervals.map((i) => ({ ...i })),
        whitelistDomains: [...settings.workingHours.whitelistDomains],
        whitelistEmails: [...settings.workingHours.whitelistEmails],
      },
      appLinks: { deepLink: settings.appLinks.deepLink, iosStore: settings.storeUrls.ios, androidStore: settings.storeUrls.android, marketingSite: settings.appLinks.marketingSite },
      mapTileUrl: this.deps.mapTileUrl ?? null,
    };
  }

  /** GET /api/releases/verify/{platform}/{version}; undefined when the version is not one. */
  verifyRelease(platform: ReleasePlatform, version: string): ReleaseVerifyResponse | undefined {
    const current = parseVersion(version);
    const minimum = parseVersion(this.deps.settings.minAppVersion);
    if (!current || !minimum) return undefined;
    const storeUrl = platform === 'ios' ? this.deps.settings.storeUrls.ios : platform === 'android' ? this.deps.settings.storeUrls.android : `${this.deps.publicUrl}/`;
    return {
      status: compareVersions(current, minimum) < 0 ? 'update-required' : 'no-update-required',
      minimumVersion: this.deps.settings.minAppVersion,
      storeUrl,
    };
  }
}
