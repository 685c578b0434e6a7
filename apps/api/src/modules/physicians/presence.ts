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
  /** isAvailable as the physician last set it (the database keeps it too; this is the fast copy). */
  setAvailable(userId: string, available: boolean): Promise<void>;
  /** Replaces the whole available set (on boot, from the database). */
  resetAvailable(userIds: readonly string[]): Promise<void>;
  /**
   * Who is online and who is available, in one read. The same object is returned for as long as
   * neither set changes, so readers may cache what they derive from it by its identity.
   */
  snapshot(): Promise<PresenceSnapshot>;
  close(): Promise<void>;
}

export interface PresenceSnapshot {
  /** The ids of users with at least one socket. */
  readonly online: ReadonlySet<string>;
  /** The ids of physicians whose availability switch is on. */
  readonly available: ReadonlySet<string>;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

export class MemoryPresenceStore implements PresenceStore {
  private readonly sockets = new Map<string, Set<string>>();
  private current: PresenceSnapshot = { online: new Set(), available: new Set() };

  /** A new snapshot only when a set really changed (a second socket of an online coach changes nothing). */
  private publish(next: Partial<PresenceSnapshot>): void {
    const online = next.online ?? this.current.online;
    const available = next.available ?? this.current.available;
    if (sameSet(online, this.current.online) && sameSet(available, this.current.available)) return;
    this.current = { online, available };
  }

  async connect(userId: string, socketId: string): Promise<void> {
    const set = this.sockets.get(userId) ?? new Set<string>();
    set.add(socketId);
    this.sockets.set(userId, set);
    this.publish({ online: new Set(this.sockets.keys()) });
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socketId);
    if (set.size === 0) this.sockets.delete(userId);
    this.publish({ online: new Set(this.sockets.keys()) });
  }

  async setAvailable(userId: string, available: boolean): Promise<void> {
    const next = new Set(this.current.available);
    if (available) next.add(userId);
    else next.delete(userId);
    this.publish({ available: next });
  }

  async resetAvailable(userIds: readonly string[]): Promise<void> {
    this.publish({ available: new Set(userIds) });
  }

  async snapshot(): Promise<PresenceSnapshot> {
    return this.current;
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
  private current: { at: number; snapshot: PresenceSnapshot } | undefined;
  /** Bumped by every change this node makes: a read started before it is not reused after it. */
  private generation = 0;
  private pending: { generation: number; read: Promise<PresenceSnapshot> } | undefined;

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

  /** The next read goes to Redis (this node changed something). */
  private stale(): void {
    this.generation++;
    if (this.current) this.current.at = -Infinity;
  }

  async setAvailable(userId: string, available: boolean): Promise<void> {
    if (available) await this.redis.sadd(this.availableKey, userId);
    else await this.redis.srem(this.availableKey, userId);
    this.stale();
  }

  async resetAvailable(userIds: readonly string[]): Promise<void> {
    const multi = this.redis.multi().del(this.availableKey);
    if (userIds.length > 0) multi.sadd(this.availableKey, ...userIds);
    await multi.exec();
    this.stale();
  }

  async connect(userId: string, socketId: string): Promise<void> {
    this.own.set(socketId, userId);
    await this.redis.multi().sadd(this.userKey(userId), socketId).sadd(this.onlineKey, userId).exec();
    this.stale();
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    this.own.delete(socketId);
    const key = this.userKey(userId);
    const results = (await this.redis.multi().srem(key, socketId).scard(key).exec()) ?? [];
    const remaining = results[1]?.[1];
    if (remaining === 0) await this.redis.srem(this.onlineKey, userId);
    this.stale();
  }

  /** Both sets in one round trip, at most once per SNAPSHOT_TTL_MS; unchanged sets keep the old snapshot object. */
  async snapshot(): Promise<PresenceSnapshot> {
    const now = Date.now();
    if (this.current && now - this.current.at < SNAPSHOT_TTL_MS) return this.current.snapshot;
    if (this.pending?.generation === this.generation) return this.pending.read;
    const generation = this.generation;
    const read = this.redis
      .pipeline()
      .smembers(this.onlineKey)
      .smembers(this.availableKey)
      .exec()
      .then((results) => {
        const [online, available] = (results ?? []).map(([err, ids]) => {
          if (err) throw err;
          return new Set(ids as string[]);
        });
        const previous = this.current?.snapshot;
        const snapshot = previous && sameSet(previous.online, online!) && sameSet(previous.available, available!) ? previous : { online: online!, available: available! };
        // A change made here meanwhile may be missing from this read: keep it, but only until the next one.
        this.current = { at: generation === this.generation ? Date.now() : -Infinity, snapshot };
        return snapshot;
      })
      .finally(() => {
        if (this.pending?.read === read) this.pending = undefined;
      });
    this.pending = { generation, read };
    return read;
  }

  async close(): Promise<void> {
    for (const [socketId, userId] of [...this.own]) await this.disconnect(userId, socketId).catch(() => undefined);
  }
}
