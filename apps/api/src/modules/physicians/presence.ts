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
  /** The snapshot snapshot() would answer, when it can be had without waiting; else undefined. */
  snapshotNow(): PresenceSnapshot | undefined;
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

  snapshotNow(): PresenceSnapshot {
    return this.current;
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
  private current: { at: number; snapshot: PresenceSnapshot } | undefined;
  /** Bumped by every change this node makes: a read started before it is not reused after it. */
  private generation = 0;
  private pending: { generation: number; read: Promise<PresenceSnapshot> } | undefined;
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

  /** The next read goes to Redis (this node changed something). */
  private stale(): void {
    this.generation++;
    if (this.current) this.current.at = -Infinity;
  }

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
    this.stale();
  }

  async resetAvailable(userIds: readonly string[]): Promise<void> {
    this.localAvailable = new Set(userIds);
    await this.tryRedis(() => {
      const multi = this.redis.multi().del(this.availableKey);
      if (userIds.length > 0) multi.sadd(this.availableKey, ...userIds);
      return multi.exec();
    });
    this.stale();
  }

  async connect(userId: string, socketId: string): Promise<void> {
    const own = this.sockets.get(userId) ?? new Set<string>();
    const first = own.size === 0;
    own.add(socketId);
    this.sockets.set(userId, own);
    if (first) {
      await this.tryRedis(() => this.redis.multi().sadd(this.nodeKey, userId).pexpire(this.nodeKey, this.ttlMs).zadd(this.nodesKey, Date.now() + this.ttlMs, this.nodeId).exec());
      this.stale();
    }
  }

  async disconnect(userId: string, socketId: string): Promise<void> {
    const own = this.sockets.get(userId);
    if (!own?.delete(socketId)) return;
    if (own.size === 0) {
      this.sockets.delete(userId);
      await this.tryRedis(() => this.redis.srem(this.nodeKey, userId));
      this.stale();
    }
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
      this.stale();
      await this.options.onHealed?.().catch((err: unknown) => this.options.onError?.(err));
    }
  }

  snapshotNow(): PresenceSnapshot | undefined {
    return this.current && Date.now() - this.current.at < SNAPSHOT_TTL_MS ? this.current.snapshot : undefined;
  }

  /** Both sets, at most once per SNAPSHOT_TTL_MS; unchanged sets keep the old snapshot object. */
  async snapshot(): Promise<PresenceSnapshot> {
    const now = Date.now();
    if (this.current && now - this.current.at < SNAPSHOT_TTL_MS) return this.current.snapshot;
    if (this.pending?.generation === this.generation) return this.pending.read;
    const generation = this.generation;
    const read = this.readBoth()
      .then(({ online, available }) => {
        const previous = this.current?.snapshot;
        const snapshot = previous && sameSet(previous.online, online) && sameSet(previous.available, available) ? previous : { online, available };
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

  private async readBoth(): Promise<PresenceSnapshot> {
    const shared = await this.tryRedis(async () => {
      // Registry entries long past their expiry belong to nodes that are gone (their keys expired
      // by themselves); the margin keeps a node whose clock is a little behind from being pruned.
      const [nodes, available] = await Promise.all([this.redis.zrangebyscore(this.nodesKey, Date.now() - this.ttlMs, '+inf'), this.redis.smembers(this.availableKey)]);
      void this.redis.zremrangebyscore(this.nodesKey, '-inf', Date.now() - 2 * this.ttlMs).catch(() => undefined);
      const online = nodes.length === 0 ? [] : await this.redis.sunion(...nodes.map(this.nodeKeyOf));
      return { online: new Set(online), available: new Set(available) };
    });
    // Without Redis: the coaches this node can reach itself, and the availability it last knew.
    return shared ?? { online: new Set(this.sockets.keys()), available: this.localAvailable };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.sockets.clear();
    await this.tryRedis(() => this.redis.multi().del(this.nodeKey).zrem(this.nodesKey, this.nodeId).exec());
    this.stale();
  }
}
