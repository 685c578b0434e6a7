import type { Redis } from 'ioredis';

/**
 * What a node caches in memory and another node may change: physician profiles (the online list),
 * session lookups and sockets (a revoked session must stop working on every node), an
 * organization's topics template (key: the organization), the bookings starting soon.
 */
export type InvalidationTopic = 'physicians' | 'session' | 'topics' | 'scheduled';

type Handler = (key: string | undefined) => void;

/**
 * Tells every node's caches that something changed. `publish` runs this node's handlers at once
 * and, with Redis, the other nodes' within a round trip. When deliveries may have been missed
 * (Redis was unreachable), `onResync` handlers drop everything they hold.
 */
export interface InvalidationBus {
  publish(topic: InvalidationTopic, key?: string): void;
  subscribe(topic: InvalidationTopic, handler: Handler): void;
  /** Called after a gap in delivery: whatever was cached may have changed elsewhere meanwhile. */
  onResync(handler: () => void): void;
  /** Whether other nodes' changes reach this node now (always, on a single in-process node). */
  readonly live: boolean;
  close(): Promise<void>;
}

/** One node, no Redis: every change is made here, so local delivery is the whole story. */
export class LocalInvalidationBus implements InvalidationBus {
  protected readonly handlers = new Map<InvalidationTopic, Handler[]>();
  protected readonly resyncHandlers: (() => void)[] = [];

  get live(): boolean {
    return true;
  }

  publish(topic: InvalidationTopic, key?: string): void {
    this.deliver(topic, key);
  }

  subscribe(topic: InvalidationTopic, handler: Handler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  protected deliver(topic: InvalidationTopic, key: string | undefined): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }

  protected resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }

  async close(): Promise<void> {}
}

interface Message {
  /** The publishing node (it applied the change already). */
  n: string;
  t: InvalidationTopic;
  k?: string;
}

const TOPICS: ReadonlySet<string> = new Set<InvalidationTopic>(['physicians', 'session', 'topics', 'scheduled']);

/**
 * Every node on one Redis channel (`<prefix>invalidate`), on a subscriber connection of its own.
 * Redis pub/sub keeps nothing for a node that is away, so when the subscriber connection comes back
 * after a loss the node resyncs (drops its caches). While Redis is unreachable the node's own
 * changes still reach its own caches (local-only), and a failed publish is reported, not thrown.
 */
export class RedisInvalidationBus extends LocalInvalidationBus {
  private readonly nodeId = crypto.randomUUID();
  private readonly channel: string;
  private lostSince: number | undefined;
  private closed = false;
  private subscribed = false;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    prefix: string,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    super();
    this.channel = `${prefix}invalidate`;
    sub.on('message', (channel: string, raw: string) => {
      if (channel === this.channel) this.receive(raw);
    });
    // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is lost.
    sub.on('close', () => {
      if (!this.closed) this.lostSince ??= Date.now();
    });
    sub.on('ready', () => {
      if (!this.subscribed) return void this.start();
      if (this.lostSince === undefined) return;
      this.lostSince = undefined;
      this.resync();
    });
    // The main connection logs the outage; this one would repeat it.
    sub.on('error', () => undefined);
  }

  /**
   * Resolves once this node hears the channel (call before serving). With Redis unreachable at
   * start the node serves anyway (local-only) and subscribes when Redis comes.
   */
  async start(): Promise<void> {
    try {
      await this.sub.subscribe(this.channel);
      this.subscribed = true;
      if (this.lostSince !== undefined) {
        this.lostSince = undefined;
        this.resync();
      }
    } catch (err) {
      this.lostSince ??= Date.now();
      this.onError(err);
    }
  }

  override get live(): boolean {
    return this.subscribed && this.lostSince === undefined && this.sub.status === 'ready';
  }

  override publish(topic: InvalidationTopic, key?: string): void {
    this.deliver(topic, key);
    const message: Message = key === undefined ? { n: this.nodeId, t: topic } : { n: this.nodeId, t: topic, k: key };
    // Connection lost: do not queue behind ioredis's retries (the resync on return covers it).
    if (this.pub.status !== 'ready') return this.onError(new Error('Redis unreachable: invalidation reaches this node only'));
    this.pub.publish(this.channel, JSON.stringify(message)).catch(this.onError);
  }

  private receive(raw: string): void {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (message.n === this.nodeId || !TOPICS.has(message.t)) return;
    this.deliver(message.t, typeof message.k === 'string' ? message.k : undefined);
  }

  override async close(): Promise<void> {
    this.closed = true;
    await this.sub.quit().catch(() => undefined);
  }
}
