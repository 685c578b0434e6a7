/** All time-dependent logic reads the time from here, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests control: starts at `start` (or the real time) and only moves when told. */
export interface ControlledClock extends Clock {
  set(date: Date | string | number): void;
  advance(ms: number): void;
}

export function createControlledClock(start: Date = new Date()): ControlledClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
