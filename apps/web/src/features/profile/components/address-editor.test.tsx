import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { recordScrollIntoView } from '@/test/scroll-into-view';

/** Issue 12: the member corrects her address from /perfil/informacion (the server audits it). */
const gql = (call: FakeCall) => call.body as { query: string; variables: Record<string, unknown> };
afterEach(() => window.localStorage.clear());

describe('correcting the address', () => {
  it('state and city required, a five-digit US zip; the correction is sent as updateMember(address)', async () => {
    const scrolled = recordScrollIntoView();
    window.localStorage.setItem('sessionToken', 'st_1');
    let current = member({ countryCode: '1', address: { country: 'US', state: 'CA', city: 'San Fransisco', zipCode: '94103' } });
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/graphql') {
        const { query, variables } = gql(call);
        if (query.includes('updateMember')) {
          current = { ...current, address: { zipCode: null, ...(variables.data as { address: object }).address } } as unknown as typeof current;
          return { status: 200, body: { data: { updateMember: current } } };
        }
        return { status: 200, body: { data: { getMember: current } } };
      }
      return undefined;
    });
    renderApp('/perfil/informacion');
    expect((await screen.findByTestId('profile-address-value')).textContent).toBe('San Fransisco, CA, 94103, US');
    fireEvent.click(screen.getByTestId('profile-address-edit'));
    fireEvent.change(await screen.findByTestId('profile-address-city'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('profile-address-zip'), { target: { value: '941' } });
    fireEvent.click(screen.getByTestId('profile-address-save'));
    await screen.findByText('El código postal tiene 5 dígitos.');
    // spec 5: the warning toast says something is missing; the first field in error (the city) comes
    // to the middle of the dialog, where the toast cannot cover it, and has the focus.
    expect((await screen.findByTestId('toast')).textContent).toContain('Completa los campos obligatorios.');
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]!.target).toBe(screen.getByTestId('profile-address-city'));
    expect(scrolled[0]!.options).toMatchObject({ block: 'center' });
    expect(document.activeElement).toBe(screen.getByTestId('profile-address-city'));
    expect(calls.filter((c) => c.url === '/api/graphql' && gql(c).query.includes('updateMember'))).toHaveLength(0);
    fireEvent.change(screen.getByTestId('profile-address-city'), { target: { value: 'San Francisco' } });
    fireEvent.change(screen.getByTestId('profile-address-zip'), { target: { value: '94105' } });
    fireEvent.click(screen.getByTestId('profile-address-save'));
    await waitFor(() => expect(screen.getByTestId('profile-address-value').textContent).toBe('San Francisco, CA, 94105, US'));
    const sent = calls.filter((c) => c.url === '/api/graphql' && gql(c).query.includes('updateMember')).map((c) => gql(c).variables.data);
    expect(sent).toEqual([{ address: { country: 'US', state: 'CA', city: 'San Francisco', zipCode: '94105' } }]);
  });
});
