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
  /** Where a failed heartbeat is reported (Redis down: it heals on the next beat). */
  onError?: (err: unknown) => void;
}

/**
 * Redis, shared by every node. Each node keeps the users it has sockets for in its own set
 * (`<prefix>presence:node:<nodeId>`) with an expiry that its heartbeat renews, and registers itself
 * in `<prefix>presence:nodes` (node id -> when its entry expires). The online list is the union of
 * the live nodes' sets, so a node that dies without cleaning up drops out by itself when its key
 * expires, and a node whose entries were lost (Redis restarted) writes them again on its next beat.
 * Socket counts stay in the node's memory: only the node holding a socket can remove it.
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly sockets = new Map<string, Set<string>>(); // userId -> this node's socket ids
  private cache: { at: number; ids: Set<string> } | undefined;
  private pending: Promise<Set<string>> | undefined;
  private availableCache: { at: number; ids: Set<string> } | undefined;
  private availablePending: Promise<Set<string>> | undefined;
  private readonly nodeId: string;
  private readonly ttlMs: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: RedisPresenceOptions = {},
  ) {
    this.nodeId = options.nodeId ?? crypto.randomUUID();
    this.ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
    this.timer = setInterval(() => {
      this.heartbeat().catch((err: unknown) => this.options.onError?.(err));
    }, options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
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
    const own = this.sockets.get(userId) ?? new Set<string>();
    const first = own.size === 0;
    own.add(socketId);
    this.sockets.set(userId, own);
    if (first) {
      await this.redis
        .multi()
        .sadd(this.nodeKey, userId)
        .pexpire(this.nodeKey, this.ttlMs)
        .zadd(this.nodesKey, Date.now() + this.ttlMs, this.nodeId)
        .exec();
    }
    this.cache = undefined;
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    const own = this.sockets.get(userId);
    if (!own?.delete(socketId)) return;
    if (own.size === 0) {
      this.sockets.delete(userId);
      await this.redis.srem(this.nodeKey, userId);
    }
    this.cache = undefined;
  }

  /** Renews this node's entry, writing its users again (they may have been lost with Redis). */
  async heartbeat(): Promise<void> {
    const users = [...this.sockets.keys()];
    if (users.length === 0) return;
    await this.redis
      .multi()
      .sadd(this.nodeKey, ...users)
      .pexpire(this.nodeKey, this.ttlMs)
      .zadd(this.nodesKey, Date.now() + this.ttlMs, this.nodeId)
      .exec();
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
    // Registry entries long past their expiry belong to nodes that are gone (their keys expired
    // by themselves); the margin keeps a node whose clock is a little behind from being pruned.
    const nodes = await this.redis.zrangebyscore(this.nodesKey, Date.now() - this.ttlMs, '+inf');
    void this.redis.zremrangebyscore(this.nodesKey, '-inf', Date.now() - 2 * this.ttlMs).catch(() => undefined);
    if (nodes.length === 0) return new Set();
    return new Set(await this.redis.sunion(...nodes.map(this.nodeKeyOf)));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.sockets.clear();
    await this.redis.multi().del(this.nodeKey).zrem(this.nodesKey, this.nodeId).exec();
    this.cache = undefined;
  }
}
