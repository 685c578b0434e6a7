import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { apiError, installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { paymentRequestStore } from '../hooks/use-payment-requests';

vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });

const ORG = { id: 'org-1', name: 'Acme', settings: ['USP_REQUIRES_PAYMENT'] };
const PAYMENT = { paymentId: 'pay-1', appointmentId: 'apt-1', priceType: 'usp', status: 'pending', amountMinor: 4999, currency: 'USD' };
const INTENT = { ...PAYMENT, checkoutId: 'chk-1', provider: 'local', url: '/api/payments/local-checkout/chk-1', clientSecret: null, publishableKey: null };

const serve = (opts: { statusFails?: number } = {}) => {
  setSessionToken('st_1');
  let statusFails = opts.statusFails ?? 0;
  const calls: FakeCall[] = [];
  installFakeFetch((call) => {
    calls.push(call);
    if (call.url === '/api/graphql' && (call.body as { query: string }).query.includes('GetMember')) return { status: 200, body: { data: { getMember: member({ organizationId: ORG.id, organization: ORG }) } } };
    if (call.url === '/api/appointments/apt-1/payment') return { status: 200, body: { payment: PAYMENT } };
    if (call.url === '/api/organizations/org-1/payment-intent') return { status: 200, body: INTENT };
    if (call.url === '/api/payments/card/checkout/chk-1') return { status: 200, body: { checkoutId: 'chk-1', status: 'complete' } };
    if (call.url === '/api/payments/pay-1/status') {
      if (statusFails > 0) {
        statusFails--;
        return { status: 500, body: apiError(500, 'UNKNOWN_ERROR', 'x') };
      }
      return { status: 200, body: { ...PAYMENT, status: (call.body as { status: string }).status } };
    }
    return undefined;
  });
  return calls;
};
const statusCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/payments/pay-1/status').map((c) => (c.body as { status: string }).status);

beforeEach(() => {
  window.localStorage.removeItem('payment-ids');
  paymentRequestStore.set(null);
});

describe('paid US-doctor visit within the consultation', () => {
  it('asked to pay, she sees the amount, pays in the card modal and succeeded is saved', async () => {
    const calls = serve();
    renderApp('/inicio');
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    await screen.findByTestId('visit-payment-dialog');
    expect((await screen.findByTestId('visit-payment-amount')).textContent).toContain('49.99');
    await waitFor(() => expect((screen.getByTestId('visit-payment-pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('visit-payment-pay'));
    // The checkout completes (polled): succeeded is reported once; the dialog says thanks.
    await screen.findByTestId('visit-payment-done');
    expect(statusCalls(calls)).toEqual(['succeeded']);
    expect(calls.find((c) => c.url === '/api/organizations/org-1/payment-intent')?.body).toEqual({ priceType: 'usp', paymentId: 'pay-1' });
  });

  it('"not now" sends failed (the consultation stays with the coach)', async () => {
    const calls = serve();
    renderApp('/inicio');
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    fireEvent.click(await screen.findByTestId('visit-payment-decline'));
    await waitFor(() => expect(statusCalls(calls)).toEqual(['failed']));
    await waitFor(() => expect(screen.queryByTestId('visit-payment-dialog')).toBeNull());
  });

  it('retry rule: a succeeded status that fails to save is kept and sent again on the next payment request', async () => {
    const { retryUnsavedSuccesses, reportPaymentSucceeded } = await import('../api/visit-payments');
    // The API client already retries a 5xx 3 times: all four tries fail.
    const calls = serve({ statusFails: 4 });
    expect(await reportPaymentSucceeded('pay-1')).toBe('kept');
    expect(JSON.parse(window.localStorage.getItem('payment-ids')!)).toEqual(['pay-1']);
    await retryUnsavedSuccesses();
    expect(statusCalls(calls)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(window.localStorage.getItem('payment-ids')).toBeNull();
  });
});
