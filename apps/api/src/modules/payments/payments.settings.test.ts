import { describe, expect, it } from 'vitest';
import { loadPaymentsSettings } from './payments.settings';

describe('card payment settings: the publishable key (spec 5)', () => {
  const env = { CARD_PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  it('a key with the expected prefix is taken', () =>
    expect(loadPaymentsSettings({ ...env, STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x' }));
  it.each([undefined, '', 'sk_test_x', 'pk_'])('%j is refused at start-up', (key) =>
    expect(() => loadPaymentsSettings({ ...env, STRIPE_PUBLISHABLE_KEY: key })).toThrow('STRIPE_PUBLISHABLE_KEY: required, starting with pk_'));
});
