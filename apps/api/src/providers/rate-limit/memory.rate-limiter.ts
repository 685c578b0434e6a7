import type { RateLimiter, RateLimitResult } from './rate-limiter';

/** A sliding log per key, kept in this process. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();

  async hit(key: string, { limit, windowMs, now }: { limit: number; windowMs: number; now: Date }): Promise<RateLimitResult> {
    const t = now.getTime();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - windowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterMs: Math.max(0, recent[0]! + windowMs - t) };
    }
    recent.push(t);
    this.hits.set(key, recent);
    return { allowed: true, retryAfterMs: 0 };
  }

  async close(): Promise<void> {
    this.hits.clear();
  }
}
