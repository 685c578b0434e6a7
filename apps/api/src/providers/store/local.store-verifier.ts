import { CompactSign, compactVerify } from 'jose';
import { SignedDataAppleDecoder } from './apple.store-verifier';
import type { AppleTestChain } from './apple-test-chain';
import type { PlayBackend, PlaySubscriptionPurchase } from './google-play.store-verifier';
import { StoreVerificationError } from './store-purchase.provider';

/**
 * The offline default for Google Play: purchase tokens and pushes are Play's own payload shapes,
 * signed (HS256) with a local secret instead of Google's keys (the App Store's test mode is a
 * local certificate chain: LocalAppleDecoder). Tests and a developer
 * make them with signLocalStoreData; the server verifies them exactly as the real adapters verify
 * the stores' signatures (a tampered or foreign-signed one is refused). Never in production.
 */
type LocalKind = 'play-token' | 'play-push';

export async function signLocalStoreData(kind: LocalKind, payload: object, secret: string): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify({ ...payload, localKind: kind })))
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secret));
}

async function verifyLocal<T>(kind: LocalKind, jws: string, secret: string): Promise<T> {
  let decoded: unknown;
  try {
    const { payload } = await compactVerify(jws, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    decoded = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    throw new StoreVerificationError('signature did not verify');
  }
  if (!decoded || typeof decoded !== 'object' || (decoded as { localKind?: unknown }).localKind !== kind) throw new StoreVerificationError(`not a ${kind}`);
  return decoded as T;
}

/** The app id the local App Store test mode expects in notifications (Production environment). */
export const LOCAL_APP_APPLE_ID = 1_000_000_001;

/**
 * The App Store test mode: Apple's SignedDataVerifier itself (the production path), trusting the
 * installation's locally made root (apple-test-chain.ts) without online checks. Test data says
 * environment Production and, in notifications, appAppleId LOCAL_APP_APPLE_ID.
 */
export class LocalAppleDecoder extends SignedDataAppleDecoder {
  constructor(chain: AppleTestChain, bundleId: string) {
    super('local', { roots: [chain.root], onlineChecks: false, bundleId, appAppleId: LOCAL_APP_APPLE_ID, environment: 'Production' });
  }
}

/** A local purchase token carries the subscription's stable token and its current state. */
export interface LocalPlayToken {
  purchaseToken: string;
  purchase: PlaySubscriptionPurchase;
}

export class LocalPlayBackend implements PlayBackend {
  readonly mode = 'local' as const;
  /** Acknowledged tokens (what Play would remember); tests read it. */
  readonly acknowledged = new Set<string>();
  constructor(private readonly secret: string) {}

  async subscription(purchaseToken: string): Promise<LocalPlayToken> {
    const token = await verifyLocal<LocalPlayToken>('play-token', purchaseToken, this.secret);
    if (typeof token.purchaseToken !== 'string' || !token.purchase || typeof token.purchase !== 'object') throw new StoreVerificationError('not a purchase token');
    return { purchaseToken: token.purchaseToken, purchase: token.purchase };
  }

  acknowledge(_productId: string, purchaseToken: string): Promise<void> {
    this.acknowledged.add(purchaseToken);
    return Promise.resolve();
  }

  async verifyPush(authorization: string | undefined): Promise<void> {
    if (!authorization?.startsWith('Bearer ')) throw new StoreVerificationError('no bearer token');
    await verifyLocal('play-push', authorization.slice(7), this.secret);
  }
}
