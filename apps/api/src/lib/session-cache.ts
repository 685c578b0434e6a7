import type { Clock } from './clock';
import type { InvalidationBus } from './invalidation-bus';
import { LOOKUP_BATCH, type SessionAnswer, type SessionLookups } from './session-lookups';
import type { AuthContext } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may authenticate from the short session cache instead of the database (hot,
     * read-only routes of non-personal data, such as the online physicians polled every 4 s).
     */
    cachedAuth?: boolean;
  }
}

// Not in the spec: how long a session lookup is remembered (the hot routes answer from it for up to
// one more TTL while it is looked up again: SessionCache.peek). A revocation (logout, refresh, account
// deletion, phone change, the end of a guest link's consultation) drops it at once on every node
// through the invalidation bus; the time bounds what else may change under it (the member's
// language) and, while the bus is not live (Redis unreachable), how long a session revoked on
// another node keeps reading the cached routes (public physician profiles only).
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_TTL_UNSHARED_MS = 2_000;
const MAX_ENTRIES = 50_000;
// Not in the spec: a stale session is looked up again (see peek) only while fewer than this many
// tokens wait for their batch or are being looked up (SessionLookups), so a busy node's database
// queue stays short; past it, a stale entry answers and is looked up on a later peek.
const MAX_REFRESHING = 4 * LOOKUP_BATCH;

interface Entry {
  until: number;
  ctx: AuthContext;
}

/**
 * Remembers successful session lookups for a short time, keyed by the bearer token itself. The
 * database keeps only the token's SHA-256 (a copy of the table must not open sessions); this map
 * lives in the process, which holds each request's token anyway, for SESSION_CACHE_TTL_MS at most,
 * and hashing it at every look cost the polled route a SHA-256 per request (issue 10).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** session id -> token, to drop a revoked session's entry. */
  private readonly bySession = new Map<string, string>();
  /** When the last drop happened (performance.now): a lookup sent before it is answered but not remembered. */
  private lastDrop = -Infinity;
  private readonly ttlMs: number;
  private readonly onBackgroundError: (error: unknown) => void;

  constructor(
    private readonly lookups: SessionLookups,
    private readonly clock: Clock,
    private readonly bus?: InvalidationBus,
    {
      ttlMs = SESSION_CACHE_TTL_MS,
      onBackgroundError = () => undefined,
    }: {
      ttlMs?: number;
      /** Told of a background lookup that failed (no request waits for it to report it). */
      onBackgroundError?: (error: unknown) => void;
    } = {},
  ) {
    this.ttlMs = ttlMs;
    this.onBackgroundError = onBackgroundError;
    bus?.subscribe('session', (sessionId) => (sessionId === undefined ? this.clear() : this.drop(sessionId)));
    bus?.onResync(() => this.clear());
  }

  /**
   * The remembered lookup of `token`, without waiting (the hot path's: the polled routes marked
   * cachedAuth and the online-physicians fast path). A fresh one; or, while revocations reach this
   * node at once (the bus is live), one past its time by less than another TTL, which answers while
   * the session is looked up again in the background (once per token at a time, with the other
   * stale ones in one batch, MAX_REFRESHING at once): a member polling every 4 s never waits for her
   * lookup, and the lookups still happen once per TTL. A lookup that finds the session gone forgets
   * it; one that fails leaves it to expire, and is reported (onBackgroundError).
   */
  peek(token: string): AuthContext | undefined {
    const now = performance.now();
    const hit = this.entries.get(token);
    if (!this.open(hit)) return undefined;
    if (hit.until > now) return hit.ctx;
    if (now >= hit.until + this.ttlMs || !this.shared()) return undefined;
    if (this.lookups.size < MAX_REFRESHING && !this.lookups.has(token)) {
      this.lookups.lookUp(token, 'later').then(
        (answer) => this.remember(token, answer),
        (error: unknown) => this.onBackgroundError(error),
      );
    }
    return hit.ctx;
  }

  async get(token: string): Promise<AuthContext | undefined> {
    const now = performance.now();
    const hit = this.fresh(token, now);
    if (hit) return hit;
    const answer = await this.lookups.lookUp(token, 'now');
    this.remember(token, answer);
    return answer.ctx;
  }

  /** A lookup's answer, remembered from when it was sent unless a drop came since. */
  private remember(token: string, { ctx, sentAt }: SessionAnswer): void {
    if (sentAt <= this.lastDrop) return; // it may have read the session just before its revocation
    if (!ctx) {
      this.entries.delete(token);
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const ttl = this.shared() ? this.ttlMs : Math.min(this.ttlMs, SESSION_CACHE_TTL_UNSHARED_MS);
    this.entries.set(token, { until: sentAt + ttl, ctx });
    this.bySession.set(ctx.session.id, token);
  }

  private fresh(token: string, now: number): AuthContext | undefined {
    const hit = this.entries.get(token);
    return this.open(hit) && hit.until > now ? hit.ctx : undefined;
  }

  /** An entry whose session has not reached its own expiry. */
  private open(hit: Entry | undefined): hit is Entry {
    return hit !== undefined && hit.ctx.session.expiresAt.getTime() > this.clock.now().getTime();
  }

  /** Whether a revocation anywhere reaches this cache at once (no bus: one node, all local). */
  private shared(): boolean {
    return !this.bus || this.bus.live;
  }

  /** A session was revoked (here or on another node). */
  drop(sessionId: string): void {
    this.lastDrop = performance.now();
    const token = this.bySession.get(sessionId);
    if (token === undefined) return;
    this.bySession.delete(sessionId);
    this.entries.delete(token);
  }

  clear(): void {
    this.lastDrop = performance.now();
    this.entries.clear();
    this.bySession.clear();
  }
}
