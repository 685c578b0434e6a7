import { languageSchema, PRACTICES, safeString } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * spec 000 §3 Physician: a coach (mx-physician) or US doctor (us-physician) as members and staff
 * see them. Contact data, licence numbers and schedules' internals never leave the server.
 */
export const physicianSchema = z.object({
  id: safeString(),
  firstName: safeString(),
  lastName: safeString(),
  nickName: z.nullable(safeString()),
  imgUrl: z.nullable(safeString()),
  languages: z.array(languageSchema),
  medicalSpecialties: z.array(z.object({ speciality: safeString() })),
  practice: z.nullable(z.enum(PRACTICES)),
  userType: z.enum(['mx-physician', 'us-physician']),
  isOnline: z.boolean(),
  isAvailable: z.boolean(),
  academicBackground: z.array(z.object({ institutionName: safeString() })),
  /** A short presentation in the caller's language (coach profile screen). */
  bio: z.nullable(safeString()),
  /** US states the physician is licensed in (state codes only; numbers stay on the server). */
  licensedStates: z.array(safeString()),
});
export type PhysicianDto = z.infer<typeof physicianSchema>;

/** A physician with the free slots of one day (GraphQL `availableSlots(date)`, ISO datetimes). */
export const physicianWithSlotsSchema = z.extend(physicianSchema, { availableSlots: z.array(safeString()) });
export type PhysicianWithSlotsDto = z.infer<typeof physicianWithSlotsSchema>;

/**
 * GET /api/online-physicians?tags=&partnerId= (spec 7; polled every 4 s). Member session required.
 * tags: comma-separated topic tags such as practice_health or practice_mentalhealth (the topic
 * template's `tags`), and/or lang_es / lang_en to filter by language.
 */
export const onlinePhysiciansQuerySchema = z.object({
  tags: z.optional(safeString().check(z.maxLength(200))),
  partnerId: z.optional(safeString().check(z.maxLength(100))),
});
export type OnlinePhysiciansQuery = z.infer<typeof onlinePhysiciansQuerySchema>;
export const onlinePhysiciansResponseSchema = z.object({ physicians: z.array(physicianSchema) });
export type OnlinePhysiciansResponse = z.infer<typeof onlinePhysiciansResponseSchema>;

/** The tag prefixes GET /api/online-physicians understands. */
export const PHYSICIAN_TAG_PREFIX = { practice: 'practice_', language: 'lang_' } as const;

/** GET /api/physicians/{id}/isbusy?appointmentId= (spec 7). */
export const isBusyQuerySchema = z.object({ appointmentId: z.optional(safeString().check(z.minLength(1))) });
export const isBusyResponseSchema = z.object({ isBusy: z.boolean() });
export type IsBusyResponse = z.infer<typeof isBusyResponseSchema>;

/** getPhysicians(schedulable, language, practice, availabilityDate) (spec 7). */
export const getPhysiciansArgsSchema = z.object({
  schedulable: z.optional(z.boolean()),
  language: z.optional(languageSchema),
  practice: z.optional(z.enum(PRACTICES)),
  /** yyyy-MM-dd (spec 9 slot date format), in the physician's working time zone. */
  availabilityDate: z.optional(safeString().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' }))),
});
export type GetPhysiciansArgs = z.infer<typeof getPhysiciansArgsSchema>;

/** setAvailability(isAvailable): a coach or US doctor toggles whether they take on-demand requests. */
export const setAvailabilityInputSchema = z.object({ isAvailable: z.boolean() });
export type SetAvailabilityInput = z.infer<typeof setAvailabilityInputSchema>;

export const PHYSICIAN_FIELDS = `id firstName lastName nickName imgUrl languages medicalSpecialties { speciality } practice userType isOnline isAvailable academicBackground { institutionName } bio licensedStates`;

export const PHYSICIAN_GQL = {
  getPhysician: `query GetPhysician($id: ID!) { getPhysician(id: $id) { ${PHYSICIAN_FIELDS} } }`,
  getPhysicianWithSlots: `query GetPhysicianWithSlots($id: ID!, $date: String!) { getPhysician(id: $id) { ${PHYSICIAN_FIELDS} availableSlots(date: $date) } }`,
  getPhysicians: `query GetPhysicians($schedulable: Boolean, $language: String, $practice: String, $availabilityDate: String) { getPhysicians(schedulable: $schedulable, language: $language, practice: $practice, availabilityDate: $availabilityDate) { ${PHYSICIAN_FIELDS} availableSlots(date: $availabilityDate) } }`,
  /** The signed-in physician's own profile (dashboard). */
  getMyPhysicianProfile: `query GetMyPhysicianProfile { getMyPhysicianProfile { ${PHYSICIAN_FIELDS} } }`,
  setAvailability: `mutation SetAvailability($isAvailable: Boolean!) { setAvailability(isAvailable: $isAvailable) { ${PHYSICIAN_FIELDS} } }`,
} as const;
