import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox, type OutboxRow } from '../db/schema';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  createdAt: Date;
}

/** Messages the outbox providers "send"; read back by GET /api/dev/outbox and the tests. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(message: OutboxMessage): Promise<void> {
    await this.db.insert(outbox).values({ ...message, subject: message.subject ?? null });
  }

  list(filter: { to?: string; limit: number }): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(outbox)
      .where(filter.to ? and(eq(outbox.to, filter.to)) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(filter.limit);
  }

  /** Deletes the messages sent to these addresses (an erased account's phone and email), in `tx` when given. */
  async deleteTo(addresses: readonly string[], tx?: Db): Promise<void> {
    if (addresses.length === 0) return;
    await (tx ?? this.db).delete(outbox).where(inArray(outbox.to, [...addresses]));
  }
}
