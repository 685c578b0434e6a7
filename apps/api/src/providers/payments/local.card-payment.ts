import { CardSignatureError, type CardCheckoutInput, type CardCheckoutSession, type CardNotification, type CardPaymentProvider } from './card-payment.provider';

/** Test cards of the local checkout (the same numbers as the card networks' test cards). */
export const LOCAL_TEST_CARDS = { success: '4242424242424242', decline: '4000000000000002' } as const;

/**
 * The offline default: the checkout is a test card page our own server serves
 * (/api/payments/local-checkout/{id}); 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 * It has no notifications of its own: the page completes the checkout directly.
 */
export class LocalCardPaymentProvider implements CardPaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;

  createCheckout(input: CardCheckoutInput): Promise<CardCheckoutSession> {
    return Promise.resolve({ externalId: input.checkoutId, url: `/api/payments/local-checkout/${input.checkoutId}` });
  }

  cancelAtPeriodEnd(): Promise<void> {
    return Promise.resolve();
  }

  parseNotification(): Promise<CardNotification> {
    return Promise.reject(new CardSignatureError('the local card provider has no notifications'));
  }
}
