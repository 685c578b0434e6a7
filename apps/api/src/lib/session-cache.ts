import type { Clock } from './clock';
import type { InvalidationBus } from './invalidation-bus';
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

// Not in the spec: how long a session lookup is remembered. A revocation (logout, refresh, account
// deletion, phone change, the end of a guest link's consultation) drops it at once on every node
// through the invalidation bus; the time bounds what else may change under it (the member's
// language) and, while the bus is not live (Redis unreachable), how long a session revoked on
// another node keeps reading the cached routes (public physician profiles only).
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_TTL_UNSHARED_MS = 2_000;
const MAX_ENTRIES = 50_000;

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
  /** Bumped by every drop: a lookup that started before one is answered but not remembered. */
  private drops = 0;

  constructor(
    private readonly authenticate: (token: string) => Promise<AuthContext | undefined>,
    private readonly clock: Clock,
    private readonly bus?: InvalidationBus,
    private readonly ttlMs: number = SESSION_CACHE_TTL_MS,
  ) {
    bus?.subscribe('session', (sessionId) => (sessionId === undefined ? this.clear() : this.drop(sessionId)));
    bus?.onResync(() => this.clear());
  }

  /** The remembered lookup of `token` if there is a fresh one, without waiting (the hot path's). */
  peek(token: string): AuthContext | undefined {
    return this.fresh(token, performance.now());
  }

  async get(token: string): Promise<AuthContext | undefined> {
    const now = performance.now();
    const hit = this.fresh(token, now);
    if (hit) return hit;
    const drops = this.drops;
    const ctx = await this.authenticate(token);
    if (drops !== this.drops) return ctx; // it may have read the session just before its revocation
    if (!ctx) {
      this.entries.delete(token);
      return undefined;
    }
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const ttl = !this.bus || this.bus.live ? this.ttlMs : Math.min(this.ttlMs, SESSION_CACHE_TTL_UNSHARED_MS);
    this.entries.set(token, { until: now + ttl, ctx });
    this.bySession.set(ctx.session.id, token);
    return ctx;
  }

  private fresh(token: string, now: number): AuthContext | undefined {
    const hit = this.entries.get(token);
    return hit && hit.until > now && hit.ctx.session.expiresAt.getTime() > this.clock.now().getTime() ? hit.ctx : undefined;
  }

  /** A session was revoked (here or on another node). */
  drop(sessionId: string): void {
    this.drops++;
    const token = this.bySession.get(sessionId);
    if (token === undefined) return;
    this.bySession.delete(sessionId);
    this.entries.delete(token);
  }

  clear(): void {
    this.drops++;
    this.entries.clear();
    this.bySession.clear();
  }
}
