/**
 * The entities of spec 000 §3 as TypeScript types. They describe the product's vocabulary; the
 * API decides which of these fields leave the server (presenters in apps/api, DTOs in contracts).
 * Dates are ISO strings unless the spec says otherwise (birthday is epoch ms, spec 3).
 */
import type { AppointmentState, StatusReason } from './appointment-machine';
import type { Language, SubscriptionPlanId } from './constants';
import type {
  AppointmentType,
  AttachmentType,
  Channel,
  Gender,
  InsuranceType,
  InvitationStatus,
  JoinMethod,
  LabConsent,
  LoginProvider,
  LoginStatus,
  LoginType,
  OrganizationSettings,
  PaymentStatus,
  Platform,
  Practice,
  PreferredContactMethod,
  PriceType,
  ReleaseCheckResult,
  ScheduledStatus,
  Sex,
  SubscriptionProvider,
  SubscriptionStatus,
  SurveyType,
  TopicKind,
  UserType,
} from './enums';

export type IsoDateTime = string;
export type EpochMs = number;
/** spec 4: the appointment's progress through prejoin (1 permissions, 2 location, 3 waiting room). */
export type PreJoinStep = 1 | 2 | 3;

export interface Address {
  zipCode?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
}

export interface Surgery {
  name: string;
  date?: string | null;
  howLong?: string | null;
  dateApprox?: boolean | null;
}

export interface AcademicBackground {
  institutionName: string;
  grade?: string | null;
  startYear?: number | null;
  endYear?: number | null;
}

export interface MedicalSpecialty {
  speciality: string;
  subspecialities?: string[];
}

export interface License {
  licenseNumber: string;
  state: string;
}

/** spec 3 "professional information". */
export interface ProfessionalInformation {
  dea?: string | null;
  npi?: string | null;
  cedula?: string | null;
  licenses?: License[];
}

export interface LabConsentInfo {
  wasInfoProvided: LabConsent;
  updatedAt?: IsoDateTime | null;
}

export interface InsuranceInfo {
  typeOfInsurance: InsuranceType;
}

export interface DeletionRequest {
  requestedAt: IsoDateTime;
}

/** spec 3 Subscription. */
export interface Subscription {
  subscriptionId: SubscriptionPlanId | string;
  type?: string | null;
  status: SubscriptionStatus;
  expiresAt?: IsoDateTime | null;
  daysLeft: number;
  autoRenew: boolean;
  provider?: SubscriptionProvider | null;
  currency: string;
  length?: number | null;
  organizationName?: string | null;
  organizationId?: string | null;
}

/** spec 3 Subscription product: pricing from the store; derived fields in subscription.ts. */
export interface SubscriptionProductPricing {
  priceMicros: number;
  currency: string;
  billingPeriod: string; // ISO 8601 duration such as P1M
}
export interface SubscriptionProduct {
  id: SubscriptionPlanId;
  storeIds: Partial<Record<Platform, string>>;
  pricing: SubscriptionProductPricing;
  title: string;
}
export interface PricedSubscriptionProduct extends SubscriptionProduct {
  totalPrice: number;
  subscriptionLength: number; // months
  monthlyPrice: number;
  savingsPercentage: number;
}

/** spec 3 Partner. */
export interface Partner {
  partnerId: string;
  partnerName: string;
  theme?: { colors: Record<string, string> } | null;
}

export interface OrganizationSite {
  id: string;
  name: string;
}

/** spec 3 Organization. */
export interface Organization {
  id: string;
  name: string;
  shortName?: string | null;
  code?: string | null; // employer code
  description?: string | null;
  type?: string | null;
  enabled: boolean;
  parentOrganizationId?: string | null;
  requiresIdentificationNumber?: boolean | null;
  dependantOrganizations?: string[] | null;
  homePageUrl?: string | null;
  partner?: { id: string; name: string } | null;
  settings?: OrganizationSettings | null;
  sites?: OrganizationSite[] | null;
  topicsTemplateId?: string | null;
  voiceReminders?: boolean | null;
  createdAt?: IsoDateTime;
  updatedAt?: IsoDateTime;
}

/** spec 3 Dependant; temporary ids start with temp|. */
export interface Dependant {
  memberId: string;
  alias: string;
  phoneNumber: string;
  invitationStatus: InvitationStatus;
  preferredLang: Language;
}
export const TEMP_DEPENDANT_ID_PREFIX = 'temp|';
export const isTemporaryDependantId = (id: string): boolean => id.startsWith(TEMP_DEPENDANT_ID_PREFIX);

/** spec 3 Pharmacy. */
export interface Pharmacy {
  pharmStoreName: string;
  pharmAddressLine1?: string | null;
  pharmAddressLine2?: string | null;
  pharmCity?: string | null;
  pharmState?: string | null;
  pharmZip?: string | null;
  pharmPhone?: string | null;
  pharmLatitude?: number | null;
  pharmLongitude?: number | null;
}

/** spec 3 Topic (as referenced by appointments and scheduling). */
export interface AppointmentTopic {
  topicId: string;
  topicText: string;
  subtopicId?: string | null;
  subtopicText?: string | null;
}

/** spec 3 Scheduled appointment. */
export interface ScheduledAppointment {
  id: string;
  physicianId: string;
  tinyId?: string | null;
  createdBy?: string | null;
  createdByRole?: UserType | null;
  memberId: string;
  startDate: IsoDateTime;
  endDate: IsoDateTime;
  language: Language;
  timezone: string;
  status: ScheduledStatus;
  topic?: AppointmentTopic | null;
  requiredExtension?: boolean | null;
  createdAt?: IsoDateTime;
  updatedAt?: IsoDateTime;
  notes?: string | null;
  type?: AppointmentType | null;
  physician?: Physician | null;
}

/** spec 3 User/member (also coaches and doctors: userType tells them apart). */
export interface Member {
  id: string;
  socketId?: string | null;
  email?: string | null;
  birthday?: EpochMs | null;
  firstName?: string | null;
  lastName?: string | null;
  pharmacy?: Pharmacy | null;
  userType: UserType;
  phoneNumber?: string | null;
  countryCode?: string | null;
  imgUrl?: string | null;
  sex?: Sex | null;
  gender?: Gender | null;
  loginType?: LoginType | 'physician' | null; // spec 6: non-members pass loginType physician
  loginTypes?: LoginType[];
  nickName?: string | null;
  address?: Address | null;
  surgeries?: Surgery[];
  academicBackground?: AcademicBackground[];
  medicalSpecialties?: MedicalSpecialty[];
  professionalInformation?: ProfessionalInformation | null;
  promoCode?: string | null;
  isAvailable?: boolean | null;
  preferredLang: Language;
  consultationLang?: Language | null; // spec 3: defaults to preferredLang
  languages?: Language[];
  organizationId?: string | null;
  organization?: Organization | null;
  organizationSite?: string | null;
  practice?: Practice | null;
  subscription?: Subscription | null;
  height?: number | null;
  weight?: number | null;
  heightMetricSystem?: boolean | null;
  weightMetricSystem?: boolean | null;
  alergies?: string[];
  medications?: string[];
  medicalConditions?: string[];
  agreedTosAt?: IsoDateTime | null;
  needsToAcceptTerms?: boolean;
  recoveryCode?: string | null;
  lastConsultationAt?: IsoDateTime | null;
  consultsCount?: number;
  deletionRequest?: DeletionRequest | null;
  timeZone?: string | null;
  createdAt?: IsoDateTime;
  deletedAt?: IsoDateTime | null;
  labConsent?: LabConsentInfo | null;
  referredById?: string | null;
  referredByName?: string | null;
  identificationNumber?: string | null;
  preferredContactMethod?: PreferredContactMethod | null;
  topicsOfInterest?: TopicKind[];
  insuranceInfo?: InsuranceInfo | null;
  hasInsurance?: { wasInfoProvided: boolean } | null;
  dependants?: Dependant[];
  scheduledAppointments?: ScheduledAppointment[];
}
/** The spec calls the same record user or member. */
export type User = Member;

/** spec 3: consultationLang defaults to preferredLang. */
export const consultationLanguageOf = (m: Pick<Member, 'preferredLang' | 'consultationLang'>): Language =>
  m.consultationLang ?? m.preferredLang;

/**
 * The language of a consultation asked of a coach by name, or of any of the coaches the list shows
 * (spec 2: the list shows each coach's languages, with Spanish and English filters), given the
 * languages they speak: the language the member filtered by, else her own when they speak it, else
 * theirs. A coach is offered a request only in a language she speaks, so a request in another one
 * could never reach her.
 */
export const consultationLanguageWith = (coachLanguages: readonly Language[], chosen: Language | null | undefined, own: Language): Language =>
  chosen ?? (coachLanguages.length === 0 || coachLanguages.includes(own) ? own : coachLanguages[0]!);

export interface SelfAssessment {
  appointmentReason?: string | null;
  appointmentReasonKey?: string | null;
  painLevel?: number | null;
  symptoms?: string[];
}

export interface Treatment {
  medication: string;
  dosis: string;
}

export interface MedicalRecord {
  internalNotes?: string | null;
  plan?: { conclusions?: string | null; recomendations?: string | null; treatment?: Treatment[] } | null;
  pharmacy?: Pharmacy | null;
}

export interface Prescription {
  code: string;
  codeSystem: string;
  name: string;
  qty?: string | null;
  duration?: string | null;
  freq?: string | null;
  dosage?: string | null;
  sig?: string | null;
  // Safe prescribing (issue 11/12): the structured line the text fields above are built from.
  strength?: string | null;
  doseForm?: string | null;
  route?: string | null;
  drugClass?: string | null;
  dose?: number | null;
  doseUnit?: string | null;
  frequency?: string | null;
  durationDays?: number | null;
  quantity?: number | null;
  quantityUnit?: string | null;
  daysSupply?: number | null;
  refills?: number | null;
  substitutionAllowed?: boolean | null;
  diagnosis?: { code: string; text: string } | null;
  /** The member's allergies this line conflicts with and the prescriber's recorded reason to go on. */
  allergyOverride?: { allergies: string[]; reason: string } | null;
  prescriber?: { name: string; npi: string | null; licenseState: string; licenseNumber: string | null } | null;
  signedAt?: string | null;
}

/** spec 3 Appointment. */
export interface Appointment {
  id: string;
  startDate?: IsoDateTime | null;
  endDate?: IsoDateTime | null;
  cameraAccessGranted?: boolean | null;
  member?: Member | null;
  mxDoctor?: Physician | null;
  usDoctor?: Physician | null;
  doctorsBlacklistId?: string[];
  memberId: string;
  mxDoctorId?: string | null;
  usDoctorId?: string | null;
  roomName?: string | null;
  usDoctorNeeded: boolean;
  preJoinStep?: PreJoinStep | null;
  selfAssessment?: SelfAssessment | null;
  type: AppointmentType;
  medicalRecord?: MedicalRecord | null;
  state: AppointmentState;
  statusReason?: StatusReason | string | null;
  status?: ScheduledStatus | null;
  statusUserId?: string | null;
  treatData?: { encounterId: string } | null;
  conversationid?: string | null;
  chatHasMessages?: boolean;
  prescriptionNeeded?: boolean;
  prescriptions?: Prescription[];
  language?: Language | null;
  topic?: AppointmentTopic | null;
  createdByRole?: UserType | null;
  isMxDoctorBusy?: boolean | null;
  memberJoinMethod?: JoinMethod | null;
  parentAppointmentId?: string | null;
  participants?: string[];
  channel: Channel;
  previousChannel?: Channel | null;
  encounterType?: string | null;
  chiefComplaint?: string | null; // notes.shared.chiefComplaint
  templateId?: string | null;
  timezone?: string | null;
}

/** spec 3 Topic template. */
export interface Topic {
  type?: string | null;
  practice: Practice;
  title: string;
  description?: string | null;
  tags: string; // default practice_health (constants TOPIC_DEFAULTS)
  reason: string; // default 'Otra preocupación médica'
  iconName?: string | null;
  iconColor?: string | null;
  iconColorShade?: string | null;
  backgroundColor?: string | null;
  backgroundColorShade?: string | null;
  requiresSelfAssessment?: boolean;
  subtopics?: Topic[];
  id?: string;
}
export interface TopicTemplate {
  sections: { title: string; topics: Topic[] }[];
  mainActions: Topic[];
}

/** spec 3 Physician (coach or US doctor as the member sees them). */
export interface Physician {
  id: string;
  firstName: string;
  lastName: string;
  nickName?: string | null;
  imgUrl?: string | null;
  languages: Language[];
  medicalSpecialties: { speciality: string }[];
  practice?: Practice | null;
  userType: Extract<UserType, 'mx-physician' | 'us-physician'>;
  isOnline?: boolean;
  isAvailable?: boolean;
  academicBackground: { institutionName: string }[];
  /** Date (yyyy-MM-dd) -> ISO datetimes. */
  availableSlots?: Record<string, IsoDateTime[]>;
}

/** spec 3 Payment. */
export interface Payment {
  paymentId: string;
  priceType: PriceType;
  status: PaymentStatus;
  clientSecret?: string | null;
}

/** spec 3 Option (getOptionsFor). */
export interface Option {
  key: string;
  label: string;
  value: string;
  defaultOption?: boolean;
  disabled?: boolean;
  color?: string | null;
}

/** spec 3 Public config. */
export interface WorkingHoursConfig {
  timezone: string;
  intervals: { starts: string; ends: string }[]; // HH:mm in `timezone`
  allowOnWeekend: boolean;
  whitelistDomains: string[];
  whitelistEmails: string[];
}
export interface PublicConfig {
  companyPhones: { whatsapp: string; ohmd: string };
  countries: { label: string; code: string }[];
  supportedPhoneCodes: { code: string; label: string; phoneCountryCode: string }[];
  workingHours: WorkingHoursConfig;
}

/** spec 3 Auth responses (each call fills the ones it returns). */
export interface AuthResponses {
  loginToken?: string;
  sessionToken?: string;
  member?: Member;
  mustAcceptTos?: boolean;
  mergeToken?: string;
  pwdlessToken?: string;
  resetToken?: string;
  status?: LoginStatus;
  loginProvider?: LoginProvider | 'pwdless';
}

/** spec 7 releases/verify. */
export interface ReleaseCheck {
  result: ReleaseCheckResult;
}

/** spec 3 Consultation note. */
export interface ConsultationNoteTemplate {
  _id: string;
  name: string;
  label: Partial<Record<UserType, string>>;
}
export interface ConsultationNote {
  values: Record<string, unknown>;
  templates: Partial<Record<Practice, ConsultationNoteTemplate>>;
  partnerProducts: { id: string; title: string }[];
}

/** spec 3 Chat message. */
export interface ChatMediaAttributes {
  fileName: string;
  type: AttachmentType;
  size: number;
}
export interface ChatParticipantAttributes {
  author: string;
  userType: UserType;
  imgUrl?: string | null;
}
export interface ChatMessage {
  sid: string;
  author: string;
  body?: string | null;
  media?: { contentType: string; attributes?: ChatMediaAttributes } | null;
  dateCreated: IsoDateTime;
}

/** spec 3 Surveys. */
export interface SupportSurvey {
  items: { needsHelpWith: string; prefersContactBy: string; moreDetails?: string | null };
  memberId: string;
}
export interface ComplaintReport {
  clinician: string;
  reportReasons: string[];
  issueDescription?: string | null;
  expectedBehavior?: string | null;
  issueDate?: string | null; // yyyy-MM-dd
  issueTime?: string | null;
  shouldFollowUp: boolean;
  hasHappenedBefore: boolean;
  issueConsequences?: string[];
  confidentialityWaiver: boolean;
  memberId: string;
  primaryContactId?: string | null;
}
export interface MentalHealthSatisfaction {
  abilityConfidence: number;
  explainedConsultation: number | null;
  showedEmpathy: number | null;
  culturallyResponsive: number | null;
  wasRespectful: number | null;
}
export interface GeneralSatisfaction {
  satisfactionLevel: number;
  serviceRating: number | null;
  futureUsage: number | null;
  comments?: string | null;
}
/** spec 7 createSurvey(data: items, type, memberId, primaryContactId) -> _id. */
export interface SurveyRecord {
  _id: string;
  type: SurveyType;
  items: unknown;
  memberId: string;
  primaryContactId?: string | null;
}

/** spec 3 Push registration. */
export interface PushRegistration {
  mobileTokens: string[];
  userId: string;
}

/** spec 3 Tracked event (local database events-tracking, version 1). */
export interface TrackedEvent {
  uid: number; // timestamp
  data: { event: string; properties: Record<string, unknown> };
}

/** spec 4 appointment alert (realtime). */
export interface AppointmentAlert {
  appointmentId?: string | null;
  state?: AppointmentState | string | null;
}
