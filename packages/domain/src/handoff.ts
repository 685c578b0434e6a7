/**
 * The coach's handoff to a US doctor (issue 11; spec 000 §4 COACH_REQUEST_US_DR, spec 001 §6):
 * asking for a US doctor carries why (the coach's reason, in her words) and how soon. The US
 * doctor's card and record show it with the coach's note, the chief complaint, the intake and a
 * short chat summary (no more of the chat than the last few messages).
 */
import * as z from 'zod/mini';
import { safeString } from './validation/text';

/** How soon the member needs the US doctor: a routine review, soon (within the queue's wait), or at once. */
export const ESCALATION_URGENCIES = ['routine', 'soon', 'urgent'] as const;
export type EscalationUrgency = (typeof ESCALATION_URGENCIES)[number];

export const ESCALATION_REASON_MAX = 1_000;

/**
 * What must be on file before a prescription can reach a pharmacy (issue 12 "readiness before
 * escalation"): the handoff carries which are missing (prescribing.ts computes them).
 */
export const READINESS_ITEMS = ['state', 'address', 'phone', 'pharmacy'] as const;
export type ReadinessItem = (typeof READINESS_ITEMS)[number];

/** The handoff form and the API's input: a reason (required, at most 1000 characters) and an urgency. */
export const escalationRequestSchema = z.object({
  reason: safeString({ message: 'escalation_reason_required' }).check(z.trim(), z.minLength(1, { message: 'escalation_reason_required' }), z.maxLength(ESCALATION_REASON_MAX, { message: 'escalation_reason_too_long' })),
  urgency: z.enum(ESCALATION_URGENCIES, { message: 'escalation_urgency_required' }),
});
export type EscalationRequest = z.output<typeof escalationRequestSchema>;

/** How many of the chat's last messages the handoff shows the US doctor (a summary, not the chat). */
export const HANDOFF_CHAT_MESSAGES = 3;
/** Each summarised message is cut to this many characters. */
export const HANDOFF_CHAT_MESSAGE_CHARS = 200;

/** Sorts escalations for the US doctors' queue: the most urgent first, then the oldest. */
export const escalationPriority = (urgency: EscalationUrgency | null | undefined): number => (urgency ? ESCALATION_URGENCIES.indexOf(urgency) + 1 : 0);
