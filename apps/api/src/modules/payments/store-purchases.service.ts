import type { StoreValidationRequest, StoreValidationResponse } from '@puente/contracts';
import { isUuid, SUBSCRIPTION_PLAN_IDS, type EntitlementEvent } from '@puente/domain';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import {
  planOfProduct,
  StoreVerificationError,
  type StoreName,
  type StoreNotification,
  type StoreNotificationKind,
  type StorePurchaseVerifier,
  type StoreSubscriptionState,
} from '../../providers/store/store-purchase.provider';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembershipService } from '../membership/membership.service';
import type { StorePendingAcknowledgementRow } from '../../db/schema';
import type { PaymentsRepository } from './payments.repository';

export interface StorePurchasesServiceDeps {
  repository: Pick<
    PaymentsRepository,
    'firstSeen' | 'holdNotification' | 'heldNotifications' | 'markHeldApplied' | 'pendingAcknowledgement' | 'savePendingAcknowledgement' | 'deletePendingAcknowledgement' | 'dueAcknowledgements' | 'claimAcknowledgement'
  >;
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

/** The job that retries failed store acknowledgements (registered by the payments module). */
export const STORE_ACKNOWLEDGEMENTS_JOB = 'store-acknowledgements';
/** Google refunds a Play purchase not acknowledged within 3 days. */
const ACK_WINDOW_MS = 3 * 86_400_000;
/** Not in the spec: a failed acknowledgement is tried again after 1 minute, then 4 times longer each time, at most every 6 hours. */
const ACK_FIRST_RETRY_MS = 60_000;
const ACK_MAX_RETRY_MS = 6 * 3_600_000;
const ackBackoffMs = (attempts: number): number => Math.min(ACK_FIRST_RETRY_MS * 4 ** (attempts - 1), ACK_MAX_RETRY_MS);

/** Not in the spec: while one node's job tries a due acknowledgement, the others leave it for this long. */
const ACK_CLAIM_MS = 5 * 60_000;
/** Not in the spec: due acknowledgements tried per run of the job (the rest wait for the next run). */
const ACK_BATCH = 100;

/**
 * Native store subscriptions (issue 14 step 6): POST /api/payments/validation binds a verified
 * store purchase to the member and writes its period to the ledger; the stores' server
 * notifications write renewals, auto-renew changes, grace, expiries, refunds, revocations and
 * plan changes. Every write has a dedupe key, so the same purchase or notification twice is one
 * event. A notification for a purchase no member has validated yet is held and applied when the
 * validation arrives, unless it names its member (the account token) or the purchase it replaces
 * (Play's linkedPurchaseToken): then it is applied at once, opening the entitlement itself. A
 * replacing purchase (Play upgrade or downgrade) ends the one it replaces: never two at once.
 */
export class StorePurchasesService {
  constructor(private readonly deps: StorePurchasesServiceDeps) {}

  /**
   * STORE_ACKNOWLEDGEMENTS_JOB: tries the due failed acknowledgements again (kept in the database,
   * so a restart loses none and any node's job takes them, one node per retry). Returns how many
   * went through.
   */
  async retryAcknowledgements(): Promise<number> {
    const now = this.deps.clock.now();
    let done = 0;
    for (const pending of await this.deps.repository.dueAcknowledgements(now, ACK_BATCH)) {
      if (!(await this.deps.repository.claimAcknowledgement(pending, new Date(now.getTime() + ACK_CLAIM_MS)))) continue;
      const state = reviveState(pending.state);
      const verifier = Object.hasOwn(this.deps.verifiers, pending.store) ? this.deps.verifiers[pending.store as StoreName] : undefined;
      if (!state || !verifier) {
        await this.deps.repository.deletePendingAcknowledgement(pending.store, pending.entitlementKey);
        continue;
      }
      if (await this.acknowledge(verifier, state, pending)) done++;
    }
    return done;
  }

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
    await this.endReplaced(actor.id, state, `validation:${state.store}`);
    await this.applyHeld(actor.id, state, verifier);
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
    const owner = await this.deps.membership.ownerOfEntitlement(state.store, state.entitlementKey);
    const memberId = owner ?? (await this.memberOf(state));
    if (!memberId) {
      // Not validated by any member yet: kept, and applied when the app's validation arrives.
      await this.deps.repository.holdNotification({ store: n.store, entitlementKey: state.entitlementKey, notificationId: n.notificationId, kind: n.kind, state, receivedAt: this.deps.clock.now() });
      return;
    }
    await this.applyTo(memberId, n, state, verifier, !owner);
  }

  /** A notification for a member's purchase. `opens`: nothing recorded for it yet, the notification carries enough to open it. */
  private async applyTo(memberId: string, n: StoreNotification, state: StoreSubscriptionState, verifier: StorePurchaseVerifier, opens: boolean): Promise<void> {
    const planId = planOfProduct(state.productId, this.deps.storeProductPrefix, SUBSCRIPTION_PLAN_IDS);
    const origin = `notification:${n.store}`;
    const base = { source: state.store, entitlementKey: state.entitlementKey, occurredAt: this.deps.clock.now() } as const;
    const once = (event: EntitlementEvent) => this.deps.membership.record({ memberId, event, origin, dedupeKey: `${n.store}:notification:${n.notificationId}` });
    // A cancellation, grace or plan change of a purchase nobody recorded yet: its period first (a lone change has nothing to act on).
    if (opens && planId && n.kind !== 'renewed' && n.kind !== 'ended' && n.kind !== 'revoked' && !state.revokedAt && state.expiresAt.getTime() > base.occurredAt.getTime()) {
      await this.recordPeriod(memberId, state, planId, 'granted', origin);
      await this.endReplaced(memberId, state, origin);
    }
    switch (n.kind) {
      case 'renewed':
        if (!planId) return;
        await this.recordPeriod(memberId, state, planId, 'renewed', origin);
        await this.endReplaced(memberId, state, origin);
        await this.acknowledge(verifier, state);
        return;
      case 'renewal-pref-changed': {
        // The plan it renews into (Apple's autoRenewProductId); back to the current plan is a change too.
        const next = planOfProduct(state.renewalProductId ?? state.productId, this.deps.storeProductPrefix, SUBSCRIPTION_PLAN_IDS);
        if (next) await once({ ...base, kind: 'renewal-pref-changed', planId: next });
        return;
      }
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
      case 'ignored':
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

  /** Whose purchase a notification is, when no one validated it yet: the account token the app set, else the owner of the purchase it replaces. */
  private async memberOf(state: StoreSubscriptionState): Promise<string | undefined> {
    if (state.accountToken && isUuid(state.accountToken) && (await this.deps.members.exists(state.accountToken))) return state.accountToken;
    return state.linkedEntitlementKey ? this.deps.membership.ownerOfEntitlement(state.store, state.linkedEntitlementKey) : undefined;
  }

  /** Play upgrade or downgrade: the replaced purchase's entitlement ends as the new one starts (her own only). */
  private async endReplaced(memberId: string, state: StoreSubscriptionState, origin: string): Promise<void> {
    const old = state.linkedEntitlementKey;
    if (!old || old === state.entitlementKey) return;
    if ((await this.deps.membership.ownerOfEntitlement(state.store, old)) !== memberId) return;
    const now = this.deps.clock.now();
    await this.deps.membership.record({
      memberId,
      event: { source: state.store, kind: 'ended', entitlementKey: old, occurredAt: now, expiresAt: now },
      origin,
      dedupeKey: `${state.store}:replaced:${old}`,
    });
  }

  /** The notifications that arrived before this validation, applied in the order they came. */
  private async applyHeld(memberId: string, validated: StoreSubscriptionState, verifier: StorePurchaseVerifier): Promise<void> {
    for (const held of await this.deps.repository.heldNotifications(validated.store, validated.entitlementKey)) {
      if (!(await this.deps.repository.markHeldApplied(held.id, this.deps.clock.now()))) continue;
      const state = reviveState(held.state);
      if (!state) continue;
      await this.applyTo(memberId, { store: validated.store, notificationId: held.notificationId, kind: held.kind as StoreNotificationKind, state }, state, verifier, false);
    }
  }

  /**
   * Play refunds a purchase not acknowledged within 3 days: a failure is kept in the database and
   * retried by STORE_ACKNOWLEDGEMENTS_JOB with backoff (and on the next validation or notification)
   * until then. `pending` is the retry being tried, when the job tries it. True when it went through.
   */
  private async acknowledge(verifier: StorePurchaseVerifier, state: StoreSubscriptionState, pending?: StorePendingAcknowledgementRow): Promise<boolean> {
    const { repository } = this.deps;
    try {
      await verifier.acknowledge(state);
    } catch {
      const now = this.deps.clock.now().getTime();
      const before = pending ?? (await repository.pendingAcknowledgement(state.store, state.entitlementKey));
      const deadline = before?.deadline.getTime() ?? now + ACK_WINDOW_MS;
      if (now >= deadline) {
        await repository.deletePendingAcknowledgement(state.store, state.entitlementKey);
        this.deps.log?.warn({ store: state.store, attempts: before?.attempts }, 'store acknowledgement failed for 3 days; given up');
        return false;
      }
      const attempts = (before?.attempts ?? 0) + 1;
      await repository.savePendingAcknowledgement({ store: state.store, entitlementKey: state.entitlementKey, state, attempts, nextAt: new Date(now + ackBackoffMs(attempts)), deadline: new Date(deadline) });
      this.deps.log?.warn({ store: state.store, attempts }, 'store acknowledgement failed; retried with backoff');
      return false;
    }
    // Acknowledged (or nothing to acknowledge): a retry waiting for this purchase is done.
    if (pending || state.needsAcknowledgement) await repository.deletePendingAcknowledgement(state.store, state.entitlementKey);
    return true;
  }

  private available(store: StoreName): StorePurchaseVerifier | null {
    const verifier = this.deps.verifiers[store];
    return verifier.mode === 'local' && this.deps.production ? null : verifier;
  }
}

/** A held notification's state back from JSON (its dates were ISO strings). */
function reviveState(raw: unknown): StoreSubscriptionState | null {
  if (!raw || typeof raw !== 'object') return null;
  const s = raw as StoreSubscriptionState & { expiresAt: string | Date; revokedAt: string | Date | null };
  const expiresAt = new Date(s.expiresAt);
  if (Number.isNaN(expiresAt.getTime())) return null;
  return { ...s, expiresAt, revokedAt: s.revokedAt ? new Date(s.revokedAt) : null };
}
