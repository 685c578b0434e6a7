import { CALL_LIMITS, TIMERS } from '@puente/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallMesh } from '../lib/call-mesh';
import { useNetworkQuality } from './use-network-quality';

/** A mesh whose getStats level is `level.value` (4 and 5 good, 2 and 3 regular, 1 bad). */
const meshAt = (level: { value: number }) => ({ networkLevel: () => Promise.resolve(level.value) }) as unknown as CallMesh;

/** Lets the evaluation's awaits (the level, the report) settle under fake timers. */
const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
});

describe('useNetworkQuality (spec 4: network quality, its report and its suggestions)', () => {
  let reports: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    reports = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      reports.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
  });
  afterEach(() => vi.useRealTimers());

  it('checks first after a few seconds, reports the strength, and hides the suggestion after 10 s', async () => {
    const level = { value: 5 };
    const { result } = renderHook(() => useNetworkQuality({ mesh: meshAt(level), appointmentId: 'apt_1', hasConversation: false, connected: true }));
    expect(result.current.suggestions).toEqual([]);
    await act(async () => vi.advanceTimersByTime(CALL_LIMITS.firstNetworkCheckMs));
    await settle();
    expect(result.current.quality).toBe('good');
    expect(result.current.suggestions).toEqual(['turn-camera-mic-on']);
    expect(reports).toEqual(['PATCH /api/appointments/apt_1/connection-strength/3']);

    await act(async () => vi.advanceTimersByTime(TIMERS.networkSuggestionHideMs - 1));
    expect(result.current.suggestions).toEqual(['turn-camera-mic-on']);
    await act(async () => vi.advanceTimersByTime(1));
    expect(result.current.suggestions).toEqual([]);
  });

  it('re-evaluates every minute: the same quality shows no suggestion again, a new one does (and hides after 10 s)', async () => {
    const level = { value: 5 };
    const { result } = renderHook(() => useNetworkQuality({ mesh: meshAt(level), appointmentId: 'apt_1', hasConversation: true, connected: true }));
    await act(async () => vi.advanceTimersByTime(CALL_LIMITS.firstNetworkCheckMs));
    await settle();
    expect(result.current.suggestions).toEqual(['turn-camera-mic-on']);
    await act(async () => vi.advanceTimersByTime(TIMERS.networkSuggestionHideMs));
    expect(result.current.suggestions).toEqual([]);

    await act(async () => vi.advanceTimersByTime(TIMERS.networkQualityCheckMs));
    await settle();
    expect(result.current.suggestions).toEqual([]);

    level.value = 1;
    await act(async () => vi.advanceTimersByTime(TIMERS.networkQualityCheckMs));
    await settle();
    expect(result.current.quality).toBe('bad');
    expect(result.current.suggestions).toEqual(['turn-camera-and-mic-off', 'chat-consultation']);
    expect(reports.at(-1)).toBe('PATCH /api/appointments/apt_1/connection-strength/1');
    await act(async () => vi.advanceTimersByTime(TIMERS.networkSuggestionHideMs));
    expect(result.current.suggestions).toEqual([]);
  });

  it('runs one evaluation at a time: a slow measure does not overwrite a later one on the server', async () => {
    // The first getStats takes a second and reads 'regular'; the next reads 'good' at once.
    let calls = 0;
    const mesh = {
      networkLevel: () => {
        calls += 1;
        const slow = calls === 1;
        return new Promise<number>((resolve) => setTimeout(() => resolve(slow ? 2 : 5), slow ? 1_000 : 10));
      },
    } as unknown as CallMesh;
    const { result } = renderHook(() => useNetworkQuality({ mesh, appointmentId: 'apt_1', hasConversation: false, connected: true }));
    await act(async () => vi.advanceTimersByTime(CALL_LIMITS.firstNetworkCheckMs)); // the first check starts
    let asked: Promise<string> | undefined;
    act(() => {
      asked = result.current.evaluate(); // one asked for while it measures
    });
    await act(async () => vi.advanceTimersByTimeAsync(1_100));
    await settle();
    expect(await asked).toBe('good');
    expect(reports).toEqual(['PATCH /api/appointments/apt_1/connection-strength/2', 'PATCH /api/appointments/apt_1/connection-strength/3']);
    expect(result.current.quality).toBe('good');
  });
});
