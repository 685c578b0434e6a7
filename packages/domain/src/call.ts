/**
 * The call (issue 5; spec 000 §2 /consulta/video-llamada, §4 "Waiting room and call", "Network
 * quality"; spec 001 §7 video calls, §9 video constants). Pure rules the server and the web share.
 */
import { TZDate } from '@date-fns/tz';
import { APPOINTMENT_STATE as S, isAppointmentEnded, isTerminal, type AppointmentState } from './appointment-machine';
import { CALENDAR, CALL_ERROR_CODES } from './constants';
import { CAMERA_AUDIO_MODES, type CameraAudioMode, type Channel } from './enums';

/**
 * Signaling events over the realtime connection (ours: the spec's twilio/* calls describe the
 * purpose, spec 7). The server relays them only between the appointment's participants.
 */
export const CALL_EVENTS = {
  // client -> server
  join: 'call-join',
  leave: 'call-leave',
  // both ways: an SDP description or an ICE candidate for one peer
  signal: 'call-signal',
  // server -> client
  peerJoined: 'call-peer-joined',
  peerLeft: 'call-peer-left',
  channelChanged: 'call-channel-changed',
} as const;
export type CallEventName = (typeof CALL_EVENTS)[keyof typeof CALL_EVENTS];

/** Issue 5: the member, the coach and, after escalation, the US doctor; each pair connected directly. */
export const MAX_CALL_PARTICIPANTS = 3;

export const CALL_ROLES = ['member', 'mx-physician', 'us-physician'] as const;
export type CallRole = (typeof CALL_ROLES)[number];

/** Participants may signal while the appointment is alive; a terminal appointment has no call. */
export const isCallOpen = (state: AppointmentState): boolean => !isTerminal(state);
/**
 * issue 11: a clinician's call is over once the call has ended (coach finished, 9, US doctor
 * pending), the treatment or notes are pending, or the consultation is over: the clinician then
 * goes to the consultation (or the dashboard) instead of staying on a waiting room with the camera live.
 */
export const isClinicianCallOver = (state: AppointmentState): boolean =>
  isTerminal(state) || isAppointmentEnded(state) || state === S.TREAT_PENDING || state === S.PENDING_NOTES;

/**
 * Not in the spec: how long the short-lived credentials live. TURN credentials (coturn's
 * shared-secret scheme) only need to outlive the allocation refreshes of one consultation; an
 * hour covers a long consultation and limits what a leaked credential is worth.
 */
export const CALL_LIMITS = {
  turnCredentialTtlSeconds: 60 * 60,
  // Not in the spec: the guest link is texted 5 minutes before the start (spec 4); two hours
  // covers a late start and a long consultation, and the link works for one appointment only.
  guestLinkTtlMs: 2 * 60 * 60_000,
  // Not in the spec: the first network check a few seconds after media flows, then every 60 s.
  firstNetworkCheckMs: 5_000,
} as const;

/**
 * What a session may reach (stored on the session itself). A session without a scope is the
 * account's own session; a guest link's session (spec 2 "Link to consult") is a 'guest-call': it
 * reaches one appointment only, and only what the call needs (that appointment, its chat, its
 * call token and signaling). Every session opened from a scoped one keeps the same scope.
 */
export const SESSION_SCOPE_KINDS = ['guest-call'] as const;
export type SessionScopeKind = (typeof SESSION_SCOPE_KINDS)[number];
export interface SessionScope {
  kind: SessionScopeKind;
  appointmentId: string;
}

/**
 * Not in the spec: a guest session lives as long as its consultation, and at the latest until the
 * end of the consultation's day (the day of its start, or today if it started earlier) in the
 * member's time zone. It is also revoked when the consultation finishes or is cancelled.
 */
export const guestSessionExpiresAt = (now: Date, consultationStart: Date, timeZone: string | null | undefined = CALENDAR.fallbackTimeZone): Date => {
  const day = Math.max(now.getTime(), consultationStart.getTime());
  let tz = timeZone || CALENDAR.fallbackTimeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    tz = CALENDAR.fallbackTimeZone;
  }
  const local = new TZDate(day, tz);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, 0, 0, 0, tz).getTime());
};

// ---------------------------------------------------------------------------------------------
// Network quality from WebRTC statistics (spec 4: levels 1 bad; 2-3 regular; 4-5 good; else none)

export interface CallStatsSample {
  /** Current round trip of the selected candidate pair, ms. */
  roundTripMs: number | null;
  /** Packets lost / (received + lost) on inbound streams since the last sample, 0..1. */
  lossRatio: number | null;
  /** Inbound jitter, ms. */
  jitterMs: number | null;
  /** Inbound bitrate since the last sample, bits per second. */
  bitrateBps: number | null;
}

/**
 * The 0..5 level the spec's mapping expects (the video provider's "network quality level").
 * Not in the spec: the thresholds. They follow the ITU-T G.114 guidance for interactive voice
 * (one-way delay under 150 ms is good, over 400 ms unacceptable) and the usual WebRTC rule that
 * loss above 2% is visible and above 10% breaks video. Level 0 means nothing measured yet.
 */
export const networkLevelFromStats = (s: CallStatsSample): number => {
  if (s.roundTripMs === null && s.lossRatio === null && s.jitterMs === null && s.bitrateBps === null) return 0;
  const rtt = s.roundTripMs ?? 0;
  const loss = s.lossRatio ?? 0;
  const jitter = s.jitterMs ?? 0;
  let level: number;
  if (rtt < 150 && loss < 0.01 && jitter < 30) level = 5;
  else if (rtt < 300 && loss < 0.02 && jitter < 50) level = 4;
  else if (rtt < 450 && loss < 0.05 && jitter < 80) level = 3;
  else if (rtt < 700 && loss < 0.1 && jitter < 150) level = 2;
  else level = 1;
  // Media barely flowing (under 30 kbit/s: less than a voice stream) cannot be called good.
  if (s.bitrateBps !== null && s.bitrateBps < 30_000) level = Math.min(level, 2);
  return level;
};

// ---------------------------------------------------------------------------------------------
// Camera/audio modes 0-6 (spec 3) and channels (issue 5)

/**
 * The mode a participant is in. Not in the spec: which mode a combination is. Chat and audio
 * consultations have their own modes; in a video consultation camera and microphone decide.
 * CAMERA_OFF (1) is what a camera toggle reports when the microphone is untouched (see
 * cameraToggleMode).
 */
export const cameraAudioMode = (p: { channel: Channel; camera: boolean; microphone: boolean }): CameraAudioMode => {
  if (p.channel === 'chat' || p.channel === 'email') return CAMERA_AUDIO_MODES.CHAT_CONSULT;
  if (p.channel === 'phone-call') return CAMERA_AUDIO_MODES.AUDIO_CONSULT;
  if (p.camera && p.microphone) return CAMERA_AUDIO_MODES.CAMERA_AND_MIC_ON;
  if (!p.camera && !p.microphone) return CAMERA_AUDIO_MODES.CAMERA_AND_MIC_OFF;
  if (!p.camera) return CAMERA_AUDIO_MODES.CAMERA_OFF_MIC_ON;
  return CAMERA_AUDIO_MODES.CAMERA_ON;
};

/** The mode a lone camera toggle reports (0 on, 1 off). */
export const cameraToggleMode = (cameraOn: boolean): CameraAudioMode => (cameraOn ? CAMERA_AUDIO_MODES.CAMERA_ON : CAMERA_AUDIO_MODES.CAMERA_OFF);

/** Which media a channel carries in the app: video both, phone audio only, chat and email none. */
export const channelMedia = (channel: Channel): { audio: boolean; video: boolean } => {
  switch (channel) {
    case 'video-call':
      return { audio: true, video: true };
    case 'phone-call':
      return { audio: true, video: false };
    case 'chat':
    case 'email':
      return { audio: false, video: false };
  }
};

/**
 * Issue 5: a consultation can move from video to audio to chat (and email) without losing its
 * record; the channel it left is kept as previousChannel. Null when nothing changes.
 */
export const channelSwitch = (from: Channel, to: Channel): { channel: Channel; previousChannel: Channel } | null =>
  from === to ? null : { channel: to, previousChannel: from };

/** The states in which media flows between the member and the physicians (the call is "on"). */
const IN_CALL: readonly AppointmentState[] = [
  S.S3_COACH_JOINS_CALL,
  S.S4_COACH_ENDS_CALL,
  S.COACH_REQUEST_US_DR,
  S.CONSULTATION_WITHOUT_ER,
  S.ER_ACCEPTS_CONSULTATION,
  S.S8_ER_JOINS_CALL,
  S.TREAT_COMPLETED,
  S.US_DR_PENDING,
];
/** Whether a physician on the call screen goes straight to media (they join when they accept). */
export const isInCallState = (state: AppointmentState): boolean => IN_CALL.includes(state);

/**
 * Our server's catalogue codes as the call error codes of spec 8 (the video provider's numbers):
 * a closed room (the appointment is over) is 53205, which goes to /link-to-consult-closed; refused
 * credentials (session gone, bad guest token) are 20101, which appends the credentials hint.
 * Anything else is shown without a number.
 */
export const callErrorCodeFor = (apiCode: string | null | undefined): number | null => {
  switch (apiCode) {
    case 'APPOINTMENT_ALREADY_FINISHED':
    case 'APPOINTMENT_ALREADY_CANCELED':
      return CALL_ERROR_CODES.roomClosed;
    case 'UNAUTHORIZED':
    case 'TOKEN_INVALID':
    case 'TOKEN_EXPIRED':
      return CALL_ERROR_CODES.invalidCredentials;
    default:
      return null;
  }
};
