import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardCheckouts, paymentNotifications, storeHeldNotifications, storePendingAcknowledgements, visitPayments, type CardCheckoutRow, type StoreHeldNotificationRow, type StorePendingAcknowledgementRow, type VisitPaymentRow } from '../../db/schema';

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

  /** A store notification for a purchase no member has validated yet (once per notification id). */
  async holdNotification(row: { store: string; entitlementKey: string; notificationId: string; kind: string; state: unknown; receivedAt: Date }): Promise<void> {
    await this.db.insert(storeHeldNotifications).values(row).onConflictDoNothing();
  }

  /** The held notifications of one purchase not applied yet, in the order they arrived. */
  heldNotifications(store: string, entitlementKey: string): Promise<StoreHeldNotificationRow[]> {
    return this.db
      .select()
      .from(storeHeldNotifications)
      .where(and(eq(storeHeldNotifications.store, store), eq(storeHeldNotifications.entitlementKey, entitlementKey), isNull(storeHeldNotifications.appliedAt)))
      .orderBy(asc(storeHeldNotifications.receivedAt), asc(storeHeldNotifications.createdAt));
  }

  /** Race-safe: true for the one caller that applies it. */
  async markHeldApplied(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(storeHeldNotifications)
      .set({ appliedAt: now })
      .where(and(eq(storeHeldNotifications.id, id), isNull(storeHeldNotifications.appliedAt)))
      .returning({ id: storeHeldNotifications.id });
    return rows.length > 0;
  }

  // Store acknowledgements that failed, retried by the store-acknowledgements job

  /** The purchase's failed acknowledgement, if one is waiting. */
  async pendingAcknowledgement(store: string, entitlementKey: string): Promise<StorePendingAcknowledgementRow | undefined> {
    const [row] = await this.db
      .select()
      .from(storePendingAcknowledgements)
      .where(and(eq(storePendingAcknowledgements.store, store), eq(storePendingAcknowledgements.entitlementKey, entitlementKey)));
    return row;
  }

  /** Records (or updates) the purchase's failed acknowledgement; its first deadline is kept. */
  async savePendingAcknowledgement(row: StorePendingAcknowledgementRow): Promise<void> {
    await this.db
      .insert(storePendingAcknowledgements)
      .values(row)
      .onConflictDoUpdate({
        target: [storePendingAcknowledgements.store, storePendingAcknowledgements.entitlementKey],
        set: { state: row.state, attempts: row.attempts, nextAt: row.nextAt, deadline: sql`least(${storePendingAcknowledgements.deadline}, excluded.deadline)` },
      });
  }

  async deletePendingAcknowledgement(store: string, entitlementKey: string): Promise<void> {
    await this.db.delete(storePendingAcknowledgements).where(and(eq(storePendingAcknowledgements.store, store), eq(storePendingAcknowledgements.entitlementKey, entitlementKey)));
  }

  /** The failed acknowledgements due by `now`, oldest first (at most `limit`). */
  dueAcknowledgements(now: Date, limit: number): Promise<StorePendingAcknowledgementRow[]> {
    return this.db.select().from(storePendingAcknowledgements).where(lte(storePendingAcknowledgements.nextAt, now)).orderBy(asc(storePendingAcknowledgements.nextAt)).limit(limit);
  }

  /**
   * Race-safe across nodes: true for the one caller that takes this due retry (its next try moved
   * to `until`, so another node's job skips it while this one tries).
   */
  async claimAcknowledgement(row: StorePendingAcknowledgementRow, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(storePendingAcknowledgements)
      .set({ nextAt: until })
      .where(and(eq(storePendingAcknowledgements.store, row.store), eq(storePendingAcknowledgements.entitlementKey, row.entitlementKey), eq(storePendingAcknowledgements.nextAt, row.nextAt)))
      .returning({ store: storePendingAcknowledgements.store });
    return rows.length > 0;
  }

  // Paid US-doctor visits

  async insertVisitPayment(row: typeof visitPayments.$inferInsert): Promise<VisitPaymentRow> {
    const [stored] = await this.db.insert(visitPayments).values(row).returning();
    return stored!;
  }

  /** Inserts unless a payment with that id exists (undefined then). */
  async insertVisitPaymentOnce(row: typeof visitPayments.$inferInsert): Promise<VisitPaymentRow | undefined> {
    const [stored] = await this.db.insert(visitPayments).values(row).onConflictDoNothing({ target: visitPayments.id }).returning();
    return stored;
  }

  async visitPayment(id: string): Promise<VisitPaymentRow | undefined> {
    const [row] = await this.db.select().from(visitPayments).where(eq(visitPayments.id, id));
    return row;
  }

  async latestVisitPayment(appointmentId: string, priceType: 'usp' | 'coach'): Promise<VisitPaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(visitPayments)
      .where(and(eq(visitPayments.appointmentId, appointmentId), eq(visitPayments.priceType, priceType)))
      .orderBy(desc(visitPayments.createdAt))
      .limit(1);
    return row;
  }

  async setVisitCheckout(id: string, checkoutId: string): Promise<void> {
    await this.db.update(visitPayments).set({ checkoutId }).where(eq(visitPayments.id, id));
  }

  /** Race-safe: only a pending payment settles, once. */
  async settleVisitPayment(id: string, status: 'succeeded' | 'failed', now: Date): Promise<VisitPaymentRow | undefined> {
    const [row] = await this.db
      .update(visitPayments)
      .set({ status, settledAt: now })
      .where(and(eq(visitPayments.id, id), eq(visitPayments.status, 'pending')))
      .returning();
    return row;
  }
}
