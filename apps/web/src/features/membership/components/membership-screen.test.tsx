import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 15_000 });

const paid = (overrides: Record<string, unknown> = {}) => ({
  subscriptionId: 'bs_6m',
  type: 'card',
  status: 'active',
  expiresAt: '2027-05-01T00:00:00.000Z',
  daysLeft: 150,
  autoRenew: true,
  provider: 'card',
  currency: 'USD',
  length: 6,
  organizationName: null,
  organizationId: null,
  endReason: null,
  ...overrides,
});

/** The member as the server answers her; POST /api/membership/cancel turns a card plan's auto-renew off. */
const serve = (initial: Record<string, unknown>) => {
  setSessionToken('st_1');
  let sub = initial;
  const calls: FakeCall[] = [];
  installFakeFetch((call) => {
    calls.push(call);
    if (call.url === '/api/membership/cancel') {
      sub = { ...sub, status: 'cancelled', autoRenew: false };
      return { status: 200, body: { subscription: sub } };
    }
    if (call.url === '/api/graphql' && (call.body as { query: string }).query.includes('GetMember')) return { status: 200, body: { data: { getMember: { ...member(), subscription: sub } } } };
    return undefined;
  });
  return calls;
};

describe('/membership', () => {
  it('has a way back to her profile (an installed app has no browser back button)', async () => {
    serve(paid({ type: 'employer', subscriptionId: 'employer', organizationName: 'Acme Salud', autoRenew: false }));
    const { router } = renderApp('/membership', { language: 'en' });
    await screen.findByTestId('membership-plan');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your membership');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
  });

  // Every kind of access the ledger answers has a name: a dependant read 'membership_plan_family'.
  it.each([
    [{ type: 'family', subscriptionId: 'family', autoRenew: false, expiresAt: null, daysLeft: null }, 'Family plan'],
    [{ type: 'single-visit', subscriptionId: 'single-visit', autoRenew: false }, 'US doctor visit'],
    [{ type: 'applestore', subscriptionId: 'com.puente.legacy_3m', provider: 'applestore' }, 'Subscription'],
    [{ type: 'playstore', subscriptionId: 'bs_1m', provider: 'playstore' }, '1 month'],
    [{ type: 'trial', subscriptionId: 'trial' }, 'Free trial'],
    [{ type: 'employer', subscriptionId: 'employer', organizationName: null }, 'Employer benefit'],
  ])('names her plan: %j -> %s', async (sub, name) => {
    serve(paid(sub));
    renderApp('/membership', { language: 'en' });
    const plan = await screen.findByTestId('membership-plan');
    expect(plan.querySelector('p')?.textContent).toBe(name);
  });

  it('names a free trial once: its status is its name (it read "Prueba gratuita" twice); a store plan in its trial period says so', async () => {
    serve(paid({ type: 'trial', subscriptionId: 'trial', status: 'trial', autoRenew: false, provider: null, length: null, daysLeft: 45, expiresAt: '2027-01-15T12:00:00.000Z' }));
    const { unmount } = renderApp('/membership');
    const plan = await screen.findByTestId('membership-plan');
    expect([...plan.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Prueba gratuita', 'Te quedan 45 días.', 'Termina el 15 de enero de 2027.']);
    unmount();
    serve(paid({ type: 'applestore', subscriptionId: 'bs_1m', status: 'trial', provider: 'applestore' }));
    renderApp('/membership', { language: 'en' });
    expect([...(await screen.findByTestId('membership-plan')).querySelectorAll('p')].map((p) => p.textContent).slice(0, 2)).toEqual(['1 month', 'Free trial']);
  });

  it('a card subscriber cancels at period end: the cancel is sent and her plan shows cancelled, ending on its date', async () => {
    const calls = serve(paid());
    renderApp('/membership');
    const plan = await screen.findByTestId('membership-plan');
    expect(plan.getAttribute('data-status')).toBe('active');
    expect(plan.textContent).toContain('Activa');
    expect(plan.textContent).toContain('Se renueva el');
    fireEvent.click(screen.getByTestId('membership-cancel'));
    fireEvent.click(await screen.findByTestId('membership-cancel-confirm'));
    await waitFor(() => expect(screen.getByTestId('membership-plan').getAttribute('data-status')).toBe('cancelled'));
    expect(calls.filter((c) => c.url === '/api/membership/cancel').map((c) => c.method)).toEqual(['POST']);
    const after = screen.getByTestId('membership-plan').textContent;
    expect(after).toContain('Cancelada: no se renovará');
    expect(after).toContain('Termina el');
    // Access stays to the end of the period, and there is nothing left to cancel.
    expect(screen.getByTestId('membership-days-left')).toBeTruthy();
    expect(screen.queryByTestId('membership-cancel')).toBeNull();
  });

  it.each([
    ['applestore', 'App Store'],
    ['playstore', 'Google Play'],
  ])('a %s subscriber is told how to cancel in the store, by its name; no cancel here', async (type, store) => {
    const calls = serve(paid({ type, provider: type }));
    renderApp('/membership');
    const how = await screen.findByTestId('membership-store-cancel');
    expect(how.textContent).toBe(`Compraste tu membresía en ${store}. Para cancelarla, ve a las suscripciones de tu cuenta en ${store}.`);
    expect(screen.queryByTestId('membership-cancel')).toBeNull();
    expect(calls.some((c) => c.url === '/api/membership/cancel')).toBe(false);
  });
});
