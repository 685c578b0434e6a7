import type { ChannelChange } from '@puente/contracts';
import type { Channel } from '@puente/domain';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AppSocket as Socket } from '@/lib/socket';
import { getVideoToken } from '../api/get-video-token';
import { CallMesh, isMobileDevice, type CallMeshSnapshot } from '../lib/call-mesh';

const EMPTY: CallMeshSnapshot = { roomState: 'disconnected', peers: [], channel: 'video-call', microphone: true, camera: true, facingMode: 'user' };
const noopSubscribe = () => () => undefined;

/** What the browser tests and the benchmark read from the page (no secrets: states and counters). */
export interface CallProbe {
  mesh: CallMesh;
  marks: { mark: string; peerId: string; at: number }[];
  /** Runs the network check now (it otherwise runs every 60 s). */
  evaluateNetwork?: () => Promise<string>;
}
declare global {
  interface Window {
    __puenteCall?: CallProbe;
  }
}

export interface CallFailure {
  code: string;
  message: string;
  /** Where it failed: the token call (spec 7: store and go to /lo) or joining the room. */
  stage: 'token' | 'join';
}

/** Joins the appointment's call once `enabled`, with the local stream; leaves on unmount. */
export const useCallMesh = (input: {
  socket: Socket | null;
  appointmentId: string | null;
  stream: MediaStream | null;
  channel: Channel;
  enabled: boolean;
  onChannelChanged?: (change: ChannelChange) => void;
  onFailure: (failure: CallFailure) => void;
}) => {
  const [mesh, setMesh] = useState<CallMesh | null>(null);
  const { socket, appointmentId, stream, enabled } = input;
  const onFailure = input.onFailure;
  const onChannelChanged = input.onChannelChanged;

  useEffect(() => {
    if (!enabled || !socket || !appointmentId || !stream) return undefined;
    let cancelled = false;
    let created: CallMesh | null = null;
    const marks: CallProbe['marks'] = [];
    getVideoToken(appointmentId).then(
      (token) => {
        if (cancelled) return;
        created = new CallMesh({
          socket,
          appointmentId,
          iceServers: token.iceServers,
          localStream: stream,
          channel: input.channel,
          mobile: isMobileDevice(),
          onMark: (mark, peerId) => marks.push({ mark, peerId, at: performance.now() }),
          onChannelChanged,
          onJoinError: (e) => onFailure({ ...e, stage: 'join' }),
        });
        window.__puenteCall = { mesh: created, marks };
        marks.push({ mark: 'join-start', peerId: created.peerId, at: performance.now() });
        setMesh(created);
        void created.join();
      },
      (error: { code?: string; message?: string }) => {
        if (!cancelled) onFailure({ code: error.code ?? 'UNKNOWN_ERROR', message: error.message ?? '', stage: 'token' });
      },
    );
    return () => {
      cancelled = true;
      created?.leave();
      setMesh(null);
    };
    // The channel at join time only; later changes go through mesh.applyChannel.
  }, [enabled, socket, appointmentId, stream]);

  const snapshot = useSyncExternalStore(mesh?.subscribe ?? noopSubscribe, mesh?.getSnapshot ?? (() => EMPTY));
  return { mesh, snapshot };
};
