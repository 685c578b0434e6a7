import { apiErrorSchema, publicConfigSchema, releaseVerifyResponseSchema } from '@puente/contracts';
import { APP_VERSION, SUPPORTED_PHONE_CODES } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type TestServer } from '../../test';
import { compareVersions, ConfigsService, parseVersion } from './configs.service';
import { loadConfigsSettings } from './configs.settings';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('public configuration', () => {
  it.each(['/api/configs', '/api/system/configs'])('%s answers without a session, with the default working hours and company phones', async (path) => {
    const res = await request(t.url, path, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const config = publicConfigSchema.parse(res.body);
    expect(config.workingHours).toEqual({ timezone: 'America/Mexico_City', intervals: [{ starts: '08:00', ends: '20:00' }], allowOnWeekend: false, whitelistDomains: [], whitelistEmails: [] });
    expect(config.companyPhones.whatsapp).toMatch(/^\+\d+$/);
    expect(config.companyPhones.ohmd).toMatch(/^\+\d+$/);
    expect(config.supportedPhoneCodes.map((c) => c.phoneCountryCode)).toEqual([...SUPPORTED_PHONE_CODES]);
    expect(config.countries).toContainEqual({ code: 'MX', label: 'Mexico' });
  });

  it('labels follow the language (es by default)', async () => {
    const config = publicConfigSchema.parse((await request(t.url, '/api/configs')).body);
    expect(config.countries).toContainEqual({ code: 'MX', label: 'México' });
    expect(config.supportedPhoneCodes).toContainEqual({ code: 'US', label: 'Estados Unidos (+1)', phoneCountryCode: '1' });
  });

  it('the app links of the mobile web redirect page come from the environment (defaults, overrides, bad values refused)', async () => {
    const config = publicConfigSchema.parse((await request(t.url, '/api/configs')).body);
    expect(config.appLinks).toEqual({ deepLink: 'puente://open', iosStore: 'https://apps.apple.com/app/puente', androidStore: 'https://play.google.com/store/apps/details?id=app.puente', marketingSite: 'https://puente.health' });
    const custom = new ConfigsService({ settings: loadConfigsSettings({ APP_DEEP_LINK: 'https://app.example.org/open', MARKETING_SITE_URL: 'https://example.org', STORE_URL_IOS: 'https://apps.apple.com/app/id1' }), publicUrl: 'http://localhost' });
    expect(custom.publicConfig('en').appLinks).toMatchObject({ deepLink: 'https://app.example.org/open', marketingSite: 'https://example.org', iosStore: 'https://apps.apple.com/app/id1' });
    expect(() => loadConfigsSettings({ APP_DEEP_LINK: 'javascript://alert(1)' })).toThrow(/APP_DEEP_LINK/);
    expect(() => loadConfigsSettings({ MARKETING_SITE_URL: 'ftp://example.org' })).toThrow(/MARKETING_SITE_URL/);
  });

  it('settings come from the environment, and bad values are refused at start', () => {
    const s = loadConfigsSettings({
      COMPANY_PHONE_WHATSAPP: '+525511112222',
      WORKING_HOURS_INTERVALS: '09:00-13:00, 15:00-19:00',
      WORKING_HOURS_ALLOW_WEEKEND: 'true',
      WORKING_HOURS_WHITELIST_DOMAINS: 'Puente.health, acme.com',
      WORKING_HOURS_WHITELIST_EMAILS: 'QA@puente.health',
      MIN_APP_VERSION: 'v20260101.0',
    });
    expect(s.companyPhones.whatsapp).toBe('+525511112222');
    expect(s.workingHours).toMatchObject({ intervals: [{ starts: '09:00', ends: '13:00' }, { starts: '15:00', ends: '19:00' }], allowOnWeekend: true, whitelistDomains: ['puente.health', 'acme.com'], whitelistEmails: ['qa@puente.health'] });
    expect(() => loadConfigsSettings({ WORKING_HOURS_INTERVALS: '20:00-08:00' })).toThrow(/WORKING_HOURS_INTERVALS/);
    expect(() => loadConfigsSettings({ WORKING_HOURS_TIMEZONE: 'Mars/Olympus' })).toThrow(/WORKING_HOURS_TIMEZONE/);
    expect(() => loadConfigsSettings({ COMPANY_PHONE_OHMD: 'call us' })).toThrow(/COMPANY_PHONE_OHMD/);
  });
});

describe('release check', () => {
  it('the current version needs no update; an older one does, with the store link', async () => {
    const ok = releaseVerifyResponseSchema.parse((await request(t.url, `/api/releases/verify/web/${APP_VERSION}`)).body);
    expect(ok).toMatchObject({ status: 'no-update-required', minimumVersion: APP_VERSION });
    const old = releaseVerifyResponseSchema.parse((await request(t.url, '/api/releases/verify/ios/v20240101.3')).body);
    expect(old.status).toBe('update-required');
    expect(old.storeUrl).toContain('apps.apple.com');
    const android = releaseVerifyResponseSchema.parse((await request(t.url, '/api/releases/verify/android/v20240101.3')).body);
    expect(android.storeUrl).toContain('play.google.com');
    expect(releaseVerifyResponseSchema.parse((await request(t.url, '/api/releases/verify/web/v20991231.0')).body).status).toBe('no-update-required');
  });

  it('a minimum version from configuration is honoured', () => {
    const strict = new ConfigsService({ settings: loadConfigsSettings({ MIN_APP_VERSION: 'v20991231.0' }), publicUrl: 'http://localhost:8080' });
    expect(strict.verifyRelease('web', APP_VERSION)).toEqual({ status: 'update-required', minimumVersion: 'v20991231.0', storeUrl: 'http://localhost:8080/' });
  });

  it('an unknown platform or a version that is not one is a 400', async () => {
    const platform = await request(t.url, '/api/releases/verify/windows/v1.0');
    expect(platform.status).toBe(400);
    expect(apiErrorSchema.parse(platform.body).error.fields).toMatchObject({ platform: 'release_platform_invalid' });
    const version = await request(t.url, '/api/releases/verify/web/latest');
    expect(apiErrorSchema.parse(version.body).error.fields).toEqual({ version: 'release_version_invalid' });
  });

  it('versions compare piece by piece', () => {
    expect(compareVersions(parseVersion('v20250930.0')!, parseVersion('v20250930.1')!)).toBe(-1);
    expect(compareVersions(parseVersion('20250930')!, parseVersion('v20250930.0')!)).toBe(0);
    expect(compareVersions(parseVersion('v20251001.0')!, parseVersion('v20250930.9')!)).toBe(1);
    expect(parseVersion('v2025.beta')).toBeUndefined();
  });
});
