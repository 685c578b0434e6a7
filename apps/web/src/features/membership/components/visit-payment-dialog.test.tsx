import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCurrentAppointment } from '@/features/appointments';
import { setSessionToken } from '@/lib/session';
import { appointment } from '@/test/consultation-fixtures';
import { apiError, installFakeFetch, member, type FakeCall, type FakeHandler } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { fakeSocketInStore } from '@/test/socket-store';
import { paymentRequestStore, paymentStatusStore } from '../hooks/use-payment-requests';

vi.setConfig({ testTimeout: 15_000 });

const ORG = { id: 'org-1', name: 'Acme', settings: ['USP_REQUIRES_PAYMENT'] };
const PAYMENT = { paymentId: 'pay-1', appointmentId: 'apt-1', priceType: 'usp', status: 'pending', amountMinor: 4999, currency: 'USD' };
const INTENT = { ...PAYMENT, checkoutId: 'chk-1', provider: 'local', url: '/api/payments/local-checkout/chk-1', clientSecret: null, publishableKey: null };

/**
 * The fake server of every story here: a signed-in member of an organization whose US-doctor visits
 * are paid, apt-1's payment (`payment`), and what else the story answers (`more`). Returns the calls.
 */
const serveMember = (payment: typeof PAYMENT | null, more: FakeHandler): FakeCall[] => {
  setSessionToken('st_1');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql' && (call.body as { query: string }).query.includes('GetMember')) return { status: 200, body: { data: { getMember: member({ organizationId: ORG.id, organization: ORG }) } } };
    if (call.url === '/api/appointments/apt-1/payment') return { status: 200, body: { payment } };
    return more(call);
  }).calls;
};

const serve = (opts: { statusFails?: number; notConfirmed?: number; intent?: { status: number; body: unknown }; checkout?: string } = {}) => {
  let statusFails = opts.statusFails ?? 0;
  let notConfirmed = opts.notConfirmed ?? 0;
  return serveMember(PAYMENT, (call) => {
    if (call.url === '/api/organizations/org-1/payment-intent') return opts.intent ?? { status: 200, body: INTENT };
    if (call.url === '/api/payments/card/checkout/chk-1') return { status: 200, body: { checkoutId: 'chk-1', status: opts.checkout ?? 'complete' } };
    if (call.url === '/api/payments/pay-1/status') {
      if (statusFails > 0) {
        statusFails--;
        return { status: 500, body: apiError(500, 'UNKNOWN_ERROR', 'x') };
      }
      if (notConfirmed > 0) {
        notConfirmed--;
        return apiError(409, 'CONFLICT', 'x', { data: { reason: 'payment-not-confirmed' } });
      }
      return { status: 200, body: { ...PAYMENT, status: (call.body as { status: string }).status } };
    }
    return undefined;
  });
};
/** /payment-loading for pay-1, back to /perfil afterwards (the stored destination). */
const openPaymentLoading = async () => {
  window.localStorage.setItem('go-after-payment', '/perfil');
  const view = renderApp('/payment-loading?payment=pay-1');
  await screen.findByTestId('payment-loading-screen');
  return view;
};
const statusCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/payments/pay-1/status').map((c) => (c.body as { status: string }).status);

beforeEach(() => {
  window.localStorage.removeItem('payment-ids');
  window.localStorage.removeItem('go-after-payment');
  paymentRequestStore.set(null);
  paymentStatusStore.set(null);
});

describe('paid US-doctor visit within the consultation', () => {
  it('asked to pay, she sees the amount, pays in the card modal, goes through /payment-loading and /payment-success and back to where she was', async () => {
    const calls = serve();
    const { router } = renderApp('/perfil');
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    await screen.findByTestId('visit-payment-dialog');
    expect((await screen.findByTestId('visit-payment-amount')).textContent).toContain('49.99');
    await waitFor(() => expect((screen.getByTestId('visit-payment-pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('visit-payment-pay'));
    // The checkout completes (polled): /payment-loading reports succeeded once, then /payment-success.
    await screen.findByTestId('payment-success-visit');
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(statusCalls(calls)).toEqual(['succeeded']);
    expect(calls.find((c) => c.url === '/api/organizations/org-1/payment-intent')?.body).toEqual({ priceType: 'usp', paymentId: 'pay-1' });
    expect(screen.queryByTestId('visit-payment-dialog')).toBeNull();
    // spec 2: /payment-success returns to the stored destination.
    fireEvent.click(screen.getByTestId('payment-success-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(window.localStorage.getItem('go-after-payment')).toBeNull();
  });

  it('/payment-loading asks again while the provider has not confirmed the checkout', async () => {
    const calls = serve({ notConfirmed: 1 });
    const { router } = await openPaymentLoading();
    await screen.findByTestId('payment-success-visit');
    expect(statusCalls(calls)).toEqual(['succeeded', 'succeeded']);
    expect(router.state.location.search).toBe('?payment=pay-1');
  });

  it('payment-status-update from the server: failed sends /payment-loading back to the stored destination; a settled payment closes the dialog still asking for it', async () => {
    // The provider has not confirmed the checkout yet: only the realtime event moves the screen on.
    serve({ notConfirmed: Number.POSITIVE_INFINITY });
    const socket = fakeSocketInStore();
    const { router } = await openPaymentLoading();
    act(() => socket.serverEmit('payment-status-update', { paymentId: 'other', status: 'failed' }));
    expect(router.state.location.pathname).toBe('/payment-loading');
    act(() => socket.serverEmit('payment-status-update', { paymentId: 'pay-1', status: 'failed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));

    // Paid in another tab: the dialog asking for it here closes.
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-2', priceType: 'usp' }));
    await screen.findByTestId('visit-payment-dialog');
    act(() => socket.serverEmit('payment-status-update', { paymentId: 'pay-2', status: 'succeeded' }));
    await waitFor(() => expect(screen.queryByTestId('visit-payment-dialog')).toBeNull());
  });

  it('"not now" sends failed (the consultation stays with the coach)', async () => {
    const calls = serve();
    renderApp('/inicio');
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    fireEvent.click(await screen.findByTestId('visit-payment-decline'));
    await waitFor(() => expect(statusCalls(calls)).toEqual(['failed']));
    await waitFor(() => expect(screen.queryByTestId('visit-payment-dialog')).toBeNull());
  });

  it.each([
    ['the payment intent fails', { intent: apiError(500, 'UNKNOWN_ERROR', 'boom') }],
    ['the checkout is declined at the provider', { checkout: 'declined' }],
  ] as const)('%s: failed is sent and profile_payment_error names the card; closing sends nothing more', async (_label, opts) => {
    const calls = serve(opts);
    renderApp('/inicio');
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    await waitFor(() => expect((screen.getByTestId('visit-payment-pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('visit-payment-pay'));
    const error = await screen.findByTestId('visit-payment-error');
    expect(error.textContent).toContain('No se pudo completar el pago');
    expect(error.textContent).toContain('tu tarjeta');
    expect(screen.queryByTestId('card-checkout-modal')).toBeNull();
    await waitFor(() => expect(statusCalls(calls)).toEqual(['failed']));
    // The payment failed: she may only close (the consultation stays with the coach).
    expect(screen.queryByTestId('visit-payment-pay')).toBeNull();
    fireEvent.click(screen.getByTestId('visit-payment-decline'));
    await waitFor(() => expect(screen.queryByTestId('visit-payment-dialog')).toBeNull());
    expect(statusCalls(calls)).toEqual(['failed']);
  });

  it('card payments not available: failed is sent and payment_processing_not_available is shown', async () => {
    const calls = serve({ intent: apiError(409, 'CONFLICT', 'no', { data: { messageKey: 'payment_processing_not_available' } }) });
    renderApp('/inicio');
    act(() => paymentRequestStore.set({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    await waitFor(() => expect((screen.getByTestId('visit-payment-pay') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('visit-payment-pay'));
    expect((await screen.findByTestId('visit-payment-error')).textContent).toBe('El pago no está disponible en este momento.');
    await waitFor(() => expect(statusCalls(calls)).toEqual(['failed']));
  });

  it('retry rule: a succeeded status /payment-loading cannot save is kept, and sent first on the next payment request', async () => {
    // The API client already retries a 5xx 3 times: all four tries fail.
    const calls = serve({ statusFails: 4 });
    const socket = fakeSocketInStore();
    const { router } = await openPaymentLoading();
    // The card was charged: she moves on, and the succeeded status is kept for the retry rule.
    await screen.findByTestId('payment-success-visit', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(statusCalls(calls)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(JSON.parse(window.localStorage.getItem('payment-ids')!)).toEqual(['pay-1']);

    // The next payment request: the kept succeeded goes out before the dialog opens.
    await waitFor(() => expect(socket.listenerCount('payment-requested')).toBe(1));
    act(() => socket.serverEmit('payment-requested', { appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' }));
    await screen.findByTestId('visit-payment-dialog');
    expect(statusCalls(calls)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(window.localStorage.getItem('payment-ids')).toBeNull();
  }, 20_000);
});

describe('a member who missed payment-requested (a reload, a reconnect)', () => {
  const serveHeld = (opts: { state: string; payment: typeof PAYMENT | null }) => {
    // A new page: it knows no appointment until the shell asks the server on connect.
    clearCurrentAppointment();
    return serveMember(opts.payment, (call) => {
      if (call.url === '/api/graphql') {
        const query = (call.body as { query: string }).query;
        if (query.includes('GetCurrentAppointment')) return { status: 200, body: { data: { getCurrentAppointment: appointment({ id: 'apt-1', state: opts.state as never }) } } };
        if (query.includes('GetAppointment')) return { status: 200, body: { data: { getAppointment: appointment({ id: 'apt-1', state: opts.state as never }) } } };
      }
      if (call.url === '/api/payments/pay-0/status') return { status: 200, body: { ...PAYMENT, paymentId: 'pay-0', status: 'succeeded' } };
      return undefined;
    });
  };
  const paymentAsks = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/appointments/apt-1/payment');

  it.each(['coach-request-us-dr', 'send-socio-to-waiting-room'])('on connect with the consultation held for payment (%s) and the payment pending, the dialog opens (kept successes sent first)', async (state) => {
    const calls = serveHeld({ state, payment: PAYMENT });
    window.localStorage.setItem('payment-ids', JSON.stringify(['pay-0']));
    const socket = fakeSocketInStore();
    renderApp('/inicio');
    await waitFor(() => expect(socket.listenerCount('connect')).toBeGreaterThan(0));
    expect(screen.queryByTestId('visit-payment-dialog')).toBeNull();
    act(() => socket.connect());
    await screen.findByTestId('visit-payment-dialog');
    expect(paymentRequestStore.get()).toEqual({ appointmentId: 'apt-1', paymentId: 'pay-1', priceType: 'usp' });
    // spec 4 retry rule: the kept succeeded status went out before the request opened.
    expect(calls.filter((c) => c.url === '/api/payments/pay-0/status').map((c) => c.body)).toEqual([{ status: 'succeeded' }]);
    expect(window.localStorage.getItem('payment-ids')).toBeNull();
  });

  it("the shell's recovery and the home's own reading of the consultation ask about its payment once", async () => {
    const calls = serveHeld({ state: 'coach-request-us-dr', payment: { ...PAYMENT, status: 'failed' } });
    const socket = fakeSocketInStore();
    renderApp('/inicio');
    // Connected before her home has read the consultation: both write it into the cache.
    await waitFor(() => expect(socket.listenerCount('connect')).toBeGreaterThan(0));
    act(() => socket.connect());
    await screen.findByTestId('home-screen');
    const reads = () => calls.filter((c) => c.url === '/api/graphql' && /GetCurrentAppointment|GetAppointment\b/.test((c.body as { query: string }).query));
    await waitFor(() => expect(reads().length).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(paymentAsks(calls)).toHaveLength(1);
  });

  it('a reconnect asks again: a payment no longer pending, or a consultation not held, opens nothing', async () => {
    const calls = serveHeld({ state: 'coach-request-us-dr', payment: { ...PAYMENT, status: 'failed' } });
    const socket = fakeSocketInStore();
    renderApp('/inicio');
    // Her home is shown first (it reads the consultation too: one ask answers both, the test above).
    await screen.findByTestId('home-screen');
    await waitFor(() => expect(socket.listenerCount('connect')).toBeGreaterThan(0));
    act(() => socket.connect());
    await waitFor(() => expect(paymentAsks(calls)).toHaveLength(1));
    act(() => socket.disconnect());
    act(() => socket.connect());
    await waitFor(() => expect(paymentAsks(calls)).toHaveLength(2));
    expect(screen.queryByTestId('visit-payment-dialog')).toBeNull();
    expect(paymentRequestStore.get()).toBeNull();

    const notHeld = serveHeld({ state: 'consultation-without-er', payment: PAYMENT });
    const again = fakeSocketInStore();
    renderApp('/inicio');
    await screen.findByTestId('home-screen');
    await waitFor(() => expect(again.listenerCount('connect')).toBeGreaterThan(0));
    act(() => again.connect());
    await waitFor(() => expect(notHeld.filter((c) => c.url === '/api/graphql' && (c.body as { query: string }).query.includes('GetCurrentAppointment')).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(paymentAsks(notHeld)).toHaveLength(0);
    expect(screen.queryByTestId('visit-payment-dialog')).toBeNull();
  });
});
