/**
 * Every enumeration of the specification (spec 000 §3 "Enumerations", plus the small state
 * vocabularies of §4 and §6). Each is an `as const` array so forms, the API and tests can iterate
 * it, with a union type beside it. Languages live in constants.ts (LANGUAGES, DEFAULT_LANGUAGE).
 */

// spec 3: login types; pwdless is the phone login.
export const LOGIN_TYPES = ['email', 'facebook', 'google', 'apple', 'temp', 'pwdless'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

// spec 3: identity-provider login providers.
export const LOGIN_PROVIDERS = ['google', 'facebook', 'apple', 'email'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

// spec 3 / spec 6: user types (roles).
export const USER_TYPES = ['member', 'admin', 'mx-physician', 'us-physician'] as const;
export type UserType = (typeof USER_TYPES)[number];

// spec 6: analytics labels are Admin, Socio and Coach (US physicians report as Coach: both are providers).
export const ANALYTICS_ROLE_LABELS: Record<UserType, 'Admin' | 'Socio' | 'Coach'> = {
  member: 'Socio',
  admin: 'Admin',
  'mx-physician': 'Coach',
  'us-physician': 'Coach',
};

// spec 6: member kinds.
export const MEMBER_KINDS = ['individual', 'organization', 'referrer', 'dependant', 'partner', 'loginless'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

// spec 3: consultation channels.
export const CHANNELS = ['video-call', 'phone-call', 'email', 'chat'] as const;
export type Channel = (typeof CHANNELS)[number];

// spec 3: appointment types.
export const APPOINTMENT_TYPES = ['scheduled', 'on-demand', 'encounter', 'addendum'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

// spec 3: scheduled appointment status (also the history card status).
export const SCHEDULED_STATUSES = ['scheduled', 'in-progress', 'finished'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

// spec 3: practice.
export const PRACTICES = ['health', 'mentalhealth'] as const;
export type Practice = (typeof PRACTICES)[number];

// spec 3: subscription status, including the store notification statuses.
export const SUBSCRIPTION_STATUSES = [
  'trial',
  'cancelled',
  'active',
  'error-payment',
  'paused',
  'expired',
  'renewed',
  'renewal_pref_changed_down',
  'renewal_pref_changed_up',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// spec 3: subscription provider: applestore, playstore, {product}, b2b. The spec's {product} is the
// card payment provider's brand; we keep the purpose ('card') and not the vendor (spec README).
export const SUBSCRIPTION_PROVIDERS = ['applestore', 'playstore', 'card', 'b2b'] as const;
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];

// spec 3: preferred contact method.
export const PREFERRED_CONTACT_METHODS = ['email', 'phone_call', 'text_message'] as const;
export type PreferredContactMethod = (typeof PREFERRED_CONTACT_METHODS)[number];

// spec 3: support contact options.
export const SUPPORT_CONTACT_OPTIONS = ['email', 'phone', 'WhatsApp', 'SMS'] as const;
export type SupportContactOption = (typeof SUPPORT_CONTACT_OPTIONS)[number];

// spec 3: region.
export const REGIONS = ['MX', 'US'] as const;
export type Region = (typeof REGIONS)[number];

// spec 3: consultation topic kinds.
export const TOPIC_KINDS = ['chronic_conditions', 'general', 'nutrition_weight', 'stress'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

// spec 3: feedback kinds.
export const FEEDBACK_KINDS = ['COMPLAINT_REPORT', 'CSAT', 'MHCSAT', 'SUPPORT'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

// spec 7: createSurvey types (the names the survey call carries).
export const SURVEY_TYPES = ['ComplaintReport', 'support', 'mental-health satisfaction', 'general satisfaction'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];
export const FEEDBACK_KIND_BY_SURVEY_TYPE: Record<SurveyType, FeedbackKind> = {
  ComplaintReport: 'COMPLAINT_REPORT',
  support: 'SUPPORT',
  'mental-health satisfaction': 'MHCSAT',
  'general satisfaction': 'CSAT',
};

// spec 3: lab consent.
export const LAB_CONSENT = ['not_asked', 'provided_no', 'provided_yes'] as const;
export type LabConsent = (typeof LAB_CONSENT)[number];

// spec 3 / spec 7 connection-strength: 3 good, 2 regular, 1 bad.
export const CONNECTION_QUALITY = { good: 3, regular: 2, bad: 1 } as const;
export type ConnectionQualityName = keyof typeof CONNECTION_QUALITY;
export type ConnectionStrength = (typeof CONNECTION_QUALITY)[ConnectionQualityName];
export const CONNECTION_STRENGTHS = [3, 2, 1] as const satisfies readonly ConnectionStrength[];

/**
 * spec 3: organization feature flags. The spec writes them two ways (HEALTH_PROGRAMS_AVAILABLE and
 * HealthProgramsAvailable); the SCREAMING_SNAKE form is canonical and the other is accepted.
 * HEALTH_PROGRAMS_AVAILABLE is only named in the spec's list of flags: it is stored, edited by the
 * admin and carried to the client in the organization's settings, and drives nothing in the spec.
 */
export const ORGANIZATION_FLAGS = [
  'HEALTH_PROGRAMS_AVAILABLE',
  'MENTAL_HEALTH_AVAILABLE',
  'MINIMAL_ONBOARDING',
  'OFFERS_PRODUCTS',
  'PHYSICAL_HEALTH_AVAILABLE',
  'REQUIRES_HEALTH_SCREENING_CONSENT',
  'REQUIRES_IDENTIFICATION_NUMBER',
  'REQUIRES_LAB_CONSENT',
  'RESTRICT_SOCIAL_LOGIN',
  'SCHEDULING_AVAILABLE',
  'SUPPORT_AVAILABLE',
  'USP_REQUIRES_PAYMENT',
  'USP_SCHEDULING_AVAILABLE',
  'VOICE_REMINDERS',
] as const;
export type OrganizationFlag = (typeof ORGANIZATION_FLAGS)[number];

/** 'USP_SCHEDULING_AVAILABLE' -> 'UspSchedulingAvailable' (the second spelling of spec 3 / spec 6). */
const toPascal = (flag: string): string =>
  flag
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export const ORGANIZATION_FLAG_ALIASES: Record<OrganizationFlag, string> = Object.fromEntries(
  ORGANIZATION_FLAGS.map((f) => [f, toPascal(f)]),
) as Record<OrganizationFlag, string>;

const FLAG_BY_KEY = new Map<string, OrganizationFlag>(
  ORGANIZATION_FLAGS.flatMap((f) => [
    [f, f],
    [ORGANIZATION_FLAG_ALIASES[f], f],
  ]),
);

/** Either spelling to the canonical flag; undefined for anything else. */
export const normalizeOrgFlag = (name: string): OrganizationFlag | undefined => FLAG_BY_KEY.get(name.trim());

/** Organization settings arrive as a list of flag names or as a map of flag -> boolean. */
export type OrganizationSettings = readonly string[] | Readonly<Record<string, boolean | null | undefined>>;

/** Whether the settings turn `flag` on, whichever spelling they use. Missing settings: off. */
export const hasOrgFlag = (settings: OrganizationSettings | null | undefined, flag: OrganizationFlag): boolean => {
  if (!settings) return false;
  if (Array.isArray(settings)) return settings.some((s: string) => normalizeOrgFlag(s) === flag);
  return Object.entries(settings).some(([key, on]) => on === true && normalizeOrgFlag(key) === flag);
};

/** The canonical list of flags that are on. */
export const normalizeOrgSettings = (settings: OrganizationSettings | null | undefined): OrganizationFlag[] =>
  ORGANIZATION_FLAGS.filter((f) => hasOrgFlag(settings, f));

// spec 3: price type (US physician visit or coach).
export const PRICE_TYPES = ['usp', 'coach'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

// spec 3: scheduled time buckets.
export const SCHEDULED_TIME_BUCKETS = [
  'more-than-five',
  'in-five-minutes',
  'started',
  'today',
  'tomorrow',
  'more-than-tomorrow',
] as const;
export type ScheduledTimeBucket = (typeof SCHEDULED_TIME_BUCKETS)[number];

// spec 3: camera/audio modes 0 to 6.
export const CAMERA_AUDIO_MODES = {
  CAMERA_ON: 0,
  CAMERA_OFF: 1,
  CAMERA_AND_MIC_ON: 2,
  CAMERA_AND_MIC_OFF: 3,
  CAMERA_OFF_MIC_ON: 4,
  AUDIO_CONSULT: 5,
  CHAT_CONSULT: 6,
} as const;
export type CameraAudioModeName = keyof typeof CAMERA_AUDIO_MODES;
export type CameraAudioMode = (typeof CAMERA_AUDIO_MODES)[CameraAudioModeName];

// spec 3: health insurance types.
export const INSURANCE_TYPES = ['employer', 'spouse', 'government', 'none'] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];

// spec 3: sex and gender.
export const SEX = ['male', 'female'] as const;
export type Sex = (typeof SEX)[number];
export const GENDER = ['male', 'female', 'nonbinary', 'other'] as const;
export type Gender = (typeof GENDER)[number];

// spec 3: dependant invitation status; spec 4: pending (resend link) -> accepted.
export const INVITATION_STATUSES = ['ACCEPTED', 'PENDING'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

// spec 3: payment status; spec 7 PATCH payments/{id}/status sends succeeded or failed.
export const PAYMENT_STATUSES = ['succeeded', 'failed', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REPORTABLE_PAYMENT_STATUSES = ['succeeded', 'failed'] as const;

// spec 3 memberJoinMethod / spec 7 PATCH appointments/{id}/join-method/{app or link}.
export const JOIN_METHODS = ['app', 'link'] as const;
export type JoinMethod = (typeof JOIN_METHODS)[number];

// spec 4: account active, deletion pending (restorable), deleted.
export const ACCOUNT_STATES = ['active', 'deletion-pending', 'deleted'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

// spec 4 / spec 5: employer code states.
export const EMPLOYER_CODE_STATES = ['notset', 'invalid', 'valid'] as const;
export type EmployerCodeState = (typeof EMPLOYER_CODE_STATES)[number];

// spec 4: login and phone verification statuses.
export const LOGIN_STATUSES = [
  'new_account_created',
  'new_account',
  'account_exist',
  'multiple_accounts',
  'merge_required',
  'phone_already_in_use',
  'phone_recovery',
  'account_merged',
] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];

// spec 4: video room states.
export const ROOM_STATES = ['disconnected', 'reconnecting', 'connected'] as const;
export type RoomState = (typeof ROOM_STATES)[number];

// spec 4: chat connection states; all but connected show loading.
export const CHAT_CONNECTION_STATES = ['connecting', 'connected', 'disconnecting', 'disconnected', 'denied'] as const;
export type ChatConnectionState = (typeof CHAT_CONNECTION_STATES)[number];

// spec 4: my prescription states.
export const PRESCRIPTION_VIEW_STATES = ['pending', 'loading', 'ready', 'cancelled-appointment'] as const;
export type PrescriptionViewState = (typeof PRESCRIPTION_VIEW_STATES)[number];

// spec 4: email verification.
export const EMAIL_VERIFICATION_STATES = ['unverified', 'verified'] as const;
export type EmailVerificationState = (typeof EMAIL_VERIFICATION_STATES)[number];

// spec 4: cancel-by-link views.
export const CANCEL_LINK_VIEWS = ['confirmation', 'consultation-canceled', 'consultation-kept', 'consultation-passed'] as const;
export type CancelLinkView = (typeof CANCEL_LINK_VIEWS)[number];

// spec 2: paywall referer state and variants.
export const PAYWALL_REFERERS = ['activeTrial', 'trialExpired', 'membershipExpired'] as const;
export type PaywallReferer = (typeof PAYWALL_REFERERS)[number];
export const PAYWALL_VARIANTS = ['pre-paywall', 'dependant', 'postConsultation'] as const;
export type PaywallVariant = (typeof PAYWALL_VARIANTS)[number];

// spec 4: the ways a subscription ends, each with its own paywall message.
export const SUBSCRIPTION_END_REASONS = [
  'trial-expired',
  'membership-expired',
  'employer-benefit-ended',
  'removed-from-family-plan',
] as const;
export type SubscriptionEndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

// spec 4: unlink: the role becomes user, referral or dependant.
export const UNLINK_ROLES = ['user', 'referral', 'dependant'] as const;
export type UnlinkRole = (typeof UNLINK_ROLES)[number];

// spec 9: toast variants; spec 2: generic info modal actions.
export const TOAST_VARIANTS = ['success', 'warning', 'info', 'error'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];
export const MODAL_ACTIONS = ['redirect', 'navigate-to', 'logout', 'close-modal'] as const;
export type ModalAction = (typeof MODAL_ACTIONS)[number];

// spec 5: chat attachment types.
export const ATTACHMENT_TYPES = ['symptoms', 'lab-test', 'medical-record'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

// spec 2: dashboard tabs for coach and US doctor; waiting rooms WR one (coach) and WR two (US doctor).
export const DASHBOARD_TABS = ['medical-prescription', 'clinical-history', 'medical-plan'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const WAITING_ROOMS = ['wr-one', 'wr-two'] as const;
export type WaitingRoom = (typeof WAITING_ROOMS)[number];

// spec 2: history detail tabs.
export const HISTORY_DETAIL_TABS = ['summary', 'treatment', 'pharmacy'] as const;
export type HistoryDetailTab = (typeof HISTORY_DETAIL_TABS)[number];

// spec 2: prejoin steps of /consulta/video-llamada.
export const PREJOIN_STEPS = [1, 2, 3] as const; // 1 permissions, 2 confirm location, 3 waiting room
export type PrejoinStep = (typeof PREJOIN_STEPS)[number];

// spec 7: releases/verify answer.
export const RELEASE_CHECK_RESULTS = ['no-update-required', 'update-required'] as const;
export type ReleaseCheckResult = (typeof RELEASE_CHECK_RESULTS)[number];

// spec 3 storeIds per platform.
export const PLATFORMS = ['ios', 'android', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

// spec 4 push actions.
export const PUSH_ACTIONS = [
  'CANCELLED_CONSULTATION',
  'TECHNICAL_ISSUES_NO_COACH',
  'TREAT_COMPLETED',
  'GO_TO_FINISHED_APPOINTMENT',
] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

/**
 * spec 4 "Realtime events" / spec 7 "Realtime": every event name, once. Payload types live in
 * packages/contracts (realtime.ts), which imports these names. The string values are ours (the
 * spec does not show them). appointment-subscribe/unsubscribe join and leave an appointment's room
 * (the server checks the caller may see the appointment).
 */
export const REALTIME_EVENTS = {
  // client -> server
  userRegister: 'user-register',
  userUnregister: 'user-unregister',
  socketIdUpdate: 'socket-id-update',
  appointmentUpdate: 'appointment-update',
  finishAppointmentCommand: 'command-finish-appointment',
  appointmentCancel: 'appointment-cancel',
  appointmentLocationChange: 'appointment-location-change',
  appointmentMemberJoined: 'appointment-member-joined',
  appointmentSubscribe: 'appointment-subscribe',
  appointmentUnsubscribe: 'appointment-unsubscribe',
  paymentStatusUpdate: 'payment-status-update',
  /** Chat (issue 5): a message with its client id; acked with the stored message. */
  chatSend: 'chat-send',
  // server -> client
  appointmentAlert: 'appointment-alert',
  memberDataUpdate: 'member-data-update',
  paymentRequested: 'payment-requested',
  logoutCommand: 'command-logout',
  notificationCommand: 'command-notification',
  scheduledStarted: 'scheduled-started',
  /** Chat (issue 5): a stored message, sent to the conversation's participants only. */
  chatMessage: 'chat-message',
  /**
   * Ours: a consultation's clinical record (its medical record, a note) was saved; sent to its
   * assigned physicians only, whose open chart reads it again (a colleague's text shows beside what
   * they are typing). Carries the appointment's id, never the record.
   */
  appointmentRecordUpdate: 'appointment-record-update',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];
const E = REALTIME_EVENTS;
export const REALTIME_CLIENT_EVENTS = [
  E.userRegister,
  E.userUnregister,
  E.socketIdUpdate,
  E.appointmentUpdate,
  E.finishAppointmentCommand,
  E.appointmentCancel,
  E.appointmentLocationChange,
  E.appointmentMemberJoined,
  E.appointmentSubscribe,
  E.appointmentUnsubscribe,
  E.paymentStatusUpdate,
  E.chatSend,
] as const;
export type RealtimeClientEvent = (typeof REALTIME_CLIENT_EVENTS)[number];
export const REALTIME_SERVER_EVENTS = [
  E.appointmentAlert,
  E.appointmentUpdate,
  E.memberDataUpdate,
  E.paymentRequested,
  E.appointmentCancel,
  E.logoutCommand,
  E.notificationCommand,
  E.finishAppointmentCommand,
  E.scheduledStarted,
  E.chatMessage,
  E.appointmentRecordUpdate,
] as const;
export type RealtimeServerEvent = (typeof REALTIME_SERVER_EVENTS)[number];

/**
 * spec 3 / spec 9: local storage key names. The spec names some literally (rdx-temas, member-id,
 * lastcountrycode, ...) and describes the others; for those the string value is ours.
 */
export const STORAGE_KEYS = {
  deviceId: 'device-id',
  theme: 'theme',
  organization: 'organization',
  paymentIds: 'payment-ids',
  paymentFlowOpenedTimes: 'payment-flow-opened-times',
  topics: 'rdx-temas', // spec 3: literal
  scheduleAppointment: 'rdx-schedule-appointment', // spec 3: literal
  invitationToken: 'invitation-token', // spec 3 "invitation keys"
  invitationReferalId: 'invitation-referal-id',
  invitationReferalOrganizationId: 'invitation-referal-organization-id',
  invitationDependantMemberId: 'invitation-dependant-member-id',
  loginlessConsult: 'loginless-consult', // stored with a minute timestamp
  memberId: 'member-id', // spec 3: literal
  deletionRequestTime: 'deletion-request-time', // spec 3: literal
  lastCountryCode: 'lastcountrycode', // spec 3: literal
  language: 'language', // spec 3: literal
  phoneNumber: 'phoneNumber', // spec 3: literal
  b2bOrgId: 'b2b-registration-orgId', // spec 3: b2b registration orgId/empCode/lang/downloadPage
  b2bEmpCode: 'b2b-registration-empCode',
  b2bLang: 'b2b-registration-lang',
  b2bDownloadPage: 'b2b-registration-downloadPage',
  loginFromPartner: 'login-from-partner', // spec 3: literal
  verifyResponse: 'verifyResponse', // spec 3: literal (holds the mergeToken)
  redirectTo: 'redirectTo', // spec 3: literal; the route guard uses it once
  hasJoinedToCall: 'hasJoinedToCall', // spec 3: literal
  consultationRejoined: 'consultationRejoined', // spec 3: literal
  isMxDoctorBusy: 'isMxDoctorBusy', // spec 3: literal
  hadFreeConsultation: 'had-free-consultation', // spec 3: literal
  // Not named in the spec but implied by its rules (spec 4):
  preOnboardingDone: 'pre-onboarding-done', // route guard / initial path
  goAfterOnboarding: 'go-after-onboarding', // initial path after login
  prePaywallSeen: 'pre-paywall-seen', // pre-paywall intro shown once
  pendingPaymentStatus: 'pending-payment-status', // succeeded status kept locally and retried
  dashboardVisits: 'dashboard-visits', // download-app prompt from the second visit
  waitingRoomStarted: 'waiting-room-started', // cleared by SC038
  goAfterPayment: 'go-after-payment', // /payment-success returns to the stored destination
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// spec 3: partner id is held in session storage.
export const SESSION_STORAGE_KEYS = { partnerId: 'partnerId' } as const;

/** Ours (spec 3 selfAssessment.symptoms names the field, not its options): the common symptoms a member can tick. */
export const SELF_ASSESSMENT_SYMPTOMS = ['fever', 'cough', 'headache', 'sore_throat', 'stomach_pain', 'nausea', 'fatigue', 'anxiety', 'sleep', 'other'] as const;
export type SelfAssessmentSymptom = (typeof SELF_ASSESSMENT_SYMPTOMS)[number];
