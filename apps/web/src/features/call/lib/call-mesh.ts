import type { CallJoinAck, CallPeer, CallSignalRelay, ChannelChange, IceServer } from '@puente/contracts';
import {
  CALL_EVENTS,
  channelMedia,
  MAX_CALL_PARTICIPANTS,
  networkLevelFromStats,
  VIDEO,
  type CallRole,
  type CallStatsSample,
  type Channel,
  type RoomState,
} from '@puente/domain';
import type { AppSocket as Socket } from '@/lib/socket';

/**
 * The call as a WebRTC mesh (issue 5): every pair of participants (member, coach, US doctor) has
 * its own RTCPeerConnection; offers, answers and candidates go through our Socket.IO connection
 * (CALL_EVENTS), which the server relays only between the appointment's participants.
 * Negotiation follows the "perfect negotiation" pattern (W3C WebRTC spec, §10.7), so either side
 * may (re)negotiate at any time: the polite peer yields on an offer collision.
 * It is plain TypeScript (no React) so the screen, the browser tests and the benchmark share it.
 */

export interface RemotePeer {
  peerId: string;
  userId: string;
  role: CallRole;
  stream: MediaStream;
  connectionState: RTCPeerConnectionState;
}

export interface CallMeshSnapshot {
  roomState: RoomState;
  peers: RemotePeer[];
  channel: Channel;
  microphone: boolean;
  camera: boolean;
  facingMode: 'user' | 'environment';
}

interface PeerState {
  peerId: string;
  userId: string;
  role: CallRole;
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  settingRemoteAnswer: boolean;
  stream: MediaStream;
  /** Whether our tracks are on this connection yet. */
  attached: boolean;
  /** When the server said its socket dropped (it may come back with the same id). */
  leftAt?: number;
  /** For the network check: the last inbound totals. */
  last?: { at: number; bytes: number; lost: number; received: number };
}

export interface CallMeshOptions {
  socket: Socket;
  appointmentId: string;
  iceServers: IceServer[];
  localStream: MediaStream;
  channel: Channel;
  mobile: boolean;
  /** Timings for the benchmark and the tests (performance.now() ms). */
  onMark?: (mark: 'joined' | 'first-offer' | 'answer-applied' | 'ice-connected' | 'connected' | 'first-remote-frame', peerId: string) => void;
  onChannelChanged?: (change: ChannelChange) => void;
  onJoinError?: (error: { code: string; message: string }) => void;
}

/** spec 9: VP8 first, the rest after (RTX, RED and FEC keep working). */
/** Not in the spec: how long a peer whose socket dropped keeps its tile if its media stops too. */
const PEER_GRACE_MS = 15_000;

export const preferCodec = (codecs: RTCRtpCodec[], mimeType: string): RTCRtpCodec[] => {
  const wanted = `video/${mimeType}`.toLowerCase();
  return [...codecs.filter((c) => c.mimeType.toLowerCase() === wanted), ...codecs.filter((c) => c.mimeType.toLowerCase() !== wanted)];
};

/** spec 9: 1280x720 at 24 fps, audio on. */
export const callMediaConstraints = (facingMode: 'user' | 'environment' = 'user', video = true): MediaStreamConstraints => ({
  audio: { echoCancellation: true, noiseSuppression: true },
  video: video ? { width: { ideal: VIDEO.width }, height: { ideal: VIDEO.height }, frameRate: { ideal: VIDEO.frameRate }, facingMode } : false,
});

export const isMobileDevice = (): boolean =>
  typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

export class CallMesh {
  readonly peerId = crypto.randomUUID();
  private readonly peers = new Map<string, PeerState>();
  private readonly listeners = new Set<() => void>();
  private joined = false;
  private closed = false;
  private socketUp: boolean;
  private snapshot: CallMeshSnapshot;
  private marked = new Set<string>();
  /** Every room state the call went through, in order (the tests read it). */
  readonly roomStates: RoomState[] = [];

  constructor(private readonly o: CallMeshOptions) {
    this.socketUp = o.socket.connected;
    const media = channelMedia(o.channel);
    this.snapshot = {
      roomState: 'disconnected',
      peers: [],
      channel: o.channel,
      microphone: media.audio,
      camera: media.video,
      facingMode: 'user',
    };
    this.applyChannelToTracks(o.channel);
  }

  get local(): MediaStream {
    return this.o.localStream;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallMeshSnapshot => this.snapshot;

  /** Enters the call: joins the signaling room; the peers already there offer to us. */
  async join(): Promise<void> {
    const s = this.o.socket;
    s.on(CALL_EVENTS.peerJoined, this.handlePeerJoined);
    s.on(CALL_EVENTS.peerLeft, this.handlePeerLeft);
    s.on(CALL_EVENTS.signal, this.handleSignal);
    s.on(CALL_EVENTS.channelChanged, this.handleChannelChanged);
    s.on('connect', this.handleConnect);
    s.on('disconnect', this.handleDisconnect);
    if (s.connected) await this.sendJoin();
  }

  leave(): void {
    if (this.closed) return;
    this.closed = true;
    const s = this.o.socket;
    if (this.joined && s.connected) s.emit(CALL_EVENTS.leave, { appointmentId: this.o.appointmentId, peerId: this.peerId });
    s.off(CALL_EVENTS.peerJoined, this.handlePeerJoined);
    s.off(CALL_EVENTS.peerLeft, this.handlePeerLeft);
    s.off(CALL_EVENTS.signal, this.handleSignal);
    s.off(CALL_EVENTS.channelChanged, this.handleChannelChanged);
    s.off('connect', this.handleConnect);
    s.off('disconnect', this.handleDisconnect);
    for (const peer of this.peers.values()) peer.pc.close();
    this.peers.clear();
    this.joined = false;
    this.update();
  }

  // ------------------------------------------------------------------------------------------
  // Media controls

  setMicrophone(on: boolean): void {
    for (const t of this.o.localStream.getAudioTracks()) t.enabled = on;
    this.update({ microphone: on });
  }

  setCamera(on: boolean): void {
    for (const t of this.o.localStream.getVideoTracks()) t.enabled = on;
    this.update({ camera: on });
  }

  /** Flip camera: a new track from the other facing mode replaces the old one on every sender. */
  async flipCamera(): Promise<void> {
    const facingMode = this.snapshot.facingMode === 'user' ? 'environment' : 'user';
    const fresh = await navigator.mediaDevices.getUserMedia({ video: (callMediaConstraints(facingMode).video as MediaTrackConstraints), audio: false });
    const track = fresh.getVideoTracks()[0];
    if (!track) return;
    track.enabled = this.snapshot.camera;
    for (const old of this.o.localStream.getVideoTracks()) {
      this.o.localStream.removeTrack(old);
      old.stop();
    }
    this.o.localStream.addTrack(track);
    for (const peer of this.peers.values()) {
      const sender = peer.pc.getSenders().find((x) => x.track?.kind === 'video' || (x.track === null && this.isVideoSender(peer.pc, x)));
      await sender?.replaceTrack(track);
    }
    this.update({ facingMode });
  }

  /** A channel change (ours or told by the server): video carries both, phone audio, chat none. */
  applyChannel(channel: Channel): void {
    this.applyChannelToTracks(channel);
    const media = channelMedia(channel);
    this.update({ channel, camera: media.video, microphone: media.audio });
  }

  private applyChannelToTracks(channel: Channel): void {
    const media = channelMedia(channel);
    for (const t of this.o.localStream.getVideoTracks()) t.enabled = media.video;
    for (const t of this.o.localStream.getAudioTracks()) t.enabled = media.audio;
  }

  private isVideoSender(pc: RTCPeerConnection, sender: RTCRtpSender): boolean {
    return pc.getTransceivers().some((t) => t.sender === sender && t.receiver.track.kind === 'video');
  }

  // ------------------------------------------------------------------------------------------
  // Statistics

  /** Remote video frames decoded per peer (the browser tests assert real frames flowed). */
  async framesDecoded(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const peer of this.peers.values()) {
      let frames = 0;
      const report = await peer.pc.getStats();
      report.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
      out[peer.peerId] = frames;
    }
    return out;
  }

  /** The codec each outbound video stream uses (spec 9: VP8 preferred). */
  async outboundVideoCodecs(): Promise<string[]> {
    const codecs: string[] = [];
    for (const peer of this.peers.values()) {
      const report = await peer.pc.getStats();
      const byId = new Map<string, { mimeType?: string }>();
      report.forEach((s: { id: string; type: string; mimeType?: string }) => {
        if (s.type === 'codec') byId.set(s.id, s);
      });
      report.forEach((s: { type: string; kind?: string; codecId?: string }) => {
        if (s.type === 'outbound-rtp' && s.kind === 'video' && s.codecId) codecs.push(byId.get(s.codecId)?.mimeType ?? '');
      });
    }
    return codecs;
  }

  /** The audio bitrate cap on every audio sender (spec 9: 16000). */
  audioBitrateCaps(): (number | undefined)[] {
    return [...this.peers.values()].flatMap((p) =>
      p.pc
        .getSenders()
        .filter((s) => s.track?.kind === 'audio')
        .map((s) => s.getParameters().encodings?.[0]?.maxBitrate),
    );
  }

  /**
   * spec 4 network quality: round trip, loss, jitter and bitrate from getStats, worst peer wins,
   * as the provider's 0..5 level (domain networkLevelFromStats).
   */
  async networkLevel(): Promise<number> {
    let worst: number | null = null;
    for (const peer of this.peers.values()) {
      const sample = await this.sample(peer);
      const level = networkLevelFromStats(sample);
      if (level > 0) worst = worst === null ? level : Math.min(worst, level);
    }
    return worst ?? 0;
  }

  private async sample(peer: PeerState): Promise<CallStatsSample> {
    const report = await peer.pc.getStats();
    let rtt: number | null = null;
    let jitter: number | null = null;
    let bytes = 0;
    let lost = 0;
    let received = 0;
    let inbound = false;
    report.forEach((s: { type: string; state?: string; nominated?: boolean; currentRoundTripTime?: number; jitter?: number; bytesReceived?: number; packetsLost?: number; packetsReceived?: number }) => {
      if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated && typeof s.currentRoundTripTime === 'number') rtt = s.currentRoundTripTime * 1000;
      if (s.type === 'inbound-rtp') {
        inbound = true;
        bytes += s.bytesReceived ?? 0;
        lost += s.packetsLost ?? 0;
        received += s.packetsReceived ?? 0;
        if (typeof s.jitter === 'number') jitter = Math.max(jitter ?? 0, s.jitter * 1000);
      }
    });
    const now = performance.now();
    const last = peer.last;
    peer.last = { at: now, bytes, lost, received };
    if (!inbound) return { roundTripMs: rtt, lossRatio: null, jitterMs: jitter, bitrateBps: null };
    const dLost = last ? lost - last.lost : lost;
    const dReceived = last ? received - last.received : received;
    const lossRatio = dLost + dReceived > 0 ? Math.max(0, dLost) / (Math.max(0, dLost) + dReceived) : null;
    const bitrateBps = last && now > last.at ? ((bytes - last.bytes) * 8 * 1000) / (now - last.at) : null;
    return { roundTripMs: rtt, lossRatio, jitterMs: jitter, bitrateBps };
  }

  // ------------------------------------------------------------------------------------------
  // Signaling

  private async sendJoin(): Promise<void> {
    const ack = await new Promise<CallJoinAck>((resolve) =>
      this.o.socket.emit(CALL_EVENTS.join, { appointmentId: this.o.appointmentId, peerId: this.peerId }, resolve),
    );
    if (this.closed) return;
    if ('error' in ack) {
      this.o.onJoinError?.({ code: ack.error.code, message: ack.error.message });
      return;
    }
    this.joined = true;
    this.o.onMark?.('joined', this.peerId);
    if (ack.channel !== this.snapshot.channel) this.applyChannel(ack.channel);
    this.update();
  }

  private readonly handleConnect = (): void => {
    this.socketUp = true;
    // Same peer id: the others keep their connection to us if its media still flows.
    if (!this.closed) void this.sendJoin();
  };

  private readonly handleDisconnect = (): void => {
    this.socketUp = false;
    this.update();
  };

  private readonly handlePeerJoined = (peer: CallPeer): void => {
    if (peer.appointmentId !== this.o.appointmentId || peer.peerId === this.peerId) return;
    const known = this.peers.get(peer.peerId);
    // The same peer again: its socket reconnected; both ends keep their connection (media flows
    // browser to browser), and a failed one restarts ICE instead of starting over.
    if (known) {
      delete known.leftAt;
      if (known.pc.connectionState === 'failed') known.pc.restartIce();
      return;
    }
    this.ensurePeer(peer.peerId, peer.userId, peer.role, true);
  };

  private readonly handlePeerLeft = (peer: CallPeer): void => {
    if (peer.appointmentId !== this.o.appointmentId) return;
    const known = this.peers.get(peer.peerId);
    // Only its socket dropped: the media may still flow browser to browser, and the peer comes
    // back with the same id. Keep a working connection for a grace period.
    if (peer.reason === 'disconnected' && known && known.pc.connectionState === 'connected') {
      known.leftAt = performance.now();
      setTimeout(() => {
        const still = this.peers.get(peer.peerId);
        if (still?.leftAt !== undefined && still.pc.connectionState !== 'connected') this.dropPeer(peer.peerId);
      }, PEER_GRACE_MS);
      return;
    }
    this.dropPeer(peer.peerId);
  };

  private readonly handleChannelChanged = (change: ChannelChange): void => {
    if (change.appointmentId !== this.o.appointmentId) return;
    this.applyChannel(change.channel);
    this.o.onChannelChanged?.(change);
  };

  private readonly handleSignal = (signal: CallSignalRelay): void => {
    if (signal.appointmentId !== this.o.appointmentId || signal.to !== this.peerId) return;
    void this.onSignal(signal).catch((error: unknown) => console.warn('call signal failed', error));
  };

  private async onSignal(signal: CallSignalRelay, retried = false): Promise<void> {
    const known = this.peers.get(signal.from);
    // The other side started over (a new connection's offer cannot apply to our old one).
    if (known && signal.description?.type === 'offer' && (known.pc.connectionState === 'closed' || known.pc.connectionState === 'failed')) this.dropPeer(signal.from);
    const peer = this.ensurePeer(signal.from, signal.fromUserId, signal.role, false);
    if (!peer) return;
    const { pc } = peer;
    if (signal.description) {
      const description = signal.description as RTCSessionDescriptionInit;
      const readyForOffer = !peer.makingOffer && (pc.signalingState === 'stable' || peer.settingRemoteAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      peer.ignoreOffer = !peer.polite && collision;
      if (peer.ignoreOffer) return;
      peer.settingRemoteAnswer = description.type === 'answer';
      try {
        await pc.setRemoteDescription(description);
      } catch (error) {
        peer.settingRemoteAnswer = false;
        if (description.type !== 'offer' || retried) throw error;
        this.dropPeer(signal.from);
        return this.onSignal(signal, true);
      }
      peer.settingRemoteAnswer = false;
      if (description.type === 'answer') this.markOnce('answer-applied', peer.peerId);
      if (description.type === 'offer') {
        if (!peer.attached) this.attachLocalTracks(peer);
        await pc.setLocalDescription();
        this.send(peer, { description: pc.localDescription?.toJSON() as { type: 'answer'; sdp: string } });
      }
    } else if (signal.candidate) {
      try {
        await pc.addIceCandidate(signal.candidate);
      } catch (error) {
        if (!peer.ignoreOffer) throw error;
      }
    }
  }

  private send(peer: PeerState, body: { description?: { type: 'offer' | 'answer' | 'pranswer' | 'rollback'; sdp?: string }; candidate?: RTCIceCandidateInit }): void {
    if (!this.socketUp) return;
    this.o.socket.emit(CALL_EVENTS.signal, {
      appointmentId: this.o.appointmentId,
      from: this.peerId,
      to: peer.peerId,
      ...(body.description ? { description: body.description } : {}),
      ...(body.candidate ? { candidate: { candidate: body.candidate.candidate ?? '', sdpMid: body.candidate.sdpMid ?? null, sdpMLineIndex: body.candidate.sdpMLineIndex ?? null, usernameFragment: body.candidate.usernameFragment ?? null } } : {}),
    });
  }

  private ensurePeer(peerId: string, userId: string, role: CallRole, initiator: boolean): PeerState | null {
    const existing = this.peers.get(peerId);
    if (existing) return existing;
    // Up to 3 participants: 2 remote peers. spec 9's track caps (5 mobile, 10 desktop) hold with it.
    if (this.peers.size >= MAX_CALL_PARTICIPANTS - 1) return null;
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers as RTCIceServer[] });
    const peer: PeerState = { peerId, userId, role, pc, polite: this.peerId < peerId, makingOffer: false, ignoreOffer: false, settingRemoteAnswer: false, stream: new MediaStream(), attached: false };
    this.peers.set(peerId, peer);

    // The side that offers adds its tracks now; the side answering an offer attaches them to the
    // offer's own transceivers (attachLocalTracks), so the answer carries them: one round trip.
    if (initiator) this.attachLocalTracks(peer);
    pc.ontrack = ({ track }) => {
      peer.stream.addTrack(track);
      if (track.kind === 'video') this.watchFirstFrame(peer);
      this.update();
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.send(peer, { candidate: candidate.toJSON() });
    };
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        if (!this.marked.has(`offer:${peerId}`)) {
          this.marked.add(`offer:${peerId}`);
          this.o.onMark?.('first-offer', peerId);
        }
        this.send(peer, { description: pc.localDescription?.toJSON() as { type: 'offer'; sdp: string } });
      } catch (error) {
        console.warn('negotiation failed', error);
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.oniceconnectionstatechange = () => {
      if (pc.iceConnectionState === 'connected') this.markOnce('ice-connected', peerId);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') {
        void this.applySenderCaps(pc);
        if (!this.marked.has(`connected:${peerId}`)) {
          this.marked.add(`connected:${peerId}`);
          this.o.onMark?.('connected', peerId);
        }
      }
      if ((pc.connectionState === 'failed' || pc.connectionState === 'closed') && peer.leftAt !== undefined) return this.dropPeer(peerId);
      if (pc.connectionState === 'failed') pc.restartIce();
      this.update();
    };
    this.update();
    return peer;
  }

  /** Our camera and microphone on a connection: on the offer's transceivers when there are some. */
  private attachLocalTracks(peer: PeerState): void {
    peer.attached = true;
    for (const track of this.o.localStream.getTracks()) {
      const free = peer.pc.getTransceivers().find((t) => !t.sender.track && t.receiver.track.kind === track.kind && t.direction !== 'stopped');
      if (free) {
        void free.sender.replaceTrack(track);
        free.sender.setStreams(this.o.localStream);
        free.direction = 'sendrecv';
        if (track.kind === 'video') this.preferVp8(free);
      } else {
        const transceiver = peer.pc.addTransceiver(track, { direction: 'sendrecv', streams: [this.o.localStream] });
        if (track.kind === 'video') this.preferVp8(transceiver);
      }
    }
  }

  private markOnce(mark: 'answer-applied' | 'ice-connected', peerId: string): void {
    if (this.marked.has(`${mark}:${peerId}`)) return;
    this.marked.add(`${mark}:${peerId}`);
    this.o.onMark?.(mark, peerId);
  }

  private preferVp8(transceiver: RTCRtpTransceiver): void {
    const caps = typeof RTCRtpReceiver !== 'undefined' && 'getCapabilities' in RTCRtpReceiver ? RTCRtpReceiver.getCapabilities('video') : null;
    if (!caps || typeof transceiver.setCodecPreferences !== 'function') return;
    try {
      transceiver.setCodecPreferences(preferCodec(caps.codecs, VIDEO.preferredCodec));
    } catch (error) {
      console.warn('codec preferences refused', error);
    }
  }

  /** spec 9: audio capped at 16000 bit/s; on mobile, video capped at the subscription cap. */
  private async applySenderCaps(pc: RTCPeerConnection): Promise<void> {
    for (const sender of pc.getSenders()) {
      const kind = sender.track?.kind;
      const cap = kind === 'audio' ? VIDEO.maxAudioBitrate : kind === 'video' && this.o.mobile ? VIDEO.mobileSubscriptionBitrateCap : null;
      if (!cap) continue;
      const params = sender.getParameters();
      if (!params.encodings || params.encodings.length === 0) continue;
      if (params.encodings[0]!.maxBitrate === cap) continue;
      params.encodings[0]!.maxBitrate = cap;
      await sender.setParameters(params).catch((error: unknown) => console.warn('bitrate cap refused', error));
    }
  }

  private watchFirstFrame(peer: PeerState): void {
    const key = `frame:${peer.peerId}`;
    if (this.marked.has(key)) return;
    const started = performance.now();
    const poll = async () => {
      if (this.closed || !this.peers.has(peer.peerId) || this.marked.has(key)) return;
      const frames = (await this.framesDecoded())[peer.peerId] ?? 0;
      if (frames > 0) {
        this.marked.add(key);
        this.o.onMark?.('first-remote-frame', peer.peerId);
        return;
      }
      if (performance.now() - started < 60_000) setTimeout(() => void poll(), 100);
    };
    void poll();
  }

  private dropPeer(peerId: string): void {
    const peer = this.peers.get(peerId);
    if (!peer) return;
    peer.pc.close();
    this.peers.delete(peerId);
    this.update();
  }

  private roomState(): RoomState {
    if (!this.joined || this.closed) return 'disconnected';
    if (!this.socketUp) return 'reconnecting';
    const broken = [...this.peers.values()].some((p) => p.pc.connectionState === 'disconnected' || p.pc.connectionState === 'failed');
    return broken ? 'reconnecting' : 'connected';
  }

  private update(patch: Partial<CallMeshSnapshot> = {}): void {
    const roomState = this.roomState();
    if (this.roomStates[this.roomStates.length - 1] !== roomState) this.roomStates.push(roomState);
    this.snapshot = {
      ...this.snapshot,
      ...patch,
      roomState,
      peers: [...this.peers.values()].map((p) => ({ peerId: p.peerId, userId: p.userId, role: p.role, stream: p.stream, connectionState: p.pc.connectionState })),
    };
    this.listeners.forEach((l) => l());
  }
}
