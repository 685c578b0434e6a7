import { REALTIME_EVENTS } from '@puente/contracts';
import { CALL_EVENTS } from '@puente/domain';

/**
 * Not in the spec: how much one user may send over her sockets (all of them together), as token
 * buckets: `burst` events at once, then `perSecond` more each second. A person chats at a few
 * messages a minute; a real call's signaling is an offer/answer per peer plus a few dozen ICE
 * candidates each (trickle ICE, a 3-way mesh, renegotiation on a camera flip or a reconnect), so
 * its budget is far above what a call needs and far below a flood.
 */
export const SOCKET_BUDGETS = {
  chat: { burst: 30, perSecond: 1 },
  signaling: { burst: 400, perSecond: 40 },
  subscriptions: { burst: 60, perSecond: 2 },
  other: { burst: 120, perSecond: 5 },
} as const;
export type BudgetKind = keyof typeof SOCKET_BUDGETS;

/** Not in the spec: open sockets per session (one a tab; a member with a dozen tabs is still fine). */
export const MAX_SOCKETS_PER_SESSION = 12;

const KIND_OF_EVENT: Record<string, BudgetKind> = {
  [REALTIME_EVENTS.chatSend]: 'chat',
  [CALL_EVENTS.signal]: 'signaling',
  [CALL_EVENTS.join]: 'signaling',
  [CALL_EVENTS.leave]: 'signaling',
  'appointment-subscribe': 'subscriptions',
  'appointment-unsubscribe': 'subscriptions',
};
export const budgetKindOf = (event: string): BudgetKind => KIND_OF_EVENT[event] ?? 'other';

interface Bucket {
  tokens: number;
  at: number;
}

export interface SocketBudgetOptions {
  budgets?: { [K in BudgetKind]?: { burst: number; perSecond: number } };
  maxSocketsPerSession?: number;
  now?: () => number;
}

/**
 * The per-user event budget and the per-session socket cap of the Socket.IO gateway. Counted in
 * this process: with several server processes (Redis adapter) each one enforces its own share.
 */
export class SocketBudget {
  private readonly budgets: Record<BudgetKind, { burst: number; perSecond: number }>;
  private readonly maxSockets: number;
  private readonly now: () => number;
  private readonly buckets = new Map<string, Bucket>();
  private readonly socketsPerSession = new Map<string, number>();

  constructor(options: SocketBudgetOptions = {}) {
    this.budgets = { ...SOCKET_BUDGETS, ...options.budgets };
    this.maxSockets = options.maxSocketsPerSession ?? MAX_SOCKETS_PER_SESSION;
    this.now = options.now ?? Date.now;
  }

  /** Takes one event of `kind` from the user's budget; false when it is spent. */
  take(userId: string, kind: BudgetKind): boolean {
    const { burst, perSecond } = this.budgets[kind];
    const key = `${userId}:${kind}`;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
    return allowed;
  }

  /** Full buckets carry no information: forget them. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const { burst, perSecond } = this.budgets[key.slice(key.lastIndexOf(':') + 1) as BudgetKind];
      if (bucket.tokens + ((now - bucket.at) / 1000) * perSecond >= burst) this.buckets.delete(key);
    }
  }

  /** One more socket for the session, or false at the cap. Pair with `release` on disconnect. */
  admit(sessionId: string): boolean {
    const open = this.socketsPerSession.get(sessionId) ?? 0;
    if (open >= this.maxSockets) return false;
    this.socketsPerSession.set(sessionId, open + 1);
    return true;
  }

  release(sessionId: string): void {
    const open = (this.socketsPerSession.get(sessionId) ?? 1) - 1;
    if (open <= 0) this.socketsPerSession.delete(sessionId);
    else this.socketsPerSession.set(sessionId, open);
  }
}
