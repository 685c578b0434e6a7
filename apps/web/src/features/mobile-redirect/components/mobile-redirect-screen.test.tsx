import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { detectPlatform } from '@/lib/platform';
import { browserNavigation, redirectToApp } from './mobile-redirect-screen';

const LINKS = { deepLink: 'puente://open', iosStore: 'https://apps.apple.com/app/puente', androidStore: 'https://play.google.com/store/apps/details?id=app.puente', marketingSite: 'https://puente.health' };
const CONFIG = {
  companyPhones: { whatsapp: '+525500001111', ohmd: '+14155550100' },
  countries: [],
  supportedPhoneCodes: [],
  workingHours: { timezone: 'America/Mexico_City', intervals: [], allowOnWeekend: false, whitelistDomains: [], whitelistEmails: [] },
  appLinks: LINKS,
};
const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Safari/537.36',
};

const setup = (ua: string) => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => undefined);
  const fetch = installFakeFetch((call) => {
    if (call.url === '/api/configs') return { status: 200, body: CONFIG };
    if (call.url === '/api/interactions/event') return { status: 200, body: { id: crypto.randomUUID(), kept: {} } };
    return undefined;
  });
  return { go, ...fetch };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('platform detection', () => {
  it('iPhone and iPadOS are ios, Android is android, the rest desktop', () => {
    expect(detectPlatform(UA.ios)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15', 5)).toBe('ios');
    expect(detectPlatform(UA.android)).toBe('android');
    expect(detectPlatform(UA.desktop)).toBe('desktop');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15', 0)).toBe('desktop');
  });
});

describe('mobile web redirect page (/download) and /open', () => {
  it('the store fallback fires at 1250 ms, not before (spec 001 §9)', () => {
    vi.useFakeTimers();
    const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => undefined);
    redirectToApp('ios', LINKS);
    expect(go.mock.calls).toEqual([['puente://open']]);
    vi.advanceTimersByTime(1249);
    expect(go).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenLastCalledWith(LINKS.iosStore);
  });

  it('iOS: opens the app by the deep link from config, then the App Store; tracked with the platform only', async () => {
    const { go, calls } = setup(UA.ios);
    renderApp('/download', { language: 'es' });
    expect(await screen.findByText('Abriendo la app de Puente…')).toBeTruthy();
    await waitFor(() => expect(go).toHaveBeenCalledWith('puente://open'));
    await waitFor(() => expect(go).toHaveBeenLastCalledWith(LINKS.iosStore), { timeout: 5000 });
    expect(screen.getByTestId('mobile-redirect-store').getAttribute('href')).toBe(LINKS.iosStore);
    expect(calls.find((c) => c.url === '/api/interactions/event')?.body).toMatchObject({ event: 'mobile_redirect', properties: { platform: 'ios' } });
  });

  it('Android on /open: the deep link, then Google Play; English texts', async () => {
    const { go } = setup(UA.android);
    renderApp('/open', { language: 'en' });
    expect(await screen.findByText('Opening the Puente app…')).toBeTruthy();
    await waitFor(() => expect(go).toHaveBeenCalledWith('puente://open'));
    expect(screen.getByTestId('mobile-redirect-store').textContent).toBe('Get it on Google Play');
    await waitFor(() => expect(go).toHaveBeenLastCalledWith(LINKS.androidStore), { timeout: 5000 });
  });

  it('when the app opened (the page went hidden), the store fallback does not fire', async () => {
    const { go } = setup(UA.android);
    renderApp('/download');
    await waitFor(() => expect(go).toHaveBeenCalledWith('puente://open'));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await new Promise((r) => setTimeout(r, 1400));
    expect(go).not.toHaveBeenCalledWith(LINKS.androidStore);
  });

  it('desktop goes to the marketing site, never to the deep link or a store', async () => {
    const { go } = setup(UA.desktop);
    renderApp('/download', { language: 'en' });
    await waitFor(() => expect(go).toHaveBeenCalledWith(LINKS.marketingSite));
    expect(screen.getByText('Taking you to the Puente website…')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1400));
    expect(go.mock.calls.map(([url]) => url)).toEqual([LINKS.marketingSite]);
  });

  it('without the configuration it says so instead of going anywhere', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.ios);
    const go = vi.spyOn(browserNavigation, 'go').mockImplementation(() => undefined);
    installFakeFetch(() => ({ status: 400, body: { error: { code: 'INVALID_DATA', status: 400, message: 'x' } } }));
    renderApp('/download', { language: 'es' });
    expect(await screen.findByText('No pudimos cargar los enlaces. Revisa tu conexión e inténtalo de nuevo.')).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
  });
});
