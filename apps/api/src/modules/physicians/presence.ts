import type { Redis } from 'ioredis';

/**
 * Who is online: a coach or doctor is online while at least one of their sockets is connected.
 * Kept in memory, or in Redis when REDIS_URL is set (so every node sees every socket). Reads are
 * served from a local snapshot so polling members never wait on the network more than once per
 * refresh interval.
 */
export interface PresenceStore {
  connect(userId: string, socketId: string): Promise<void>;
  disconnect(userId: string, socketId: string): Promise<void>;
  /** The ids of users with at least one socket. */
  onlineIds(): Promise<ReadonlySet<string>>;
  /** isAvailable as the physician last set it (the database keeps it too; this is the fast copy). */
  setAvailable(userId: string, available: boolean): Promise<void>;
  /** Replaces the whole available set (on boot, from the database). */
  resetAvailable(userIds: readonly string[]): Promise<void>;
  availableIds(): Promise<ReadonlySet<string>>;
  close(): Promise<void>;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly sockets = new Map<string, Set<string>>();
  private snapshot: Set<string> = new Set();

  async connect(userId: string, socketId: string): Promise<void> {
    const set = this.sockets.get(userId) ?? new Set<string>();
    set.add(socketId);
    this.sockets.set(userId, set);
    this.snapshot = new Set(this.sockets.keys());
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socketId);
    if (set.size === 0) this.sockets.delete(userId);
    this.snapshot = new Set(this.sockets.keys());
  }

  async onlineIds(): Promise<ReadonlySet<string>> {
    return this.snapshot;
  }

  private available = new Set<string>();
  async setAvailable(userId: string, available: boolean): Promise<void> {
    const next = new Set(this.available);
    if (available) next.add(userId);
    else next.delete(userId);
    this.available = next;
  }

  async resetAvailable(userIds: readonly string[]): Promise<void> {
    this.available = new Set(userIds);
  }

  async availableIds(): Promise<ReadonlySet<string>> {
    return this.available;
  }

  async close(): Promise<void> {
    this.sockets.clear();
  }
}

// Not in the spec: how stale a node's view of other nodes' presence may be. Members poll every
// 4 s (spec 9), so half a second is invisible to them and spares Redis a read per poll.
const SNAPSHOT_TTL_MS = 500;

/**
 * Redis: one set of socket ids per user (`<prefix>presence:<userId>`) and a set of online users
 * (`<prefix>presence:online`). Each node also remembers its own sockets so it can remove them
 * when it shuts down.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly own = new Map<string, string>(); // socketId -> userId
  private cache: { at: number; ids: Set<string> } | undefined;
  private pending: Promise<Set<string>> | undefined;
  private availableCache: { at: number; ids: Set<string> } | undefined;
  private availablePending: Promise<Set<string>> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private userKey = (userId: string) => `${this.prefix}presence:${userId}`;
  private get onlineKey() {
    return `${this.prefix}presence:online`;
  }
  private get availableKey() {
    return `${this.prefix}presence:available`;
  }

  async setAvailable(userId: string, available: boolean): Promise<void> {
    if (available) await this.redis.sadd(this.availableKey, userId);
    else await this.redis.srem(this.availableKey, userId);
    this.availableCache = undefined;
  }

  async resetAvailable(userIds: readonly string[]): Promise<void> {
    const multi = this.redis.multi().del(this.availableKey);
    if (userIds.length > 0) multi.sadd(this.availableKey, ...userIds);
    await multi.exec();
    this.availableCache = undefined;
  }

  async availableIds(): Promise<ReadonlySet<string>> {
    const now = Date.now();
    if (this.availableCache && now - this.availableCache.at < SNAPSHOT_TTL_MS) return this.availableCache.ids;
    this.availablePending ??= this.redis
      .smembers(this.availableKey)
      .then((ids) => {
        const set = new Set(ids);
        this.availableCache = { at: Date.now(), ids: set };
        return set;
      })
      .finally(() => {
        this.availablePending = undefined;
      });
    return this.availablePending;
  }

  async connect(userId: string, socketId: string): Promise<void> {
    this.own.set(socketId, userId);
    await this.redis.multi().sadd(this.userKey(userId), socketId).sadd(this.onlineKey, userId).exec();
    this.cache = undefined;
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    this.own.delete(socketId);
    const key = this.userKey(userId);
    const results = (await this.redis.multi().srem(key, socketId).scard(key).exec()) ?? [];
    const remaining = results[1]?.[1];
    if (remaining === 0) await this.redis.srem(this.onlineKey, userId);
    this.cache = undefined;
  }

  async onlineIds(): Promise<ReadonlySet<string>> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < SNAPSHOT_TTL_MS) return this.cache.ids;
    this.pending ??= this.redis
      .smembers(this.onlineKey)
      .then((ids) => {
        const set = new Set(ids);
        this.cache = { at: Date.now(), ids: set };
        return set;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  async close(): Promise<void> {
    for (const [socketId, userId] of [...this.own]) await this.disconnect(userId, socketId).catch(() => undefined);
  }
}
