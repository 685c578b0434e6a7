import type { StoreValidationRequest, StoreValidationResponse } from '@puente/contracts';
import { isUuid, SUBSCRIPTION_PLAN_IDS, type EntitlementEvent } from '@puente/domain';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import {
  planOfProduct,
  StoreVerificationError,
  type StoreName,
  type StoreNotification,
  type StorePurchaseVerifier,
  type StoreSubscriptionState,
} from '../../providers/store/store-purchase.provider';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembershipService } from '../membership/membership.service';
import type { PaymentsRepository } from './payments.repository';

export interface StorePurchasesServiceDeps {
  repository: Pick<PaymentsRepository, 'firstSeen'>;
  clock: Clock;
  verifiers: Record<StoreName, StorePurchaseVerifier>;
  /** Production refuses the local verifiers and the stores' test purchases (sandbox, Xcode, Play testers). */
  production: boolean;
  storeProductPrefix: string;
  membership: Pick<MembershipService, 'record' | 'subscriptionOf' | 'ownerOfEntitlement'>;
  members: { exists(memberId: string): Promise<boolean> };
  log?: { warn(obj: object, msg: string): void };
}

const RECEIPT_FIELD: Record<StoreName, string> = { applestore: 'signedTransaction', playstore: 'purchaseToken' };

/**
 * Native store subscriptions (issue 14 step 6): POST /api/payments/validation binds a verified
 * store purchase to the member and writes its period to the ledger; the stores' server
 * notifications write renewals, auto-renew changes, grace, expiries, refunds and revocations.
 * Every write has a dedupe key, so the same purchase or notification twice is one event.
 */
export class StorePurchasesService {
  constructor(private readonly deps: StorePurchasesServiceDeps) {}

  async validate(actor: Actor, input: StoreValidationRequest): Promise<StoreValidationResponse> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('NOT_FOUND');
    const verifier = this.available(input.store);
    if (!verifier) throw new AppError('CONFLICT', { data: { messageKey: 'payment_processing_not_available' } });
    const field = RECEIPT_FIELD[input.store];
    let state: StoreSubscriptionState;
    try {
      state = await verifier.verifyPurchase(input);
    } catch (error) {
      if (error instanceof StoreVerificationError && error.reason === 'unavailable') throw new AppError('CONFLICT', { data: { messageKey: 'payment_processing_not_available' } });
      throw new AppError('INVALID_DATA', { fields: { [field]: 'store_receipt_invalid' } });
    }
    // Apple's test mode (sandbox, Xcode) and Play's test purchases never give access in production.
    if (state.test && this.deps.production) throw new AppError('INVALID_DATA', { fields: { [field]: 'store_receipt_invalid' } });
    const planId = planOfProduct(state.productId, this.deps.storeProductPrefix, SUBSCRIPTION_PLAN_IDS);
    if (!planId) throw new AppError('INVALID_DATA', { fields: { [input.store === 'playstore' ? 'productId' : field]: 'store_product_invalid' } });
    // The app sets the member id as the purchase's account token: another member's purchase is not hers.
    if (state.accountToken && state.accountToken !== actor.id) throw new AppError('CONFLICT', { data: { messageKey: 'store_purchase_other_account' } });
    const owner = await this.deps.membership.ownerOfEntitlement(state.store, state.entitlementKey);
    if (owner && owner !== actor.id) throw new AppError('CONFLICT', { data: { messageKey: 'store_purchase_other_account' } });
    const now = this.deps.clock.now();
    if (state.revokedAt || state.expiresAt.getTime() <= now.getTime()) throw new AppError('INVALID_DATA', { fields: { [field]: 'store_purchase_expired' } });

    await this.recordPeriod(actor.id, state, planId, owner ? 'renewed' : 'granted', `validation:${state.store}`);
    if (state.inGrace) await this.recordGrace(actor.id, state, `validation:${state.store}`);
    await this.acknowledge(verifier, state);
    return { subscription: await this.deps.membership.subscriptionOf(actor.id) };
  }

  /** App Store Server Notifications v2 / Play real-time developer notifications. */
  async handleNotification(store: StoreName, body: unknown, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; duplicate: boolean }> {
    const verifier = this.available(store);
    if (!verifier) throw new AppError('NOT_FOUND');
    let n: StoreNotification;
    try {
      n = await verifier.parseNotification(body, headers);
    } catch (error) {
      // The store retries a non-2xx: a store that did not answer is worth a retry, a forgery is not.
      if (error instanceof StoreVerificationError && error.reason === 'unavailable') throw new AppError('CONFLICT', { data: { messageKey: 'payment_processing_not_available' } });
      throw new AppError('UNAUTHORIZED', { reason: undefined });
    }
    await this.apply(n, verifier);
    const first = await this.deps.repository.firstSeen(store, n.notificationId, this.deps.clock.now());
    return { received: true, duplicate: !first };
  }

  private async apply(n: StoreNotification, verifier: StorePurchaseVerifier): Promise<void> {
    const state = n.state;
    if (n.kind === 'ignored' || !state || (state.test && this.deps.production)) return;
    const memberId = await this.memberOf(state);
    if (!memberId) return; // Not validated by any member yet: the app's validation will record it.
    const planId = planOfProduct(state.productId, this.deps.storeProductPrefix, SUBSCRIPTION_PLAN_IDS);
    const origin = `notification:${n.store}`;
    const base = { source: state.store, entitlementKey: state.entitlementKey, occurredAt: this.deps.clock.now() } as const;
    const once = (event: EntitlementEvent) => this.deps.membership.record({ memberId, event, origin, dedupeKey: `${n.store}:notification:${n.notificationId}` });
    switch (n.kind) {
      case 'renewed':
        if (!planId) return;
        await this.recordPeriod(memberId, state, planId, 'renewed', origin);
        await this.acknowledge(verifier, state);
        return;
      case 'auto-renew-off':
        await once({ ...base, kind: 'auto-renew-off' });
        return;
      case 'auto-renew-on':
        await once({ ...base, kind: 'auto-renew-on' });
        return;
      case 'grace':
        await once({ ...base, kind: 'grace', expiresAt: state.expiresAt });
        return;
      case 'ended':
        await once({ ...base, kind: 'ended', expiresAt: state.expiresAt });
        return;
      case 'revoked':
        await once({ ...base, kind: 'revoked', expiresAt: state.revokedAt ?? base.occurredAt });
        return;
      default: {
        const never: never = n.kind;
        return never;
      }
    }
  }

  /** One event per store period (the app's validation and the store's notification of it are the same event). */
  private recordPeriod(memberId: string, state: StoreSubscriptionState, planId: string, kind: 'granted' | 'renewed', origin: string): Promise<boolean> {
    return this.deps.membership.record({
      memberId,
      event: {
        source: state.store,
        kind,
        entitlementKey: state.entitlementKey,
        occurredAt: this.deps.clock.now(),
        planId,
        expiresAt: state.expiresAt,
        autoRenew: state.autoRenew ?? true,
        currency: state.currency,
      },
      amountMinor: state.amountMinor,
      origin,
      dedupeKey: `${state.store}:period:${state.entitlementKey}:${state.periodKey}`,
    });
  }

  private recordGrace(memberId: string, state: StoreSubscriptionState, origin: string): Promise<boolean> {
    return this.deps.membership.record({
      memberId,
      event: { source: state.store, kind: 'grace', entitlementKey: state.entitlementKey, occurredAt: this.deps.clock.now(), expiresAt: state.expiresAt },
      origin,
      dedupeKey: `${state.store}:grace:${state.entitlementKey}:${state.periodKey}`,
    });
  }

  private async memberOf(state: StoreSubscriptionState): Promise<string | undefined> {
    const owner = await this.deps.membership.ownerOfEntitlement(state.store, state.entitlementKey);
    if (owner) return owner;
    return state.accountToken && isUuid(state.accountToken) && (await this.deps.members.exists(state.accountToken)) ? state.accountToken : undefined;
  }

  /** Play refunds a purchase not acknowledged within 3 days; a failure is retried on the next validation or notification. */
  private async acknowledge(verifier: StorePurchaseVerifier, state: StoreSubscriptionState): Promise<void> {
    try {
      await verifier.acknowledge(state);
    } catch {
      this.deps.log?.warn({ store: state.store }, 'store acknowledgement failed; retried on the next validation or notification');
    }
  }

  private available(store: StoreName): StorePurchaseVerifier | null {
    const verifier = this.deps.verifiers[store];
    return verifier.mode === 'local' && this.deps.production ? null : verifier;
  }
}
