import { LANGUAGES } from '@puente/domain';
import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { memberSchema } from './member';

/**
 * The realtime event names (spec 001 §7 "Realtime", spec 000 §4 "Realtime events"). One constant
 * per event so neither side types a string by hand. The socket lives at /socket.io on the API's
 * origin; the handshake carries `auth: { token: sessionToken }`; every socket joins `user:<id>`.
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
  paymentStatusUpdate: 'payment-status-update',
  // server -> client
  appointmentAlert: 'appointment-alert',
  memberDataUpdate: 'member-data-update',
  paymentRequested: 'payment-requested',
  logoutCommand: 'command-logout',
  notificationCommand: 'command-notification',
  scheduledStarted: 'scheduled-started',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** Handshake `auth` payload. */
export const socketAuthSchema = z.object({ token: z.string().min(1) });
export type SocketAuth = z.infer<typeof socketAuthSchema>;
/** A refused handshake: `connect_error` carries `err.data` in the one error shape. */
export const socketConnectErrorDataSchema = apiErrorSchema;

/** Answer to `user-register`. */
export const userRegisteredSchema = z.object({ userId: z.string(), socketId: z.string() });
export type UserRegistered = z.infer<typeof userRegisteredSchema>;

// Payloads known today. Appointment payloads arrive with the appointment issues and tighten then.
export const appointmentRefSchema = z.object({ appointmentId: z.string() });
/** spec 5/8: "A realtime alert without a state or appointmentId is ignored and logged." */
export const appointmentAlertSchema = z.object({ appointmentId: z.string(), state: z.string() }).catchall(z.unknown());
export type AppointmentAlert = z.infer<typeof appointmentAlertSchema>;
export const appointmentUpdateSchema = appointmentRefSchema.catchall(z.unknown());
export const appointmentCancelSchema = z.object({ appointmentId: z.string(), reason: z.string().optional() }).catchall(z.unknown());
export const appointmentLocationChangeSchema = z.object({ appointmentId: z.string(), state: z.string(), city: z.string() });
export const appointmentMemberJoinedSchema = z.object({ appointmentId: z.string(), memberId: z.string() });
export const memberDataUpdateSchema = z.object({ member: memberSchema.partial() });
export type MemberDataUpdate = z.infer<typeof memberDataUpdateSchema>;
export const paymentRequestedSchema = z.object({ appointmentId: z.string().optional(), priceType: z.enum(['usp', 'coach']), paymentId: z.string().optional() });
export const paymentStatusUpdateSchema = z.object({ paymentId: z.string(), status: z.enum(['succeeded', 'failed', 'pending']) });
export const notificationCommandSchema = z.object({ title: z.string().optional(), body: z.string(), lang: z.enum(LANGUAGES).optional() }).catchall(z.unknown());
export const logoutCommandSchema = z.object({ reason: z.string().optional() });
export const scheduledStartedSchema = z.object({ scheduledAppointmentId: z.string(), appointmentId: z.string().optional() });

type Payload<S extends z.ZodType> = z.infer<S>;
type Ack<T> = (answer: T) => void;

export interface ServerToClientEvents {
  'appointment-alert': (payload: Payload<typeof appointmentAlertSchema>) => void;
  'appointment-update': (payload: Payload<typeof appointmentUpdateSchema>) => void;
  'appointment-cancel': (payload: Payload<typeof appointmentCancelSchema>) => void;
  'appointment-location-change': (payload: Payload<typeof appointmentLocationChangeSchema>) => void;
  'appointment-member-joined': (payload: Payload<typeof appointmentMemberJoinedSchema>) => void;
  'member-data-update': (payload: MemberDataUpdate) => void;
  'payment-requested': (payload: Payload<typeof paymentRequestedSchema>) => void;
  'payment-status-update': (payload: Payload<typeof paymentStatusUpdateSchema>) => void;
  'command-logout': (payload: Payload<typeof logoutCommandSchema>) => void;
  'command-notification': (payload: Payload<typeof notificationCommandSchema>) => void;
  'command-finish-appointment': (payload: Payload<typeof appointmentRefSchema>) => void;
  'scheduled-started': (payload: Payload<typeof scheduledStartedSchema>) => void;
}

export interface ClientToServerEvents {
  'user-register': (ack?: Ack<UserRegistered>) => void;
  'user-unregister': (ack?: Ack<{ ok: true }>) => void;
  'socket-id-update': (ack?: Ack<UserRegistered>) => void;
  'appointment-update': (payload: Payload<typeof appointmentUpdateSchema>) => void;
  'command-finish-appointment': (payload: Payload<typeof appointmentRefSchema>) => void;
  'appointment-cancel': (payload: Payload<typeof appointmentCancelSchema>) => void;
  'appointment-location-change': (payload: Payload<typeof appointmentLocationChangeSchema>) => void;
  'appointment-member-joined': (payload: Payload<typeof appointmentMemberJoinedSchema>) => void;
  'payment-status-update': (payload: Payload<typeof paymentStatusUpdateSchema>) => void;
}

/** The room every socket of a user joins. */
export const userRoom = (userId: string): `user:${string}` => `user:${userId}`;
