import { CALENDAR_EXCEPTION_KINDS, calendarExceptionInputSchema, calendarInputSchema, isTimeZone, LANGUAGES, safeFormat, safeString, SCHEDULED_CANCEL_REASONS, SCHEDULED_STATUSES } from '@puente/domain';
import * as z from 'zod/mini';
import { appointmentTopicSchema } from './topics';
import { PHYSICIAN_FIELDS, physicianSchema } from './physicians';

/** spec 000 §3 Scheduled appointment, as the member and the coach see it (issue 13). */
export const scheduledAppointmentSchema = z.object({
  id: safeString(),
  tinyId: safeString(),
  physicianId: safeString(),
  memberId: safeString(),
  createdBy: safeString(),
  createdByRole: safeString(),
  startDate: safeString(),
  endDate: safeString(),
  language: z.enum(LANGUAGES),
  timezone: safeString(),
  status: z.enum(SCHEDULED_STATUSES),
  /** 'scheduled' or 'scheduled-canceled'. */
  state: z.enum(['scheduled', 'scheduled-canceled']),
  topic: z.nullable(appointmentTopicSchema),
  requiredExtension: z.boolean(),
  notes: z.nullable(safeString()),
  type: z.literal('scheduled'),
  /** The live appointment once the member joined. */
  appointmentId: z.nullable(safeString()),
  createdAt: safeString(),
  updatedAt: safeString(),
  physician: z.nullable(physicianSchema),
});
export type ScheduledAppointmentDto = z.infer<typeof scheduledAppointmentSchema>;

const isoInstant = safeFormat(z.iso.datetime({ offset: true, message: 'invalid_date' }));

/** scheduleAppointment(input): physicianId, language, startDate, memberId, timezone, topic (spec 7). */
export const scheduleAppointmentInputSchema = z.object({
  physicianId: safeFormat(z.uuid({ message: 'invalid_physician' })),
  language: z.enum(LANGUAGES, { message: 'invalid_language' }),
  startDate: isoInstant,
  /** Defaults to the caller; an admin books for a member. */
  memberId: z.nullish(safeFormat(z.uuid({ message: 'invalid_member' }))),
  timezone: safeString().check(z.refine(isTimeZone, { message: 'invalid_time_zone' })),
  topic: z.nullish(appointmentTopicSchema),
});
export type ScheduleAppointmentInput = z.input<typeof scheduleAppointmentInputSchema>;

/** rescheduleAppointment(appointmentId, input) (spec 7). */
export const rescheduleAppointmentArgsSchema = z.object({
  appointmentId: safeFormat(z.uuid({ message: 'invalid_appointment' })),
  input: scheduleAppointmentInputSchema,
});

/** POST /api/scheduled-appointments/{id}/cancel?cancel_reason=&token= (token: the texted cancel link, no session). */
export const cancelScheduledQuerySchema = z.object({
  cancel_reason: z._default(z.enum(SCHEDULED_CANCEL_REASONS, { message: 'invalid_reason' }), 'CANCELED_BY_SOCIO'),
  token: z.optional(safeString().check(z.maxLength(200))),
});
export const cancelScheduledResponseSchema = z.object({ id: safeString(), state: z.literal('scheduled-canceled') });

/**
 * POST /api/scheduled-appointments/{id}/support-request: a booking with a US-physician coach (no
 * calendar, spec 4 "Scheduling flow") is cancelled or moved through a support message.
 */
export const SCHEDULED_CHANGE_ACTIONS = ['cancel', 'reschedule'] as const;
export const scheduledChangeRequestSchema = z.object({ action: z.enum(SCHEDULED_CHANGE_ACTIONS, { message: 'invalid_action' }) });
export type ScheduledChangeRequest = z.infer<typeof scheduledChangeRequestSchema>;
export const scheduledChangeResponseSchema = z.object({ supportRequestId: safeString() });
export type ScheduledChangeResponse = z.infer<typeof scheduledChangeResponseSchema>;

/** POST /api/scheduled-appointments/{id}/join: the live appointment (type scheduled, S1) for that coach. */
export const joinScheduledResponseSchema = z.object({ appointmentId: safeString(), isBusy: z.boolean() });
export type JoinScheduledResponse = z.infer<typeof joinScheduledResponseSchema>;

/** getMember's scheduledAppointments (spec 7). */
export const memberScheduledAppointmentsSchema = z.object({ id: safeString(), scheduledAppointments: z.array(scheduledAppointmentSchema) });

/** GET /api/physicians/{id}/scheduled-appointments: the coach's bookings with the member's first name (dashboard). */
export const coachScheduledAppointmentSchema = z.extend(scheduledAppointmentSchema, { memberFirstName: z.nullable(safeString()) });
export type CoachScheduledAppointmentDto = z.infer<typeof coachScheduledAppointmentSchema>;
export const coachScheduledResponseSchema = z.object({ scheduledAppointments: z.array(coachScheduledAppointmentSchema) });
export type CoachScheduledResponse = z.infer<typeof coachScheduledResponseSchema>;

/** GET/PUT /api/physicians/{id}/calendar (the coach herself, or an admin). */
export const calendarSchema = z.object({
  physicianId: safeString(),
  timeZone: safeString(),
  weekdays: z.array(z.int()),
  slotMinutes: z.int(),
  hours: z.array(z.object({ weekday: z.int(), starts: safeString(), ends: safeString() })),
  exceptions: z.array(z.object({ id: safeString(), kind: z.enum(CALENDAR_EXCEPTION_KINDS), startsAt: safeString(), endsAt: safeString() })),
});
export type CalendarDto = z.infer<typeof calendarSchema>;
export const putCalendarInputSchema = z.safeExtend(calendarInputSchema, {
  weekdays: z.optional(z.array(z.int().check(z.gte(0, { message: 'invalid_weekday' }), z.lte(6, { message: 'invalid_weekday' }))).check(z.maxLength(7))),
});
export type PutCalendarInput = z.input<typeof putCalendarInputSchema>;
export { calendarExceptionInputSchema };

/** GET /api/physicians/{id}/slots?from=&to=&timeZone=: free slots by day (yyyy-MM-dd in timeZone). */
export const slotsQuerySchema = z.object({
  from: safeString().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })),
  to: safeString().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })),
  timeZone: z.optional(safeString().check(z.refine(isTimeZone, { message: 'invalid_time_zone' }))),
});
export const slotsResponseSchema = z.object({ timeZone: safeString(), physicianTimeZone: z.nullable(safeString()), slots: z.record(z.string(), z.array(safeString())) });
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** GET /api/admin/coaches: the coaches whose calendar the admin edits (GET/PUT /api/admin/physicians/{id}/calendar, exceptions). */
export const adminCoachSchema = z.object({ id: safeString(), firstName: safeString(), lastName: safeString() });
export type AdminCoachDto = z.infer<typeof adminCoachSchema>;
export const adminCoachesResponseSchema = z.object({ coaches: z.array(adminCoachSchema) });
export type AdminCoachesResponse = z.infer<typeof adminCoachesResponseSchema>;

/** GET /api/admin/job-queue/dead: the dead-letter list. */
export const deadLetterSchema = z.object({ id: safeString(), name: safeString(), singletonKey: z.nullable(safeString()), attempts: z.number(), lastError: z.nullable(safeString()), runAt: safeString(), updatedAt: safeString() });
export type DeadLetterDto = z.infer<typeof deadLetterSchema>;
export const deadLettersResponseSchema = z.object({ jobs: z.array(deadLetterSchema) });

export const SCHEDULED_FIELDS = `id tinyId physicianId memberId createdBy createdByRole startDate endDate language timezone status state topic { topicId topicText subtopicId subtopicText } requiredExtension notes type appointmentId createdAt updatedAt physician { ${PHYSICIAN_FIELDS} }`;

export const SCHEDULING_GQL = {
  /** spec 7 getMember with scheduledAppointments (the home card and the scheduled-appointment cache, 15 min). */
  myScheduledAppointments: `query MyScheduledAppointments { getMember { id scheduledAppointments { ${SCHEDULED_FIELDS} } } }`,
  scheduleAppointment: `mutation ScheduleAppointment($input: ScheduleAppointmentInput!) { scheduleAppointment(input: $input) { ${SCHEDULED_FIELDS} } }`,
  rescheduleAppointment: `mutation RescheduleAppointment($appointmentId: ID!, $input: ScheduleAppointmentInput!) { rescheduleAppointment(appointmentId: $appointmentId, input: $input) { ${SCHEDULED_FIELDS} } }`,
} as const;
