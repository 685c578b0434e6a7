/**
 * Business constants (spec 001 §9). Each carries a note of where it comes from.
 * Values the spec leaves "not shown" are chosen here, with the reason beside them.
 */

export const PHONE = {
  digits: 10, // spec 9: phone 10 digits
  inputMax: 15, // spec 9: input maximum 15
  defaultCountryCode: '1', // spec 9: default country code 1
  defaultHelpCountry: 'US', // spec 9: default help country US
  verificationCodeLength: 6, // spec 9: verification code 6 characters
  placeholder: '(XXX)-XXX-XXXX', // spec 5: placeholder format
} as const;

export const AUTH = {
  resendWaitMs: 2 * 60_000, // spec 9: resend wait 2 minutes (also the recovery send button)
  staleSubmitReenableMs: 5_000, // spec 9: a stale submit button re-enables after 5 s
  codeTtlMs: 10 * 60_000, // issue 2: codes expire after 10 minutes
  maxCodeAttempts: 5, // issue 2: five wrong tries end the challenge
  // Not in the spec: a login token only bridges verify -> createSession, so it lives briefly.
  loginTokenTtlMs: 5 * 60_000,
  // Not in the spec: members stay signed in for 30 days of refreshes; staff far less (issue 3).
  sessionTtlMs: 30 * 24 * 60 * 60_000,
  // Not in the spec: sends per phone and per IP in a rolling hour. Generous for a person,
  // tight for a script that would run up SMS costs or try to enumerate numbers.
  sendsPerPhonePerHour: 5,
  sendsPerIpPerHour: 20,
  recoveryCodeLength: 12, // Not in the spec: 12 characters from a 32-symbol alphabet (60 bits).
} as const;

/**
 * Staff sign-in (issue 3). Not in the spec: HIPAA's automatic logoff after 15 minutes without
 * activity; TOTP per RFC 6238 (30 s steps, 6 digits, one step of clock drift either way).
 */
/** The product's name, the same in every language (the page title, the installed app, the authenticator entry). */
export const PRODUCT_NAME = 'Puente';

export const STAFF_AUTH = {
  idleTimeoutMs: 15 * 60_000,
  sessionTtlMs: 12 * 60 * 60_000, // a staff session lasts one working day at most, however active
  mfaTicketTtlMs: 10 * 60_000, // the first factor is good for the same 10 minutes as a code
  maxTotpAttempts: 5, // like the phone code: five wrong tries end the ticket
  totpPeriodSeconds: 30,
  totpDigits: 6,
  totpWindow: 1,
  totpIssuer: PRODUCT_NAME,
} as const;

export const TOAST = {
  defaultMs: 5_000, // spec 9: default auto-hide 5000 ms
  warningMs: 10_000, // spec 9: 10000 ms for warnings and form-missing
  companyCodeMs: 6_000, // spec 9: 6 s for company-code and works-there toasts
  // spec 9 gives two readings for copy toasts (3600 s and 10 s); 10 s is the one a person can use.
  copyMs: 10_000,
  maxWidthMdUp: 744, // spec 9: maximum width 744 px at md and above
  position: { vertical: 'bottom', horizontal: 'center' }, // spec 9: bottom centre
} as const;

export const LANGUAGES = ['es', 'en'] as const; // spec 9: es (default) and en
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const APP_VERSION = 'v20250930.0'; // spec 9: app version string

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;


/** spec 7 / spec 9: failed network calls and HTTP 5xx are retried. */
export const RETRY = {
  count: 3, // spec 9: retry count 3
  delayMs: 1 * SECOND, // spec 9: delay 1 s
} as const;

/** spec 9: default trial subscription template; invitations mention a 30-day free trial. */
export const TRIAL = {
  templateDaysLeft: 45, // spec 9: 45 days left
  templateAutoRenew: true, // spec 9: auto-renew true
  templateCurrency: 'USD', // spec 9: USD
  invitationTrialDays: 30, // spec 8/9: a withdrawn invitation offers a 30-day free trial
} as const;

/** spec 9: query cache times in ms. "Other queries are not kept" -> 0 for everything else. */
export const CACHE_MS = {
  topics: 24 * HOUR, // spec 9: topics 24 h
  dependants: 24 * HOUR, // spec 9: dependants 24 h
  subscriptions: 12 * HOUR, // spec 9: subscriptions 12 h
  configuration: 5 * HOUR, // spec 9: configuration 5 h
  majorVersionCheck: 12 * HOUR, // spec 9: major-version check 12 h
  scheduledAppointments: 15 * MINUTE, // spec 9: scheduled appointments 15 min
  physician: 5 * MINUTE, // spec 7/9: getPhysician cached 5 minutes
  default: 0, // spec 9: other queries are not kept
} as const;

/** spec 9: calendar and dates. */
export const CALENDAR = {
  maxMonthsAhead: 3, // spec 9: max 3 months ahead
  minDaysAhead: 0, // spec 9: min today
  slotDateFormat: 'yyyy-MM-dd', // spec 7/9: availableSlots date format
  fallbackTimeZone: 'America/Mexico_City', // spec 9: default time zone fallback
  defaultState: 'CA', // spec 9: default state CA
  eventsDateKeyFormat: 'yyyyMMdd', // spec 9: events-tracking date key
} as const;

/** spec 9: polling and timers. */
export const TIMERS = {
  onlineCoachesPollMs: 4 * SECOND, // spec 7/9: online-physicians polled every 4 s
  coachCardCheckMs: 60 * SECOND, // spec 9: coach card timers check every 60 s
  enterConsultationThresholdMs: 5 * MINUTE, // spec 4/9: enter-consultation 5 minutes before start
  joinLinkTextedBeforeMs: 5 * MINUTE, // spec 4/9: join link texted 5 minutes before the start
  waitingCountdownSeconds: 300, // spec 4/9: waiting countdown 300 s, shown m:ss
  networkQualityCheckMs: 60 * SECOND, // spec 4/9: network quality re-evaluated every 60 s
  networkSuggestionHideMs: 10 * SECOND, // spec 4/9: suggestions auto-hide after 10 s
  chatScrollDelayMs: 500, // spec 9: chat scroll delay 500 ms
  cardClickNavigationDelayMs: 200, // spec 9: card click navigation delay 200 ms
  cameraToggleThrottleMs: 1 * SECOND, // spec 5: camera toggling throttled to one per second
  scrollToErrorAndroidMs: 500, // spec 5: scroll into view 500 ms on Android
  scrollToErrorMs: 100, // spec 5: 100 ms otherwise
  deepLinkStoreFallbackMs: 1_250, // spec 2/9: deep-link store fallback 1.25 s
  identityAuthorizeTimeoutMs: 10 * SECOND, // spec 9: identity authorize timeout 10 s
  eventsTrackingRefreshMs: 1 * SECOND, // spec 9: event debug page refreshes every second
  emailVerificationReminderMs: 24 * HOUR, // spec 4/9: email verification reminder after 24 hours
} as const;

/** spec 9: working hours (the hours themselves come from configuration). */
export const WORKING_HOURS = {
  // spec 9: care and scheduling run Monday to Friday; weekends excluded unless allowOnWeekend.
  weekdays: [1, 2, 3, 4, 5] as readonly number[], // date-fns getDay: 0 Sunday .. 6 Saturday
  initialAssessmentMinutes: 45, // spec 9: the initial health assessment lasts 45 minutes
  supportReplyHoursOnPhoneChange: 48, // spec 9: support replies within 48 hours on a phone change
} as const;

/**
 * spec 9: "Pending-deletion threshold is a constant in minutes (value not shown)".
 * Chosen: 30 days. A deleted medical account should be restorable for a month (the common grace
 * period for account deletion, long enough to cover a holiday or a lost phone) and no longer,
 * so that a deletion request is honoured within a predictable, short time.
 */
export const PENDING_DELETION_THRESHOLD_MINUTES = 30 * 24 * 60;

/** spec 9: subscriptions. */
export const SUBSCRIPTION_PLAN_IDS = ['bs_12m', 'bs_6m', 'bs_1m', 'bs_1w'] as const; // spec 9: in that order
export type SubscriptionPlanId = (typeof SUBSCRIPTION_PLAN_IDS)[number];
export const SUBSCRIPTION = {
  defaultPlan: 'bs_1m', // spec 9: default bs_1m
  savingsBaselinePlan: 'bs_1m', // spec 9: savings compared against the bs_1m price
  currency: 'USD', // spec 9: currency USD
  // spec 9: a week counts as 1 month and a year as 12 months.
  monthsByPlan: { bs_12m: 12, bs_6m: 6, bs_1m: 1, bs_1w: 1 },
  weekPlan: 'bs_1w', // spec 9: the plan that lasts a week (spec 3: described as good for travel)
} as const satisfies {
  defaultPlan: SubscriptionPlanId;
  savingsBaselinePlan: SubscriptionPlanId;
  currency: string;
  monthsByPlan: Record<SubscriptionPlanId, number>;
  weekPlan: SubscriptionPlanId;
};

/** spec 3/9: hardcoded topic ids. */
export const HARDCODED_TOPIC_IDS = { physical: 'hardcoded_ph_topic', mental: 'hardcoded_mh_topic' } as const;
/** spec 3: topic template defaults. */
export const TOPIC_DEFAULTS = { tags: 'practice_health', reason: 'Otra preocupación médica' } as const;
/**
 * spec 3: the hardcoded physical-health topic (hardcoded_ph_topic), in each language: the template's
 * main action, and what a request is about when the member opened the coaches list without ever
 * choosing a topic on this device (a link, a bookmark): she sees it, and is asked its self-assessment,
 * as if she had chosen that tile.
 */
export const PHYSICAL_HEALTH_TOPIC = {
  id: HARDCODED_TOPIC_IDS.physical,
  practice: 'health',
  tags: TOPIC_DEFAULTS.tags,
  title: { es: 'Salud física', en: 'Physical health' },
  reason: { es: TOPIC_DEFAULTS.reason, en: 'Other medical concern' },
  requiresSelfAssessment: true,
} as const;

/** spec 9: trial banner colour thresholds (days left). */
export const TRIAL_BANNER = { errorAtOrBelowDays: 5, warningAtOrBelowDays: 15 } as const;

/** spec 9: download-app prompt on mobile web from the second dashboard visit. */
export const DOWNLOAD_APP_PROMPT_FROM_VISIT = 2;

/** spec 9: complaint report reasons and consequence options. */
export const REPORT_REASONS = [
  'rude_unprofessional',
  'wait_too_long',
  'difficulties_understanding',
  'clinician_technical_problems',
  'not_heard',
  'no_follow_up',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_CONSEQUENCES = ['stress_anxious', 'ignored_disrespected', 'not_cared', 'other'] as const;
export type ReportConsequence = (typeof REPORT_CONSEQUENCES)[number];

/** spec 9: limits on people and dates. */
export const LIMITS = {
  maxDependants: 3, // spec 9: maximum dependants 3
  nameMinLength: 2, // spec 9: name minimum 2 characters
  minimumAgeYears: 18, // spec 9: minimum age 18
  earliestBirthday: '1900-01-01', // spec 9: earliest birthday
  issueReportEarliestDate: '2020-01-01', // spec 9: issue report earliest date
  zipCodeDigits: 5, // spec 5: a five-digit zip code fills state and city
  ratingMin: 1, // spec 9: rating scale 1 to 5
  ratingMax: 5,
} as const;

/** spec 9: network quality levels as the video provider reports them (0..5). */
export const NETWORK_QUALITY_LEVELS = { bad: [1], regular: [2, 3], good: [4, 5] } as const;

/** spec 9: chat. */
export const CHAT = {
  fileNameMaxChars: 30, // spec 9: file names over 30 characters are truncated
  inputMaxRows: 5, // spec 9: chat input up to 5 rows
  timeFormat: 'h:mm a', // spec 9: with the ES locale
  // Not shown in the spec: 10 MB. Enough for a phone photo or a scanned lab PDF, small enough to
  // upload on a mobile connection during a consultation.
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentMimePrefixes: ['image/'], // spec 5: image or pdf only
  attachmentMimeTypes: ['application/pdf'],
  // spec 7: if the chat history fails with code 50400 or 50430, it retries with a different identity.
  historyRetryErrorCodes: [50400, 50430],
} as const;

/** spec 9: video. */
export const VIDEO = {
  width: 1280, // spec 9: default 1280x720
  height: 720,
  frameRate: 24, // spec 9: 24 fps
  maxTracksMobile: 5, // spec 9: max tracks 5 on mobile
  maxTracksDesktop: 10, // spec 9: 10 on desktop
  maxAudioBitrate: 16_000, // spec 9
  mobileSubscriptionBitrateCap: 2_500_000, // spec 9
  preferredCodec: 'VP8', // spec 9
  // spec 9: simulcast unless the room type is peer-to-peer or go.
  noSimulcastRoomTypes: ['peer-to-peer', 'go'],
  bandwidthProfileMode: 'collaboration', // spec 9
  renderDimensions: { low: 'low', standard: '960p', high: 'wide1080p' }, // spec 9
  cameraPriority: 'low', // spec 9
  lockPortraitOnNativeDuringCall: true, // spec 9
  maxRoomListeners: 15, // spec 9
} as const;

/** spec 8: call error codes with their own handling. */
export const CALL_ERROR_CODES = {
  invalidCredentials: 20101, // spec 8: appends '. Please make sure you are using the correct credentials.'
  roomClosed: 53205, // spec 8: goes to /link-to-consult-closed
} as const;

/** spec 2/9: pharmacy map. */
export const PHARMACY_MAP = { zoom: 15, heightPx: 158 } as const;

/** spec 9: modals. */
export const MODAL = {
  noAutoCloseTimeout: 0, // spec 9: modal timeout 0 means no auto-close
  doctorModalWidthPx: 552, // spec 9
} as const;

/** spec 9: theme. */
export const THEME = {
  breakpoints: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 }, // spec 9
  spacingPx: 8, // spec 9: spacing unit 8 px
  radiusPx: 16, // spec 9: radius 16 px
  colors: { primary: '#FF5A40', secondary: '#037774', background: '#F6F1EB' }, // spec 9
} as const;

/** spec 8/9: emergencies. */
export const EMERGENCY_NUMBER = '911';

/** spec 9: event debugging database. */
export const EVENTS_TRACKING_DB = { name: 'events-tracking', version: 1 } as const;

/** spec 5: payment publishable key prefix. Not shown in the spec: the card providers' public keys start 'pk_'. */
export const PAYMENT = { publishableKeyPrefix: 'pk_' } as const;

/** spec 7: request headers: client 'app'. */
export const CLIENT_NAME = 'app';

/** spec 6: service scope by location. */
export const SERVICE_SCOPE = {
  fullCareUsStates: ['AZ', 'CA', 'TX', 'FL'], // spec 1/6: Arizona, California, Texas, Florida
  fullCareCountries: ['MX'], // spec 1/6: and Mexico
  prescriptionDeliveryUsStates: ['CA'], // spec 1/6: prescription delivery only for California
} as const;

/** spec 4/6: the toast an mx-physician sees in COACH_REQUEST_US_DR while a US doctor is searched. */
export const COACH_SEARCHING_US_DOCTOR_TOAST = 'Espera un momento. Estamos buscando un doctor de EE.UU. disponible.';
/** spec 4/8: the timeout modal body. */
export const TIMEOUT_MODAL_TEXT =
  'Ha pasado el tiempo límite de tolerancia para entrar a esta consulta, tu coach ya no está en la llamada';
/** spec 8: other fixed texts. */
export const FIXED_TEXTS = {
  reconnectingBanner: 'Conexión perdida: Reconectando...',
  chatMediaLoadFailure: 'No se pudo cargar el contenido multimedia',
  notAllowedButton: 'Entendido, daré acceso',
  otherFailurePrefix: 'No se pudo procesar la petición.',
  sessionExpired: 'Sesión expirada',
  cancelFailure: "There was an issue and we couldn't cancel your consult. Please try again later.",
  deletionFailure: 'An error occurred and we could not delete your account. Please try again.',
  invalidCredentialsSuffix: '. Please make sure you are using the correct credentials.',
  restoreFailure: 'Error restoring account',
  memberIdMissing: 'Member id not found',
  identityVerifyFailureLog: 'Error verifying Auth0 account',
} as const;
