import type { PaymentIntentRequest, PaymentIntentResponse, PaymentStatusRequest, VisitPaymentDto } from '@puente/contracts';
import { buildPath, isUuid, singleVisitGrant, type OrganizationFlag } from '@puente/domain';
import type { AppointmentRow, VisitPaymentRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { CardPaymentProvider } from '../../providers/payments/card-payment.provider';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembershipService } from '../membership/membership.service';
import type { PaymentsRepository } from './payments.repository';

/** The environment variables of paid visits. The README lists them. */
export const VISIT_PAYMENT_VARIABLES = [
  { name: 'USP_VISIT_PRICE', default: '4999', description: 'Price of a paid US-doctor visit (USP_REQUIRES_PAYMENT organizations), integer minor units of SUBSCRIPTION_CURRENCY.' },
  { name: 'COACH_VISIT_PRICE', default: '1999', description: 'Price of a paid coach visit (priceType coach), integer minor units.' },
] as const;

export function loadVisitPrices(env: Record<string, string | undefined>): { usp: number; coach: number } {
  const read = (name: string, fallback: number): number => {
    const v = env[name]?.trim();
    if (!v) return fallback;
    if (!/^\d{1,9}$/.test(v)) throw new Error(`Invalid configuration:\n  ${name}: integer minor units`);
    return Number(v);
  };
  return { usp: read('USP_VISIT_PRICE', 4999), coach: read('COACH_VISIT_PRICE', 1999) };
}

export interface VisitPaymentsServiceDeps {
  repository: PaymentsRepository;
  clock: Clock;
  card: CardPaymentProvider;
  cardAvailable: boolean;
  prices: { usp: number; coach: number };
  currency: string;
  publicUrl: string;
  /** The member's organization and its flags (null: none). */
  memberOrganization(memberId: string): Promise<{ id: string; flags: readonly OrganizationFlag[] } | null>;
  membership: Pick<MembershipService, 'record'>;
  /** The appointments module: the held escalation goes on to the US doctors' queue, or back to the coach; the member's open consultation (a coach visit's). */
  appointments: { resumeEscalation(appointmentId: string): Promise<void>; declineEscalation(appointmentId: string): Promise<void>; currentOf(actor: Actor): Promise<string | null> };
  /** The member's open app hears payment-requested and payment-status-update. */
  notify: {
    paymentRequested(memberId: string, payload: { appointmentId: string; priceType: 'usp' | 'coach'; paymentId: string }): void;
    paymentStatus(memberId: string, payload: { paymentId: string; status: 'succeeded' | 'failed' | 'pending' }): void;
  };
}

const present = (p: VisitPaymentRow): VisitPaymentDto => ({
  paymentId: p.id,
  appointmentId: p.appointmentId,
  priceType: p.priceType,
  status: p.status,
  amountMinor: p.amountMinor,
  currency: p.currency,
});

/**
 * Paid US-doctor visits (issue 14 step 7). When the member's organization has
 * USP_REQUIRES_PAYMENT, the coach's request for a US doctor is held: the member is asked to pay
 * (payment-requested), pays by card (payment-intent, the card modal), and her app reports the
 * result (PATCH payments/{id}/status). The server believes "succeeded" only when the card
 * provider completed the checkout; then the consultation joins the US doctors' queue. "failed"
 * leaves the consultation with the coach.
 */
export class VisitPaymentsService {
  constructor(private readonly deps: VisitPaymentsServiceDeps) {}

  /** Appointments' hook: true when the escalation must wait for a payment (a request is sent to the member). */
  async holdEscalation(row: AppointmentRow): Promise<boolean> {
    const organizationId = await this.payingOrganization(row);
    if (!organizationId) return false;
    const latest = await this.deps.repository.latestVisitPayment(row.id, 'usp');
    if (latest?.status === 'succeeded') return false;
    const payment =
      latest?.status === 'pending'
        ? latest
        : await this.deps.repository.insertVisitPayment({
            appointmentId: row.id,
            memberId: row.memberId,
            organizationId,
            priceType: 'usp',
            amountMinor: this.deps.prices.usp,
            currency: this.deps.currency,
            createdAt: this.deps.clock.now(),
          });
    this.deps.notify.paymentRequested(row.memberId, { appointmentId: row.id, priceType: 'usp', paymentId: payment.id });
    return true;
  }

  /** Appointments' hook: a US doctor may not take a held escalation before it is paid. */
  async awaitingPayment(row: AppointmentRow): Promise<boolean> {
    if (!(await this.payingOrganization(row))) return false;
    return (await this.deps.repository.latestVisitPayment(row.id, 'usp'))?.status !== 'succeeded';
  }

  /** The member's pending payment for her open consultation (a reload or a missed realtime event). */
  async pendingFor(actor: Actor, appointmentId: string): Promise<VisitPaymentDto | null> {
    refuseGuest(actor);
    if (!isUuid(appointmentId)) throw new AppError('NOT_FOUND');
    const latest = await this.deps.repository.latestVisitPayment(appointmentId, 'usp');
    if (!latest || latest.memberId !== actor.id) return null;
    return present(latest);
  }

  /**
   * POST /api/organizations/{id}/payment-intent. A usp payment is the one the server asked for
   * (payment-requested). The spec never says when a coach visit is paid (priceType coach appears
   * only in the Payment entity and this call), so nothing asks for one: the app may open one
   * itself for the member's open consultation with a payment id of its own (spec 9 local storage
   * "payment ids"), in an organization she belongs to; asked again with the same id it is the same
   * payment.
   */
  async intent(actor: Actor, organizationId: string, input: PaymentIntentRequest): Promise<PaymentIntentResponse> {
    refuseGuest(actor);
    const payment = input.priceType === 'coach' ? await this.coachPayment(actor, organizationId, input.paymentId) : await this.own(actor, input.paymentId);
    if (payment.organizationId !== organizationId || payment.priceType !== input.priceType) throw new AppError('NOT_FOUND');
    const base = { ...present(payment), provider: this.deps.card.name, publishableKey: this.deps.card.publishableKey };
    if (payment.status === 'succeeded') return { ...base, checkoutId: payment.checkoutId, url: null, clientSecret: null };
    if (payment.status === 'failed') throw new AppError('CONFLICT', { data: { reason: 'payment-failed' } });
    if (!this.deps.cardAvailable) throw new AppError('CONFLICT', { data: { messageKey: 'payment_processing_not_available' } });
    const checkout = await this.deps.repository.insertCheckout({
      memberId: actor.id,
      planId: payment.priceType,
      kind: 'visit',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      provider: this.deps.card.name,
      createdAt: this.deps.clock.now(),
    });
    const session = await this.deps.card.createCheckout({
      checkoutId: checkout.id,
      memberId: actor.id,
      planId: payment.priceType,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      returnUrl: `${this.deps.publicUrl}${buildPath('paymentLoading')}?payment=${payment.id}`,
      interval: null,
    });
    await this.deps.repository.setExternalId(checkout.id, session.externalId);
    await this.deps.repository.setVisitCheckout(payment.id, checkout.id);
    return { ...base, checkoutId: checkout.id, url: session.url ?? null, clientSecret: session.clientSecret ?? null };
  }

  /**
   * PATCH /api/payments/{id}/status. succeeded is believed only once the provider completed the
   * checkout; it is idempotent, so the app's retry of a succeeded status that failed to save
   * (spec 4/7 retry rule) answers the same. failed after succeeded is refused.
   */
  async setStatus(actor: Actor, paymentId: string, input: PaymentStatusRequest): Promise<VisitPaymentDto> {
    refuseGuest(actor);
    const payment = await this.own(actor, paymentId);
    if (payment.status === input.status) return present(payment);
    if (payment.status !== 'pending') throw new AppError('CONFLICT', { data: { reason: `payment-${payment.status}` } });
    const now = this.deps.clock.now();
    if (input.status === 'succeeded') {
      const checkout = payment.checkoutId ? await this.deps.repository.checkout(payment.checkoutId) : undefined;
      if (checkout?.status !== 'complete') throw new AppError('CONFLICT', { data: { reason: 'payment-not-confirmed' } });
      const settled = await this.deps.repository.settleVisitPayment(payment.id, 'succeeded', now);
      if (!settled) return present((await this.deps.repository.visitPayment(payment.id))!);
      await this.deps.membership.record({
        memberId: payment.memberId,
        // A paid single visit: recorded in the ledger (the admin sees it); it opens no membership period.
        event: singleVisitGrant({ paymentId: payment.id, at: now, priceType: payment.priceType, currency: payment.currency }),
        amountMinor: payment.amountMinor,
        origin: `visit-payment:${this.deps.card.name}`,
        dedupeKey: `visit:${payment.id}`,
      });
      this.deps.notify.paymentStatus(payment.memberId, { paymentId: payment.id, status: 'succeeded' });
      if (payment.priceType === 'usp') await this.deps.appointments.resumeEscalation(payment.appointmentId);
      return present(settled);
    }
    const settled = await this.deps.repository.settleVisitPayment(payment.id, 'failed', now);
    if (!settled) return present((await this.deps.repository.visitPayment(payment.id))!);
    this.deps.notify.paymentStatus(payment.memberId, { paymentId: payment.id, status: 'failed' });
    if (payment.priceType === 'usp') await this.deps.appointments.declineEscalation(payment.appointmentId);
    return present(settled);
  }

  /** A coach visit's payment: the member's own (by id), or a new one for her open consultation in her organization. */
  private async coachPayment(actor: Actor, organizationId: string, paymentId: string): Promise<VisitPaymentRow> {
    if (!isUuid(paymentId)) throw new AppError('NOT_FOUND');
    const existing = await this.deps.repository.visitPayment(paymentId);
    if (existing) {
      if (existing.memberId !== actor.id) throw new AppError('NOT_FOUND');
      return existing;
    }
    const org = await this.deps.memberOrganization(actor.id);
    if (!org || org.id !== organizationId) throw new AppError('NOT_FOUND');
    const appointmentId = await this.deps.appointments.currentOf(actor);
    if (!appointmentId) throw new AppError('CONFLICT', { data: { reason: 'no-open-consultation' } });
    const created = await this.deps.repository.insertVisitPaymentOnce({
      id: paymentId,
      appointmentId,
      memberId: actor.id,
      organizationId,
      priceType: 'coach',
      amountMinor: this.deps.prices.coach,
      currency: this.deps.currency,
      createdAt: this.deps.clock.now(),
    });
    // Two tabs with the same new id: the second reads the first's row.
    const payment = created ?? (await this.deps.repository.visitPayment(paymentId));
    if (!payment || payment.memberId !== actor.id) throw new AppError('NOT_FOUND');
    return payment;
  }

  private async own(actor: Actor, paymentId: string): Promise<VisitPaymentRow> {
    const payment = isUuid(paymentId) ? await this.deps.repository.visitPayment(paymentId) : undefined;
    if (!payment || payment.memberId !== actor.id) throw new AppError('NOT_FOUND');
    return payment;
  }

  /** The member's organization when it has USP_REQUIRES_PAYMENT, else null. */
  private async payingOrganization(row: AppointmentRow): Promise<string | null> {
    const org = await this.deps.memberOrganization(row.memberId);
    return org?.flags.includes('USP_REQUIRES_PAYMENT') ? org.id : null;
  }
}
