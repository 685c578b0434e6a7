/**
 * Native store purchases (issue 14 step 6): App Store and Google Play subscriptions bought in the
 * native apps. Each store sits behind a verifier: the real adapter asks the store (Apple's signed
 * data verified against Apple's root certificates; Google's Play Developer API) and a local
 * default verifies test receipts signed with a local secret, so everything runs offline. Both
 * reduce what the store says to the same shapes, mapped to the ledger in one place (the store
 * purchases service).
 */
export type StoreName = 'applestore' | 'playstore';

/** What the native app sends after a purchase (POST /api/payments/validation). */
export type StorePurchaseInput =
  | { store: 'applestore'; signedTransaction: string }
  | { store: 'playstore'; productId: string; purchaseToken: string };

/** A store's verified state of one subscription, reduced to what the ledger needs. */
export interface StoreSubscriptionState {
  store: StoreName;
  /** One subscription across renewals: Apple's originalTransactionId, Play's purchase token. */
  entitlementKey: string;
  /** This period's id: Apple's transactionId, Play's latest order id (a renewal has a new one). */
  periodKey: string;
  productId: string;
  expiresAt: Date;
  /** null: the store did not say (an Apple transaction alone carries no renewal status). */
  autoRenew: boolean | null;
  inGrace: boolean;
  /** Refunded or revoked by the store. */
  revokedAt: Date | null;
  /** What the app set at purchase (Apple appAccountToken, Play obfuscatedExternalAccountId): our member id. */
  accountToken: string | null;
  /** Sandbox, Xcode or a Play test purchase. */
  test: boolean;
  /** Play only: a purchase must be acknowledged within 3 days or Google refunds it. */
  needsAcknowledgement: boolean;
  currency: string | null;
  amountMinor: number | null;
  /** Play: the purchase this one replaces (an upgrade or downgrade, linkedPurchaseToken); its entitlement ends as this one starts. */
  linkedEntitlementKey: string | null;
  /** Apple: the product the subscription renews into (renewal info autoRenewProductId), when it differs after a plan change. */
  renewalProductId: string | null;
}

export type StoreNotificationKind = 'renewed' | 'auto-renew-off' | 'auto-renew-on' | 'grace' | 'ended' | 'revoked' | 'renewal-pref-changed' | 'ignored';

/** A verified store notification (App Store Server Notifications v2, Play RTDN). */
export interface StoreNotification {
  store: StoreName;
  /** Apple's notificationUUID, Pub/Sub's messageId: processed once each. */
  notificationId: string;
  kind: StoreNotificationKind;
  state: StoreSubscriptionState | null;
}

/** Thrown when a receipt or a notification does not verify (bad signature, wrong app, unknown token). */
export class StoreVerificationError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'unavailable' = 'invalid',
  ) {
    super(message);
  }
}

export interface StorePurchaseVerifier {
  readonly store: StoreName;
  /** local: the offline test verifier (never in production). */
  readonly mode: 'local' | 'real';
  verifyPurchase(input: StorePurchaseInput): Promise<StoreSubscriptionState>;
  acknowledge(state: StoreSubscriptionState): Promise<void>;
  /** Verifies a notification (Apple: its signed payload; Play: the push's bearer token) and reads the subscription's state. */
  parseNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<StoreNotification>;
}

/** Store product ids are <prefix>.<plan id>; anything else is not one of our plans. */
export const planOfProduct = (productId: string, prefix: string, planIds: readonly string[]): string | null => {
  if (!productId.startsWith(`${prefix}.`)) return null;
  const plan = productId.slice(prefix.length + 1);
  return planIds.includes(plan) ? plan : null;
};
