import Stripe from 'stripe';
import { CardSignatureError, type CardCheckoutInput, type CardCheckoutSession, type CardNotification, type CardPaymentProvider } from './card-payment.provider';

/** Not in the spec: a failed card renewal keeps access 7 days while Stripe retries the card (Smart Retries). */
export const CARD_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Json).id === 'string' ? ((v as Json).id as string) : null);
const epoch = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v * 1000) : null);

/** An invoice's subscription id: the old top-level field or the newer parent.subscription_details. */
const invoiceSubscription = (invoice: Json): string | null =>
  str(invoice.subscription) ?? str(obj(obj(invoice.parent).subscription_details).subscription);
const invoicePeriodEnd = (invoice: Json): Date | null => {
  const lines = obj(invoice.lines).data;
  const first = Array.isArray(lines) ? obj(lines[0]) : {};
  return epoch(obj(first.period).end) ?? epoch(invoice.period_end);
};

/**
 * Stripe Billing: a subscription Checkout Session in embedded mode (the web mounts it in the
 * full-screen card modal with the client secret), cancel at period end, and webhooks verified on
 * the raw body with the endpoint's signing secret.
 */
export class StripeCardPaymentProvider implements CardPaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string },
    private readonly now: () => Date = () => new Date(),
  ) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = new Stripe(
      settings.secretKey,
      api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)), protocol: api.protocol === 'http:' ? 'http' : 'https', maxNetworkRetries: 0 } : {},
    );
  }

  get publishableKey(): string {
    return this.settings.publishableKey;
  }

  async createCheckout(input: CardCheckoutInput): Promise<CardCheckoutSession> {
    const interval = input.interval;
    if (!interval) {
      // A one-off payment (a paid US-doctor visit): a PaymentIntent through the same embedded checkout.
      const session = await this.stripe.checkout.sessions.create({
        mode: 'payment',
        ui_mode: 'embedded_page',
        client_reference_id: input.checkoutId,
        // The member stays in her consultation: the modal sees the checkout complete (verified webhook) and reports it.
        redirect_on_completion: 'never',
        line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amountMinor, product_data: { name: input.planId } } }],
        metadata: { checkoutId: input.checkoutId, planId: input.planId },
      });
      return { externalId: session.id, clientSecret: session.client_secret ?? undefined };
    }
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      client_reference_id: input.checkoutId,
      return_url: input.returnUrl,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountMinor,
            recurring: { interval: interval.unit, interval_count: interval.count },
            product_data: { name: input.planId },
          },
        },
      ],
      metadata: { checkoutId: input.checkoutId, planId: input.planId },
      subscription_data: { metadata: { checkoutId: input.checkoutId, planId: input.planId } },
    });
    return { externalId: session.id, clientSecret: session.client_secret ?? undefined };
  }

  async cancelAtPeriodEnd(subscriptionRef: string): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
  }

  /**
   * The subscription a refunded charge paid: its invoice's (an older API version's charge names the
   * invoice; a current one is found through the invoice payments of its PaymentIntent). A charge
   * with no invoice is a one-off payment (a paid visit): its PaymentIntent is its reference.
   */
  private async refundedSubscription(charge: Json): Promise<string | null> {
    if (charge.invoice && typeof charge.invoice === 'object') return invoiceSubscription(obj(charge.invoice));
    const invoiceId = str(charge.invoice);
    if (invoiceId) return invoiceSubscription(obj(await this.stripe.invoices.retrieve(invoiceId)));
    const paymentIntent = str(charge.payment_intent);
    if (!paymentIntent) return null;
    const payments = await this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, expand: ['data.invoice'], limit: 1 });
    const invoice = payments.data[0]?.invoice;
    if (!invoice) return paymentIntent;
    return invoiceSubscription(typeof invoice === 'string' ? obj(await this.stripe.invoices.retrieve(invoice)) : obj(invoice));
  }

  /** Throws CardSignatureError on a missing or bad signature (or one outside Stripe's 5-minute tolerance). */
  async parseNotification(rawBody: Buffer, signature: string | undefined): Promise<CardNotification> {
    if (!signature) throw new CardSignatureError('missing stripe-signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new CardSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
    const o = obj(event.data.object);
    const eventId = event.id;
    switch (event.type) {
      case 'checkout.session.completed': {
        // A subscription's id, or a one-off payment's PaymentIntent (a paid visit).
        const subscriptionRef = str(o.subscription) ?? str(o.payment_intent);
        const externalId = str(o.id);
        if (!subscriptionRef || !externalId || o.payment_status === 'unpaid') return { kind: 'ignored', eventId };
        return { kind: 'checkout-completed', eventId, externalId, subscriptionRef, periodEnd: null };
      }
      case 'invoice.paid': {
        const subscriptionRef = invoiceSubscription(o);
        const periodEnd = invoicePeriodEnd(o);
        // The first invoice is the checkout's; later ones are renewals.
        if (!subscriptionRef || !periodEnd || o.billing_reason === 'subscription_create') return { kind: 'ignored', eventId };
        return { kind: 'renewed', eventId, subscriptionRef, periodEnd };
      }
      case 'invoice.payment_failed': {
        const subscriptionRef = invoiceSubscription(o);
        if (!subscriptionRef) return { kind: 'ignored', eventId };
        return { kind: 'payment-failed', eventId, subscriptionRef, graceEnd: new Date(this.now().getTime() + CARD_GRACE_DAYS * DAY_MS) };
      }
      case 'customer.subscription.updated': {
        const subscriptionRef = str(o.id);
        if (!subscriptionRef || typeof o.cancel_at_period_end !== 'boolean') return { kind: 'ignored', eventId };
        return { kind: 'auto-renew-changed', eventId, subscriptionRef, autoRenew: !o.cancel_at_period_end };
      }
      case 'charge.refunded': {
        // A partial refund keeps the plan; the whole charge refunded takes the access it paid for away.
        if (o.refunded !== true) return { kind: 'ignored', eventId };
        const subscriptionRef = await this.refundedSubscription(o);
        if (!subscriptionRef) return { kind: 'ignored', eventId };
        return { kind: 'refunded', eventId, subscriptionRef, at: this.now() };
      }
      case 'customer.subscription.deleted': {
        const subscriptionRef = str(o.id);
        if (!subscriptionRef) return { kind: 'ignored', eventId };
        return { kind: 'ended', eventId, subscriptionRef, at: epoch(o.ended_at) ?? this.now() };
      }
      default:
        return { kind: 'ignored', eventId };
    }
  }
}
