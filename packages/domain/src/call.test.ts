import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATE as S } from './appointment-machine';
import { callErrorCodeFor, cameraAudioMode, cameraToggleMode, channelMedia, channelSwitch, guestSessionExpiresAt, isCallOpen, isInCallState, networkLevelFromStats } from './call';
import { connectionStrengthFor, networkQuality } from './member-routing';

describe('networkLevelFromStats (spec 4 levels from getStats)', () => {
  it.each([
    ['nothing measured', { roundTripMs: null, lossRatio: null, jitterMs: null, bitrateBps: null }, 0, 'none', null],
    ['local network', { roundTripMs: 2, lossRatio: 0, jitterMs: 1, bitrateBps: 1_500_000 }, 5, 'good', 3],
    ['good mobile', { roundTripMs: 200, lossRatio: 0.015, jitterMs: 40, bitrateBps: 800_000 }, 4, 'good', 3],
    ['busy wifi', { roundTripMs: 400, lossRatio: 0.03, jitterMs: 60, bitrateBps: 500_000 }, 3, 'regular', 2],
    ['congested', { roundTripMs: 650, lossRatio: 0.08, jitterMs: 120, bitrateBps: 200_000 }, 2, 'regular', 2],
    ['broken', { roundTripMs: 900, lossRatio: 0.2, jitterMs: 300, bitrateBps: 50_000 }, 1, 'bad', 1],
    ['fast but starved of bitrate', { roundTripMs: 20, lossRatio: 0, jitterMs: 5, bitrateBps: 10_000 }, 2, 'regular', 2],
  ] as const)('%s -> level %i (%s, strength %s)', (_name, sample, level, quality, strength) => {
    expect(networkLevelFromStats(sample)).toBe(level);
    expect(networkQuality(level)).toBe(quality);
    expect(connectionStrengthFor(networkQuality(level))).toBe(strength);
  });
});

describe('camera/audio modes 0-6 (spec 3)', () => {
  it.each([
    ['video-call', true, true, 2],
    ['video-call', false, false, 3],
    ['video-call', false, true, 4],
    ['video-call', true, false, 0],
    ['phone-call', false, true, 5],
    ['chat', false, false, 6],
    ['email', false, false, 6],
  ] as const)('%s camera %s mic %s -> %i', (channel, camera, microphone, mode) => {
    expect(cameraAudioMode({ channel, camera, microphone })).toBe(mode);
  });
  it('a lone camera toggle reports 0 (on) or 1 (off)', () => {
    expect(cameraToggleMode(true)).toBe(0);
    expect(cameraToggleMode(false)).toBe(1);
  });
});

describe('channels', () => {
  it('video carries both, phone audio only, chat and email none', () => {
    expect(channelMedia('video-call')).toEqual({ audio: true, video: true });
    expect(channelMedia('phone-call')).toEqual({ audio: true, video: false });
    expect(channelMedia('chat')).toEqual({ audio: false, video: false });
  });
  it('a switch keeps the channel it left as previousChannel; no switch to the same channel', () => {
    expect(channelSwitch('video-call', 'phone-call')).toEqual({ channel: 'phone-call', previousChannel: 'video-call' });
    expect(channelSwitch('phone-call', 'chat')).toEqual({ channel: 'chat', previousChannel: 'phone-call' });
    expect(channelSwitch('chat', 'chat')).toBeNull();
  });
});

describe('call states and errors', () => {
  it('a terminal appointment has no call; the coach-joined states are in call', () => {
    expect(isCallOpen(S.S3_COACH_JOINS_CALL)).toBe(true);
    expect(isCallOpen(S.S11_FINISHED)).toBe(false);
    expect(isCallOpen(S.S12_CANCELED)).toBe(false);
    expect(isInCallState(S.S8_ER_JOINS_CALL)).toBe(true);
    expect(isInCallState(S.S1_IN_QUEUE_FOR_COACH)).toBe(false);
  });
  it.each([
    ['APPOINTMENT_ALREADY_FINISHED', 53205],
    ['APPOINTMENT_ALREADY_CANCELED', 53205],
    ['UNAUTHORIZED', 20101],
    ['TOKEN_EXPIRED', 20101],
    ['NOT_FOUND', null],
  ])('%s -> %s', (code, expected) => expect(callErrorCodeFor(code)).toBe(expected));
});

describe('guestSessionExpiresAt (a guest session ends with the consultation day)', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    // Mexico City is UTC-6: 22:30 on the 10th -> midnight starting the 11th there.
    ['late evening in Mexico City', '2026-03-11T04:30:00Z', '2026-03-11T04:00:00Z', 'America/Mexico_City', '2026-03-11T06:00:00.000Z'],
    ['morning, started earlier the same day', '2026-03-10T15:00:00Z', '2026-03-10T14:00:00Z', 'America/Mexico_City', '2026-03-11T06:00:00.000Z'],
    ['scheduled for tomorrow: the end of that day', '2026-03-10T15:00:00Z', '2026-03-11T17:00:00Z', 'America/Mexico_City', '2026-03-12T06:00:00.000Z'],
    ['another zone', '2026-03-10T15:00:00Z', '2026-03-10T15:00:00Z', 'America/Los_Angeles', '2026-03-11T07:00:00.000Z'],
    ['an unknown zone falls back to Mexico City', '2026-03-10T15:00:00Z', '2026-03-10T15:00:00Z', 'Not/AZone', '2026-03-11T06:00:00.000Z'],
    ['no zone falls back to Mexico City', '2026-03-10T15:00:00Z', '2026-03-10T15:00:00Z', null, '2026-03-11T06:00:00.000Z'],
  ])('%s', (_name, now, start, zone, expected) => {
    const end = guestSessionExpiresAt(at(now), at(start), zone);
    expect(end.toISOString()).toBe(expected);
    expect(end.getTime() - at(now).getTime()).toBeLessThanOrEqual(48 * 60 * 60_000);
  });
});
