import { describe, expect, it } from 'vitest';
import * as E from './enums';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants';

// One row per enumeration line of spec 000 §3.
describe('spec 3 enumerations', () => {
  it.each([
    ['LOGIN_TYPES', E.LOGIN_TYPES, ['email', 'facebook', 'google', 'apple', 'temp', 'pwdless']],
    ['LOGIN_PROVIDERS', E.LOGIN_PROVIDERS, ['google', 'facebook', 'apple', 'email']],
    ['USER_TYPES', E.USER_TYPES, ['member', 'admin', 'mx-physician', 'us-physician']],
    ['LANGUAGES', LANGUAGES, ['es', 'en']],
    ['CHANNELS', E.CHANNELS, ['video-call', 'phone-call', 'email', 'chat']],
    ['APPOINTMENT_TYPES', E.APPOINTMENT_TYPES, ['scheduled', 'on-demand', 'encounter', 'addendum']],
    ['SCHEDULED_STATUSES', E.SCHEDULED_STATUSES, ['scheduled', 'in-progress', 'finished']],
    ['PRACTICES', E.PRACTICES, ['health', 'mentalhealth']],
    ['SUBSCRIPTION_STATUSES', E.SUBSCRIPTION_STATUSES, ['trial', 'cancelled', 'active', 'error-payment', 'paused', 'expired', 'renewed', 'renewal_pref_changed_down', 'renewal_pref_changed_up']],
    ['SUBSCRIPTION_PROVIDERS', E.SUBSCRIPTION_PROVIDERS, ['applestore', 'playstore', 'card', 'b2b']],
    ['PREFERRED_CONTACT_METHODS', E.PREFERRED_CONTACT_METHODS, ['email', 'phone_call', 'text_message']],
    ['SUPPORT_CONTACT_OPTIONS', E.SUPPORT_CONTACT_OPTIONS, ['email', 'phone', 'WhatsApp', 'SMS']],
    ['REGIONS', E.REGIONS, ['MX', 'US']],
    ['TOPIC_KINDS', E.TOPIC_KINDS, ['chronic_conditions', 'general', 'nutrition_weight', 'stress']],
    ['FEEDBACK_KINDS', E.FEEDBACK_KINDS, ['COMPLAINT_REPORT', 'CSAT', 'MHCSAT', 'SUPPORT']],
    ['LAB_CONSENT', E.LAB_CONSENT, ['not_asked', 'provided_no', 'provided_yes']],
    ['PRICE_TYPES', E.PRICE_TYPES, ['usp', 'coach']],
    ['SCHEDULED_TIME_BUCKETS', E.SCHEDULED_TIME_BUCKETS, ['more-than-five', 'in-five-minutes', 'started', 'today', 'tomorrow', 'more-than-tomorrow']],
    ['INSURANCE_TYPES', E.INSURANCE_TYPES, ['employer', 'spouse', 'government', 'none']],
    ['SEX', E.SEX, ['male', 'female']],
    ['GENDER', E.GENDER, ['male', 'female', 'nonbinary', 'other']],
    ['INVITATION_STATUSES', E.INVITATION_STATUSES, ['ACCEPTED', 'PENDING']],
    ['PAYMENT_STATUSES', E.PAYMENT_STATUSES, ['succeeded', 'failed', 'pending']],
    ['JOIN_METHODS', E.JOIN_METHODS, ['app', 'link']],
    ['ACCOUNT_STATES', E.ACCOUNT_STATES, ['active', 'deletion-pending', 'deleted']],
    ['EMPLOYER_CODE_STATES', E.EMPLOYER_CODE_STATES, ['notset', 'invalid', 'valid']],
    ['LOGIN_STATUSES', E.LOGIN_STATUSES, ['new_account_created', 'new_account', 'account_exist', 'multiple_accounts', 'merge_required', 'phone_already_in_use', 'phone_recovery', 'account_merged']],
    ['ROOM_STATES', E.ROOM_STATES, ['disconnected', 'reconnecting', 'connected']],
    ['PRESCRIPTION_VIEW_STATES', E.PRESCRIPTION_VIEW_STATES, ['pending', 'loading', 'ready', 'cancelled-appointment']],
    ['EMAIL_VERIFICATION_STATES', E.EMAIL_VERIFICATION_STATES, ['unverified', 'verified']],
    ['CANCEL_LINK_VIEWS', E.CANCEL_LINK_VIEWS, ['confirmation', 'consultation-canceled', 'consultation-kept', 'consultation-passed']],
    ['PAYWALL_REFERERS', E.PAYWALL_REFERERS, ['activeTrial', 'trialExpired', 'membershipExpired']],
    ['PAYWALL_VARIANTS', E.PAYWALL_VARIANTS, ['pre-paywall', 'dependant', 'postConsultation']],
    ['UNLINK_ROLES', E.UNLINK_ROLES, ['user', 'referral', 'dependant']],
    ['TOAST_VARIANTS', E.TOAST_VARIANTS, ['success', 'warning', 'info', 'error']],
    ['MODAL_ACTIONS', E.MODAL_ACTIONS, ['redirect', 'navigate-to', 'logout', 'close-modal']],
    ['ATTACHMENT_TYPES', E.ATTACHMENT_TYPES, ['symptoms', 'lab-test', 'medical-record']],
    ['DASHBOARD_TABS', E.DASHBOARD_TABS, ['medical-prescription', 'clinical-history', 'medical-plan']],
    ['PUSH_ACTIONS', E.PUSH_ACTIONS, ['CANCELLED_CONSULTATION', 'TECHNICAL_ISSUES_NO_COACH', 'TREAT_COMPLETED', 'GO_TO_FINISHED_APPOINTMENT']],
    ['RELEASE_CHECK_RESULTS', E.RELEASE_CHECK_RESULTS, ['no-update-required', 'update-required']],
    ['SURVEY_TYPES', E.SURVEY_TYPES, ['ComplaintReport', 'support', 'mental-health satisfaction', 'general satisfaction']],
  ] as const)('%s', (_name, actual, expected) => {
    expect([...actual]).toEqual([...expected]);
  });

  it('es is the default language', () => expect(DEFAULT_LANGUAGE).toBe('es'));

  it.each([
    ['good', 3],
    ['regular', 2],
    ['bad', 1],
  ] as const)('connection quality %s is %i', (name, value) => expect(E.CONNECTION_QUALITY[name]).toBe(value));

  it.each([
    [0, 'CAMERA_ON'],
    [1, 'CAMERA_OFF'],
    [2, 'CAMERA_AND_MIC_ON'],
    [3, 'CAMERA_AND_MIC_OFF'],
    [4, 'CAMERA_OFF_MIC_ON'],
    [5, 'AUDIO_CONSULT'],
    [6, 'CHAT_CONSULT'],
  ] as const)('camera/audio mode %i is %s', (value, name) => expect(E.CAMERA_AUDIO_MODES[name]).toBe(value));

  it('analytics labels are Admin, Socio and Coach', () => {
    expect(new Set(Object.values(E.ANALYTICS_ROLE_LABELS))).toEqual(new Set(['Admin', 'Socio', 'Coach']));
    expect(E.ANALYTICS_ROLE_LABELS.member).toBe('Socio');
  });

  it('every survey type maps to a feedback kind', () => {
    expect(E.FEEDBACK_KIND_BY_SURVEY_TYPE.ComplaintReport).toBe('COMPLAINT_REPORT');
    expect(E.FEEDBACK_KIND_BY_SURVEY_TYPE['mental-health satisfaction']).toBe('MHCSAT');
  });
});

describe('organization flags in both spellings (spec 3, spec 6)', () => {
  it.each([
    ['HEALTH_PROGRAMS_AVAILABLE', 'HealthProgramsAvailable'],
    ['MENTAL_HEALTH_AVAILABLE', 'MentalHealthAvailable'],
    ['MINIMAL_ONBOARDING', 'MinimalOnboarding'],
    ['OFFERS_PRODUCTS', 'OffersProducts'],
    ['PHYSICAL_HEALTH_AVAILABLE', 'PhysicalHealthAvailable'],
    ['REQUIRES_HEALTH_SCREENING_CONSENT', 'RequiresHealthScreeningConsent'],
    ['REQUIRES_IDENTIFICATION_NUMBER', 'RequiresIdentificationNumber'],
    ['REQUIRES_LAB_CONSENT', 'RequiresLabConsent'],
    ['RESTRICT_SOCIAL_LOGIN', 'RestrictSocialLogin'],
    ['SCHEDULING_AVAILABLE', 'SchedulingAvailable'],
    ['SUPPORT_AVAILABLE', 'SupportAvailable'],
    ['USP_REQUIRES_PAYMENT', 'UspRequiresPayment'],
    ['USP_SCHEDULING_AVAILABLE', 'UspSchedulingAvailable'],
    ['VOICE_REMINDERS', 'VoiceReminders'],
  ] as const)('%s / %s', (canonical, pascal) => {
    expect(E.ORGANIZATION_FLAGS).toContain(canonical);
    expect(E.normalizeOrgFlag(canonical)).toBe(canonical);
    expect(E.normalizeOrgFlag(pascal)).toBe(canonical);
    expect(E.hasOrgFlag([pascal], canonical)).toBe(true);
    expect(E.hasOrgFlag([canonical], canonical)).toBe(true);
    expect(E.hasOrgFlag({ [pascal]: true }, canonical)).toBe(true);
    expect(E.hasOrgFlag({ [canonical]: false }, canonical)).toBe(false);
  });

  it('has 14 flags', () => expect(E.ORGANIZATION_FLAGS).toHaveLength(14));

  it.each([
    [null, false],
    [undefined, false],
    [[], false],
    [['SomethingElse'], false],
    [{}, false],
    [{ SchedulingAvailable: null }, false],
  ] as const)('missing or unrelated settings %j do not turn SCHEDULING_AVAILABLE on', (settings, expected) => {
    expect(E.hasOrgFlag(settings, 'SCHEDULING_AVAILABLE')).toBe(expected);
  });

  it('unknown names normalise to undefined', () => expect(E.normalizeOrgFlag('Scheduling')).toBeUndefined());

  it('normalizeOrgSettings lists canonical flags that are on', () => {
    expect(E.normalizeOrgSettings(['SupportAvailable', 'MINIMAL_ONBOARDING', 'x'])).toEqual(['MINIMAL_ONBOARDING', 'SUPPORT_AVAILABLE']);
  });
});

describe('storage keys (spec 3, spec 9)', () => {
  it.each([
    ['topics', 'rdx-temas'],
    ['scheduleAppointment', 'rdx-schedule-appointment'],
    ['memberId', 'member-id'],
    ['deletionRequestTime', 'deletion-request-time'],
    ['lastCountryCode', 'lastcountrycode'],
    ['language', 'language'],
    ['phoneNumber', 'phoneNumber'],
    ['redirectTo', 'redirectTo'],
    ['hasJoinedToCall', 'hasJoinedToCall'],
    ['consultationRejoined', 'consultationRejoined'],
    ['isMxDoctorBusy', 'isMxDoctorBusy'],
    ['hadFreeConsultation', 'had-free-consultation'],
    ['loginFromPartner', 'login-from-partner'],
    ['verifyResponse', 'verifyResponse'],
  ] as const)('%s is %s', (key, value) => expect(E.STORAGE_KEYS[key]).toBe(value));

  it('the descriptive keys exist', () => {
    for (const k of ['deviceId', 'theme', 'organization', 'paymentIds', 'paymentFlowOpenedTimes', 'invitationToken', 'loginlessConsult', 'b2bOrgId', 'b2bEmpCode', 'b2bLang', 'b2bDownloadPage'] as const) {
      expect(E.STORAGE_KEYS[k]).toBeTruthy();
    }
  });

  it('no two keys share a value', () => {
    const values = Object.values(E.STORAGE_KEYS);
    expect(new Set(values).size).toBe(values.length);
  });

  it('partner id is in session storage', () => expect(E.SESSION_STORAGE_KEYS.partnerId).toBeTruthy());
});
