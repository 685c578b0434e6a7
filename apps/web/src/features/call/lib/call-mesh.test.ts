import type { RemotePeer } from './call-mesh';
import { describe, expect, it } from 'vitest';
import { mainPeer } from '../components/call-room';
import { callMediaConstraints, preferCodec } from './call-mesh';

const codec = (mimeType: string) => ({ mimeType, clockRate: 90000 }) as RTCRtpCodec;
const peer = (peerId: string, role: RemotePeer['role']) => ({ peerId, role, userId: peerId, connectionState: 'connected' }) as unknown as RemotePeer;

describe('call media settings (spec 9)', () => {
  it('puts VP8 first and keeps every other codec after it', () => {
    const ordered = preferCodec([codec('video/H264'), codec('video/rtx'), codec('video/VP8'), codec('video/VP9')], 'VP8');
    expect(ordered.map((c) => c.mimeType)).toEqual(['video/VP8', 'video/H264', 'video/rtx', 'video/VP9']);
  });
  it('asks for 1280x720 at 24 fps with the chosen camera', () => {
    expect(callMediaConstraints('environment').video).toMatchObject({ width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24 }, facingMode: 'environment' });
    expect(callMediaConstraints('user', false).video).toBe(false);
  });
});

describe('main participant view (spec 2)', () => {
  it('the member sees the US doctor once there, else the coach; physicians see the member', () => {
    expect(mainPeer([peer('c', 'mx-physician')], 'member')?.peerId).toBe('c');
    expect(mainPeer([peer('c', 'mx-physician'), peer('d', 'us-physician')], 'member')?.peerId).toBe('d');
    expect(mainPeer([peer('d', 'us-physician'), peer('m', 'member')], 'mx-physician')?.peerId).toBe('m');
    expect(mainPeer([], 'member')).toBeNull();
  });
});
