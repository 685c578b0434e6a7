/**
 * Calling a real phone for a phone-call consultation (issue 5, spec 3 channel phone-call). In the
 * app a phone consultation is audio-only WebRTC; a telephony provider can also ring the member's
 * phone and bridge it. Not required offline: the local default places no call and says so.
 */
export interface TelephonyProvider {
  /** Rings `to` (E.164) for the appointment; placed false when no call was made. */
  placeCall(input: { to: string; appointmentId: string }): Promise<{ placed: boolean; callId: string | null }>;
  /**
   * Issue 15 (spec 3 VOICE_REMINDERS): a spoken reminder of a scheduled consultation, read to `to`
   * in `language`. `reference` identifies the booking (never health data in the message).
   */
  placeVoiceReminder(input: { to: string; language: 'es' | 'en'; message: string; reference: string }): Promise<{ placed: boolean; callId: string | null }>;
}

/** The local default: no telephony account, no outside network; the in-app audio call is used. */
export class NoopTelephonyProvider implements TelephonyProvider {
  async placeCall(): Promise<{ placed: boolean; callId: string | null }> {
    return { placed: false, callId: null };
  }

  async placeVoiceReminder(): Promise<{ placed: boolean; callId: string | null }> {
    return { placed: false, callId: null };
  }
}
