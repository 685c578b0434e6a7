import type { androidpublisher_v3, auth as googleAuth } from '@googleapis/androidpublisher';
import {
  StoreVerificationError,
  type StoreNotification,
  type StoreNotificationKind,
  type StorePurchaseInput,
  type StorePurchaseVerifier,
  type StoreSubscriptionState,
} from './store-purchase.provider';

/** The fields we read of Play's SubscriptionPurchaseV2 (purchases.subscriptionsv2.get; same names). */
export interface PlaySubscriptionPurchase {
  subscriptionState?: string | null;
  latestOrderId?: string | null;
  acknowledgementState?: string | null;
  testPurchase?: object | null;
  externalAccountIdentifiers?: { obfuscatedExternalAccountId?: string | null } | null;
  /** Set on an upgrade or downgrade: the purchase token of the subscription this one replaces. */
  linkedPurchaseToken?: string | null;
  lineItems?: { productId?: string | null; expiryTime?: string | null; autoRenewingPlan?: { autoRenewEnabled?: boolean | null } | null }[] | null;
}

/** Play's side: reading a subscription by its purchase token, acknowledging it, and checking who pushed a notification. */
export interface PlayBackend {
  readonly mode: 'local' | 'real';
  /** Throws StoreVerificationError for a token Play does not know. The key is the subscription's stable token. */
  subscription(purchaseToken: string): Promise<{ purchaseToken: string; purchase: PlaySubscriptionPurchase }>;
  acknowledge(productId: string, purchaseToken: string): Promise<void>;
  /** Pub/Sub push: the Authorization bearer token Google signs for the push subscription. */
  verifyPush(authorization: string | undefined): Promise<void>;
}

/** Real-time developer notification types (SubscriptionNotification.notificationType). */
const RTDN_KIND: Record<number, StoreNotificationKind> = {
  1: 'renewed', // RECOVERED
  2: 'renewed', // RENEWED
  3: 'auto-renew-off', // CANCELED (auto-renew off; access until expiry)
  4: 'renewed', // PURCHASED
  5: 'ended', // ON_HOLD (account hold: no access)
  6: 'grace', // IN_GRACE_PERIOD
  7: 'renewed', // RESTARTED
  12: 'revoked', // REVOKED
  13: 'ended', // EXPIRED
};

/**
 * Google Play subscriptions: the app's purchase token read back with the Play Developer API
 * (purchases.subscriptionsv2.get), acknowledged within Google's 3 days, and real-time developer
 * notifications (Pub/Sub push) that re-read the subscription. Same mapping for the real and the
 * local backend.
 */
export class GooglePlayStoreVerifier implements StorePurchaseVerifier {
  readonly store = 'playstore' as const;

  constructor(
    readonly backend: PlayBackend,
    private readonly packageName: string,
  ) {}

  get mode(): 'local' | 'real' {
    return this.backend.mode;
  }

  async verifyPurchase(input: StorePurchaseInput): Promise<StoreSubscriptionState> {
    if (input.store !== 'playstore') throw new StoreVerificationError('not a Play purchase');
    const { purchaseToken, purchase } = await this.read(input.purchaseToken);
    const state = this.stateOf(purchaseToken, purchase);
    if (state.productId !== input.productId) throw new StoreVerificationError('another product');
    return state;
  }

  async acknowledge(state: StoreSubscriptionState): Promise<void> {
    if (state.needsAcknowledgement) await this.backend.acknowledge(state.productId, state.entitlementKey);
  }

  async parseNotification(body: unknown, headers: Record<string, string | string[] | undefined>): Promise<StoreNotification> {
    const authorization = headers.authorization;
    try {
      await this.backend.verifyPush(typeof authorization === 'string' ? authorization : undefined);
    } catch {
      throw new StoreVerificationError('push not signed by Google');
    }
    const message = body && typeof body === 'object' ? (body as { message?: { data?: unknown; messageId?: unknown; message_id?: unknown } }).message : undefined;
    const messageId = message?.messageId ?? message?.message_id;
    if (!message || typeof message.data !== 'string' || typeof messageId !== 'string' || !messageId || messageId.length > 200) throw new StoreVerificationError('not a Pub/Sub push');
    let data: { packageName?: unknown; subscriptionNotification?: { notificationType?: unknown; purchaseToken?: unknown }; voidedPurchaseNotification?: { purchaseToken?: unknown } };
    try {
      data = JSON.parse(Buffer.from(message.data, 'base64').toString('utf8')) as typeof data;
    } catch {
      throw new StoreVerificationError('not a developer notification');
    }
    if (!data || typeof data !== 'object' || data.packageName !== this.packageName) throw new StoreVerificationError('another app');
    const sub = data.subscriptionNotification;
    const voided = data.voidedPurchaseNotification;
    const token = typeof sub?.purchaseToken === 'string' ? sub.purchaseToken : typeof voided?.purchaseToken === 'string' ? voided.purchaseToken : null;
    const kind: StoreNotificationKind = voided ? 'revoked' : typeof sub?.notificationType === 'number' ? (RTDN_KIND[sub.notificationType] ?? 'ignored') : 'ignored';
    if (!token || kind === 'ignored') return { store: 'playstore', notificationId: messageId, kind: 'ignored', state: null };
    const { purchaseToken, purchase } = await this.read(token);
    return { store: 'playstore', notificationId: messageId, kind, state: this.stateOf(purchaseToken, purchase) };
  }

  private async read(token: string): Promise<{ purchaseToken: string; purchase: PlaySubscriptionPurchase }> {
    try {
      return await this.backend.subscription(token);
    } catch (error) {
      if (error instanceof StoreVerificationError) throw error;
      throw new StoreVerificationError('unknown purchase token');
    }
  }

  private stateOf(purchaseToken: string, p: PlaySubscriptionPurchase): StoreSubscriptionState {
    const line = p.lineItems?.[0];
    const expiry = line?.expiryTime ? new Date(line.expiryTime) : null;
    if (!line?.productId || !expiry || Number.isNaN(expiry.getTime())) throw new StoreVerificationError('not a subscription purchase');
    if (p.subscriptionState === 'SUBSCRIPTION_STATE_PENDING') throw new StoreVerificationError('payment pending');
    return {
      store: 'playstore',
      entitlementKey: purchaseToken,
      periodKey: p.latestOrderId ?? `${purchaseToken}:${expiry.getTime()}`,
      productId: line.productId,
      expiresAt: expiry,
      autoRenew: typeof line.autoRenewingPlan?.autoRenewEnabled === 'boolean' ? line.autoRenewingPlan.autoRenewEnabled : null,
      inGrace: p.subscriptionState === 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD',
      revokedAt: null,
      accountToken: p.externalAccountIdentifiers?.obfuscatedExternalAccountId ?? null,
      test: Boolean(p.testPurchase),
      needsAcknowledgement: p.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_PENDING',
      currency: null,
      amountMinor: null,
      linkedEntitlementKey: p.linkedPurchaseToken ?? null,
      renewalProductId: null,
    };
  }
}

/** The Play Developer API with a service account; push tokens checked as Google-signed OIDC tokens. */
export class RealPlayBackend implements PlayBackend {
  readonly mode = 'real' as const;
  // The Google client libraries load on first use (they weigh on a node's memory even unconfigured).
  private clients: Promise<{ api: androidpublisher_v3.Androidpublisher; oidc: InstanceType<typeof googleAuth.OAuth2> }> | undefined;

  constructor(private readonly settings: { packageName: string; serviceAccountFile: string; pushAudience: string; pushServiceAccount: string | undefined }) {}

  private client(): Promise<{ api: androidpublisher_v3.Androidpublisher; oidc: InstanceType<typeof googleAuth.OAuth2> }> {
    return (this.clients ??= import('@googleapis/androidpublisher').then(({ androidpublisher, auth }) => {
      const keyFileAuth = new auth.GoogleAuth({ keyFile: this.settings.serviceAccountFile, scopes: ['https://www.googleapis.com/auth/androidpublisher'] });
      return { api: androidpublisher({ version: 'v3', auth: keyFileAuth }), oidc: new auth.OAuth2() };
    }));
  }

  async subscription(purchaseToken: string): Promise<{ purchaseToken: string; purchase: PlaySubscriptionPurchase }> {
    try {
      const { api } = await this.client();
      const res = await api.purchases.subscriptionsv2.get({ packageName: this.settings.packageName, token: purchaseToken });
      return { purchaseToken, purchase: res.data };
    } catch (error) {
      const status = (error as { status?: number; code?: number }).status ?? (error as { code?: number }).code;
      if (status === 400 || status === 404 || status === 410) throw new StoreVerificationError('unknown purchase token');
      throw new StoreVerificationError('Play did not answer', 'unavailable');
    }
  }

  async acknowledge(productId: string, purchaseToken: string): Promise<void> {
    const { api } = await this.client();
    await api.purchases.subscriptions.acknowledge({ packageName: this.settings.packageName, subscriptionId: productId, token: purchaseToken, requestBody: {} });
  }

  async verifyPush(authorization: string | undefined): Promise<void> {
    const idToken = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
    if (!idToken) throw new StoreVerificationError('no bearer token');
    const { oidc } = await this.client();
    const ticket = await oidc.verifyIdToken({ idToken, audience: this.settings.pushAudience });
    const payload = ticket.getPayload();
    if (!payload?.email_verified || (this.settings.pushServiceAccount && payload.email !== this.settings.pushServiceAccount)) throw new StoreVerificationError('push from another account');
  }
}
