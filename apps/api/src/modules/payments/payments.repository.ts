import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardCheckouts, paymentNotifications, type CardCheckoutRow } from '../../db/schema';

export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  async insertCheckout(row: typeof cardCheckouts.$inferInsert): Promise<CardCheckoutRow> {
    const [stored] = await this.db.insert(cardCheckouts).values(row).returning();
    return stored!;
  }

  async checkout(id: string): Promise<CardCheckoutRow | undefined> {
    const [row] = await this.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id));
    return row;
  }

  async checkoutByExternalId(provider: string, externalId: string): Promise<CardCheckoutRow | undefined> {
    const [row] = await this.db.select().from(cardCheckouts).where(and(eq(cardCheckouts.provider, provider), eq(cardCheckouts.externalId, externalId)));
    return row;
  }

  async checkoutBySubscription(provider: string, subscriptionRef: string): Promise<CardCheckoutRow | undefined> {
    const [row] = await this.db.select().from(cardCheckouts).where(and(eq(cardCheckouts.provider, provider), eq(cardCheckouts.subscriptionRef, subscriptionRef)));
    return row;
  }

  async setExternalId(id: string, externalId: string): Promise<void> {
    await this.db.update(cardCheckouts).set({ externalId }).where(eq(cardCheckouts.id, id));
  }

  /** Race-safe: only an open checkout completes, once. */
  async complete(id: string, subscriptionRef: string, now: Date): Promise<CardCheckoutRow | undefined> {
    const [row] = await this.db
      .update(cardCheckouts)
      .set({ status: 'complete', subscriptionRef, completedAt: now })
      .where(and(eq(cardCheckouts.id, id), eq(cardCheckouts.status, 'open')))
      .returning();
    return row;
  }

  /** True the first time a provider's notification id is seen (processed once each). */
  async firstSeen(provider: string, eventId: string, now: Date): Promise<boolean> {
    const rows = await this.db.insert(paymentNotifications).values({ provider, eventId, receivedAt: now }).onConflictDoNothing().returning();
    return rows.length > 0;
  }
}
