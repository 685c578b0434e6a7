import { APPOINTMENT_STATES, APPOINTMENT_TYPES, LANGUAGES, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import type { ChatClientToServerEvents, ChatServerToClientEvents } from './chat';
import { apiErrorSchema } from './errors';
import type { MemberDataUpdate } from './member';

/**
 * The realtime event names live once, in @puente/domain (REALTIME_EVENTS); this file adds their
 * payloads. The socket lives at /socket.io on the API's origin; the handshake carries
 * `auth: { token: sessionToken }`; every socket joins `user:<id>`, and a socket that subscribes to
 * an appointment (appointment-subscribe) joins `appointment:<id>` once the server has checked
 * the caller may see it.
 */
export { REALTIME_EVENTS, type RealtimeEventName } from '@puente/domain';

/** Handshake `auth` payload. */
export const socketAuthSchema = z.object({ token: safeString().check(z.minLength(1)) });
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** Answer to `user-register`. */
export const userRegisteredSchema = z.object({ userId: safeString(), socketId: safeString() });
export type UserRegistered = z.infer<typeof userRegisteredSchema>;

export const appointmentRefSchema = z.object({ appointmentId: safeString().check(z.minLength(1)) });
/**
 * spec 4 "Member routing on an appointment alert": what the server sends on every transition, to
 * the member, the assigned coach/doctor, the appointment room, and (for queue states 1 and 6, as
 * offers) the physicians who may take it. spec 5/8: an alert without a state or appointmentId is
 * ignored and logged: parse with `parseAppointmentAlert`, which answers null for those.
 */
export const appointmentAlertSchema = z.object({
  appointmentId: safeString().check(z.minLength(1)),
  state: z.enum(APPOINTMENT_STATES),
  statusReason: z.nullable(safeString()),
  previousState: z.nullable(z.enum(APPOINTMENT_STATES)),
  type: z.enum(APPOINTMENT_TYPES),
  memberId: safeString(),
  mxDoctorId: z.nullable(safeString()),
  usDoctorId: z.nullable(safeString()),
  usDoctorNeeded: z.boolean(),
  /** The server time of the transition (ISO). */
  at: safeString(),
});
export type AppointmentAlert = z.infer<typeof appointmentAlertSchema>;
/** The alert, or null when it lacks state or appointmentId or is otherwise malformed (caller logs). */
export const parseAppointmentAlert = (payload: unknown): AppointmentAlert | null => {
  const parsed = appointmentAlertSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
};
/** Answer to appointment client events: ok with the current state, or the one error shape. */
export const appointmentAckSchema = z.union([
  z.object({ ok: z.literal(true), appointmentId: safeString(), state: z.enum(APPOINTMENT_STATES), statusReason: z.nullable(safeString()) }),
  apiErrorSchema,
]);
export type AppointmentAck = z.infer<typeof appointmentAckSchema>;
/** Client -> server appointment-update: a transition request (same rules as GraphQL updateAppointment). */
export const appointmentUpdateSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), state: z.enum(APPOINTMENT_STATES), statusReason: z.nullish(safeString()) });
export const appointmentCancelSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), reason: safeString().check(z.minLength(1)) });
export const appointmentLocationChangeSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), country: z.optional(safeString().check(z.length(2))), state: safeString().check(z.minLength(1)), city: safeString().check(z.minLength(1)) });
export const appointmentMemberJoinedSchema = z.object({ appointmentId: safeString().check(z.minLength(1)), memberId: z.optional(safeString()) });
export { memberDataUpdateSchema, type MemberDataUpdate } from './member';
export const paymentRequestedSchema = z.object({ appointmentId: z.optional(safeString()), priceType: z.enum(['usp', 'coach']), paymentId: z.optional(safeString()) });
export const paymentStatusUpdateSchema = z.object({ paymentId: safeString(), status: z.enum(['succeeded', 'failed', 'pending']) });
export const notificationCommandSchema = z.catchall(z.object({ title: z.optional(safeString()), body: safeString(), lang: z.optional(z.enum(LANGUAGES)) }), z.unknown());
export const logoutCommandSchema = z.object({ reason: z.optional(safeString()) });
export const scheduledStartedSchema = z.object({ scheduledAppointmentId: safeString(), appointmentId: z.optional(safeString()) });

type Payload<S extends z.ZodMiniType> = z.infer<S>;
type Ack<T> = (answer: T) => void;

export interface ServerToClientEvents extends ChatServerToClientEvents {
  'appointment-alert': (payload: Payload<typeof appointmentAlertSchema>) => void;
  'appointment-update': (payload: AppointmentAlert) => void;
  'appointment-cancel': (payload: AppointmentAlert) => void;
  'appointment-location-change': (payload: Payload<typeof appointmentLocationChangeSchema>) => void;
  'appointment-member-joined': (payload: Payload<typeof appointmentMemberJoinedSchema>) => void;
  'member-data-update': (payload: MemberDataUpdate) => void;
  'payment-requested': (payload: Payload<typeof paymentRequestedSchema>) => void;
  'payment-status-update': (payload: Payload<typeof paymentStatusUpdateSchema>) => void;
  'command-logout': (payload: Payload<typeof logoutCommandSchema>) => void;
  'command-notification': (payload: Payload<typeof notificationCommandSchema>) => void;
  'command-finish-appointment': (payload: Payload<typeof appointmentRefSchema>) => void;
  'scheduled-started': (payload: Payload<typeof scheduledStartedSchema>) => void;
  'appointment-record-update': (payload: Payload<typeof appointmentRefSchema>) => void;
}

export interface ClientToServerEvents extends ChatClientToServerEvents {
  'user-register': (ack?: Ack<UserRegistered>) => void;
  'user-unregister': (ack?: Ack<{ ok: true }>) => void;
  'socket-id-update': (ack?: Ack<UserRegistered>) => void;
  'appointment-update': (payload: Payload<typeof appointmentUpdateSchema>, ack?: Ack<AppointmentAck>) => void;
  'command-finish-appointment': (payload: Payload<typeof appointmentRefSchema>, ack?: Ack<AppointmentAck>) => void;
  'appointment-cancel': (payload: Payload<typeof appointmentCancelSchema>, ack?: Ack<AppointmentAck>) => void;
  'appointment-location-change': (payload: Payload<typeof appointmentLocationChangeSchema>, ack?: Ack<AppointmentAck>) => void;
  'appointment-member-joined': (payload: Payload<typeof appointmentMemberJoinedSchema>, ack?: Ack<AppointmentAck>) => void;
  'appointment-subscribe': (payload: Payload<typeof appointmentRefSchema>, ack?: Ack<AppointmentAck>) => void;
  'appointment-unsubscribe': (payload: Payload<typeof appointmentRefSchema>, ack?: Ack<{ ok: true }>) => void;
  'payment-status-update': (payload: Payload<typeof paymentStatusUpdateSchema>) => void;
}

/** The room every socket of a user joins. */
export const userRoom = (userId: string): `user:${string}` => `user:${userId}`;
/** The room of one appointment (joined through appointment-subscribe after the policy check). */
export const appointmentRoom = (appointmentId: string): `appointment:${string}` => `appointment:${appointmentId}`;
