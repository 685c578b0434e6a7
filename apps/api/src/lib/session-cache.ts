import { hashToken } from './secrets';
import type { Clock } from './clock';
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

// Not in the spec: a revoked session keeps reading the cached routes for at most this long. They
// serve public physician profiles only, so two seconds of grace cost nothing in privacy and spare
// the database one session lookup per poll.
export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;

/** Remembers successful session lookups for a short time (keyed by the token's hash). */
export class SessionCache {
  private readonly entries = new Map<string, { until: number; ctx: AuthContext }>();

  constructor(
    private readonly authenticate: (token: string) => Promise<AuthContext | undefined>,
    private readonly clock: Clock,
    private readonly ttlMs: number = SESSION_CACHE_TTL_MS,
  ) {}

  async get(token: string): Promise<AuthContext | undefined> {
    const key = hashToken(token);
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now && hit.ctx.session.expiresAt.getTime() > this.clock.now().getTime()) return hit.ctx;
    const ctx = await this.authenticate(token);
    if (!ctx) {
      this.entries.delete(key);
      return undefined;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { until: now + this.ttlMs, ctx });
    return ctx;
  }
}
