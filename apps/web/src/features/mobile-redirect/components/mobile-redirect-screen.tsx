import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicConfig } from '@puente/contracts';
import { TIMERS } from '@puente/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';
import { usePublicConfig } from '@/features/configs';
import { currentPlatform, type BrowserPlatform } from '@/lib/platform';
import { track } from '@/lib/track';

/** Leaving the web app: one place, so tests can watch where it goes. */
export const browserNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Where the redirect sends this browser: the deep link and then the store (mobile), or the
 * marketing site (desktop). Returns a cancel for the pending store fallback.
 */
export function redirectToApp(platform: BrowserPlatform, links: PublicConfig['appLinks']): () => void {
  if (platform === 'desktop') {
    browserNavigation.go(links.marketingSite);
    return () => undefined;
  }
  browserNavigation.go(links.deepLink);
  // If the app opened, the page is hidden by now and the store is not needed.
  const timer = setTimeout(() => {
    if (document.visibilityState !== 'hidden') browserNavigation.go(platform === 'ios' ? links.iosStore : links.androidStore);
  }, TIMERS.deepLinkStoreFallbackMs);
  return () => clearTimeout(timer);
}

/** The mobile web redirect page (spec 000 §2) and /open: to the app, the store, or the marketing site. */
export function MobileRedirectScreen() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const platform = currentPlatform();
  const links = config.data?.appLinks;

  useEffect(() => {
    if (!links) return;
    void track('mobile_redirect', { platform });
    return redirectToApp(platform, links);
  }, [links, platform]);

  return (
    <Screen testId="mobile-redirect-screen">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', mt: 6 }}>
        {config.isError ? null : <CircularProgress aria-label={t('mobile_redirect_opening')} />}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t(platform === 'desktop' ? 'mobile_redirect_desktop' : 'mobile_redirect_opening')}
        </Typography>
        {config.isError ? <Typography color="error">{t('mobile_redirect_config_error')}</Typography> : null}
        {links && platform !== 'desktop' ? (
          <>
            <Typography color="text.secondary">{t('mobile_redirect_not_installed')}</Typography>
            <Button variant="contained" href={platform === 'ios' ? links.iosStore : links.androidStore} data-testid="mobile-redirect-store">
              {t(platform === 'ios' ? 'mobile_redirect_app_store' : 'mobile_redirect_play_store')}
            </Button>
            <Button variant="text" href={links.deepLink} data-testid="mobile-redirect-open">
              {t('mobile_redirect_open_app')}
            </Button>
          </>
        ) : null}
        {links && platform === 'desktop' ? (
          <Button variant="contained" href={links.marketingSite} data-testid="mobile-redirect-site">
            {t('mobile_redirect_site')}
          </Button>
        ) : null}
      </Stack>
    </Screen>
  );
}
