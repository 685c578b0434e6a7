import * as z from 'zod/mini';

/**
 * Product interactions (spec 001 §7 "POST interactions/event | userId, deviceId, event, properties" and
 * "POST interactions/identity | userId, deviceId, traits"; spec 000 §3 "Tracked event": data.event,
 * data.properties). The web app's track() and the /et debug page use these shapes too.
 *
 * No health or personal data ever rides in an event: properties and traits are an allow-list of
 * names, each with a closed shape (enums, ids, small numbers, route paths). Any other property name
 * is stripped, and a known name with a value outside its shape is refused, so free text (a symptom,
 * a name, a phone number) cannot be smuggled in through an allowed name either.
 */
export const TRACKED_EVENTS = [
  'language_selected',
  'signup_started',
  'login_started',
  'phone_code_requested',
  'phone_code_resent',
  'phone_verified',
  'terms_accepted',
  'terms_declined',
  'profile_step_completed',
  'consultation_requested',
  'coach_profile_viewed',
  'call_joined',
  'consultation_dropped',
  'link_to_consult_joined',
  'mobile_redirect',
  'legal_page_viewed',
] as const;
export type TrackedEventName = (typeof TRACKED_EVENTS)[number];

const ROUTE_PATH = /^\/[A-Za-z0-9\-_/]{0,119}$/;
const SLUG = /^[a-z][a-z0-9_-]{0,39}$/;

/** The allowed property names and their shapes; anything else is stripped. */
export const trackedPropertiesSchema = z.object({
  language: z.optional(z.enum(['es', 'en'], { error: 'interaction_property_invalid' })),
  /** The route where it happened (paths only, never a query string). */
  route: z.optional(z.string().check(z.regex(ROUTE_PATH, 'interaction_property_invalid'))),
  step: z.optional(z.int({ error: 'interaction_property_invalid' }).check(z.gte(0, 'interaction_property_invalid'), z.lte(50, 'interaction_property_invalid'))),
  channel: z.optional(z.enum(['video', 'phone', 'chat', 'email'], { error: 'interaction_property_invalid' })),
  practice: z.optional(z.enum(['health', 'mentalhealth'], { error: 'interaction_property_invalid' })),
  platform: z.optional(z.enum(['ios', 'android', 'desktop', 'web'], { error: 'interaction_property_invalid' })),
  phoneCountryCode: z.optional(z.enum(['1', '52', '57'], { error: 'interaction_property_invalid' })),
  /** A short machine word (outcome, method, reason): lower case, no spaces, so never free text. */
  outcome: z.optional(z.string().check(z.regex(SLUG, 'interaction_property_invalid'))),
  method: z.optional(z.string().check(z.regex(SLUG, 'interaction_property_invalid'))),
  appointmentId: z.optional(z.uuid({ error: 'interaction_property_invalid' })),
  physicianId: z.optional(z.uuid({ error: 'interaction_property_invalid' })),
  durationMs: z.optional(z.int({ error: 'interaction_property_invalid' }).check(z.gte(0, 'interaction_property_invalid'), z.lte(86_400_000, 'interaction_property_invalid'))),
});
export type TrackedProperties = z.infer<typeof trackedPropertiesSchema>;

const deviceIdSchema = z.string({ error: 'interaction_device_invalid' }).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'interaction_device_invalid'));
const userIdSchema = z.optional(z.nullable(z.uuid({ error: 'interaction_user_invalid' })));

/** POST /api/interactions/event (session optional: the welcome and login steps happen before one). */
export const interactionEventRequestSchema = z.object({
  userId: userIdSchema,
  deviceId: deviceIdSchema,
  event: z.enum(TRACKED_EVENTS, { error: 'interaction_event_invalid' }),
  properties: z.pipe(z.transform((v) => v ?? {}), trackedPropertiesSchema),
});
export type InteractionEventRequest = z.input<typeof interactionEventRequestSchema>;

/** The allowed identity traits: no name, email, phone, birthday or anything clinical. */
export const identityTraitsSchema = z.object({
  language: z.optional(z.enum(['es', 'en'], { error: 'interaction_property_invalid' })),
  userType: z.optional(z.enum(['member', 'admin', 'mx-physician', 'us-physician'], { error: 'interaction_property_invalid' })),
  phoneCountryCode: z.optional(z.enum(['1', '52', '57'], { error: 'interaction_property_invalid' })),
  platform: z.optional(z.enum(['ios', 'android', 'desktop', 'web'], { error: 'interaction_property_invalid' })),
  appVersion: z.optional(z.string().check(z.regex(/^v?\d+(\.\d+)*$/, 'interaction_property_invalid'))),
});
export type IdentityTraits = z.infer<typeof identityTraitsSchema>;

/** POST /api/interactions/identity (signed in; userId, when sent, must be the caller's). */
export const interactionIdentityRequestSchema = z.object({
  userId: userIdSchema,
  deviceId: deviceIdSchema,
  traits: z.pipe(z.transform((v) => v ?? {}), identityTraitsSchema),
});
export type InteractionIdentityRequest = z.input<typeof interactionIdentityRequestSchema>;

/** What both calls answer: the stored row's id and what was kept after the allow-list. */
export const interactionResponseSchema = z.object({ id: z.uuid(), kept: z.record(z.string(), z.union([z.string(), z.number()])) });
export type InteractionResponse = z.infer<typeof interactionResponseSchema>;
