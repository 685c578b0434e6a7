import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

/** /perfil/farmacia (issue 12): the member looks for a pharmacy by zip code. */

const SOMA = { id: 'ca-sf-soma', pharmStoreName: 'SoMa Health Pharmacy', pharmAddressLine1: '1100 Howard St', pharmAddressLine2: null, pharmCity: 'San Francisco', pharmState: 'CA', pharmZip: '94103', pharmPhone: '+14155550103', pharmLatitude: 37.77, pharmLongitude: -122.41, distanceMiles: 0 };

const serve = () => {
  window.localStorage.setItem('sessionToken', 'st_1');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member() } } };
    if (call.url === '/api/pharmacies/mine') return { status: 200, body: { pharmacy: null } };
    if (call.url.startsWith('/api/pharmacies?zip=00000')) return { status: 400, body: { error: { code: 'INVALID_DATA', status: 400, message: 'Please check the information you sent.', fields: { zip: 'pharmacy_zip_unknown' } } } };
    if (call.url.startsWith('/api/pharmacies?zip=94103')) return { status: 200, body: { origin: { zip: '94103', lat: 37.77, lon: -122.41 }, pharmacies: [SOMA] } };
    return undefined;
  });
};

afterEach(() => window.localStorage.clear());

/** /perfil/farmacia open, its zip code field found. */
const openScreen = async (): Promise<HTMLElement> => {
  serve();
  renderApp('/perfil/farmacia');
  return screen.findByTestId('pharmacy-zip');
};
/** Types `code` in the zip code field and searches. */
const searchFor = (zip: HTMLElement, code: string): void => {
  fireEvent.change(zip, { target: { value: code } });
  fireEvent.click(screen.getByTestId('pharmacy-search'));
};

describe('/perfil/farmacia', () => {
  it('a zip code the server does not know is said under the field, not as a failed search to try again', async () => {
    const zip = await openScreen();
    searchFor(zip, '00000');
    await screen.findByText('No encontramos ese código postal en EE. UU.');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('No pudimos buscar farmacias. Intenta de nuevo.')).toBeNull();

    // Another code clears it and finds pharmacies.
    fireEvent.change(zip, { target: { value: '94103' } });
    expect(screen.queryByText('No encontramos ese código postal en EE. UU.')).toBeNull();
    fireEvent.click(screen.getByTestId('pharmacy-search'));
    await screen.findByText('SoMa Health Pharmacy');
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('false'));
  });

  it('the pharmacies listed say which zip code they are near, while she types another (the list stays until she searches it)', async () => {
    const zip = await openScreen();
    searchFor(zip, '94103');
    expect(await screen.findByRole('list', { name: 'Farmacias cerca de 94103' })).toBeTruthy();
    fireEvent.change(zip, { target: { value: '' } });
    expect(screen.getByRole('list', { name: 'Farmacias cerca de 94103' }).textContent).toContain('SoMa Health Pharmacy');
    expect(screen.getByTestId('pharmacy-results-title').textContent).toBe('Farmacias cerca de 94103');
  });
});
