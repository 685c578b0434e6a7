export interface RateLimitResult {
  allowed: boolean;
  /** When refused: milliseconds until one slot in the window frees up. */
  retryAfterMs: number;
}

/**
 * Counts events in a rolling window. `now` comes from the server clock so tests can move time.
 * In memory for one process; Redis when several processes must agree (REDIS_URL).
 */
export interface RateLimiter {
  hit(key: string, options: { limit: number; windowMs: number; now: Date }): Promise<RateLimitResult>;
  close(): Promise<void>;
}
