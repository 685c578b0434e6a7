import { describe, expect, it } from 'vitest';
import * as C from './constants';

const H = 3_600_000;
const M = 60_000;

// One row per constant of spec 001 §9.
describe('spec 9 constants', () => {
  it.each([
    ['retry count 3', C.RETRY.count, 3],
    ['retry delay 1 s', C.RETRY.delayMs, 1000],
    ['app version', C.APP_VERSION, 'v20250930.0'],
    ['trial template 45 days', C.TRIAL.templateDaysLeft, 45],
    ['trial template auto-renew', C.TRIAL.templateAutoRenew, true],
    ['trial template USD', C.TRIAL.templateCurrency, 'USD'],
    ['invitation trial 30 days', C.TRIAL.invitationTrialDays, 30],
    ['cache topics 24 h', C.CACHE_MS.topics, 24 * H],
    ['cache dependants 24 h', C.CACHE_MS.dependants, 24 * H],
    ['cache subscriptions 12 h', C.CACHE_MS.subscriptions, 12 * H],
    ['cache configuration 5 h', C.CACHE_MS.configuration, 5 * H],
    ['cache major version 12 h', C.CACHE_MS.majorVersionCheck, 12 * H],
    ['cache scheduled appointments 15 min', C.CACHE_MS.scheduledAppointments, 15 * M],
    ['cache physician 5 min', C.CACHE_MS.physician, 5 * M],
    ['other queries not kept', C.CACHE_MS.default, 0],
    ['toast default 5000', C.TOAST.defaultMs, 5000],
    ['toast warning 10000', C.TOAST.warningMs, 10000],
    ['toast company code 6 s', C.TOAST.companyCodeMs, 6000],
    ['toast max width 744', C.TOAST.maxWidthMdUp, 744],
    ['phone digits 10', C.PHONE.digits, 10],
    ['phone input max 15', C.PHONE.inputMax, 15],
    ['default country code 1', C.PHONE.defaultCountryCode, '1'],
    ['default help country US', C.PHONE.defaultHelpCountry, 'US'],
    ['verification code 6', C.PHONE.verificationCodeLength, 6],
    ['resend wait 2 min', C.AUTH.resendWaitMs, 2 * M],
    ['stale submit 5 s', C.AUTH.staleSubmitReenableMs, 5000],
    ['max dependants 3', C.LIMITS.maxDependants, 3],
    ['name min 2', C.LIMITS.nameMinLength, 2],
    ['minimum age 18', C.LIMITS.minimumAgeYears, 18],
    ['earliest birthday', C.LIMITS.earliestBirthday, '1900-01-01'],
    ['issue report earliest', C.LIMITS.issueReportEarliestDate, '2020-01-01'],
    ['calendar max 3 months', C.CALENDAR.maxMonthsAhead, 3],
    ['calendar min today', C.CALENDAR.minDaysAhead, 0],
    ['slot date format', C.CALENDAR.slotDateFormat, 'yyyy-MM-dd'],
    ['time zone fallback', C.CALENDAR.fallbackTimeZone, 'America/Mexico_City'],
    ['default state CA', C.CALENDAR.defaultState, 'CA'],
    ['online coaches poll 4 s', C.TIMERS.onlineCoachesPollMs, 4000],
    ['coach card timers 60 s', C.TIMERS.coachCardCheckMs, 60000],
    ['enter-consultation 5 min', C.TIMERS.enterConsultationThresholdMs, 5 * M],
    ['join link 5 min', C.TIMERS.joinLinkTextedBeforeMs, 5 * M],
    ['assessment 45 min', C.WORKING_HOURS.initialAssessmentMinutes, 45],
    ['support 48 h', C.WORKING_HOURS.supportReplyHoursOnPhoneChange, 48],
    ['email reminder 24 h', C.TIMERS.emailVerificationReminderMs, 24 * H],
    ['pending deletion threshold 30 days in minutes', C.PENDING_DELETION_THRESHOLD_MINUTES, 43200],
    ['default plan', C.SUBSCRIPTION.defaultPlan, 'bs_1m'],
    ['subscription currency', C.SUBSCRIPTION.currency, 'USD'],
    ['hardcoded ph topic', C.HARDCODED_TOPIC_IDS.physical, 'hardcoded_ph_topic'],
    ['hardcoded mh topic', C.HARDCODED_TOPIC_IDS.mental, 'hardcoded_mh_topic'],
    ['trial banner error <=5', C.TRIAL_BANNER.errorAtOrBelowDays, 5],
    ['trial banner warning <=15', C.TRIAL_BANNER.warningAtOrBelowDays, 15],
    ['download prompt from 2nd visit', C.DOWNLOAD_APP_PROMPT_FROM_VISIT, 2],
    ['deep link fallback 1250', C.TIMERS.deepLinkStoreFallbackMs, 1250],
    ['network check 60 s', C.TIMERS.networkQualityCheckMs, 60000],
    ['suggestion hide 10 s', C.TIMERS.networkSuggestionHideMs, 10000],
    ['waiting countdown 300 s', C.TIMERS.waitingCountdownSeconds, 300],
    ['chat scroll 500', C.TIMERS.chatScrollDelayMs, 500],
    ['card click 200', C.TIMERS.cardClickNavigationDelayMs, 200],
    ['file name 30 chars', C.CHAT.fileNameMaxChars, 30],
    ['chat rows 5', C.CHAT.inputMaxRows, 5],
    ['chat time format', C.CHAT.timeFormat, 'h:mm a'],
    ['rating min', C.LIMITS.ratingMin, 1],
    ['rating max', C.LIMITS.ratingMax, 5],
    ['video width', C.VIDEO.width, 1280],
    ['video height', C.VIDEO.height, 720],
    ['video fps', C.VIDEO.frameRate, 24],
    ['tracks mobile', C.VIDEO.maxTracksMobile, 5],
    ['tracks desktop', C.VIDEO.maxTracksDesktop, 10],
    ['audio bitrate', C.VIDEO.maxAudioBitrate, 16000],
    ['mobile bitrate cap', C.VIDEO.mobileSubscriptionBitrateCap, 2_500_000],
    ['codec', C.VIDEO.preferredCodec, 'VP8'],
    ['bandwidth mode', C.VIDEO.bandwidthProfileMode, 'collaboration'],
    ['render standard', C.VIDEO.renderDimensions.standard, '960p'],
    ['render high', C.VIDEO.renderDimensions.high, 'wide1080p'],
    ['render low', C.VIDEO.renderDimensions.low, 'low'],
    ['camera priority', C.VIDEO.cameraPriority, 'low'],
    ['room listeners', C.VIDEO.maxRoomListeners, 15],
    ['map zoom', C.PHARMACY_MAP.zoom, 15],
    ['map height', C.PHARMACY_MAP.heightPx, 158],
    ['modal no auto close', C.MODAL.noAutoCloseTimeout, 0],
    ['doctor modal width', C.MODAL.doctorModalWidthPx, 552],
    ['spacing', C.THEME.spacingPx, 8],
    ['radius', C.THEME.radiusPx, 16],
    ['primary', C.THEME.colors.primary, '#FF5A40'],
    ['secondary', C.THEME.colors.secondary, '#037774'],
    ['background', C.THEME.colors.background, '#F6F1EB'],
    ['emergency', C.EMERGENCY_NUMBER, '911'],
    ['identity authorize 10 s', C.TIMERS.identityAuthorizeTimeoutMs, 10000],
    ['events db', C.EVENTS_TRACKING_DB.name, 'events-tracking'],
    ['events db version', C.EVENTS_TRACKING_DB.version, 1],
    ['events date key', C.CALENDAR.eventsDateKeyFormat, 'yyyyMMdd'],
    ['camera throttle 1 s', C.TIMERS.cameraToggleThrottleMs, 1000],
    ['scroll Android 500', C.TIMERS.scrollToErrorAndroidMs, 500],
    ['scroll other 100', C.TIMERS.scrollToErrorMs, 100],
  ] as const)('%s', (_what, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('breakpoints xs0 sm600 md960 lg1280 xl1920', () => {
    expect(C.THEME.breakpoints).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
  });
  it('plans in order', () => expect(C.SUBSCRIPTION_PLAN_IDS).toEqual(['bs_12m', 'bs_6m', 'bs_1m', 'bs_1w']));
  it('a week counts as 1 month and a year as 12', () => {
    expect(C.SUBSCRIPTION.monthsByPlan).toEqual({ bs_12m: 12, bs_6m: 6, bs_1m: 1, bs_1w: 1 });
  });
  it('report reasons', () =>
    expect(C.REPORT_REASONS).toEqual(['rude_unprofessional', 'wait_too_long', 'difficulties_understanding', 'clinician_technical_problems', 'not_heard', 'no_follow_up', 'other']));
  it('consequence options', () => expect(C.REPORT_CONSEQUENCES).toEqual(['stress_anxious', 'ignored_disrespected', 'not_cared', 'other']));
  it('network levels', () => expect(C.NETWORK_QUALITY_LEVELS).toEqual({ bad: [1], regular: [2, 3], good: [4, 5] }));
  it('care runs Monday to Friday', () => expect(C.WORKING_HOURS.weekdays).toEqual([1, 2, 3, 4, 5]));
  it('no simulcast for peer-to-peer and go rooms', () => expect(C.VIDEO.noSimulcastRoomTypes).toEqual(['peer-to-peer', 'go']));
  it('chat history retry codes', () => expect(C.CHAT.historyRetryErrorCodes).toEqual([50400, 50430]));
  it('call error codes', () => expect(C.CALL_ERROR_CODES).toEqual({ invalidCredentials: 20101, roomClosed: 53205 }));
  it('service scope', () => {
    expect(C.SERVICE_SCOPE.fullCareUsStates).toEqual(['AZ', 'CA', 'TX', 'FL']);
    expect(C.SERVICE_SCOPE.prescriptionDeliveryUsStates).toEqual(['CA']);
  });
  it('toast at bottom centre', () => expect(C.TOAST.position).toEqual({ vertical: 'bottom', horizontal: 'center' }));
  it('fixed texts', () => {
    expect(C.COACH_SEARCHING_US_DOCTOR_TOAST).toBe('Espera un momento. Estamos buscando un doctor de EE.UU. disponible.');
    expect(C.FIXED_TEXTS.reconnectingBanner).toBe('Conexión perdida: Reconectando...');
    expect(C.TIMEOUT_MODAL_TEXT).toContain('tolerancia');
  });
});
