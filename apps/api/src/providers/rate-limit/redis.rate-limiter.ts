import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MemoryRateLimiter } from './memory.rate-limiter';
import type { RateLimiter, RateLimitResult } from './rate-limiter';

// A sliding log in a sorted set, trimmed and checked atomically in one script.
const SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
`;

/**
 * Limits shared by every node through Redis. While Redis is unreachable each node counts on its
 * own (the limits still hold per node, and people can still sign in), and goes back to Redis when
 * it answers again.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback = new MemoryRateLimiter();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async hit(key: string, options: { limit: number; windowMs: number; now: Date }): Promise<RateLimitResult> {
    const { limit, windowMs, now } = options;
    // Connection lost: count locally at once rather than wait for ioredis's retries.
    if (this.redis.status === 'reconnecting' || this.redis.status === 'end') return this.fallback.hit(key, options);
    try {
      const result = (await this.redis.eval(SCRIPT, 1, `${this.prefix}rl:${key}`, now.getTime(), windowMs, limit, `${now.getTime()}:${randomUUID()}`)) as [number, number];
      return { allowed: result[0] === 1, retryAfterMs: Math.max(0, Number(result[1])) };
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, options);
    }
  }

  async close(): Promise<void> {
    // The Redis connection belongs to the server, which closes it.
  }
}
