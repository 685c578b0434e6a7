import { isValidPublishableKey, PAYMENT } from '@puente/domain';

/** The environment variables of card payments. The README lists them. */
export const PAYMENTS_VARIABLES = [
  { name: 'CARD_PAYMENT_PROVIDER', default: 'local', description: 'local (an offline test card page served by this server) or stripe.' },
  { name: 'STRIPE_SECRET_KEY', default: '(unset)', description: 'Stripe secret key (CARD_PAYMENT_PROVIDER=stripe).' },
  { name: 'STRIPE_PUBLISHABLE_KEY', default: '(unset)', description: 'Stripe publishable key for the embedded checkout; must start with pk_ (spec 5).' },
  { name: 'STRIPE_WEBHOOK_SECRET', default: '(unset)', description: 'Signing secret (whsec_...) of the Stripe webhook endpoint POST /api/payments/webhooks/card.' },
  { name: 'STRIPE_API_URL', default: '(Stripe)', description: 'Another Stripe API base URL (stripe-mock, tests), e.g. http://127.0.0.1:12111.' },
] as const;

export type PaymentsSettings =
  | { provider: 'local' }
  | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };


export function loadPaymentsSettings(env: Record<string, string | undefined>): PaymentsSettings {
  const provider = env.CARD_PAYMENT_PROVIDER?.trim() || 'local';
  if (provider === 'local') return { provider: 'local' };
  if (provider !== 'stripe') throw new Error('Invalid configuration:\n  CARD_PAYMENT_PROVIDER: local or stripe');
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const apiUrl = env.STRIPE_API_URL?.trim() || undefined;
  const problems = [
    !secretKey && 'STRIPE_SECRET_KEY: required when CARD_PAYMENT_PROVIDER=stripe',
    !isValidPublishableKey(publishableKey) && `STRIPE_PUBLISHABLE_KEY: required, starting with ${PAYMENT.publishableKeyPrefix}`,
    !webhookSecret && 'STRIPE_WEBHOOK_SECRET: required when CARD_PAYMENT_PROVIDER=stripe',
    apiUrl && !URL.canParse(apiUrl) && 'STRIPE_API_URL: a URL',
  ].filter(Boolean);
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return { provider: 'stripe', secretKey: secretKey!, publishableKey: publishableKey!, webhookSecret: webhookSecret!, ...(apiUrl ? { apiUrl } : {}) };
}
