import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { graphqlCalls } from '@/test/consultation-fixtures';
import { resetCurrentAppointment } from '@/test/current-appointment';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 15_000 });

// Days left on her trial as the web last heard: the route guard lets her ask for a consultation.
const TRIAL = { subscriptionId: 'trial', type: 'trial', status: 'trial', expiresAt: '2026-12-31T00:00:00.000Z', daysLeft: 5, autoRenew: true, provider: null, currency: 'USD', length: null, organizationName: null, organizationId: null, endReason: null };

beforeEach(() => {
  resetCurrentAppointment();
  window.localStorage.setItem('health-profile-asked', 'mem_1');
});

describe('payment-required from the server (spec 8)', () => {
  it('createAppointment answered PAYMENT_REQUIRED (402) sends the member to /membresia-expirada', async () => {
    setSessionToken('st_1');
    const { calls } = installFakeFetch((call) => {
      if (call.url !== '/api/graphql') return undefined;
      const query = (call.body as { query: string }).query;
      if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: { ...member(), subscription: TRIAL } } } };
      if (query.includes('GetCurrentAppointment')) return { status: 200, body: { data: { getCurrentAppointment: null } } };
      if (query.includes('CreateAppointment')) {
        return { status: 200, body: { data: null, errors: [{ message: 'Tu membresía expiró.', extensions: { code: 'PAYMENT_REQUIRED', error: { code: 'PAYMENT_REQUIRED', status: 402, message: 'Tu membresía expiró.', data: { endReason: 'trial-expired' } } } }] } };
      }
      return undefined;
    });
    const { router } = renderApp('/consulta/llenado-de-informacion');
    fireEvent.change(await screen.findByTestId('location-state'), { target: { value: 'Jalisco' } });
    fireEvent.change(screen.getByTestId('location-city'), { target: { value: 'Zapopan' } });
    fireEvent.click(screen.getByTestId('location-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/membresia-expirada'));
    expect(graphqlCalls(calls, 'CreateAppointment')).toHaveLength(1);
    await screen.findByTestId('paywall');
  });
});
