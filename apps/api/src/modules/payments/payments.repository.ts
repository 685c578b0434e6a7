import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardCheckouts, paymentNotifications, storeHeldNotifications, visitPayments, type CardCheckoutRow, type StoreHeldNotificationRow, type VisitPaymentRow } from '../../db/schema';

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
