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

// Not in the spec: how long a session lookup is remembered (the hot routes answer from it for up to
// one more TTL while it is looked up again: SessionCache.peek). A revocation (logout, refresh, account
// deletion, phone change, the end of a guest link's consultation) drops it at once on every node
// through the invalidation bus; the time bounds what else may change under it (the member's
// language) and, while the bus is not live (Redis unreachable), how long a session revoked on
// another node keeps reading the cached routes (public physician profiles only).
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_TTL_UNSHARED_MS = 2_000;
const MAX_ENTRIES = 50_000;
// Not in the spec: sessions are looked up together, in batches of at most LOOKUP_BATCH tokens. A
// request's own lookup (a token not remembered) waits only for the requests that arrived with it
// (the batch leaves in the next turn of the event loop: after a restart every waiting member's poll
// is such a lookup); a stale session's (see peek) waits up to REFRESH_WAIT_MS for others (8,000
// members polling every 4 s make about 270 a second: about 27 a batch). A stale one is added only
// while fewer than MAX_REFRESHING tokens wait or are being looked up, so a busy node's database
// queue stays short; past it, a stale entry answers and is looked up on a later peek.
const LOOKUP_BATCH = 64;
const REFRESH_WAIT_MS = 100;
const MAX_REFRESHING = 4 * LOOKUP_BATCH;

/** How sessions are looked up: one (a request waits for it) or many at once (in the background). */
export interface SessionLookup {
  authenticate(token: string): Promise<AuthContext | undefined>;
  /** An answer for every token, undefined for one that opens no session. */
  authenticateMany(tokens: readonly string[]): Promise<Map<string, AuthContext | undefined>>;
}

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
  /** The lookups of tokens waiting for their batch or being looked up (one per token). */
  private readonly lookups = new Map<string, Promise<AuthContext | undefined>>();
  /** The next batch, and what sends it: the next turn of the event loop, or the end of the wait. */
  private queued: { token: string; settle: (answer: { ctx: AuthContext | undefined } | { error: unknown }) => void }[] = [];
  private nextTurn: NodeJS.Immediate | undefined;
  private waitOver: NodeJS.Timeout | undefined;
  /** Bumped by every drop: a lookup that started before one is answered but not remembered. */
  private drops = 0;
  private readonly ttlMs: number;
  private readonly refreshWaitMs: number;
  private readonly onBackgroundError: (error: unknown) => void;

  constructor(
    private readonly lookup: SessionLookup,
    private readonly clock: Clock,
    private readonly bus?: InvalidationBus,
    {
      ttlMs = SESSION_CACHE_TTL_MS,
      refreshWaitMs = REFRESH_WAIT_MS,
      onBackgroundError = () => undefined,
    }: {
      ttlMs?: number;
      /** How long stale sessions are gathered before they are looked up together. */
      refreshWaitMs?: number;
      /** Told of a background lookup that failed (no request waits for it to report it). */
      onBackgroundError?: (error: unknown) => void;
    } = {},
  ) {
    this.ttlMs = ttlMs;
    this.refreshWaitMs = refreshWaitMs;
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
    if (this.lookups.size < MAX_REFRESHING && !this.lookups.has(token)) this.lookUp(token, false).catch((error: unknown) => this.onBackgroundError(error));
    return hit.ctx;
  }

  async get(token: string): Promise<AuthContext | undefined> {
    const now = performance.now();
    const hit = this.fresh(token, now);
    if (hit) return hit;
    return this.lookUp(token, true);
  }

  /** A lookup's answer, made at `startedAt` (performance.now) when `drops` drops had happened. */
  private remember(token: string, ctx: AuthContext | undefined, startedAt: number, drops: number): void {
    if (drops !== this.drops) return; // it may have read the session just before its revocation
    if (!ctx) {
      this.entries.delete(token);
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const ttl = this.shared() ? this.ttlMs : Math.min(this.ttlMs, SESSION_CACHE_TTL_UNSHARED_MS);
    this.entries.set(token, { until: startedAt + ttl, ctx });
    this.bySession.set(ctx.session.id, token);
  }

  /** `token`'s lookup, in the next batch (`soon`: a request waits for it) unless one is under way. */
  private lookUp(token: string, soon: boolean): Promise<AuthContext | undefined> {
    let lookup = this.lookups.get(token);
    if (!lookup) {
      lookup = new Promise<AuthContext | undefined>((resolve, reject) => {
        this.queued.push({ token, settle: (answer) => ('error' in answer ? reject(answer.error) : resolve(answer.ctx)) });
      });
      this.lookups.set(token, lookup);
    }
    if (this.queued.length >= LOOKUP_BATCH) this.sendBatch();
    else if (soon) this.nextTurn ??= setImmediate(() => this.sendBatch());
    else if (this.queued.length > 0 && !this.waitOver) {
      this.waitOver = setTimeout(() => this.sendBatch(), this.refreshWaitMs);
      this.waitOver.unref();
    }
    return lookup;
  }

  /** Looks the queued tokens up, together. */
  private sendBatch(): void {
    clearImmediate(this.nextTurn);
    clearTimeout(this.waitOver);
    this.nextTurn = undefined;
    this.waitOver = undefined;
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0) return;
    const startedAt = performance.now();
    const drops = this.drops;
    const done = (): void => {
      for (const { token } of batch) this.lookups.delete(token);
    };
    this.lookup.authenticateMany(batch.map(({ token }) => token)).then(
      (answers) => {
        done();
        for (const { token, settle } of batch) {
          const ctx = answers.get(token);
          this.remember(token, ctx, startedAt, drops);
          settle({ ctx });
        }
      },
      (error: unknown) => {
        done();
        for (const { settle } of batch) settle({ error });
      },
    );
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
