import type { TrackedProperties } from '@puente/contracts';
import { callPhase, isConsultationDropped, isInCallState, type AppointmentState, type CallPhase, type Channel } from '@puente/domain';
import { useEffect, useRef } from 'react';
import { track } from '@/lib/track';

/** The tracked channel names (the event allow-list's words for the appointment's channels). */
const TRACKED_CHANNEL: Record<Channel, NonNullable<TrackedProperties['channel']>> = {
  'video-call': 'video',
  'phone-call': 'phone',
  chat: 'chat',
  email: 'email',
};

interface CallMoment {
  appointmentId: string;
  isMember: boolean;
  /** The prejoin step on screen (3: the waiting room or the call). */
  step: 1 | 2 | 3;
  inCall: boolean;
  state: AppointmentState;
  channel: Channel;
}

/**
 * The call's tracked moments, by ids and channel only (never what the consultation is about):
 * - call_joined, once for each call (the coach's, the US doctor's) this screen enters while it is on;
 * - consultation_dropped (spec 4): the member leaves the screen or closes the page at the waiting
 *   room's step with the call not on and the consultation neither ended nor with a treatment sent.
 */
export function useCallTracking({ appointmentId, isMember, step, inCall, state, channel }: CallMoment): void {
  const joinedPhase: CallPhase | null = inCall && isInCallState(state) ? callPhase(state) : null;
  const joined = useRef(new Set<CallPhase>());
  useEffect(() => {
    if (!joinedPhase || joined.current.has(joinedPhase)) return;
    joined.current.add(joinedPhase);
    void track('call_joined', { appointmentId, channel: TRACKED_CHANNEL[channel] });
  }, [joinedPhase, appointmentId, channel]);

  // What the screen shows when the member leaves it (read by the cleanup and pagehide below).
  const latest = useRef({ step, inCall, state });
  useEffect(() => {
    latest.current = { step, inCall, state };
  }, [step, inCall, state]);
  useEffect(() => {
    if (!isMember) return undefined;
    let reported = false;
    const report = () => {
      const now = latest.current;
      if (reported || !isConsultationDropped({ preJoinStep: now.step, videoCallOn: now.inCall, state: now.state })) return;
      reported = true;
      void track('consultation_dropped', { appointmentId });
    };
    window.addEventListener('pagehide', report);
    return () => {
      window.removeEventListener('pagehide', report);
      report();
    };
  }, [isMember, appointmentId]);
}
