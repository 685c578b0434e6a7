import type { CallPeer } from '@puente/contracts';
import { CALL_EVENTS } from '@puente/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { FakeSocket } from '@/test/fake-socket';
import { CallMesh } from './call-mesh';

/**
 * A peer whose socket drops keeps its tile while its media still flows, for a grace period (the
 * mesh's PEER_GRACE_MS, 15 s): it comes back with the same id after a reconnect. The journeys see
 * this end to end (call.e2e's reconnect test); here each branch on a fake clock, with a fake
 * connection whose state the test sets.
 */
class FakePeerConnection {
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  restarts = 0;
  onconnectionstatechange: (() => void) | null = null;
  ontrack = null;
  onicecandidate = null;
  onnegotiationneeded = null;
  oniceconnectionstatechange = null;
  getTransceivers = () => [];
  getSenders = () => [];
  addTrack = vi.fn();
  restartIce = () => void this.restarts++;
  close = () => void (this.connectionState = 'closed');
  /** What the browser does when the connection's state changes. */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** The test's socket (test/fake-socket.ts) answering call-join as the server does. */
class CallSocket extends FakeSocket {
  override emit(event: string, ...args: unknown[]): this {
    super.emit(event, ...args);
    if (event === CALL_EVENTS.join) (args[1] as ((answer: unknown) => void) | undefined)?.({ ok: true, channel: 'video-call', peers: [] });
    return this;
  }
}

const APPOINTMENT = '6f1c1d7e-6a51-4bd5-9a43-2f3f1d6c0b8a';
const coach: CallPeer = { appointmentId: APPOINTMENT, peerId: 'peer-coach', userId: 'coach-1', role: 'mx-physician' };
const PEER_GRACE_MS = 15_000;

let connections: FakePeerConnection[];
beforeEach(() => {
  vi.useFakeTimers();
  connections = [];
  vi.stubGlobal(
    'RTCPeerConnection',
    class extends FakePeerConnection {
      constructor() {
        super();
        connections.push(this);
      }
    },
  );
  vi.stubGlobal('MediaStream', class { addTrack() {} getTracks() { return []; } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A member in a call with the coach, connected. */
async function inCall() {
  const socket = new CallSocket();
  socket.connect();
  const localStream = { getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] } as unknown as MediaStream;
  const mesh = new CallMesh({ socket: socket as unknown as Socket, appointmentId: APPOINTMENT, iceServers: [], localStream, channel: 'video-call', mobile: false });
  await mesh.join();
  socket.serverEmit(CALL_EVENTS.peerJoined, coach);
  const pc = connections[0]!;
  pc.become('connected');
  const listed = () => mesh.getSnapshot().peers.map((p) => p.peerId);
  expect(listed()).toEqual(['peer-coach']);
  return { socket, mesh, pc, listed };
}

describe('a peer whose socket dropped (call-peer-left, reason disconnected)', () => {
  it('keeps its tile while its media flows, past the grace period', async () => {
    const { socket, pc, listed } = await inCall();
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, reason: 'disconnected' });
    vi.advanceTimersByTime(PEER_GRACE_MS + 1);
    expect(listed()).toEqual(['peer-coach']);
    expect(pc.connectionState).toBe('connected');
  });

  it('is dropped at the end of the grace period when its media stopped too', async () => {
    const { socket, mesh, pc, listed } = await inCall();
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, reason: 'disconnected' });
    pc.become('disconnected');
    expect(mesh.getSnapshot().roomState).toBe('reconnecting');
    vi.advanceTimersByTime(PEER_GRACE_MS - 1);
    expect(listed()).toEqual(['peer-coach']);
    vi.advanceTimersByTime(1);
    expect(listed()).toEqual([]);
    expect(pc.connectionState).toBe('closed');
    expect(mesh.getSnapshot().roomState).toBe('connected');
  });

  it('is dropped at once when its connection fails during the grace period', async () => {
    const { socket, pc, listed } = await inCall();
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, reason: 'disconnected' });
    pc.become('failed');
    expect(listed()).toEqual([]);
    expect(pc.restarts).toBe(0);
  });

  it('coming back with the same id keeps the same connection, and a failed one restarts ICE instead of starting over', async () => {
    const { socket, pc, listed } = await inCall();
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, reason: 'disconnected' });
    pc.connectionState = 'failed'; // failed while away, noticed on the way back
    socket.serverEmit(CALL_EVENTS.peerJoined, coach);
    expect(pc.restarts).toBe(1);
    expect(connections).toHaveLength(1);
    vi.advanceTimersByTime(PEER_GRACE_MS + 1);
    expect(listed()).toEqual(['peer-coach']);
  });
});

describe('a peer that left (hung up, or left while not connected)', () => {
  it('is dropped at once', async () => {
    const { socket, pc, listed } = await inCall();
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, reason: 'left' });
    expect(listed()).toEqual([]);
    expect(pc.connectionState).toBe('closed');
  });

  it('a dropped socket on a connection not yet connected is dropped at once too', async () => {
    const { socket, pc, listed } = await inCall();
    pc.become('connecting');
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, reason: 'disconnected' });
    expect(listed()).toEqual([]);
  });

  it('another consultation’s peer-left changes nothing', async () => {
    const { socket, listed } = await inCall();
    socket.serverEmit(CALL_EVENTS.peerLeft, { ...coach, appointmentId: '00000000-0000-4000-8000-000000000000', reason: 'left' });
    expect(listed()).toEqual(['peer-coach']);
  });
});
