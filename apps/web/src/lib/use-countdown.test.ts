import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('a wait set long after the screen mounted shows its own length from its first render, then ticks down', () => {
    vi.useFakeTimers();
    const shown: number[] = [];
    const { rerender } = renderHook(
      ({ target }: { target: number | null }) => {
        const remaining = useCountdown(target);
        shown.push(remaining);
        return remaining;
      },
      { initialProps: { target: null as number | null } },
    );
    vi.advanceTimersByTime(5_000); // the member typed her number, then the refusal came
    rerender({ target: Date.now() + 65_000 });
    // Never more than the wait itself (it showed 1:10 here until the next tick).
    expect(shown.filter((ms) => ms > 65_000)).toEqual([]);
    expect(shown.find((ms) => ms > 0)).toBe(65_000);
    act(() => vi.advanceTimersByTime(1_000));
    expect(shown.at(-1)).toBe(64_000);
    act(() => vi.advanceTimersByTime(70_000));
    expect(shown.at(-1)).toBe(0);
  });
});
