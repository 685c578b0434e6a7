import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRunner } from './jobs';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('JobRunner', () => {
  afterEach(() => vi.useRealTimers());

  it('runs each registered job every interval once started, and no more after stop', async () => {
    vi.useFakeTimers();
    const runner = new JobRunner({ error: () => undefined });
    const calls: string[] = [];
    runner.register('a', 1_000, async () => void calls.push('a'));
    runner.register('b', 3_000, async () => void calls.push('b'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toEqual([]); // not started yet
    runner.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls.filter((c) => c === 'a')).toHaveLength(3);
    expect(calls.filter((c) => c === 'b')).toHaveLength(1);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(4);
  });

  it('never overlaps two runs of the same job: a tick during a run is skipped', async () => {
    vi.useFakeTimers();
    const runner = new JobRunner({ error: () => undefined });
    const gate = deferred();
    let started = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    runner.register('slow', 100, async () => {
      started++;
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await gate.promise;
      concurrent--;
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    // A direct run waits for the one in flight, then runs alone.
    const direct = runner.run('slow');
    gate.resolve();
    await direct;
    expect(started).toBe(2);
    expect(maxConcurrent).toBe(1);
    await runner.stop();
  });

  it('logs a failing run with the job name and keeps the schedule', async () => {
    vi.useFakeTimers();
    const errors: { obj: object; msg: string }[] = [];
    const runner = new JobRunner({ error: (obj, msg) => errors.push({ obj, msg }) });
    let n = 0;
    runner.register('flaky', 100, async () => {
      n++;
      if (n === 1) throw new Error('boom');
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(250);
    expect(n).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('job flaky failed');
    expect(errors[0]!.obj).toMatchObject({ job: 'flaky' });
    await runner.stop();
  });

  it('stop waits for a run in flight; run() returns the job result and rejects its error; names are unique', async () => {
    const runner = new JobRunner({ error: () => undefined });
    const gate = deferred();
    let finished = false;
    runner.register('long', 0, async () => {
      await gate.promise;
      finished = true;
      return 7;
    });
    runner.register('bad', 0, async () => {
      throw new Error('nope');
    });
    expect(() => runner.register('long', 0, async () => undefined)).toThrow(/already registered/);
    const result = runner.run('long');
    const stopped = runner.stop().then(() => finished);
    gate.resolve();
    expect(await stopped).toBe(true);
    expect(await result).toBe(7);
    await expect(runner.run('bad')).rejects.toThrow('nope');
    await expect(runner.run('missing')).rejects.toThrow(/no job/);
  });
});
