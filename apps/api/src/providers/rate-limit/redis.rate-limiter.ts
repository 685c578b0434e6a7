import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
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

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, { limit, windowMs, now }: { limit: number; windowMs: number; now: Date }): Promise<RateLimitResult> {
    const result = (await this.redis.eval(SCRIPT, 1, `${this.prefix}rl:${key}`, now.getTime(), windowMs, limit, `${now.getTime()}:${randomUUID()}`)) as [number, number];
    return { allowed: result[0] === 1, retryAfterMs: Math.max(0, Number(result[1])) };
  }

  async close(): Promise<void> {
    // The Redis connection belongs to the server, which closes it.
  }
}
