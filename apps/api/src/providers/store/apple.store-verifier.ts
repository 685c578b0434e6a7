import { readFileSync } from 'node:fs';
import type { SignedDataVerifier } from '@apple/app-store-server-library';
import {
  StoreVerificationError,
  type StoreNotification,
  type StoreNotificationKind,
  type StorePurchaseInput,
  type StorePurchaseVerifier,
  type StoreSubscriptionState,
} from './store-purchase.provider';

/** The fields we read of Apple's JWSTransactionDecodedPayload (same names). */
export interface AppleTransaction {
  originalTransactionId?: string;
  transactionId?: string;
  productId?: string;
  bundleId?: string;
  expiresDate?: number;
  revocationDate?: number;
  appAccountToken?: string;
  environment?: string;
  currency?: string;
  /** Milliunits. */
  price?: number;
}
/** The fields we read of Apple's JWSRenewalInfoDecodedPayload. */
export interface AppleRenewal {
  autoRenewStatus?: number;
  autoRenewProductId?: string;
  gracePeriodExpiresDate?: number;
}
/** The fields we read of Apple's ResponseBodyV2DecodedPayload. */
export interface AppleNotificationPayload {
  notificationType?: string;
  subtype?: string;
  notificationUUID?: string;
  data?: { signedTransactionInfo?: string; signedRenewalInfo?: string; bundleId?: string; environment?: string };
}

/** Verifies and decodes Apple's signed data: Apple's SignedDataVerifier, or the local test signer. */
export interface AppleSignedDataDecoder {
  readonly mode: 'local' | 'real';
  transaction(jws: string): Promise<AppleTransaction>;
  renewal(jws: string): Promise<AppleRenewal>;
  notification(signedPayload: string): Promise<AppleNotificationPayload>;
}

const KIND_OF: Record<string, StoreNotificationKind> = {
  SUBSCRIBED: 'renewed',
  DID_RENEW: 'renewed',
  OFFER_REDEEMED: 'renewed',
  EXPIRED: 'ended',
  GRACE_PERIOD_EXPIRED: 'ended',
  REFUND: 'revoked',
  REVOKE: 'revoked',
};

const TEST_ENVIRONMENTS = new Set(['Sandbox', 'Xcode', 'LocalTesting']);

/**
 * App Store purchases: the app's signed transaction (StoreKit 2) verified on the server, and App
 * Store Server Notifications v2 (renewals, auto-renew changes, billing grace, expiry, refunds and
 * revocations). The mapping is the same for the real verifier and the local one.
 */
export class AppleStoreVerifier implements StorePurchaseVerifier {
  readonly store = 'applestore' as const;

  constructor(
    private readonly decoder: AppleSignedDataDecoder,
    private readonly bundleId: string,
  ) {}

  get mode(): 'local' | 'real' {
    return this.decoder.mode;
  }

  async verifyPurchase(input: StorePurchaseInput): Promise<StoreSubscriptionState> {
    if (input.store !== 'applestore') throw new StoreVerificationError('not an App Store purchase');
    return this.stateOf(await this.decode(() => this.decoder.transaction(input.signedTransaction)), null);
  }

  /** App Store purchases need no acknowledgement (finishing the transaction is the app's). */
  acknowledge(): Promise<void> {
    return Promise.resolve();
  }

  async parseNotification(body: unknown): Promise<StoreNotification> {
    const signedPayload = body && typeof body === 'object' ? (body as { signedPayload?: unknown }).signedPayload : undefined;
    if (typeof signedPayload !== 'string' || !signedPayload || signedPayload.length > 64_000) throw new StoreVerificationError('no signedPayload');
    const payload = await this.decode(() => this.decoder.notification(signedPayload));
    if (!payload.notificationUUID) throw new StoreVerificationError('no notificationUUID');
    if (payload.data?.bundleId && payload.data.bundleId !== this.bundleId) throw new StoreVerificationError('another app');
    const signedTx = payload.data?.signedTransactionInfo;
    const tx = signedTx ? await this.decode(() => this.decoder.transaction(signedTx)) : null;
    const signedRenewal = payload.data?.signedRenewalInfo;
    const renewal = signedRenewal ? await this.decode(() => this.decoder.renewal(signedRenewal)) : null;
    const state = tx ? this.stateOf(tx, renewal) : null;
    return { store: 'applestore', notificationId: payload.notificationUUID, kind: state ? this.kindOf(payload) : 'ignored', state };
  }

  private kindOf(payload: AppleNotificationPayload): StoreNotificationKind {
    const type = payload.notificationType ?? '';
    // An upgrade takes effect at once (a new period of the new product); a downgrade, or going back
    // to the current plan (no subtype), changes the plan at the next renewal.
    if (type === 'DID_CHANGE_RENEWAL_PREF') return payload.subtype === 'UPGRADE' ? 'renewed' : 'renewal-pref-changed';
    if (type === 'DID_CHANGE_RENEWAL_STATUS') return payload.subtype === 'AUTO_RENEW_DISABLED' ? 'auto-renew-off' : payload.subtype === 'AUTO_RENEW_ENABLED' ? 'auto-renew-on' : 'ignored';
    // Billing retry: access continues only in the grace period (subtype GRACE_PERIOD).
    if (type === 'DID_FAIL_TO_RENEW') return payload.subtype === 'GRACE_PERIOD' ? 'grace' : 'ended';
    return KIND_OF[type] ?? 'ignored';
  }

  private stateOf(tx: AppleTransaction, renewal: AppleRenewal | null): StoreSubscriptionState {
    if (!tx.originalTransactionId || !tx.transactionId || !tx.productId || typeof tx.expiresDate !== 'number') throw new StoreVerificationError('not an auto-renewable subscription transaction');
    if (tx.bundleId !== this.bundleId) throw new StoreVerificationError('another app');
    const grace = renewal?.gracePeriodExpiresDate;
    return {
      store: 'applestore',
      entitlementKey: tx.originalTransactionId,
      periodKey: tx.transactionId,
      productId: tx.productId,
      expiresAt: new Date(typeof grace === 'number' && grace > tx.expiresDate ? grace : tx.expiresDate),
      autoRenew: renewal && typeof renewal.autoRenewStatus === 'number' ? renewal.autoRenewStatus === 1 : null,
      inGrace: typeof grace === 'number' && grace > tx.expiresDate,
      revokedAt: typeof tx.revocationDate === 'number' ? new Date(tx.revocationDate) : null,
      accountToken: tx.appAccountToken ?? null,
      test: TEST_ENVIRONMENTS.has(tx.environment ?? ''),
      needsAcknowledgement: false,
      currency: tx.currency ?? null,
      amountMinor: typeof tx.price === 'number' ? Math.round(tx.price / 10) : null,
      linkedEntitlementKey: null,
      renewalProductId: renewal?.autoRenewProductId ?? null,
    };
  }

  private async decode<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof StoreVerificationError) throw error;
      throw new StoreVerificationError('signature did not verify');
    }
  }
}

/**
 * Apple's SignedDataVerifier: the x5c chain up to the trusted roots, Apple's marker extensions, the
 * bundle id, the app id and the environment. The real adapter trusts Apple's roots with online
 * checks (OCSP); the local test mode trusts a locally made root (apple-test-chain.ts), same path.
 */
export class SignedDataAppleDecoder implements AppleSignedDataDecoder {
  // Apple's library loads on the first decode (it weighs on a node's memory even when no purchase comes).
  private loaded: Promise<SignedDataVerifier> | undefined;

  constructor(
    readonly mode: 'local' | 'real',
    private readonly settings: { roots: Buffer[]; onlineChecks: boolean; bundleId: string; appAppleId: number | undefined; environment: 'Production' | 'Sandbox' },
  ) {}

  private verifier(): Promise<SignedDataVerifier> {
    const settings = this.settings;
    return (this.loaded ??= import('@apple/app-store-server-library').then(({ Environment, SignedDataVerifier }) => {
      const environment = settings.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX;
      return new SignedDataVerifier(settings.roots, settings.onlineChecks, environment, settings.bundleId, settings.appAppleId);
    }));
  }

  async transaction(jws: string): Promise<AppleTransaction> {
    return (await this.verifier()).verifyAndDecodeTransaction(jws) as Promise<AppleTransaction>;
  }

  async renewal(jws: string): Promise<AppleRenewal> {
    return (await this.verifier()).verifyAndDecodeRenewalInfo(jws) as Promise<AppleRenewal>;
  }

  async notification(signedPayload: string): Promise<AppleNotificationPayload> {
    return (await this.verifier()).verifyAndDecodeNotification(signedPayload) as Promise<AppleNotificationPayload>;
  }
}

/** Apple's roots from files, with online checks: certificate revocation (OCSP) and expiry against the current date. */
export class RealAppleDecoder extends SignedDataAppleDecoder {
  constructor(settings: { rootCertificatePaths: string[]; bundleId: string; appAppleId: number | undefined; environment: 'Production' | 'Sandbox' }) {
    super('real', { roots: settings.rootCertificatePaths.map((p) => readFileSync(p)), onlineChecks: true, bundleId: settings.bundleId, appAppleId: settings.appAppleId, environment: settings.environment });
  }
}
