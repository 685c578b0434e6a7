/**
 * Who sees and may do what (spec 001 §6 "Roles and permissions", spec 000 §1 service scope). The
 * working hours (spec 9) are in ./working-hours.ts.
 */
import { DOWNLOAD_APP_PROMPT_FROM_VISIT, LIMITS, SERVICE_SCOPE, type Language } from './constants';
import { hasOrgFlag, type OrganizationSettings, type Practice, type SurveyType, type UserType } from './enums';
import { buildPath } from './routes';

// ---------------------------------------------------------------------------------------------
// Service scope

export type ServiceScope = 'full-care' | 'coaching-only';

/** spec 1/6: full care in AZ, CA, TX, FL and Mexico; coaching and guidance only elsewhere. */
export const serviceScope = (where: { country?: string | null; state?: string | null }): ServiceScope => {
  const country = (where.country ?? '').toUpperCase();
  if ((SERVICE_SCOPE.fullCareCountries as readonly string[]).includes(country)) return 'full-care';
  const state = (where.state ?? '').toUpperCase();
  if (country === 'US' && (SERVICE_SCOPE.fullCareUsStates as readonly string[]).includes(state)) return 'full-care';
  return 'coaching-only';
};

/** spec 1/6: prescription delivery is only for California. */
export const canDeliverPrescription = (where: { country?: string | null; state?: string | null }): boolean =>
  (where.country ?? '').toUpperCase() === 'US' && (SERVICE_SCOPE.prescriptionDeliveryUsStates as readonly string[]).includes((where.state ?? '').toUpperCase());

/** spec 6: US users check availability by state; non-US users without availability go to limited services. */
export const locationConfirmationRoute = (where: { country?: string | null; state?: string | null }): 'continue' | 'limited-services' =>
  serviceScope(where) === 'full-care' ? 'continue' : 'limited-services';

// ---------------------------------------------------------------------------------------------
// Visibility by organization and member kind (spec 2 /perfil, spec 6)

export interface VisibilityInput {
  organization?: { settings?: OrganizationSettings | null; dependantOrganizations?: readonly string[] | null; sites?: readonly unknown[] | null } | null;
  isPartnerUser: boolean;
  subscriptionStatus?: string | null;
  membershipExpired: boolean;
  pushPermissionDenied: boolean;
  changePhoneFeatureEnabled: boolean;
}

export interface ProfileMenu {
  trialCard: boolean;
  changeLoginPhone: boolean;
  deleteAccount: boolean;
  contactSupport: boolean;
  reportProblem: boolean;
  profileInformation: boolean;
  /** Issue 12: the member's preferred pharmacy (prescriptions are sent there). */
  pharmacy: boolean;
  changeLanguage: boolean;
  membership: boolean;
  myFamily: boolean;
  invitationCode: boolean;
  enableNotifications: boolean;
  changeSite: boolean;
  /** Issue 15: /cambia-organizacion and /cancela-membresia-organizacion, for a member of an organization. */
  changeOrganization: boolean;
  leaveOrganization: boolean;
  howItWorks: boolean;
  healthTips: boolean;
  privacy: boolean;
  /** The notice of privacy practices (US, HIPAA), beside the privacy notice (issue 10: both legal pages from the profile). */
  privacyPractices: boolean;
  closeSession: boolean;
}

export const profileMenu = (v: VisibilityInput): ProfileMenu => {
  const org = v.organization ?? null;
  const trial = v.subscriptionStatus === 'trial';
  return {
    trialCard: trial && !org, // spec 2: trial status and no organization
    changeLoginPhone: v.changePhoneFeatureEnabled, // feature-gated
    deleteAccount: !v.isPartnerUser, // hidden for partner users
    contactSupport: supportOffered(org), // spec 6 SupportAvailable (see supportOffered)
    reportProblem: true,
    profileInformation: true,
    pharmacy: true,
    changeLanguage: true,
    membership: !v.isPartnerUser && !trial && !v.membershipExpired, // hidden for partner, trial, expired
    myFamily: (org?.dependantOrganizations?.length ?? 0) > 0, // if organization has dependantOrganizations
    invitationCode: !org, // hidden if already in an organization
    enableNotifications: v.pushPermissionDenied, // only when push permission is denied
    changeSite: (org?.sites?.length ?? 0) > 1, // spec 6: more than one site
    changeOrganization: org !== null,
    leaveOrganization: org !== null,
    howItWorks: !v.isPartnerUser, // spec 6: partner users hide how-it-works, tips, privacy
    healthTips: !v.isPartnerUser,
    privacy: !v.isPartnerUser,
    privacyPractices: !v.isPartnerUser,
    closeSession: true,
  };
};

/**
 * spec 6 SupportAvailable, the one rule for the support form (server), the profile's contact-support
 * entry and the home support tile (web). SupportAvailable is an organization setting: it decides
 * what an organization's members get. A member with no organization (an individual subscriber)
 * always has support: the B2B-membership topic of the form is hers alone, and the sign-up's
 * phone-already-used warning links to the form.
 */
export const supportOffered = (organization: { settings?: OrganizationSettings | null } | null | undefined): boolean =>
  !organization || hasOrgFlag(organization.settings, 'SUPPORT_AVAILABLE');

/** spec 6: scheduling and support tiles depend on SchedulingAvailable and SupportAvailable. */
export const homeTiles = (organization: { settings?: OrganizationSettings | null } | null | undefined): { scheduling: boolean; support: boolean } => ({
  scheduling: hasOrgFlag(organization?.settings, 'SCHEDULING_AVAILABLE'),
  support: supportOffered(organization),
});

/**
 * spec 2/6: social login buttons. Restricted by default for members with no organization (shown
 * when a partner is present), and hidden whenever RestrictSocialLogin is on.
 */
export const showsSocialLogin = (ctx: { settings?: OrganizationSettings | null; hasOrganization: boolean; partnerPresent: boolean }): boolean => {
  if (hasOrgFlag(ctx.settings, 'RESTRICT_SOCIAL_LOGIN')) return false;
  return ctx.hasOrganization || ctx.partnerPresent;
};

/** spec 2: the protects-your-info banner: not English, and (on /login) no organization selected. */
export const showsProtectionBanner = (ctx: { language: Language; screen: 'login' | 'presignup'; hasOrganization: boolean }): boolean =>
  ctx.language !== 'en' && (ctx.screen === 'presignup' || !ctx.hasOrganization);

/** spec 2: back from /login goes to language select with a partner, else /presignup; hidden for B2B/org login. */
export const loginBackTarget = (ctx: { partnerPresent: boolean; b2bOrOrganizationLogin: boolean }): string | null => {
  if (ctx.b2bOrOrganizationLogin) return null;
  return buildPath(ctx.partnerPresent ? 'selectLanguage' : 'presignup');
};

/** spec 2: /select-language continues to /login if a partner exists, otherwise /presignup. */
export const afterLanguageSelected = (partnerPresent: boolean): string => buildPath(partnerPresent ? 'login' : 'presignup');

/** spec 6: the B2B membership support topic is hidden for organization members. */
export const showsB2bSupportTopic = (hasOrganization: boolean): boolean => !hasOrganization;

/** spec 6: the survey type depends on practice. */
export const surveyTypeForPractice = (practice: Practice | null | undefined): Extract<SurveyType, 'mental-health satisfaction' | 'general satisfaction'> =>
  practice === 'mentalhealth' ? 'mental-health satisfaction' : 'general satisfaction';

/** spec 6: only online, available mx-physicians are online coaches. */
export const isListedOnlineCoach = (p: { isOnline?: boolean | null; isAvailable?: boolean | null; userType: UserType }): boolean =>
  !!p.isOnline && !!p.isAvailable && p.userType === 'mx-physician';

/** spec 6: schedulable today: slots today and not online and available. */
export const isSchedulableToday = (p: { isOnline?: boolean | null; isAvailable?: boolean | null; slotsToday: number }): boolean =>
  p.slotsToday > 0 && !(p.isOnline && p.isAvailable);

/** spec 9: help by WhatsApp for non-US and by SMS for US. */
export const helpChannelFor = (country: string): 'whatsapp' | 'sms' => (country.toUpperCase() === 'US' ? 'sms' : 'whatsapp');

/** spec 8: no coaches online: lack_of_personnel_no_ondemand, plus come_back_later without scheduling. */
export const noCoachesMessageKeys = (schedulingAvailable: boolean): string[] =>
  schedulingAvailable ? ['lack_of_personnel_no_ondemand'] : ['lack_of_personnel_no_ondemand', 'come_back_later'];

/** spec 9: download-app prompt on mobile web from the second dashboard visit. */
export const showsDownloadAppPrompt = (ctx: { mobileWeb: boolean; dashboardVisits: number }): boolean =>
  ctx.mobileWeb && ctx.dashboardVisits >= DOWNLOAD_APP_PROMPT_FROM_VISIT;

/** spec 5/9: maximum dependants 3. */
export const canAddDependant = (currentCount: number): boolean => currentCount < LIMITS.maxDependants;
export const remainingDependantSlots = (currentCount: number): number => Math.max(0, LIMITS.maxDependants - currentCount);
