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

// Not in the spec: a node that stops without saying goodbye (crash, SIGKILL, lost network) leaves
// presence within PRESENCE_TTL_MS; a live node renews its entry every PRESENCE_HEARTBEAT_MS.
export const PRESENCE_TTL_MS = 30_000;
export const PRESENCE_HEARTBEAT_MS = 10_000;

export interface RedisPresenceOptions {
  /** This node's id (random by default): its users live under their own key, with an expiry. */
  nodeId?: string;
  ttlMs?: number;
  heartbeatMs?: number;
  /** Where a failed Redis call is reported (Redis down: presence degrades to this node's sockets). */
  onError?: (err: unknown) => void;
  /** Called when a heartbeat succeeds after Redis was unreachable (e.g. to copy availability again). */
  onHealed?: () => Promise<void>;
}

/**
 * Redis, shared by every node. Each node keeps the users it has sockets for in its own set
 * (`<prefix>presence:node:<nodeId>`) with an expiry that its heartbeat renews, and registers itself
 * in `<prefix>presence:nodes` (node id -> when its entry expires). The online list is the union of
 * the live nodes' sets, so a node that dies without cleaning up drops out by itself when its key
 * expires, and a node whose entries were lost (Redis restarted) writes them again on its next beat.
 * Socket counts stay in the node's memory: only the node holding a socket can remove it.
 *
 * While Redis is unreachable the node keeps working on its own: it lists the coaches whose sockets
 * it holds and the availability it last knew, and catches up on the first heartbeat that succeeds.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly sockets = new Map<string, Set<string>>(); // userId -> this node's socket ids
  private cache: { at: number; ids: Set<string> } | undefined;
  private pending: Promise<Set<string>> | undefined;
  private availableCache: { at: number; ids: ReadonlySet<string> } | undefined;
  private availablePending: Promise<ReadonlySet<string>> | undefined;
  /** This node's copy of the available set, served while Redis is unreachable. */
  private localAvailable: ReadonlySet<string> = new Set<string>();
  private degraded = false;
  /** Until the first connection, calls wait in ioredis's queue (a node starting up); after, they fail fast. */
  private connectedOnce: boolean;
  private readonly nodeId: string;
  private readonly ttlMs: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: RedisPresenceOptions = {},
  ) {
    this.connectedOnce = redis.status === 'ready';
    if (!this.connectedOnce) redis.once('ready', () => (this.connectedOnce = true));
    this.nodeId = options.nodeId ?? crypto.randomUUID();
    this.ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
    this.timer = setInterval(() => void this.heartbeat(), options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  private get nodeKey() {
    return `${this.prefix}presence:node:${this.nodeId}`;
  }
  private get nodesKey() {
    return `${this.prefix}presence:nodes`;
  }
  private get availableKey() {
    return `${this.prefix}presence:available`;
  }
  private nodeKeyOf = (nodeId: string) => `${this.prefix}presence:node:${nodeId}`;

  /** A Redis call that must not fail its caller: on error the node goes on with its own state. */
  private async tryRedis<T>(call: () => Promise<T>): Promise<T | undefined> {
    // Connection lost: do not wait for ioredis's retries on a request path.
    if (this.connectedOnce && this.redis.status !== 'ready') {
      this.degraded = true;
      return undefined;
    }
    try {
      return await call();
    } catch (err) {
      this.degraded = true;
      this.options.onError?.(err);
      return undefined;
    }
  }

  async setAvailable(userId: string, available: boolean): Promise<void> {
    const next = new Set(this.localAvailable);
    if (available) next.add(userId);
    else next.delete(userId);
    this.localAvailable = next;
    await this.tryRedis(() => (available ? this.redis.sadd(this.availableKey, userId) : this.redis.srem(this.availableKey, userId)));
    this.availableCache = undefined;
  }

  async resetAvailable(userIds: readonly string[]): Promise<void> {
    this.localAvailable = new Set(userIds);
    await this.tryRedis(() => {
      const multi = this.redis.multi().del(this.availableKey);
      if (userIds.length > 0) multi.sadd(this.availableKey, ...userIds);
      return multi.exec();
    });
    this.availableCache = undefined;
  }

  async availableIds(): Promise<ReadonlySet<string>> {
    const now = Date.now();
    if (this.availableCache && now - this.availableCache.at < SNAPSHOT_TTL_MS) return this.availableCache.ids;
    this.availablePending ??= this.tryRedis(() => this.redis.smembers(this.availableKey))
      .then((ids) => {
        const set: ReadonlySet<string> = ids ? new Set(ids) : this.localAvailable;
        this.availableCache = { at: Date.now(), ids: set };
        return set;
      })
      .finally(() => {
        this.availablePending = undefined;
      });
    return this.availablePending;
  }

  async connect(userId: string, socketId: string): Promise<void> {
    const own = this.sockets.get(userId) ?? new Set<string>();
    const first = own.size === 0;
    own.add(socketId);
    this.sockets.set(userId, own);
    if (first) {
      await this.tryRedis(() => this.redis.multi().sadd(this.nodeKey, userId).pexpire(this.nodeKey, this.ttlMs).zadd(this.nodesKey, Date.now() + this.ttlMs, this.nodeId).exec());
    }
    this.cache = undefined;
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    const own = this.sockets.get(userId);
    if (!own?.delete(socketId)) return;
    if (own.size === 0) {
      this.sockets.delete(userId);
      await this.tryRedis(() => this.redis.srem(this.nodeKey, userId));
    }
    this.cache = undefined;
  }

  /**
   * Renews this node's entry, writing its users again (they may have been lost with Redis), and
   * after an outage lets the owner copy what else Redis lost (availability) from the database.
   */
  async heartbeat(): Promise<void> {
    const users = [...this.sockets.keys()];
    const wasDegraded = this.degraded;
    this.degraded = false;
    const beat = await this.tryRedis(() => {
      const multi = this.redis.multi().zadd(this.nodesKey, Date.now() + this.ttlMs, this.nodeId);
      if (users.length > 0) multi.sadd(this.nodeKey, ...users).pexpire(this.nodeKey, this.ttlMs);
      return multi.exec();
    });
    if (beat !== undefined && wasDegraded) {
      this.cache = undefined;
      this.availableCache = undefined;
      await this.options.onHealed?.().catch((err: unknown) => this.options.onError?.(err));
    }
  }

  async onlineIds(): Promise<ReadonlySet<string>> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < SNAPSHOT_TTL_MS) return this.cache.ids;
    this.pending ??= this.readOnline()
      .then((set) => {
        this.cache = { at: Date.now(), ids: set };
        return set;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  private async readOnline(): Promise<Set<string>> {
    const shared = await this.tryRedis(async () => {
      // Registry entries long past their expiry belong to nodes that are gone (their keys expired
      // by themselves); the margin keeps a node whose clock is a little behind from being pruned.
      const nodes = await this.redis.zrangebyscore(this.nodesKey, Date.now() - this.ttlMs, '+inf');
      void this.redis.zremrangebyscore(this.nodesKey, '-inf', Date.now() - 2 * this.ttlMs).catch(() => undefined);
      return nodes.length === 0 ? [] : this.redis.sunion(...nodes.map(this.nodeKeyOf));
    });
    // Without Redis: the coaches this node can reach itself.
    return new Set(shared ?? this.sockets.keys());
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.sockets.clear();
    await this.tryRedis(() => this.redis.multi().del(this.nodeKey).zrem(this.nodesKey, this.nodeId).exec());
    this.cache = undefined;
  }
}
