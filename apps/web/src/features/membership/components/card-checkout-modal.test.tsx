import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch } from '@/test/fake-fetch';
import '@/lib/i18n';
import { CardCheckoutModal } from './card-checkout-modal';

const mount = vi.fn();
const destroy = vi.fn();
const createEmbeddedCheckoutPage = vi.fn(() => Promise.resolve({ mount, destroy, unmount: vi.fn() }));
const loadStripe = vi.fn(() => Promise.resolve({ createEmbeddedCheckoutPage }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));

describe('card modal with CARD_PAYMENT_PROVIDER=stripe', () => {
  it('loads Stripe.js on demand with the publishable key and mounts the embedded checkout of the server-made session', async () => {
    setSessionToken('st_1');
    installFakeFetch((call) => (call.url === '/api/payments/card/checkout/chk-1' ? { status: 200, body: { checkoutId: 'chk-1', status: 'open' } } : undefined));
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <CardCheckoutModal checkout={{ checkoutId: 'chk-1', provider: 'stripe', url: null, clientSecret: 'cs_test_secret', publishableKey: 'pk_test_1' }} onClose={() => undefined} onPaid={() => undefined} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(mount).toHaveBeenCalledWith(screen.getByTestId('stripe-embedded-checkout')));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(createEmbeddedCheckoutPage).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'cs_test_secret' }));
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();
    expect(destroy).toHaveBeenCalled();
  });
});
