import type { CancelMembershipResponse, CardCheckoutResponse, CardCheckoutStatus, SubscriptionDto } from '@puente/contracts';
import { buildPath, hasLiveAccess, isUuid, isWeekPlan, planPeriodEnd, SUBSCRIPTION, type Language, type SubscriptionPlanId } from '@puente/domain';
import type { CardCheckoutRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { CardSignatureError, type CardNotification, type CardPaymentProvider } from '../../providers/payments/card-payment.provider';
import { LOCAL_TEST_CARDS } from '../../providers/payments/local.card-payment';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembershipService } from '../membership/membership.service';
import { localCheckoutPage } from './local-checkout.page';
import type { PaymentsRepository } from './payments.repository';

export interface PaymentsServiceDeps {
  repository: PaymentsRepository;
  clock: Clock;
  card: CardPaymentProvider;
  /** False where card payments cannot run (the local provider in production). */
  cardAvailable: boolean;
  membership: Pick<MembershipService, 'accessOf' | 'record' | 'subscriptionOf' | 'products'>;
  publicUrl: string;
}

const PAID_SOURCES = new Set(['card', 'applestore', 'playstore']);

/**
 * Card subscriptions on the web (issue 14): the checkout, its completion (the local test card
 * page or the provider's verified notifications, processed once each) and cancel at period end.
 * Every change of access is an entitlement event written through the membership service.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  async startCardCheckout(actor: Actor, planId: SubscriptionPlanId): Promise<CardCheckoutResponse> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('NOT_FOUND');
    // spec 8: payment_processing_not_available.
    if (!this.deps.cardAvailable) throw new AppError('CONFLICT', { data: { messageKey: 'payment_processing_not_available' } });
    const product = this.deps.membership.products().find((p) => p.id === planId);
    if (!product) throw new AppError('INVALID_DATA', { fields: { planId: 'subscription_plan_invalid' } });
    const access = await this.deps.membership.accessOf(actor.id);
    // Already paying (card or a store) and live: a second subscription would charge her twice.
    if (access && hasLiveAccess(access) && PAID_SOURCES.has(access.source) && access.autoRenew) throw new AppError('CONFLICT', { data: { provider: access.provider } });
    const row = await this.deps.repository.insertCheckout({
      memberId: actor.id,
      planId,
      amountMinor: product.totalPriceMinor,
      currency: product.pricing.currency,
      provider: this.deps.card.name,
      createdAt: this.deps.clock.now(),
    });
    const session = await this.deps.card.createCheckout({
      checkoutId: row.id,
      memberId: actor.id,
      planId,
      amountMinor: product.totalPriceMinor,
      currency: product.pricing.currency,
      returnUrl: `${this.deps.publicUrl}${buildPath('paymentLoading')}?checkout=${row.id}`,
      interval: isWeekPlan(planId) ? { unit: 'week', count: 1 } : { unit: 'month', count: SUBSCRIPTION.monthsByPlan[planId] },
    });
    await this.deps.repository.setExternalId(row.id, session.externalId);
    return { checkoutId: row.id, provider: this.deps.card.name, url: session.url ?? null, clientSecret: session.clientSecret ?? null, publishableKey: this.deps.card.publishableKey };
  }

  async checkoutStatus(actor: Actor, checkoutId: string): Promise<CardCheckoutStatus> {
    refuseGuest(actor);
    const row = await this.ownCheckout(actor.id, checkoutId);
    return { checkoutId: row.id, status: row.status };
  }

  /** POST /api/membership/cancel: a card subscriber cancels at period end; a store subscriber cancels in the store. */
  async cancelMembership(actor: Actor): Promise<CancelMembershipResponse> {
    refuseGuest(actor);
    const access = await this.deps.membership.accessOf(actor.id);
    if (!access || !hasLiveAccess(access) || !PAID_SOURCES.has(access.source)) throw new AppError('NOT_FOUND');
    if (access.source !== 'card') throw new AppError('CONFLICT', { data: { provider: access.provider } });
    if (access.autoRenew) {
      await this.deps.card.cancelAtPeriodEnd(access.entitlementKey);
      const now = this.deps.clock.now();
      await this.deps.membership.record({
        memberId: actor.id,
        event: { source: 'card', kind: 'auto-renew-off', entitlementKey: access.entitlementKey, occurredAt: now },
        origin: 'member-cancelled',
        dedupeKey: `card:cancel:${access.entitlementKey}:${now.getTime()}`,
      });
    }
    return { subscription: await this.deps.membership.subscriptionOf(actor.id) };
  }

  // ---------------------------------------------------------------------------------------------
  // The local provider's test card page (served by our own server, no network)

  async localCheckoutPage(checkoutId: string, lang: Language, declined = false): Promise<string> {
    const row = await this.localCheckout(checkoutId);
    return localCheckoutPage({ checkout: row, lang, declined, action: `/api/payments/local-checkout/${row.id}` });
  }

  /** The test card page's form: the success card completes the checkout, any other is declined. */
  async submitLocalCheckout(checkoutId: string, cardNumber: string): Promise<'complete' | 'declined'> {
    const row = await this.localCheckout(checkoutId);
    if (row.status !== 'open') return row.status === 'complete' ? 'complete' : 'declined';
    if (cardNumber.replace(/\D/g, '') !== LOCAL_TEST_CARDS.success) return 'declined';
    await this.completeCheckout(row, `local_sub_${row.id}`, null);
    return 'complete';
  }

  private async localCheckout(checkoutId: string): Promise<CardCheckoutRow> {
    const row = isUuid(checkoutId) ? await this.deps.repository.checkout(checkoutId) : undefined;
    if (!row || row.provider !== 'local' || this.deps.card.name !== 'local' || !this.deps.cardAvailable) throw new AppError('NOT_FOUND');
    return row;
  }

  private async ownCheckout(memberId: string, checkoutId: string): Promise<CardCheckoutRow> {
    const row = isUuid(checkoutId) ? await this.deps.repository.checkout(checkoutId) : undefined;
    if (!row || row.memberId !== memberId) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A paid checkout: the card entitlement's first period in the ledger (once, whoever reports it first). */
  private async completeCheckout(row: CardCheckoutRow, subscriptionRef: string, periodEnd: Date | null): Promise<void> {
    const now = this.deps.clock.now();
    const done = await this.deps.repository.complete(row.id, subscriptionRef, now);
    // A paid visit's checkout grants nothing by itself: the visit payment's status does (visit-payments.service).
    if (!done || done.kind === 'visit') return;
    await this.deps.membership.record({
      memberId: row.memberId,
      event: {
        source: 'card',
        kind: 'granted',
        entitlementKey: subscriptionRef,
        occurredAt: now,
        planId: row.planId,
        expiresAt: periodEnd ?? planPeriodEnd(row.planId as SubscriptionPlanId, now),
        autoRenew: true,
        currency: row.currency,
      },
      amountMinor: row.amountMinor,
      origin: `checkout:${this.deps.card.name}`,
      dedupeKey: `card:checkout:${row.id}`,
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Provider notifications (Stripe webhooks), verified on the raw body, processed once each

  async handleCardNotification(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    let n: CardNotification;
    try {
      n = await this.deps.card.parseNotification(rawBody, signature);
    } catch (error) {
      // A bad signature is refused; a provider look-up that failed is answered 500 so the provider sends it again.
      if (error instanceof CardSignatureError) throw new AppError('UNAUTHORIZED', { reason: undefined });
      throw error;
    }
    const now = this.deps.clock.now();
    if (!(await this.deps.repository.firstSeen(this.deps.card.name, n.eventId, now))) return { received: true, duplicate: true };
    if (n.kind === 'ignored') return { received: true, duplicate: false };
    if (n.kind === 'checkout-completed') {
      const row = await this.deps.repository.checkoutByExternalId(this.deps.card.name, n.externalId);
      if (row) await this.completeCheckout(row, n.subscriptionRef, n.periodEnd);
      return { received: true, duplicate: false };
    }
    const row = await this.deps.repository.checkoutBySubscription(this.deps.card.name, n.subscriptionRef);
    // A paid visit's checkout grants no plan, so its refund takes none away.
    if (!row || row.kind === 'visit') return { received: true, duplicate: false };
    const base = { source: 'card' as const, entitlementKey: n.subscriptionRef, occurredAt: now };
    const write = (event: Parameters<MembershipService['record']>[0]['event'], amountMinor?: number) =>
      this.deps.membership.record({ memberId: row.memberId, event, amountMinor, origin: `notification:${this.deps.card.name}`, dedupeKey: `card:event:${n.eventId}` });
    switch (n.kind) {
      case 'renewed':
        await write({ ...base, kind: 'renewed', expiresAt: n.periodEnd, planId: row.planId }, row.amountMinor);
        break;
      case 'auto-renew-changed':
        await write({ ...base, kind: n.autoRenew ? 'auto-renew-on' : 'auto-renew-off' });
        break;
      case 'payment-failed':
        await write({ ...base, kind: 'grace', expiresAt: n.graceEnd });
        break;
      case 'ended':
        // Ordered by when we learned it; the provider's end time (if earlier) ends access.
        await write({ ...base, kind: 'ended', expiresAt: n.at });
        break;
      case 'refunded':
        await write({ ...base, kind: 'revoked', expiresAt: n.at });
        break;
      default: {
        const never: never = n;
        return never;
      }
    }
    return { received: true, duplicate: false };
  }

  subscriptionOf(memberId: string): Promise<SubscriptionDto | null> {
    return this.deps.membership.subscriptionOf(memberId);
  }
}
