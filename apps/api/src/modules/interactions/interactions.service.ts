import type { IdentityTraits, InteractionResponse, TrackedEventName, TrackedProperties } from '@puente/contracts';
import { ANALYTICS_ROLE_LABELS } from '@puente/domain';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter';
import type { AuthContext } from '../auth/auth.service';
import type { InteractionsRepository } from './interactions.repository';

/**
 * Events are open to callers without a session (the welcome and login steps come before one), so
 * each IP may store at most this many an hour: enough for a busy household, not for a flood.
 * (Not in the spec; our choice.)
 */
export const INTERACTIONS_PER_IP_PER_HOUR = 600;
const HOUR_MS = 60 * 60 * 1000;

const compact = (values: Record<string, string | number | undefined>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] !== undefined));

export class InteractionsService {
  constructor(private readonly deps: { repository: InteractionsRepository; clock: Clock; limiter: RateLimiter; perIpPerHour?: number }) {}

  /**
   * The user an interaction is recorded for: the session's. A userId in the body must be the
   * caller's own (nobody records events for someone else, and no session means no user id).
   */
  private userFor(auth: AuthContext | null, claimed: string | null | undefined): string | null {
    if (claimed && !auth) throw new AppError('UNAUTHORIZED');
    if (claimed && auth && claimed !== auth.user.id) throw new AppError('FORBIDDEN');
    return auth?.user.id ?? null;
  }

  private async throttle(ip: string): Promise<void> {
    const result = await this.deps.limiter.hit(`interactions:ip:${ip}`, { limit: this.deps.perIpPerHour ?? INTERACTIONS_PER_IP_PER_HOUR, windowMs: HOUR_MS, now: this.deps.clock.now() });
    if (!result.allowed) throw new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
  }

  async recordEvent(input: { auth: AuthContext | null; ip: string; userId?: string | null; deviceId: string; event: TrackedEventName; properties: TrackedProperties }): Promise<InteractionResponse> {
    const userId = this.userFor(input.auth, input.userId);
    await this.throttle(input.ip);
    const kept = compact(input.properties);
    const row = await this.deps.repository.insert({ kind: 'event', userId, deviceId: input.deviceId, event: input.event, data: kept, createdAt: this.deps.clock.now() });
    return { id: row.id, kept };
  }

  async recordIdentity(input: { auth: AuthContext | null; ip: string; userId?: string | null; deviceId: string; traits: IdentityTraits }): Promise<InteractionResponse> {
    if (!input.auth) throw new AppError('UNAUTHORIZED');
    const userId = this.userFor(input.auth, input.userId);
    await this.throttle(input.ip);
    // spec 001 §6: analytics label the caller's role Admin, Socio or Coach (from the session, never from the body).
    const kept = compact({ ...input.traits, role: ANALYTICS_ROLE_LABELS[input.auth.user.userType] });
    const row = await this.deps.repository.insert({ kind: 'identity', userId, deviceId: input.deviceId, event: null, data: kept, createdAt: this.deps.clock.now() });
    return { id: row.id, kept };
  }
}
