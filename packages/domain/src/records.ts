/**
 * What the member keeps (issue 12): the prescription's state as the member sees it, the
 * prescription's directions as structured parts, the survey by practice, the help topics of the
 * support form, the support inbox's statuses and reply target, and the issue-date display format.
 */
import { APPOINTMENT_STATE as S, DASHBOARD_END_REASONS, type AppointmentState, type DashboardEndReason } from './appointment-machine';
import type { PushAction } from './enums';
import * as z from 'zod/mini';
import { LIMITS } from './constants';
import { FORM_MISSING_FIELDS, safeString, trimmedSafeString } from './validation/text';
import { PUSH_ACTION_BY_DASHBOARD_END_REASON } from './member-routing';
import { isCanceledState } from './appointment-lifecycle';
import { showsB2bSupportTopic } from './access-rules';
import type { Prescription } from './entities';
import type { Language } from './constants';
import {
  buildDirections,
  durationText,
  frequencyText,
  isDoseFrequency,
  isDoseRoute,
  isDoseUnit,
  quantityText,
  routeText,
  type DoseFrequency,
  type DoseRoute,
  type DoseUnit,
} from './prescription-basics';

// --- My prescription (spec 4 "My prescription states") --------------------------------------

export const MY_PRESCRIPTION_STATES = ['pending', 'loading', 'ready', 'cancelled-appointment'] as const;
export type MyPrescriptionState = (typeof MY_PRESCRIPTION_STATES)[number];

/**
 * pending until the US doctor's treatment is completed (TREAT_COMPLETED: the signed document
 * exists), loading while the client fetches, ready once completed, cancelled appointment when the
 * consultation was cancelled.
 */
export const myPrescriptionState = (a: { state: AppointmentState; loading?: boolean }): MyPrescriptionState => {
  if (isCanceledState(a.state)) return 'cancelled-appointment';
  if (a.loading) return 'loading';
  return a.state === S.TREAT_COMPLETED ? 'ready' : 'pending';
};

// --- Prescription directions -----------------------------------------------------------------

/**
 * The parts of a prescription's directions, in reading order; each is labelled in the reader's
 * language. `directions` is the sentence built from the structured fields (not the clinician's words).
 */
export const DIRECTION_PARTS = ['directions', 'dose', 'route', 'frequency', 'duration', 'quantity'] as const;
export type DirectionPart = (typeof DIRECTION_PARTS)[number];

type StructuredLine = Prescription & { dose: number; doseUnit: DoseUnit; route: DoseRoute; frequency: DoseFrequency; durationDays: number };

/**
 * A line written with the structured fields (issue 11/12): its stored sig was generated from them
 * at draft time in the member's language, so it is no clinician's free text.
 */
export const isStructuredLine = (p: Prescription): p is StructuredLine =>
  typeof p.dose === 'number' && isDoseUnit(p.doseUnit) && isDoseRoute(p.route) && isDoseFrequency(p.frequency) && typeof p.durationDays === 'number';

/**
 * The directions of a prescription line as parts (directions, dose, route, frequency, duration,
 * quantity), built at read time from the structured fields in the reader's language, whatever
 * language the line was signed in; an old line without them keeps its stored strings. Empty parts
 * are left out; the free-text sig of an old line is not a part (see clinicianInstructions).
 */
export const prescriptionDirections = (p: Prescription, lang: Language): { part: DirectionPart; value: string }[] => {
  const structured = isStructuredLine(p);
  const values: Record<DirectionPart, string | null | undefined> = {
    directions: structured ? buildDirections(p, lang) : null,
    dose: typeof p.dose === 'number' && isDoseUnit(p.doseUnit) ? quantityText(p.dose, p.doseUnit, lang) : p.dosage,
    route: isDoseRoute(p.route) ? routeText(p.route, lang) : p.route,
    frequency: isDoseFrequency(p.frequency) ? frequencyText(p.frequency, lang) : p.freq,
    duration: typeof p.durationDays === 'number' ? durationText(p.durationDays, lang) : p.duration,
    quantity: typeof p.quantity === 'number' && isDoseUnit(p.quantityUnit) ? quantityText(p.quantity, p.quantityUnit, lang) : p.qty,
  };
  return DIRECTION_PARTS.flatMap((part) => {
    const value = values[part]?.trim();
    return value ? [{ part, value }] : [];
  });
};

/** The sig as a sentence in the reader's language: built from a structured line, the stored text of an old one. */
export const prescriptionSig = (p: Prescription, lang: Language): string | null => (isStructuredLine(p) ? buildDirections(p, lang) : p.sig?.trim() || null);

/** The clinician's own words for a line, shown as written: an old line's sig; a structured line has none. */
export const clinicianInstructions = (p: Prescription): string | null => (isStructuredLine(p) ? null : p.sig?.trim() || null);

// --- Free text and its writer's language ---------------------------------------------------------

/**
 * The language a clinician writes her free text (note parts, the plan) in, recorded with it when
 * written so the reader sees it labelled and translated by its writer's language, not the
 * consultation's: her staff language choice (preferredLang) when she speaks it; otherwise a US
 * doctor writes English, a coach the first language she speaks.
 */
export const writerLanguage = (w: { userType: string; preferredLang?: Language | null; languages?: readonly Language[] | null }): Language => {
  const spoken = w.languages ?? [];
  if (w.preferredLang && (spoken.length === 0 || spoken.includes(w.preferredLang))) return w.preferredLang;
  if (w.userType === 'us-physician') return 'en';
  return spoken[0] ?? w.preferredLang ?? 'es';
};

// --- History paging ----------------------------------------------------------------------------

/** Ours (the spec does not page): a page of history cards, enough to fill a phone screen twice. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_MAX = 50;

// --- Support form (spec 2 /contacto-soporte, spec 6) --------------------------------------------

/**
 * The help topics of the support form. The spec names only the B2B membership topic (hidden for
 * organization members); the others are ours, the usual reasons a member writes.
 */
export const SUPPORT_HELP_TOPICS = ['consultation', 'prescription', 'account', 'b2b_membership', 'payment', 'technical', 'other'] as const;
export type SupportHelpTopic = (typeof SUPPORT_HELP_TOPICS)[number];
export const B2B_MEMBERSHIP_TOPIC: SupportHelpTopic = 'b2b_membership';

/** spec 6: the B2B membership support topic is hidden for organization members. */
export const supportHelpTopicsFor = (m: { organizationId: string | null | undefined }): SupportHelpTopic[] =>
  SUPPORT_HELP_TOPICS.filter((topic) => topic !== B2B_MEMBERSHIP_TOPIC || showsB2bSupportTopic(Boolean(m.organizationId)));

// --- The support inbox ----------------------------------------------------------------------------

export const FEEDBACK_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** spec 9: support replies within 48 hours (said of a phone change; we hold every request to it). */
export const SUPPORT_REPLY_TARGET_HOURS = 48;

export const replyDueAt = (createdAt: Date): Date => new Date(createdAt.getTime() + SUPPORT_REPLY_TARGET_HOURS * 3_600_000);

/** A request still waiting for its answer after the target. */
export const isReplyOverdue = (r: { status: FeedbackStatus; createdAt: Date | string }, now: Date): boolean =>
  (r.status === 'new' || r.status === 'in_progress') && replyDueAt(new Date(r.createdAt)).getTime() < now.getTime();

// --- The complaint's issue date (spec 5) ------------------------------------------------------------

/** spec 5: shown as DD/MM/YYYY, or MM/DD/YYYY for US members. */
export const issueDateFormat = (country: string | null | undefined): 'DD/MM/YYYY' | 'MM/DD/YYYY' =>
  country?.toUpperCase() === 'US' ? 'MM/DD/YYYY' : 'DD/MM/YYYY';

/** The member's typed date (in her display format) as an ISO day, or undefined if it is not a date. */
export const parseIssueDate = (typed: string, country: string | null | undefined): string | undefined => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim());
  if (!m) return undefined;
  const [a, b, y] = [m[1]!, m[2]!, m[3]!];
  const [month, day] = issueDateFormat(country) === 'MM/DD/YYYY' ? [a, b] : [b, a];
  const iso = `${y}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
};

// --- Push notifications (spec 4 "Push actions") ------------------------------------------------

/** Coach-side failures: the member is offered more coaches or home (the technical-issues modal). */
const NO_COACH_REASONS: readonly string[] = ['no-coaches', 'busy-coach', 'rejected-by-coach', 'timeout-by-coach'];

/**
 * Which push a change of the member's consultation sends her, if any (spec 4 push actions): a
 * dashboard end reason says it directly; otherwise a cancellation she did not ask for
 * (CANCELLED_CONSULTATION, or TECHNICAL_ISSUES_NO_COACH when no coach could take it), the treatment
 * sent (TREAT_COMPLETED) and a consultation finished without treatment (GO_TO_FINISHED_APPOINTMENT).
 */
export const pushActionForChange = (c: { state: AppointmentState; previousState: AppointmentState | null; statusReason: string | null }): PushAction | null => {
  if (c.statusReason && (DASHBOARD_END_REASONS as readonly string[]).includes(c.statusReason)) return PUSH_ACTION_BY_DASHBOARD_END_REASON[c.statusReason as DashboardEndReason];
  if (c.state === c.previousState) return null;
  if (c.state === S.S12_CANCELED) {
    if (c.statusReason === 'canceled-by-socio') return null;
    return c.statusReason && NO_COACH_REASONS.includes(c.statusReason) ? 'TECHNICAL_ISSUES_NO_COACH' : 'CANCELLED_CONSULTATION';
  }
  if (c.state === S.TREAT_COMPLETED) return 'TREAT_COMPLETED';
  if (c.state === S.S11_FINISHED && c.previousState !== S.TREAT_COMPLETED) return 'GO_TO_FINISHED_APPOINTMENT';
  return null;
};

// --- Her address (issue 12: corrected from the profile) --------------------------------------------

/** The address form of the profile: country MX or US, state and city required, a US zip of five digits. */
export const addressFormSchema = z
  .object({
    country: z.enum(['MX', 'US'], { error: FORM_MISSING_FIELDS }),
    state: safeString({ error: 'mandatory_form_state_placeholder' }).check(z.trim(), z.minLength(1, { message: 'mandatory_form_state_placeholder' }), z.maxLength(60)),
    city: safeString({ error: 'mandatory_form_city_placeholder' }).check(z.trim(), z.minLength(1, { message: 'mandatory_form_city_placeholder' }), z.maxLength(120)),
    zipCode: z.optional(trimmedSafeString(10)),
  }).check(z.refine((a) => a.country !== 'US' || !a.zipCode || new RegExp(`^\\d{${LIMITS.zipCodeDigits}}$`).test(a.zipCode), { path: ['zipCode'], message: 'address_zip_error' }));
export type AddressForm = z.input<typeof addressFormSchema>;
