/**
 * Card payments (issue 14; spec 1 "a card payment provider is used"): the subscription checkout
 * on the web and its notifications. A local default runs a complete offline checkout (a test card
 * page served by our own server); the Stripe adapter runs Billing subscriptions with the embedded
 * checkout and verified webhooks.
 */
export interface CardCheckoutInput {
  /** Our checkout id (card_checkouts row). */
  checkoutId: string;
  memberId: string;
  planId: string;
  amountMinor: number;
  currency: string;
  /** Where the provider returns the member when the checkout ends (our /payment-loading). */
  returnUrl: string;
  /** Plan period for recurring billing: months (a week plan bills weekly); null for a one-off payment (a paid visit). */
  interval: { unit: 'week' | 'month'; count: number } | null;
}

export interface CardCheckoutSession {
  /** The provider's id of this checkout session. */
  externalId: string;
  /** The page the full-screen modal frames (local provider). */
  url?: string;
  /** The embedded checkout's client secret (Stripe). */
  clientSecret?: string;
}

/** A verified provider notification, reduced to what the ledger needs. */
export type CardNotification =
  | { kind: 'checkout-completed'; eventId: string; externalId: string; subscriptionRef: string; periodEnd: Date | null }
  | { kind: 'renewed'; eventId: string; subscriptionRef: string; periodEnd: Date }
  | { kind: 'auto-renew-changed'; eventId: string; subscriptionRef: string; autoRenew: boolean }
  | { kind: 'payment-failed'; eventId: string; subscriptionRef: string; graceEnd: Date }
  | { kind: 'ended'; eventId: string; subscriptionRef: string; at: Date }
  | { kind: 'refunded'; eventId: string; subscriptionRef: string; at: Date }
  | { kind: 'ignored'; eventId: string };

export interface CardPaymentProvider {
  readonly name: 'local' | 'stripe';
  /** The publishable key the web needs (Stripe), else null. */
  readonly publishableKey: string | null;
  createCheckout(input: CardCheckoutInput): Promise<CardCheckoutSession>;
  /** Cancel at period end: access stays until the paid period ends. */
  cancelAtPeriodEnd(subscriptionRef: string): Promise<void>;
  /**
   * Verifies a notification on its raw body (throws CardSignatureError on a bad signature) and
   * reduces it; some need a look-up at the provider (a refunded charge's subscription).
   */
  parseNotification(rawBody: Buffer, signature: string | undefined): Promise<CardNotification>;
}

/** A notification whose signature does not verify (refused with 401). */
export class CardSignatureError extends Error {}
