import { ROUTE_NAMES, ROUTES as ROUTE_DEFS, type Language, type RouteAuth, type RouteDef, type RouteName } from '@puente/domain';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { topicsTemplateQuery } from '@/features/home/api/get-topics-template';
import { completeStoredLanguage, getStoredLanguage, withRestOfMessages } from '@/lib/i18n';
import { ENTRY_SCREEN_FILES, type ScreenFile } from '@/locales/entry-files';
import { loadScreenMessages } from '@/locales/load';
import { whenIdle } from '@/lib/idle';
import { InitialPathRedirect } from './initial-path-redirect';
import { modulePreload, screenPrefetchFiles } from './screen-prefetch-files';
import { preloadSignedInShell } from './signed-in-shell-loader';

/**
 * A screen loaded with its route (issue 10, first load): its code, icons and heavy parts (the call,
 * the chart, QR codes, the dashboard, admin) are a separate chunk fetched when the route is first
 * shown, or earlier by `preload` (the likely next screen, see NEXT_SCREENS).
 */
interface LazyScreen {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
  /** Its code has arrived: `Component` renders at once, without suspending. */
  loaded: () => boolean;
}

/**
 * `entry`: an entry screen, whose messages are the default language's entry files (in the first
 * script) and its own file, if it has one (`true` when it has none; locales/entry-files.ts): it loads
 * with that file only, not the rest of the messages; every other screen loads with all of them.
 */
const lazyScreen = (load: () => Promise<ComponentType>, { entry = false }: { entry?: boolean | ScreenFile } = {}): LazyScreen => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: { default: ComponentType } | undefined;
  const withMessages = (): Promise<ComponentType> => {
    if (entry === false) return withRestOfMessages(load());
    if (entry === true) return load();
    // Its file that could not load does not hold it back (as the rest's: it shows what is loaded).
    return Promise.all([load(), loadScreenMessages(entry, getStoredLanguage()).catch(() => undefined)]).then(([Component]) => Component);
  };
  const preload = () => {
    // A failed fetch (offline, a deploy replaced the chunk) is retried on the next attempt.
    loading ??= withMessages().then(
      (Component) => (loaded = { default: Component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Already fetched (prefetched, or shown before): a thenable that answers at once, so React shows
  // the screen in the same render instead of the loading fallback for a frame.
  const settled = (): Promise<{ default: ComponentType }> => {
    const module = loaded;
    if (!module) return preload();
    const now = { then: (resolve: (value: { default: ComponentType }) => void) => resolve(module) };
    return now as unknown as Promise<{ default: ComponentType }>;
  };
  return { Component: lazy(settled), preload, loaded: () => loaded !== undefined };
};

/**
 * Every route's screen, by route name (spec 000 §2; a test checks that no route is left without
 * one, so the placeholder screen of the early issues is gone).
 */
const SCREENS: Partial<Record<RouteName, LazyScreen>> = {
  selectLanguage: lazyScreen(() => import('@/features/auth/components/select-language-screen').then((m) => m.SelectLanguageScreen), { entry: true }),
  presignup: lazyScreen(() =>
    Promise.all([import('@/features/auth/components/presignup-screen'), import('@/features/organizations')]).then(
      ([{ PresignupScreen }, { EmployerCodeEntry }]) =>
        function Presignup() {
          return <PresignupScreen employerCode={<EmployerCodeEntry />} />;
        },
    ),
  ),
  // Organizations and partners (issue 15).
  registerEmployerCode: lazyScreen(() => import('@/features/organizations').then((m) => m.RegisterEmployerCodeScreen)),
  registerEmployerCodeSuccess: lazyScreen(() => import('@/features/organizations').then((m) => m.RegisterEmployerCodeSuccessScreen)),
  organizationRegistration: lazyScreen(() => import('@/features/organizations').then((m) => m.OrganizationRegistrationScreen)),
  organizationRegistrationSuccess: lazyScreen(() => import('@/features/organizations').then((m) => m.OrganizationRegistrationSuccessScreen)),
  changeOrganization: lazyScreen(() => import('@/features/organizations').then((m) => m.ChangeOrganizationScreen)),
  cancelOrganizationMembership: lazyScreen(() => import('@/features/organizations').then((m) => m.CancelOrganizationMembershipScreen)),
  changeOrganizationSite: lazyScreen(() => import('@/features/organizations').then((m) => m.ChangeOrganizationSiteScreen)),
  login: lazyScreen(() =>
    Promise.all([import('@/features/auth/components/login-screen'), import('@/features/identity/components/social-login-buttons')]).then(
      ([{ LoginScreen }, { SocialLoginButtons }]) =>
        function Login() {
          return <LoginScreen extras={<SocialLoginButtons />} />;
        },
    ),
    { entry: ENTRY_SCREEN_FILES.login },
  ),
  identityVerify: lazyScreen(() => import('@/features/identity/components/identity-verify-screen').then((m) => m.IdentityVerifyScreen)),
  identityEmail: lazyScreen(() =>
    import('@/features/identity/components/identity-screens').then(
      ({ IdentityEntryScreen }) =>
        function IdentityEmail() {
          return <IdentityEntryScreen provider="email" />;
        },
    ),
  ),
  identitySocial: lazyScreen(() =>
    import('@/features/identity/components/identity-screens').then(
      ({ IdentityEntryScreen }) =>
        function IdentitySocial() {
          return <IdentityEntryScreen provider="google" />;
        },
    ),
  ),
  socialLogin: lazyScreen(() => import('@/features/identity/components/identity-screens').then((m) => m.SocialLoginScreen)),
  mergeError: lazyScreen(() => import('@/features/identity/components/identity-screens').then((m) => m.MergeErrorScreen)),
  emailMergeSuccess: lazyScreen(() =>
    import('@/features/identity/components/identity-screens').then(
      ({ MergeSuccessScreen }) =>
        function EmailMergeSuccess() {
          return <MergeSuccessScreen kind="email" />;
        },
    ),
  ),
  socialMergeSuccess: lazyScreen(() =>
    import('@/features/identity/components/identity-screens').then(
      ({ MergeSuccessScreen }) =>
        function SocialMergeSuccess() {
          return <MergeSuccessScreen kind="social" />;
        },
    ),
  ),
  staffLogin: lazyScreen(() => import('@/features/staff-auth/components/staff-login-screen').then((m) => m.StaffLoginScreen)),
  verifyPhoneNumber: lazyScreen(() => import('@/features/auth/components/verify-phone-screen').then((m) => m.VerifyPhoneScreen)),
  saveRecoveryCode: lazyScreen(() => import('@/features/auth/components/save-recovery-code-screen').then((m) => m.SaveRecoveryCodeScreen)),
  changePhoneRecovery: lazyScreen(() => import('@/features/recovery/components/change-phone-recovery-screen').then((m) => m.ChangePhoneRecoveryScreen)),
  changePhoneNewPhone: lazyScreen(() => import('@/features/recovery/components/change-phone-new-phone-screen').then((m) => m.ChangePhoneNewPhoneScreen)),
  multipleAccounts: lazyScreen(() => import('@/features/recovery/components/multiple-accounts-screen').then((m) => m.MultipleAccountsScreen)),
  deleteAccount: lazyScreen(() => import('@/features/account/components/delete-account-screen').then((m) => m.DeleteAccountScreen)),
  pendingDeletion: lazyScreen(() => import('@/features/account/components/pending-deletion-screen').then((m) => m.PendingDeletionScreen)),
  accountDeleted: lazyScreen(() => import('@/features/account/components/account-deleted-screen').then((m) => m.AccountDeletedScreen)),
  dependants: lazyScreen(() => import('@/features/family/components/dependants-screen').then((m) => m.DependantsScreen)),
  addDependant: lazyScreen(() => import('@/features/family/components/add-dependant-screen').then((m) => m.AddDependantScreen)),
  dependantInvitationSent: lazyScreen(() => import('@/features/family/components/invitation-sent-screen').then((m) => m.InvitationSentScreen)),
  dependantsNoSlots: lazyScreen(() => import('@/features/family/components/no-slots-screen').then((m) => m.NoSlotsScreen)),
  expiredInvitation: lazyScreen(() => import('@/features/account/components/expired-invitation-screen').then((m) => m.ExpiredInvitationScreen)),
  logout: lazyScreen(() => import('@/features/auth/components/logout-screen').then((m) => m.LogoutScreen)),
  home: lazyScreen(() => import('@/features/home/components/home-screen').then((m) => m.HomeScreen), { entry: ENTRY_SCREEN_FILES.home }),
  createProfile: lazyScreen(() => import('@/features/onboarding/components/create-profile-screen').then((m) => m.CreateProfileScreen)),
  profile: lazyScreen(() => import('@/features/profile/components/profile-screen').then((m) => m.ProfileScreen)),
  profileInformation: lazyScreen(() => import('@/features/profile/components/profile-information-screen').then((m) => m.ProfileInformationScreen)),
  profileNotifications: lazyScreen(() => import('@/features/profile/components/notifications-screen').then((m) => m.NotificationsScreen)),
  profilePharmacy: lazyScreen(() => import('@/features/prescribing/components/pharmacy-screen').then((m) => m.PharmacyScreen)),
  changeLanguage: lazyScreen(() => import('@/features/profile/components/change-language-screen').then((m) => m.ChangeLanguageScreen)),
  consent: lazyScreen(() => import('@/features/profile/components/consent-screen').then((m) => m.ConsentScreen)),
  verifiedEmail: lazyScreen(() => import('@/features/profile/components/verified-email-screen').then((m) => m.VerifiedEmailScreen)),
  useMyPhone: lazyScreen(() => import('@/features/profile/components/use-my-phone-screen').then((m) => m.UseMyPhoneScreen)),
  howItWorks: lazyScreen(() => import('@/features/home/components/how-it-works-screen').then((m) => m.HowItWorksScreen)),
  healthTips: lazyScreen(() => import('@/features/home/components/health-tips-screen').then((m) => m.HealthTipsScreen)),
  limitedServices: lazyScreen(() => import('@/features/consultation/components/limited-services-screen').then((m) => m.LimitedServicesScreen)),
  availableCoaches: lazyScreen(() => import('@/features/consultation/components/available-coaches-screen').then((m) => m.AvailableCoachesScreen)),
  coachProfile: lazyScreen(() => import('@/features/consultation/components/coach-profile-screen').then((m) => m.CoachProfileScreen)),
  locationForm: lazyScreen(() => import('@/features/consultation/components/location-form-screen').then((m) => m.LocationFormScreen)),
  videoCall: lazyScreen(() => import('./call-route').then((m) => m.CallRoute)),
  call: lazyScreen(() => import('./call-route').then((m) => m.CallRoute)),
  linkToConsult: lazyScreen(() => import('@/features/link-to-consult/components/link-entry-screen').then((m) => m.LinkEntryScreen)),
  linkToConsultClosed: lazyScreen(() => import('@/features/link-to-consult/components/link-closed-screen').then((m) => m.LinkClosedScreen)),
  linkToConsultPermissions: lazyScreen(() => import('@/features/link-to-consult/components/link-permissions-screen').then((m) => m.LinkPermissionsScreen)),
  linkToConsultFinished: lazyScreen(() => import('@/features/link-to-consult/components/link-finished-screen').then((m) => m.LinkFinishedScreen)),
  infoPage: lazyScreen(() => import('./info-page-route').then((m) => m.InfoPageRoute)),
  historyChat: lazyScreen(() => import('@/features/chat/components/history-chat-screen').then((m) => m.HistoryChatScreen)),
  dashboard: lazyScreen(() => import('@/features/dashboard/components/dashboard-screen').then((m) => m.DashboardScreen)),
  dashboardConsultation: lazyScreen(() => import('./staff-consultation-route').then((m) => m.StaffConsultationRoute)),
  admin: lazyScreen(() => import('@/features/admin/components/admin-screen').then((m) => m.AdminScreen)),
  adminCalendars: lazyScreen(() => import('@/features/admin/components/coach-calendars-screen').then((m) => m.CoachCalendarsScreen)),
  adminSupport: lazyScreen(() => import('@/features/admin/components/admin-screen').then((m) => m.AdminSupportScreen)),
  adminStaff: lazyScreen(() => import('@/features/admin/components/staff-screen').then((m) => m.StaffScreen)),
  adminMembers: lazyScreen(() => import('@/features/admin/components/members-screen').then((m) => m.MembersScreen)),
  adminUsage: lazyScreen(() => import('@/features/admin/components/usage-screen').then((m) => m.UsageScreen)),
  adminOrganizations: lazyScreen(() => import('@/features/admin/components/organizations-screen').then((m) => m.OrganizationsScreen)),
  privacyNotice: lazyScreen(() =>
    import('@/features/legal/components/legal-screen').then(
      ({ LegalScreen }) =>
        function PrivacyNotice() {
          return <LegalScreen kind="privacy" />;
        },
    ),
  ),
  privacyPractices: lazyScreen(() =>
    import('@/features/legal/components/legal-screen').then(
      ({ LegalScreen }) =>
        function PrivacyPractices() {
          return <LegalScreen kind="practices" />;
        },
    ),
  ),
  mobileRedirect: lazyScreen(() => import('@/features/mobile-redirect/components/mobile-redirect-screen').then((m) => m.MobileRedirectScreen)),
  open: lazyScreen(() => import('@/features/mobile-redirect/components/mobile-redirect-screen').then((m) => m.MobileRedirectScreen)),
  // Scheduling (issue 13).
  scheduleSelectTopic: lazyScreen(() => import('@/features/scheduling/components/select-topic-screens').then((m) => m.SelectTopicScreen)),
  scheduleSelectPhTopic: lazyScreen(() => import('@/features/scheduling/components/select-topic-screens').then((m) => m.SelectPhTopicScreen)),
  scheduleSelectCoach: lazyScreen(() => import('@/features/scheduling/components/select-coach-screen').then((m) => m.SelectCoachScreen)),
  scheduleConfirm: lazyScreen(() => import('@/features/scheduling/components/confirm-screen').then((m) => m.ConfirmScreen)),
  scheduleSuccess: lazyScreen(() => import('@/features/scheduling/components/result-screens').then((m) => m.ScheduleSuccessScreen)),
  scheduledConfirmation: lazyScreen(() => import('@/features/scheduling/components/result-screens').then((m) => m.ScheduledConfirmationScreen)),
  scheduleInProgress: lazyScreen(() => import('@/features/scheduling/components/result-screens').then((m) => m.ScheduleInProgressScreen)),
  scheduleSlotTaken: lazyScreen(() => import('@/features/scheduling/components/result-screens').then((m) => m.ScheduleSlotTakenScreen)),
  scheduleCanceled: lazyScreen(() => import('@/features/scheduling/components/result-screens').then((m) => m.ScheduleCanceledScreen)),
  cancelConfirmationLink: lazyScreen(() => import('@/features/scheduling/components/cancel-link-screen').then((m) => m.CancelLinkScreen)),
  eventsDebug: lazyScreen(() => import('@/features/events-debug/components/events-debug-screen').then((m) => m.EventsDebugScreen)),
  // Membership and payments (issue 14).
  paywall: lazyScreen(() => import('@/features/membership/components/paywall-screen').then((m) => m.PaywallScreen)),
  membership: lazyScreen(() => import('@/features/membership/components/membership-screen').then((m) => m.MembershipScreen)),
  paymentLoading: lazyScreen(() => import('@/features/membership/components/payment-loading-screen').then((m) => m.PaymentLoadingScreen)),
  paymentSuccess: lazyScreen(() => import('@/features/membership/components/payment-success-screen').then((m) => m.PaymentSuccessScreen)),
  // What the member keeps (issue 12).
  history: lazyScreen(() => import('@/features/record/components/history-screen').then((m) => m.HistoryScreen), { entry: ENTRY_SCREEN_FILES.history }),
  historyDetail: lazyScreen(() => import('@/features/record/components/record-screen').then((m) => m.HistoryDetailScreen)),
  appointmentSummary: lazyScreen(() => import('@/features/record/components/record-screen').then((m) => m.AppointmentSummaryScreen)),
  survey: lazyScreen(() => import('@/features/record/components/survey-screen').then((m) => m.SurveyScreen)),
  reportProblem: lazyScreen(() => import('@/features/support/components/report-problem-screen').then((m) => m.ReportProblemScreen)),
  supportContact: lazyScreen(() => import('@/features/support/components/support-contact-screen').then((m) => m.SupportContactScreen)),
};

/** The spinner screens are part of the shell (they are also the loading fallback): not split. */
const EAGER_SCREENS: Partial<Record<RouteName, ReactNode>> = {
  loading: <LoadingScreen testId="loading-screen" />,
  paymentLoading: <LoadingScreen testId="payment-loading-screen" />,
};

/**
 * The likely next screens, fetched once the current one is shown and the browser is idle, so the
 * next step opens without waiting for its code (after /login the code check, after sign-in /inicio).
 * The build reads this list (screen-prefetch.ts, beside vite.config.ts): keep it a literal.
 */
const NEXT_SCREENS: Partial<Record<RouteName, readonly RouteName[]>> = {
  selectLanguage: ['presignup', 'login'],
  presignup: ['login'],
  login: ['verifyPhoneNumber'],
  verifyPhoneNumber: ['home', 'saveRecoveryCode', 'createProfile'],
  saveRecoveryCode: ['home', 'createProfile'],
  createProfile: ['home'],
  staffLogin: ['dashboard', 'admin'],
  home: ['availableCoaches', 'profile'],
  availableCoaches: ['coachProfile', 'locationForm'],
  coachProfile: ['locationForm'],
  locationForm: ['videoCall'],
  dashboard: ['dashboardConsultation'],
};

/**
 * What a screen shows first, fetched as soon as its route opens with a session: /inicio waits for the
 * member before it renders (RootLayout), and asked for its topics only then, one round trip later.
 */
const ROUTE_DATA: Partial<Record<RouteName, (client: QueryClient, language: Language) => Promise<unknown>>> = {
  home: (client, language) => client.prefetchQuery(topicsTemplateQuery(language)),
};

/** Starts fetching the data of a route's screen (prefetchQuery never throws: a failure is the screen's query's). */
export const prefetchRouteData = (name: RouteName, client: QueryClient, language: Language): void => {
  void ROUTE_DATA[name]?.(client, language);
};

/** Fetches the code of the given screens (errors are ignored: the route retries when opened). */
export const preloadScreens = (names: readonly RouteName[]): Promise<unknown> =>
  Promise.allSettled(names.flatMap((name) => SCREENS[name]?.preload() ?? []));

/**
 * Fetches a likely next screen's code without running it (issue 10, TBT): the build lists each one's
 * files in the page (screen-prefetch-files.ts), fetched and compiled as module preloads; the screen's
 * modules run when it opens. Where there is no list (the dev server, tests) the screen is loaded.
 */
const prefetchScreen = (name: RouteName): Promise<unknown> => {
  const files = screenPrefetchFiles()?.[name];
  return files ? modulePreload(files, whenIdle) : preloadScreens([name]);
};

/** Every lazy screen (tests render the whole app and expect each screen in its first render). */
export const preloadAllScreens = (): Promise<unknown> => preloadScreens(Object.keys(SCREENS) as RouteName[]);

/**
 * Issue 10 (first load, LCP): whether the screen of `name` can show (its code has arrived, or failed
 * to: the screen's error boundary then says so), fetching it when not. Until then RootLayout shows a
 * spinner of its own in the screen's place instead of letting the screen suspend: React reveals a
 * Suspense boundary's content no sooner than 300 ms after its fallback showed (its "fallback throttle"), which held
 * /inicio and /consulta/historial on the spinner for about 200 ms after everything had arrived.
 * Undefined (no screen to show: a redirect, an unknown path): true.
 */
export function useScreenCode(name: RouteName | undefined): boolean {
  const screen = name === undefined ? undefined : SCREENS[name];
  // How the last fetch ended (setting it re-renders; an arrived screen is then `loaded()`).
  const [settled, setSettled] = useState<{ screen: LazyScreen; failed: boolean }>();
  const ready = screen === undefined || screen.loaded() || (settled?.screen === screen && settled.failed);
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    screen.preload().then(
      () => live && setSettled({ screen, failed: false }),
      () => live && setSettled({ screen, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [screen, ready]);
  return ready;
}

/**
 * Runs the steps one after the other, each when the browser is idle again after the previous one
 * has settled: each module fetched is also run when it arrives, and running the rest of the
 * messages and two screens' chunks in one go was a 285 ms task on /inicio on a phone's CPU (issue
 * 10, TBT). Returns what stops the steps not begun.
 */
export const whenIdleEach = (steps: readonly (() => Promise<unknown>)[]): (() => void) => {
  let cancel = () => undefined as void;
  let stopped = false;
  const next = (i: number) => {
    if (stopped || i >= steps.length) return;
    cancel = whenIdle(() => void steps[i]!().catch(() => undefined).finally(() => next(i + 1)));
  };
  next(0);
  return () => {
    stopped = true;
    cancel();
  };
};

function RouteScreen({ name, screen }: { name: RouteName; screen: LazyScreen }) {
  useEffect(() => {
    const next = NEXT_SCREENS[name];
    // A screen that opens a session (the code check, the staff sign-in) fetches the signed-in shell
    // too, which RootLayout waits for once there is a session; /login never does.
    const opensSession = next?.some((n) => ROUTE_DEFS[n].auth !== 'public') ?? false;
    // The signed-in shell first when this screen opens a session (RootLayout waits for it, and the
    // dialogs it holds, such as the terms, open from it), then the rest of the language's messages
    // (an entry screen did not wait for them), then the likely next screens.
    return whenIdleEach([...(opensSession ? [preloadSignedInShell] : []), completeStoredLanguage, ...(next ?? []).map((n) => () => prefetchScreen(n))]);
  }, [name]);
  return <screen.Component />;
}

const routeElement = (name: RouteName): ReactNode => {
  const screen = SCREENS[name];
  if (!screen) return EAGER_SCREENS[name];
  return (
    // (RootLayout waits for the screen's code: see useScreenCode. The id tells this fallback apart.)
    <Suspense fallback={<LoadingScreen testId="screen-code-loading" />}>
      <RouteScreen name={name} screen={screen} />
    </Suspense>
  );
};

export interface AppRoute {
  name: RouteName;
  /** The path registered with the router (a route's aliases are registered as well). */
  path: string;
  /** The route's main path (its aliases are registered beside it). */
  canonicalPath: string;
  /** 'public' and 'any' are exempt from the route guard; 'member' needs a session. */
  auth: RouteAuth;
  bottomNav: boolean;
  element?: ReactNode;
}

/** One row per registered path, in the domain table's order. */
export const ROUTE_TABLE: readonly AppRoute[] = ROUTE_NAMES.flatMap((name) => {
  const def: RouteDef = ROUTE_DEFS[name];
  const paths: readonly string[] = [def.path, ...(def.aliases ?? [])];
  return paths.map((path) => ({
    name,
    path,
    canonicalPath: def.path,
    auth: def.auth,
    bottomNav: def.bottomNav,
    // "/" is home's alias, and also where a finished login lands: it forwards to the initial path.
    element: path === '/' ? <InitialPathRedirect /> : routeElement(name),
  }));
});
