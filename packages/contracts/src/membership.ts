import {
  ENTITLEMENT_EVENT_KINDS,
  REPORTABLE_PAYMENT_STATUSES,
  ENTITLEMENT_SOURCES,
  SUBSCRIPTION_END_REASONS,
  SUBSCRIPTION_PLAN_IDS,
  SUBSCRIPTION_PROVIDERS,
  SUBSCRIPTION_STATUSES,
  safeString,
} from '@puente/domain';
import * as z from 'zod/mini';

/** spec 3 Subscription, as getMember's `subscription` carries it (derived from the entitlement ledger). */
export const subscriptionSchema = z.object({
  subscriptionId: safeString(),
  /** Which source of access answers (trial, applestore, playstore, card, employer, family, single-visit). */
  type: z.enum(ENTITLEMENT_SOURCES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  expiresAt: z.nullable(safeString()),
  /** Whole days left; null = open-ended (an employer's benefit). */
  daysLeft: z.nullable(z.int()),
  autoRenew: z.boolean(),
  provider: z.nullable(z.enum(SUBSCRIPTION_PROVIDERS)),
  currency: safeString(),
  length: z.nullable(z.int()),
  organizationName: z.nullable(safeString()),
  organizationId: z.nullable(safeString()),
  /** spec 4: why access ended (its own paywall message); null while live. */
  endReason: z.nullable(z.enum(SUBSCRIPTION_END_REASONS)),
});
export type SubscriptionDto = z.infer<typeof subscriptionSchema>;
export const SUBSCRIPTION_FIELDS = 'subscriptionId type status expiresAt daysLeft autoRenew provider currency length organizationName organizationId endReason';

/** spec 3 Subscription product, GET /api/configs/products (spec 7; cached 12 h, spec 9). Money in integer minor units. */
export const subscriptionProductSchema = z.object({
  id: z.enum(SUBSCRIPTION_PLAN_IDS),
  title: safeString(),
  storeIds: z.object({ ios: safeString(), android: safeString() }),
  /** spec 3 pricing: priceMicros is the store's unit (minor units x 10,000), billingPeriod ISO 8601. */
  pricing: z.object({ priceMicros: z.int(), currency: safeString(), billingPeriod: safeString() }),
  totalPriceMinor: z.int(),
  monthlyPriceMinor: z.int(),
  savingsPercentage: z.int(),
  subscriptionLength: z.int(),
  isDefault: z.boolean(),
});
export type SubscriptionProductDto = z.infer<typeof subscriptionProductSchema>;
export const subscriptionProductsResponseSchema = z.object({ subscriptions: z.array(subscriptionProductSchema) });
export type SubscriptionProductsResponse = z.infer<typeof subscriptionProductsResponseSchema>;

/** GET /api/admin/members/{id}/entitlements: the member's ledger, oldest first, and what it derives. */
export const entitlementEventSchema = z.object({
  id: safeString(),
  source: z.enum(ENTITLEMENT_SOURCES),
  kind: z.enum(ENTITLEMENT_EVENT_KINDS),
  entitlementKey: safeString(),
  occurredAt: safeString(),
  planId: z.nullable(safeString()),
  expiresAt: z.nullable(safeString()),
  autoRenew: z.nullable(z.boolean()),
  currency: z.nullable(safeString()),
  organizationId: z.nullable(safeString()),
  referrerId: z.nullable(safeString()),
  /** Where the event came from (sign-up, checkout, store notification id...); never card or health data. */
  origin: safeString(),
});
export const memberLedgerResponseSchema = z.object({ events: z.array(entitlementEventSchema), current: z.nullable(subscriptionSchema) });
export type MemberLedgerResponse = z.infer<typeof memberLedgerResponseSchema>;

/** POST /api/payments/card/checkout: a card subscription to a plan on the web. */
export const cardCheckoutRequestSchema = z.object({ planId: z.enum(SUBSCRIPTION_PLAN_IDS, { error: 'subscription_plan_invalid' }) });
export type CardCheckoutRequest = z.infer<typeof cardCheckoutRequestSchema>;
export const cardCheckoutResponseSchema = z.object({
  checkoutId: safeString(),
  provider: z.enum(['local', 'stripe']),
  /** The page the full-screen modal frames (local provider). */
  url: z.nullable(safeString()),
  /** The embedded checkout's client secret and publishable key (Stripe). */
  clientSecret: z.nullable(safeString()),
  publishableKey: z.nullable(safeString()),
});
export type CardCheckoutResponse = z.infer<typeof cardCheckoutResponseSchema>;
/** GET /api/payments/card/checkout/{id}: /payment-loading waits for complete. */
export const cardCheckoutStatusSchema = z.object({ checkoutId: safeString(), status: z.enum(['open', 'complete', 'declined', 'expired']) });
export type CardCheckoutStatus = z.infer<typeof cardCheckoutStatusSchema>;
/** POST /api/membership/cancel: a card subscription is cancelled at period end. */
export const cancelMembershipResponseSchema = z.object({ subscription: z.nullable(subscriptionSchema) });
export type CancelMembershipResponse = z.infer<typeof cancelMembershipResponseSchema>;

/**
 * POST /api/payments/validation (spec 7 "store receipt validation"): the native app sends what the
 * store gave it after a purchase: the App Store's signed transaction (JWS) or Google Play's
 * purchase token and product id. The server verifies it with the store and answers the member's
 * access derived from the ledger.
 */
export const storeValidationRequestSchema = z.discriminatedUnion(
  'store',
  [
    z.object({ store: z.literal('applestore'), signedTransaction: safeString().check(z.minLength(1, 'store_receipt_invalid'), z.maxLength(16_000, 'store_receipt_invalid')) }),
    z.object({
      store: z.literal('playstore'),
      productId: safeString().check(z.minLength(1, 'store_product_invalid'), z.maxLength(200, 'store_product_invalid')),
      purchaseToken: safeString().check(z.minLength(1, 'store_receipt_invalid'), z.maxLength(16_000, 'store_receipt_invalid')),
    }),
  ],
  { error: 'store_invalid' },
);
export type StoreValidationRequest = z.infer<typeof storeValidationRequestSchema>;
export const storeValidationResponseSchema = z.object({ subscription: z.nullable(subscriptionSchema) });
export type StoreValidationResponse = z.infer<typeof storeValidationResponseSchema>;

/** Paid US-doctor visits (spec 3 Payment; spec 7 payment-intent and payment status). */
export const PAYMENT_PRICE_TYPES = ['usp', 'coach'] as const;
export const paymentIntentRequestSchema = z.object({
  priceType: z.enum(PAYMENT_PRICE_TYPES, { error: 'payment_price_type_invalid' }),
  paymentId: safeString().check(z.minLength(1, 'payment_id_invalid'), z.maxLength(64, 'payment_id_invalid')),
});
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;
export const visitPaymentSchema = z.object({
  paymentId: safeString(),
  appointmentId: safeString(),
  priceType: z.enum(PAYMENT_PRICE_TYPES),
  status: z.enum(['succeeded', 'failed', 'pending']),
  amountMinor: z.int(),
  currency: safeString(),
});
export type VisitPaymentDto = z.infer<typeof visitPaymentSchema>;
/** POST /api/organizations/{id}/payment-intent: the card checkout for the visit (clientSecret: Stripe; url: the local test card page). */
export const paymentIntentResponseSchema = z.extend(visitPaymentSchema, {
  checkoutId: z.nullable(safeString()),
  provider: z.enum(['local', 'stripe']),
  url: z.nullable(safeString()),
  clientSecret: z.nullable(safeString()),
  publishableKey: z.nullable(safeString()),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;
/** PATCH /api/payments/{id}/status: the app reports how the card payment ended; the server checks it with the provider. */
export const paymentStatusRequestSchema = z.object({ status: z.enum(REPORTABLE_PAYMENT_STATUSES, { error: 'payment_status_invalid' }) });
export type PaymentStatusRequest = z.infer<typeof paymentStatusRequestSchema>;
