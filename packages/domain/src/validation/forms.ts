/**
 * spec 5 "Other forms": add dependant, support, consent, complaint report and the call-flow
 * location form (the organization site's is with the organizations' rules, ../organizations.ts).
 * Messages are the spec's keys where it names one; others are marked. The missing-field key they
 * share, FORM_MISSING_FIELDS, is in ./text.ts (the member's record uses it too).
 */
import * as z from 'zod/mini';
import { FORM_MISSING_FIELDS, safeString, trimmedSafeString } from './text';
import { LANGUAGES, LIMITS, REPORT_CONSEQUENCES, REPORT_REASONS } from '../constants';
import { SUPPORT_CONTACT_OPTIONS } from '../enums';
import { INVALID_VALUE_KEY } from '../errors';
import { todayIsoDay, toIsoDay } from './dates';
import { invitePhoneSchema, SUPPORTED_PHONE_CODES } from './phone';

// --- Add dependant --------------------------------------------------------------------------

export const addDependantSchema = z.object({
  alias: safeString({ error: 'add_dependant_alias_required' }).check(z.trim(), z.minLength(1, { message: 'add_dependant_alias_required' })),
  countryCode: z._default(z.enum(SUPPORTED_PHONE_CODES), '1'),
  phoneNumber: invitePhoneSchema,
  // A language the app does not speak is a wrong value, not a missing one (the form's radios always hold one).
  preferredLang: z.enum(LANGUAGES, { error: INVALID_VALUE_KEY }),
});
export type AddDependantForm = z.input<typeof addDependantSchema>;

// --- Support --------------------------------------------------------------------------------

export const supportFormSchema = z.object({
  helpTopic: safeString({ error: 'customer_support_help_topic_error' }).check(z.trim(), z.minLength(1, { message: 'customer_support_help_topic_error' })),
  reason: safeString({ error: 'customer_support_reason_error' }).check(z.trim(), z.minLength(1, { message: 'customer_support_reason_error' })),
  prefersContactBy: z.optional(z.enum(SUPPORT_CONTACT_OPTIONS)),
  moreDetails: z.optional(trimmedSafeString(2000)),
});
export type SupportForm = z.infer<typeof supportFormSchema>;
/** spec 3/7: the support survey items (needs help with, prefers contact by, more details). */
export const toSupportSurveyItems = (f: SupportForm): { needsHelpWith: string; prefersContactBy: string; moreDetails: string } => ({
  needsHelpWith: `${f.helpTopic}: ${f.reason}`,
  prefersContactBy: f.prefersContactBy ?? '',
  moreDetails: f.moreDetails ?? '',
});
export const SUPPORT_SUCCESS_TOAST_KEY = 'customer_support_success_toast'; // spec 8

// --- Consent --------------------------------------------------------------------------------

/**
 * spec 5: labConsent is required (an answer: yes or no). The spec names no key; ours says to choose
 * one under the question (the toast already says that something is missing).
 */
export const consentFormSchema = z.object({
  labConsent: z.enum(['provided_yes', 'provided_no'], { error: 'consent_lab_required' }),
});

// --- Complaint report -----------------------------------------------------------------------

export const COMPLAINT_KEYS = {
  clinician: 'report_issue_provider_error_message', // spec 5
  reportReasons: 'consent_dropdown_required_error_message', // spec 5
  missing: FORM_MISSING_FIELDS, // spec 5: required booleans and the toast
  issueDate: 'report_issue_date_error', // ours: the spec bounds the date but names no key
} as const;

const requiredBoolean = z.boolean({ error: COMPLAINT_KEYS.missing });

/** spec 5: the complaint form, with the issue date between 2020-01-01 and today. */
export const complaintReportSchema = (opts: { now: Date; timeZone?: string }) =>
  z.object({
    clinician: safeString({ error: COMPLAINT_KEYS.clinician }).check(z.trim(), z.minLength(1, { message: COMPLAINT_KEYS.clinician })),
    reportReasons: z.array(z.enum(REPORT_REASONS), { error: COMPLAINT_KEYS.reportReasons }).check(z.minLength(1, { message: COMPLAINT_KEYS.reportReasons })),
    issueDescription: z.optional(trimmedSafeString(5000)),
    expectedBehavior: z.optional(trimmedSafeString(5000)),
    issueDate: z.optional(safeString().check(z.refine((s) => {
          const day = toIsoDay(s);
          return !!day && day >= LIMITS.issueReportEarliestDate && day <= todayIsoDay(opts.now, opts.timeZone);
        }, { message: COMPLAINT_KEYS.issueDate }))),
    issueTime: z.optional(safeString().check(z.regex(/^\d{2}:\d{2}$/, { message: COMPLAINT_KEYS.missing }))),
    shouldFollowUp: requiredBoolean,
    hasHappenedBefore: requiredBoolean,
    issueConsequences: z.optional(z.array(z.enum(REPORT_CONSEQUENCES))),
    confidentialityWaiver: requiredBoolean,
  });
export type ComplaintReportForm = z.input<ReturnType<typeof complaintReportSchema>>;

// --- Location (call flow) -------------------------------------------------------------------

/** spec 5: state and city required; the city may be a new free entry. Invalid: warning form_missing_fields. */
export const locationFormSchema = z.object({
  state: safeString({ error: 'mandatory_form_state_placeholder' }).check(z.trim(), z.minLength(1, { message: 'mandatory_form_state_placeholder' })),
  city: safeString({ error: 'mandatory_form_city_placeholder' }).check(z.trim(), z.minLength(1, { message: 'mandatory_form_city_placeholder' })),
});
export type LocationForm = z.infer<typeof locationFormSchema>;
