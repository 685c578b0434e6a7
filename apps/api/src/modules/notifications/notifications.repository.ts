import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, type PushSubscriptionRow } from '../../db/schema';

/** Queries only. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /** One row per endpoint: a browser that moves to another account follows its new owner. */
  async upsert(userId: string, s: { endpoint: string; p256dh: string; auth: string }, now: Date): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ userId, ...s, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: s.p256dh, auth: s.auth, updatedAt: now } });
  }

  async forUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  async remove(id: string, userId: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  }
}
