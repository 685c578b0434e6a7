import Box from '@mui/material/Box';
import { useDeferredValue, useEffect, useState } from 'react';
import { matchRoute, ROUTES as ROUTE_DEFS } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { ToastHost } from '@/components/ui/toast-host';
import { useFamilyInvitation } from '@/features/family';
import { useMember } from '@/features/profile';
import { PartnerThemeProvider } from '@/features/organizations/components/partner-theme';
import { currentLanguage } from '@/lib/i18n';
import { isApiRequestError } from '@/lib/api-client';
import { useNavigate } from '@/lib/navigation';
import { useOnline } from '@/lib/online';
import { theme } from '@/lib/theme';
import { decideRoute } from './route-guard';
import { ScreenError, ScreenErrorBoundary } from './screen-error-boundary';
import { ROUTES } from '@/lib/routes';
import { useSessionToken } from '@/lib/session';
import { screenChanged } from '@/lib/toast';
import { removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { prefetchRouteData, useScreenCode } from './route-table';
import { ShellDialogs } from './shell-dialogs';
import { useDocumentTitle } from './route-titles';
import { usePushActionRouting } from '@/features/notifications/hooks/use-push';
import { useSignedInShell } from './signed-in-shell-loader';
import { useRealtimeConnection, useResumeRefresh, useTransportErrors, useUnhandledRejectionDialog } from './use-session-lifecycle';
import { BOTTOM_SPACE_VAR } from '@/components/ui/bottom-space';
import { setBottomCover } from '@/lib/bottom-cover';

function GuardRedirect({ to, clearRedirectTo }: { to: string; clearRedirectTo: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (clearRedirectTo) removeStorage(STORAGE_KEYS.redirectTo);
    void navigate(to, { replace: true });
  }, [to, clearRedirectTo, navigate]);
  return null;
}

/** The shell around every route: route guard, global elements, session lifecycle. */
export function RootLayout() {
  const { pathname } = useLocation();
  const token = useSessionToken();
  const member = useMember();
  // The domain route of the path (undefined for an unknown one).
  const routeName = matchRoute(pathname);
  const route = routeName ? ROUTE_DEFS[routeName] : undefined;

  useDocumentTitle();
  // A toast about the screen before (a form's missing fields) goes with it.
  useEffect(() => screenChanged(pathname), [pathname]);
  useTransportErrors();
  useResumeRefresh();
  useUnhandledRejectionDialog();
  usePushActionRouting();
  // Also signed out: a texted invitation link is read before sign-in.
  useFamilyInvitation(member.data);
  // Issue 10 (first load): the signed-in shell's effects are a chunk of their own (SignedInShell).
  const shell = useSignedInShell(token !== null);
  // Issue 10 (first load): the screen's data along with the member and the shell, not after them.
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  useEffect(() => {
    if (token !== null && routeName) prefetchRouteData(routeName, queryClient, language);
  }, [token, routeName, queryClient, language]);

  const decision = decideRoute({
    pathname,
    authenticated: token !== null,
    // spec 4 step 2: getMember's subscription, derived from the entitlement ledger (null = open-ended).
    daysLeft: member.data?.subscription?.daysLeft ?? null,
    hasOrganization: Boolean(member.data?.organizationId),
    userType: member.data?.userType,
  });
  const clearStoredRedirect = decision.kind === 'allow' && decision.clearStoredRedirect;
  useEffect(() => {
    // A stored target that is now the current page has been used.
    if (clearStoredRedirect) removeStorage(STORAGE_KEYS.redirectTo);
  }, [clearStoredRedirect]);

  // While the member loads on start, private screens wait instead of flashing empty content.
  const privateRoute = route?.auth === 'member' || route?.auth === 'staff' || route?.auth === 'admin';
  const waitingForMember = token !== null && privateRoute && member.isPending && member.fetchStatus === 'fetching';
  // The member could not be fetched at all (no network, the server failing, after the api client's
  // retries): the screen would fetch her again as it mounts and hand back to the spinner above, round
  // and round (an offline member saw "Loading…" for ever). The screen's place says why, with a retry,
  // and she is fetched again when the browser is back online (TanStack's own refetch on reconnect
  // misses a page that was opened offline: it takes the browser as online until told otherwise).
  const memberUnavailable =
    token !== null && privateRoute && member.data === undefined && member.isError && member.fetchStatus !== 'fetching' && isApiRequestError(member.error) && (member.error.isNetworkError || member.error.status >= 500);
  const online = useOnline();
  const refetchMember = member.refetch;
  useEffect(() => {
    if (!memberUnavailable) return undefined;
    const refetch = () => void refetchMember();
    window.addEventListener('online', refetch);
    return () => window.removeEventListener('online', refetch);
  }, [memberUnavailable, refetchMember]);
  // No screen shows with a session before the signed-in shell has loaded: its effects (the alerts
  // and their routing) mount before any signed-in screen's, as when they were part of this layout.
  const waitingForShell = token !== null && !shell;
  // The screen's code, fetched along with the member and the shell: until it has arrived the screen's
  // place shows a spinner of the layout's, not the screen's Suspense fallback (see useScreenCode);
  // the bottom navigation stays. ("/" forwards to the initial path, which may not be home.)
  const screenReady = useScreenCode(decision.kind === 'allow' && pathname !== ROUTES.root ? routeName : undefined);
  // Issue 10 (first load): the realtime connection (its client is a 13 kB chunk, and connecting runs on
  // the main thread) opens once the first screen has rendered, not before it; then it follows the
  // session. Whatever it missed meanwhile is caught up on connect (each listener's 'connect' handler).
  const showsScreen = decision.kind === 'allow' && !waitingForMember && !waitingForShell;
  // Issue 10 (TBT): the screen mounts in a deferred render, which React does in slices that yield to
  // the browser. What makes it showable arrives outside any transition (the member's query, through
  // a store, is always rendered at once), and mounting /inicio's whole screen in that render was one
  // 900 ms task on a phone's CPU (4x slower). The render that learns it only keeps the spinner.
  const revealed = useDeferredValue(showsScreen && screenReady);
  // (A deferred value can lag behind: the screen shows while what it stands for still holds.)
  const screenVisible = revealed && showsScreen && screenReady;
  // The bottom navigation likewise (it stays while a next screen's code loads).
  const navigationRevealed = useDeferredValue(showsScreen);
  const [screenShown, setScreenShown] = useState(false);
  if (!screenShown && screenVisible) setScreenShown(true);
  useRealtimeConnection(screenShown ? token : null);

  const showsNavigation = Boolean(route?.bottomNav && shell && navigationRevealed);
  const bottomSpace = shell ? shell.BOTTOM_NAV_HEIGHT + 16 : 0;
  const navigationCover = showsNavigation ? bottomSpace : null;
  useEffect(() => {
    setBottomCover('navigation', navigationCover);
    return () => setBottomCover('navigation', null);
  }, [navigationCover]);

  return (
    // Issue 15: a partner's member (or a partner link) sees the partner's colours.
    <PartnerThemeProvider base={theme}>
      <OfflineBanner />
      {/* Before the screen: it renders (and notes the current path for routing) before the screen's tree does. */}
      {token !== null && shell ? <shell.SignedInShell token={token} /> : null}
      {decision.kind === 'redirect' ? (
        // Keyed by the path: a navigation elsewhere while the same redirect stands (the sign-in's own
        // move to "/" right after the guard sent her to the paywall) must redirect again.
        <GuardRedirect key={pathname} to={decision.to} clearRedirectTo={decision.clearStoredRedirect} />
      ) : !showsScreen ? (
        <LoadingScreen />
      ) : (
        <>
          {/* The page's main landmark (WCAG 1.3.1, 2.4.1: a screen reader's "main" jumps to the screen). */}
          <Box component="main" sx={showsNavigation ? { [BOTTOM_SPACE_VAR]: `${bottomSpace}px` } : undefined}>
            {memberUnavailable ? (
              <ScreenError offline={!online} onRetry={() => void refetchMember()} />
            ) : (
              <ScreenErrorBoundary at={pathname}>{screenVisible ? <Outlet /> : <LoadingScreen />}</ScreenErrorBoundary>
            )}
          </Box>
          {/* Member screens only (a session: the shell has loaded). */}
          {showsNavigation && shell ? (
            <>
              <Box sx={{ height: bottomSpace }} />
              <shell.MemberBottomNavigation />
            </>
          ) : null}
        </>
      )}
      <ToastHost />
      <LoadingOverlay />
      {/* spec 2: no modal is shown on the hidden events page (/et). */}
      {pathname === ROUTES.eventsDebug ? null : <ShellDialogs />}
    </PartnerThemeProvider>
  );
}
