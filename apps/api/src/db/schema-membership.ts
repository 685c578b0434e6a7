import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EntitlementEventKind, EntitlementSource } from '@puente/domain';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The entitlement ledger (issue 14): every source of access (trial, App Store, Google Play, card
 * subscription, employer, family plan, a paid single visit) appends events here and the member's
 * access is derived from them (domain deriveAccess). Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration member_custom), like the audit log. No foreign key to users on
 * purpose: the account erasure job deletes the user row, and a financial ledger outlives it.
 */
export const entitlementEvents = pgTable(
  'entitlement_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').notNull(),
    source: text('source').$type<EntitlementSource>().notNull(),
    kind: text('kind').$type<EntitlementEventKind>().notNull(),
    /** One entitlement within its source: store original transaction, card subscription id, organization id, trial kind. */
    entitlementKey: text('entitlement_key').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    planId: text('plan_id'),
    expiresAt: ts('expires_at'),
    autoRenew: boolean('auto_renew'),
    currency: text('currency'),
    /** What was paid for this event, in integer minor units (null for grants nobody paid for). */
    amountMinor: integer('amount_minor'),
    organizationId: uuid('organization_id'),
    organizationName: text('organization_name'),
    referrerId: uuid('referrer_id'),
    /** Where it came from: sign-up, checkout, a provider notification... never card or health data. */
    origin: text('origin').notNull(),
    /** Makes a write idempotent: a provider's event id or transaction id, the trial kind per member. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('entitlement_events_dedupe_unique').on(t.dedupeKey), index('entitlement_events_member_idx').on(t.memberId, t.occurredAt), index('entitlement_events_key_idx').on(t.source, t.entitlementKey)],
);

/**
 * Card checkouts (issue 14 step 5): one row per checkout a member opened on the web, with the
 * provider's session id; completed once (its webhook or the local test card page).
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').notNull(),
    planId: text('plan_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The provider's checkout session id (the local provider uses this row's id). */
    externalId: text('external_id'),
    /** The provider's subscription id once paid (card cancellations act on it). */
    subscriptionRef: text('subscription_ref'),
    status: text('status').$type<'open' | 'complete' | 'declined' | 'expired'>().notNull().default('open'),
    /** subscription (a plan) or visit (a paid US-doctor visit: completing it grants nothing by itself). */
    kind: text('kind').$type<'subscription' | 'visit'>().notNull().default('subscription'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('card_checkouts_member_idx').on(t.memberId, t.createdAt), uniqueIndex('card_checkouts_external_unique').on(t.provider, t.externalId)],
);

/**
 * Paid US-doctor visits (issue 14 step 7; spec 3 Payment): asked of the member when her
 * organization has USP_REQUIRES_PAYMENT and the coach escalates; the US doctor is offered the
 * consultation only once it succeeded. One row per request; its card checkout is the card's part.
 */
export const visitPayments = pgTable(
  'visit_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id').notNull(),
    memberId: uuid('member_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    priceType: text('price_type').$type<'usp' | 'coach'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    checkoutId: uuid('checkout_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
  },
  (t) => [index('visit_payments_appointment_idx').on(t.appointmentId, t.createdAt), index('visit_payments_member_idx').on(t.memberId)],
);
export type VisitPaymentRow = typeof visitPayments.$inferSelect;

/** Provider notifications (Stripe webhooks, App Store and Play notifications) processed once each. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_unique').on(t.provider, t.eventId)],
);

/**
 * A verified store notification that arrived before any member validated its purchase (no account
 * token, no owner yet): kept, and applied when the app's validation binds the purchase to a member.
 * state is the verified StoreSubscriptionState (dates as ISO strings).
 */
export const storeHeldNotifications = pgTable(
  'store_held_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    store: text('store').notNull(),
    entitlementKey: text('entitlement_key').notNull(),
    notificationId: text('notification_id').notNull(),
    kind: text('kind').notNull(),
    state: jsonb('state').notNull(),
    receivedAt: ts('received_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
  },
  (t) => [uniqueIndex('store_held_notifications_unique').on(t.store, t.notificationId), index('store_held_notifications_key_idx').on(t.store, t.entitlementKey)],
);
export type StoreHeldNotificationRow = typeof storeHeldNotifications.$inferSelect;

/**
 * A store acknowledgement that failed (Google Play refunds a purchase not acknowledged within 3
 * days), retried by the store-acknowledgements job with backoff until its deadline. In the
 * database, not in one node's memory: a restart or another node's job still retries it. state is
 * the verified StoreSubscriptionState (dates as ISO strings). One row per purchase.
 */
export const storePendingAcknowledgements = pgTable(
  'store_pending_acknowledgements',
  {
    store: text('store').notNull(),
    entitlementKey: text('entitlement_key').notNull(),
    state: jsonb('state').notNull(),
    attempts: integer('attempts').notNull(),
    nextAt: ts('next_at').notNull(),
    deadline: ts('deadline').notNull(),
  },
  (t) => [primaryKey({ columns: [t.store, t.entitlementKey] }), index('store_pending_acknowledgements_next_idx').on(t.nextAt)],
);
export type StorePendingAcknowledgementRow = typeof storePendingAcknowledgements.$inferSelect;

export type EntitlementEventRow = typeof entitlementEvents.$inferSelect;
export type NewEntitlementEventRow = typeof entitlementEvents.$inferInsert;
export type CardCheckoutRow = typeof cardCheckouts.$inferSelect;
