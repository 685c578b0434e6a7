import { ROUTE_NAMES, ROUTES as ROUTE_DEFS, type RouteAuth, type RouteDef, type RouteName } from '@puente/domain';
import type { ReactNode } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { AccountDeletedScreen } from '@/features/account/components/account-deleted-screen';
import { DeleteAccountScreen } from '@/features/account/components/delete-account-screen';
import { ExpiredInvitationScreen } from '@/features/account/components/expired-invitation-screen';
import { PendingDeletionScreen } from '@/features/account/components/pending-deletion-screen';
import { ChangePhoneNewPhoneScreen } from '@/features/recovery/components/change-phone-new-phone-screen';
import { ChangePhoneRecoveryScreen } from '@/features/recovery/components/change-phone-recovery-screen';
import { MultipleAccountsScreen } from '@/features/recovery/components/multiple-accounts-screen';
import { AdminScreen } from '@/features/admin/components/admin-screen';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { LogoutScreen } from '@/features/auth/components/logout-screen';
import { PresignupScreen } from '@/features/auth/components/presignup-screen';
import { SaveRecoveryCodeScreen } from '@/features/auth/components/save-recovery-code-screen';
import { SelectLanguageScreen } from '@/features/auth/components/select-language-screen';
import { VerifyPhoneScreen } from '@/features/auth/components/verify-phone-screen';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { AvailableCoachesScreen } from '@/features/consultation/components/available-coaches-screen';
import { CoachProfileScreen } from '@/features/consultation/components/coach-profile-screen';
import { InfoPageScreen } from '@/features/consultation/components/info-page-screen';
import { LimitedServicesScreen } from '@/features/consultation/components/limited-services-screen';
import { LocationFormScreen } from '@/features/consultation/components/location-form-screen';
import { HealthTipsScreen } from '@/features/home/components/health-tips-screen';
import { HomeScreen } from '@/features/home/components/home-screen';
import { HowItWorksScreen } from '@/features/home/components/how-it-works-screen';
import { IdentityEntryScreen, MergeErrorScreen, MergeSuccessScreen, SocialLoginScreen } from '@/features/identity/components/identity-screens';
import { IdentityVerifyScreen } from '@/features/identity/components/identity-verify-screen';
import { SocialLoginButtons } from '@/features/identity/components/social-login-buttons';
import { StaffLoginScreen } from '@/features/staff-auth/components/staff-login-screen';
import { CreateProfileScreen } from '@/features/onboarding/components/create-profile-screen';
import { ChangeLanguageScreen } from '@/features/profile/components/change-language-screen';
import { ConsentScreen } from '@/features/profile/components/consent-screen';
import { NotificationsScreen } from '@/features/profile/components/notifications-screen';
import { ProfileInformationScreen } from '@/features/profile/components/profile-information-screen';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { UseMyPhoneScreen } from '@/features/profile/components/use-my-phone-screen';
import { VerifiedEmailScreen } from '@/features/profile/components/verified-email-screen';
import { HistoryChatScreen } from '@/features/chat';
import { LinkClosedScreen } from '@/features/link-to-consult/components/link-closed-screen';
import { LinkEntryScreen } from '@/features/link-to-consult/components/link-entry-screen';
import { LinkFinishedScreen } from '@/features/link-to-consult/components/link-finished-screen';
import { LinkPermissionsScreen } from '@/features/link-to-consult/components/link-permissions-screen';
import { LegalScreen } from '@/features/legal/components/legal-screen';
import { MobileRedirectScreen } from '@/features/mobile-redirect/components/mobile-redirect-screen';
import { EventsDebugScreen } from '@/features/events-debug/components/events-debug-screen';
import { CallRoute } from './call-route';
import { StaffConsultationRoute } from './staff-consultation-route';
import { InitialPathRedirect } from './initial-path-redirect';

/**
 * The screens built so far, by route name. Every other route of the domain table (spec 000 §2)
 * renders a placeholder naming its path until its issue lands.
 */
const SCREENS: Partial<Record<RouteName, ReactNode>> = {
  selectLanguage: <SelectLanguageScreen />,
  presignup: <PresignupScreen />,
  login: <LoginScreen extras={<SocialLoginButtons />} />,
  identityVerify: <IdentityVerifyScreen />,
  identityEmail: <IdentityEntryScreen provider="email" />,
  identitySocial: <IdentityEntryScreen provider="google" />,
  socialLogin: <SocialLoginScreen />,
  mergeError: <MergeErrorScreen />,
  emailMergeSuccess: <MergeSuccessScreen kind="email" />,
  socialMergeSuccess: <MergeSuccessScreen kind="social" />,
  staffLogin: <StaffLoginScreen />,
  verifyPhoneNumber: <VerifyPhoneScreen />,
  saveRecoveryCode: <SaveRecoveryCodeScreen />,
  changePhoneRecovery: <ChangePhoneRecoveryScreen />,
  changePhoneNewPhone: <ChangePhoneNewPhoneScreen />,
  multipleAccounts: <MultipleAccountsScreen />,
  deleteAccount: <DeleteAccountScreen />,
  pendingDeletion: <PendingDeletionScreen />,
  accountDeleted: <AccountDeletedScreen />,
  expiredInvitation: <ExpiredInvitationScreen />,
  logout: <LogoutScreen />,
  loading: <LoadingScreen testId="loading-screen" />,
  paymentLoading: <LoadingScreen testId="payment-loading-screen" />,
  home: <HomeScreen />,
  createProfile: <CreateProfileScreen />,
  profile: <ProfileScreen />,
  profileInformation: <ProfileInformationScreen />,
  profileNotifications: <NotificationsScreen />,
  changeLanguage: <ChangeLanguageScreen />,
  consent: <ConsentScreen />,
  verifiedEmail: <VerifiedEmailScreen />,
  useMyPhone: <UseMyPhoneScreen />,
  howItWorks: <HowItWorksScreen />,
  healthTips: <HealthTipsScreen />,
  limitedServices: <LimitedServicesScreen />,
  availableCoaches: <AvailableCoachesScreen />,
  coachProfile: <CoachProfileScreen />,
  locationForm: <LocationFormScreen />,
  videoCall: <CallRoute />,
  call: <CallRoute />,
  linkToConsult: <LinkEntryScreen />,
  linkToConsultClosed: <LinkClosedScreen />,
  linkToConsultPermissions: <LinkPermissionsScreen />,
  linkToConsultFinished: <LinkFinishedScreen />,
  infoPage: <InfoPageScreen />,
  historyChat: <HistoryChatScreen />,
  dashboard: <DashboardScreen />,
  dashboardConsultation: <StaffConsultationRoute />,
  admin: <AdminScreen />,
  privacyNotice: <LegalScreen kind="privacy" />,
  privacyPractices: <LegalScreen kind="practices" />,
  mobileRedirect: <MobileRedirectScreen />,
  open: <MobileRedirectScreen />,
  eventsDebug: <EventsDebugScreen />,
};

export interface AppRoute {
  name: RouteName;
  /** The path registered with the router (a route's aliases are registered as well). */
  path: string;
  /** The route's main path, which a placeholder names. */
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
    element: path === '/' ? <InitialPathRedirect /> : SCREENS[name],
  }));
});
