import { matchRoute, type RouteName } from '@puente/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * WCAG 2.4.2 (issue 10): every screen has its own localised document title, by route name
 * (locales/<lang>/titles.json). Kept apart from route-table.tsx so the screens can change there.
 */
export const ROUTE_TITLE_KEYS: Record<RouteName, string> = {
  selectLanguage: 'page_title_select_language',
  presignup: 'page_title_presignup',
  registerEmployerCode: 'page_title_register_employer_code',
  registerEmployerCodeSuccess: 'page_title_register_employer_code_success',
  organizationRegistration: 'page_title_organization_registration',
  organizationRegistrationSuccess: 'page_title_organization_registration_success',
  login: 'page_title_login',
  verifyPhoneNumber: 'page_title_verify_phone_number',
  saveRecoveryCode: 'page_title_save_recovery_code',
  multipleAccounts: 'page_title_multiple_accounts',
  identityVerify: 'page_title_identity_verify',
  identityEmail: 'page_title_identity_email',
  identitySocial: 'page_title_identity_social',
  mergeError: 'page_title_merge_error',
  socialLogin: 'page_title_social_login',
  emailMergeSuccess: 'page_title_email_merge_success',
  socialMergeSuccess: 'page_title_social_merge_success',
  changePhoneRecovery: 'page_title_change_phone_recovery',
  changePhoneNewPhone: 'page_title_change_phone_new_phone',
  useMyPhone: 'page_title_use_my_phone',
  verifiedEmail: 'page_title_verified_email',
  pendingDeletion: 'page_title_pending_deletion',
  accountDeleted: 'page_title_account_deleted',
  logout: 'page_title_logout',
  expiredInvitation: 'page_title_expired_invitation',
  loading: 'page_title_loading',
  paymentLoading: 'page_title_payment_loading',
  mobileRedirect: 'page_title_mobile_redirect',
  privacyNotice: 'page_title_privacy_notice',
  privacyPractices: 'page_title_privacy_practices',
  eventsDebug: 'page_title_events_debug',
  createProfile: 'page_title_create_profile',
  linkToConsult: 'page_title_link_to_consult',
  linkToConsultClosed: 'page_title_link_to_consult_closed',
  linkToConsultPermissions: 'page_title_link_to_consult_permissions',
  linkToConsultFinished: 'page_title_link_to_consult_finished',
  cancelConfirmationLink: 'page_title_cancel_confirmation_link',
  call: 'page_title_call',
  open: 'page_title_open',
  home: 'page_title_home',
  howItWorks: 'page_title_how_it_works',
  healthTips: 'page_title_health_tips',
  supportContact: 'page_title_support_contact',
  reportProblem: 'page_title_report_problem',
  profile: 'page_title_profile',
  profileInformation: 'page_title_profile_information',
  profileNotifications: 'page_title_profile_notifications',
  profilePharmacy: 'page_title_profile_pharmacy',
  changeLanguage: 'page_title_change_language',
  deleteAccount: 'page_title_delete_account',
  consent: 'page_title_consent',
  limitedServices: 'page_title_limited_services',
  membership: 'page_title_membership',
  paywall: 'page_title_paywall',
  paymentSuccess: 'page_title_payment_success',
  changeOrganization: 'page_title_change_organization',
  cancelOrganizationMembership: 'page_title_cancel_organization_membership',
  changeOrganizationSite: 'page_title_change_organization_site',
  dependants: 'page_title_dependants',
  addDependant: 'page_title_add_dependant',
  dependantInvitationSent: 'page_title_dependant_invitation_sent',
  dependantsNoSlots: 'page_title_dependants_no_slots',
  availableCoaches: 'page_title_available_coaches',
  coachProfile: 'page_title_coach_profile',
  locationForm: 'page_title_location_form',
  videoCall: 'page_title_video_call',
  infoPage: 'page_title_info_page',
  appointmentSummary: 'page_title_appointment_summary',
  history: 'page_title_history',
  historyChat: 'page_title_history_chat',
  historyDetail: 'page_title_history_detail',
  survey: 'page_title_survey',
  scheduledConfirmation: 'page_title_scheduled_confirmation',
  scheduleSelectTopic: 'page_title_schedule_select_topic',
  scheduleSelectPhTopic: 'page_title_schedule_select_ph_topic',
  scheduleSelectCoach: 'page_title_schedule_select_coach',
  scheduleConfirm: 'page_title_schedule_confirm',
  scheduleSuccess: 'page_title_schedule_success',
  scheduleInProgress: 'page_title_schedule_in_progress',
  scheduleSlotTaken: 'page_title_schedule_slot_taken',
  scheduleCanceled: 'page_title_schedule_canceled',
  dashboard: 'page_title_dashboard',
  dashboardConsultation: 'page_title_dashboard_consultation',
  admin: 'page_title_admin',
  adminCalendars: 'page_title_admin_calendars',
  adminSupport: 'page_title_admin_support',
  adminStaff: 'page_title_admin_staff',
  adminMembers: 'page_title_admin_members',
  adminUsage: 'page_title_admin_usage',
  adminOrganizations: 'page_title_admin_organizations',
  staffLogin: 'page_title_staff_login',
};

/** The onboarding steps share one route; the step makes each its own title. */
const stepOf = (name: RouteName, pathname: string): string | undefined =>
  name === 'createProfile' ? /^\/induccion\/crear-perfil\/(\d+)/.exec(pathname)?.[1] : undefined;

/** The title of a pathname in the current language ("Iniciar sesión · Puente"); the app's name alone for unknown paths. */
export const documentTitleFor = (pathname: string, t: (key: string, options?: Record<string, unknown>) => string): string => {
  const name = matchRoute(pathname);
  if (!name) return t('app_name');
  const step = stepOf(name, pathname);
  const title = step ? t('page_title_step', { title: t(ROUTE_TITLE_KEYS[name]), step }) : t(ROUTE_TITLE_KEYS[name]);
  return t('page_title_template', { title, app: t('app_name') });
};

/** Keeps document.title in step with the route and the language (used once, in the root layout). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const title = documentTitleFor(pathname, t);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
