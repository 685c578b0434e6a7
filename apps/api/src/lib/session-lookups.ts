import type { AuthContext, AuthService } from '../modules/auth/auth.service';

/** How sessions are looked up in the database, many at once: an answer for every token. */
export type SessionLookup = Pick<AuthService, 'authenticateMany'>;

/** A lookup's answer, and when its batch was sent (performance.now): what it read was true then. */
export interface SessionAnswer {
  ctx: AuthContext | undefined;
  sentAt: number;
}

// Not in the spec: at most this many tokens in one batch, and how long a lookup that no one waits
// for (SessionCache's stale sessions) waits for others. 8,000 members polling every 4 s make about
// 270 of those a second: about 27 a batch.
export const LOOKUP_BATCH = 64;
const LATER_WAIT_MS = 100;

/**
 * The node's session lookups, sent together (issue 10, hot path): one lookup at a time cost the
 * embedded database about 1.2 ms of CPU each (0.36 ms on PostgreSQL), a batch of 32 about 0.09 ms
 * each (0.025). A lookup someone waits for (a request, a socket's handshake) goes with those that
 * arrived in the same turn of the event loop: under load many do, and after a restart every waiting
 * member's poll and every reconnecting socket is one; alone, it leaves at once with none. One that
 * no one waits for (`later`) waits up to LATER_WAIT_MS for others. A token already waiting or being
 * looked up is not asked twice: its callers share the answer, or the batch's failure.
 */
export class SessionLookups {
  private readonly lookups = new Map<string, Promise<SessionAnswer>>();
  /** The next batch, and what sends it: the next turn of the event loop, or the end of the wait. */
  private queued: { token: string; settle: (answer: SessionAnswer | { error: unknown }) => void }[] = [];
  private nextTurn: NodeJS.Immediate | undefined;
  private waitOver: NodeJS.Timeout | undefined;
  private readonly laterWaitMs: number;

  constructor(
    private readonly lookup: SessionLookup,
    { laterWaitMs = LATER_WAIT_MS }: { laterWaitMs?: number } = {},
  ) {
    this.laterWaitMs = laterWaitMs;
  }

  /** Bearer authentication (AuthService.authenticate's answer), in the next batch. */
  async authenticate(token: string): Promise<AuthContext | undefined> {
    return (await this.lookUp(token, 'now')).ctx;
  }

  /** `token`'s lookup: the one under way, or one in the next batch (`later`: within the wait). */
  lookUp(token: string, when: 'now' | 'later'): Promise<SessionAnswer> {
    let lookup = this.lookups.get(token);
    if (!lookup) {
      lookup = new Promise<SessionAnswer>((resolve, reject) => {
        this.queued.push({ token, settle: (answer) => ('error' in answer ? reject(answer.error) : resolve(answer)) });
      });
      this.lookups.set(token, lookup);
    }
    if (this.queued.length >= LOOKUP_BATCH) this.send();
    else if (when === 'now') this.nextTurn ??= setImmediate(() => this.send());
    else if (this.queued.length > 0 && !this.waitOver) {
      this.waitOver = setTimeout(() => this.send(), this.laterWaitMs);
      this.waitOver.unref();
    }
    return lookup;
  }

  /** Whether `token` is waiting for its batch or being looked up. */
  has(token: string): boolean {
    return this.lookups.has(token);
  }

  /** How many tokens wait for their batch or are being looked up. */
  get size(): number {
    return this.lookups.size;
  }

  private send(): void {
    clearImmediate(this.nextTurn);
    clearTimeout(this.waitOver);
    this.nextTurn = undefined;
    this.waitOver = undefined;
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0) return;
    const sentAt = performance.now();
    const done = (): void => {
      for (const { token } of batch) this.lookups.delete(token);
    };
    this.lookup.authenticateMany(batch.map(({ token }) => token)).then(
      (answers) => {
        done();
        for (const { token, settle } of batch) settle({ ctx: answers.get(token), sentAt });
      },
      (error: unknown) => {
        done();
        for (const { settle } of batch) settle({ error });
      },
    );
  }
}
