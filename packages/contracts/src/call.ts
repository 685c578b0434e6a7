import { APPOINTMENT_STATES, CALL_ROLES, CHANNELS, safeFormat, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { apiErrorSchema } from './errors';
import { sessionPayloadSchema } from './member';

/**
 * The call (issue 5). spec 001 §7 names twilio/token (identity, roomName -> token): here it is our
 * own GET /api/video/token?roomName=<appointmentId>, which answers the ICE servers (STUN, and TURN
 * with short-lived credentials) the browser needs. Media flows browser to browser (WebRTC mesh);
 * the offers, answers and candidates travel over the Socket.IO connection (CALL_EVENTS in domain),
 * relayed by the server only between that appointment's participants.
 */

export const iceServerSchema = z.object({
  urls: z.union([safeString(), z.array(safeString())]),
  username: z.optional(safeString()),
  credential: z.optional(safeString()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /api/video/token?roomName= (the appointment id). */
export const videoTokenQuerySchema = z.object({ roomName: safeFormat(z.uuid({ message: 'invalid_room_name' })) });
export const videoTokenResponseSchema = z.object({
  roomName: safeString(),
  /** Who the caller is in the room (their user id). */
  identity: safeString(),
  iceServers: z.array(iceServerSchema),
  /** When the TURN credentials stop working (ISO). */
  expiresAt: safeString(),
});
export type VideoTokenResponse = z.infer<typeof videoTokenResponseSchema>;

const peerId = safeFormat(z.uuid({ message: 'invalid_peer_id' }));

/** call-join: the caller enters the appointment's call as one peer (one browser tab). */
export const callJoinSchema = z.object({ appointmentId: safeFormat(z.uuid()), peerId });
export type CallJoin = z.infer<typeof callJoinSchema>;
export const callJoinAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    appointmentId: safeString(),
    peerId: safeString(),
    role: z.enum(CALL_ROLES),
    state: z.enum(APPOINTMENT_STATES),
    channel: z.enum(CHANNELS),
  }),
  apiErrorSchema,
]);
export type CallJoinAck = z.infer<typeof callJoinAckSchema>;
export const callLeaveSchema = callJoinSchema;

export const sessionDescriptionSchema = z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.optional(safeString().check(z.maxLength(200_000))) });
export const iceCandidateSchema = z.object({
  candidate: safeString().check(z.maxLength(2_000)),
  sdpMid: z.nullish(safeString().check(z.maxLength(64))),
  sdpMLineIndex: z.nullish(z.int().check(z.gte(0), z.lte(64))),
  usernameFragment: z.nullish(safeString().check(z.maxLength(256))),
});

/** call-signal, client -> server: for one peer of the same call. */
export const callSignalSchema = z
  .object({
    appointmentId: safeFormat(z.uuid()),
    from: peerId,
    to: peerId,
    description: z.optional(sessionDescriptionSchema),
    candidate: z.optional(iceCandidateSchema),
  }).check(z.refine((s) => !!s.description !== !!s.candidate, { message: 'description_or_candidate' }));
export type CallSignal = z.infer<typeof callSignalSchema>;
/** call-signal, server -> client: what arrives, with who sent it (checked by the server). */
export type CallSignalRelay = CallSignal & { fromUserId: string; role: z.infer<typeof callPeerSchema>['role'] };
export const callSignalAckSchema = z.union([z.object({ ok: z.literal(true) }), apiErrorSchema]);
export type CallSignalAck = z.infer<typeof callSignalAckSchema>;

/** call-peer-joined / call-peer-left, server -> the other peers of the call. */
export const callPeerSchema = z.object({
  appointmentId: safeString(),
  peerId: safeString(),
  userId: safeString(),
  role: z.enum(CALL_ROLES),
  /** peer-left: 'left' (hung up, another page) or 'disconnected' (its socket dropped; it may come back). */
  reason: z.optional(z.enum(['left', 'disconnected'])),
});
export type CallPeer = z.infer<typeof callPeerSchema>;

/** PATCH /api/appointments/{id}/channel/{channel}: the consultation moves channel, keeping its record. */
export const channelParamsSchema = z.object({ id: safeFormat(z.uuid()), channel: z.enum(CHANNELS, { message: 'invalid_channel' }) });
export const channelChangeSchema = z.object({
  appointmentId: safeString(),
  channel: z.enum(CHANNELS),
  previousChannel: z.nullable(z.enum(CHANNELS)),
  /** spec 7: phone consultations may also ring a real phone through the telephony provider. */
  phoneCallPlaced: z.boolean(),
});
export type ChannelChange = z.infer<typeof channelChangeSchema>;

/** POST /api/appointments/{id}/rejoined: the member accepted the return-to-call modal (spec 4). */
export const rejoinedResponseSchema = z.object({ ok: z.literal(true), rejoinedCount: z.int() });

/**
 * The guest link (spec 2 "Link to consult"). POST /api/appointments/{id}/guest-link issues a
 * signed, expiring token for that appointment's member (the member, its physicians or an admin
 * may ask) and texts the link PUBLIC_URL/link-to-consult?token=&appointmentId= to the member's
 * phone. The answer says it was sent; it never carries the link or the token.
 */
export const guestLinkResponseSchema = z.strictObject(z.object({ sent: z.literal(true), expiresAt: safeString() }).shape);
export type GuestLinkResponse = z.infer<typeof guestLinkResponseSchema>;
/** POST /api/auth/guest-link: the token becomes a session that only reaches that appointment. */
export const guestLinkSignInSchema = z.object({ token: safeString().check(z.minLength(10), z.maxLength(4_000)), appointmentId: safeFormat(z.uuid()) });
export const guestLinkSessionSchema = z.extend(sessionPayloadSchema, { appointmentId: safeString(), loginless: z.literal(true) });
export type GuestLinkSession = z.infer<typeof guestLinkSessionSchema>;

export const CALL_PATHS = {
  videoToken: '/api/video/token',
  channel: (appointmentId: string, channel: string) => `/api/appointments/${appointmentId}/channel/${channel}`,
  rejoined: (appointmentId: string) => `/api/appointments/${appointmentId}/rejoined`,
  guestLink: (appointmentId: string) => `/api/appointments/${appointmentId}/guest-link`,
  guestSignIn: '/api/auth/guest-link',
  joinMethod: (appointmentId: string, method: 'app' | 'link') => `/api/appointments/${appointmentId}/join-method/${method}`,
  connectionStrength: (appointmentId: string, value: number) => `/api/appointments/${appointmentId}/connection-strength/${value}`,
} as const;

type Ack<T> = (answer: T) => void;

// The call's events join the one typed event map (realtime.ts) without editing it.
declare module './realtime' {
  interface ClientToServerEvents {
    'call-join': (payload: CallJoin, ack?: Ack<CallJoinAck>) => void;
    'call-leave': (payload: CallJoin, ack?: Ack<{ ok: true }>) => void;
    'call-signal': (payload: CallSignal, ack?: Ack<CallSignalAck>) => void;
  }
  interface ServerToClientEvents {
    'call-signal': (payload: CallSignalRelay) => void;
    'call-peer-joined': (payload: CallPeer) => void;
    'call-peer-left': (payload: CallPeer) => void;
    'call-channel-changed': (payload: ChannelChange) => void;
  }
}
