import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCurrentAppointmentId } from '@/features/appointments';
import { appointment } from '@/test/consultation-fixtures';
import { apiError, installFakeFetch, member } from '@/test/fake-fetch';
import { hideToast } from '@/lib/toast';
import { renderApp } from '@/test/render-app';
import { press } from '@/test/press';

/** Readiness before escalation (issue 12): in the second waiting room the member completes what a prescription needs, in place. */
const serve = (initiallyMissing: string[]) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  const state = { missing: initiallyMissing, address: null as Record<string, unknown> | null, sent: [] as Record<string, unknown>[] };
  const fake = installFakeFetch((call) => {
    if (call.url === '/api/graphql') {
      const query = (call.body as { query: string }).query;
      const vars = (call.body as { variables: Record<string, unknown> }).variables;
      if (query.includes('UpdateMember')) {
        state.address = (vars.data as { address: Record<string, unknown> }).address;
        state.missing = state.missing.filter((m) => m !== 'address');
        return { status: 200, body: { data: { updateMember: member({ address: state.address }) } } };
      }
      if (query.includes('GetAppointment')) return { status: 200, body: { data: { getAppointment: appointment({ id: 'apt_1', state: '6-in-queue-for-er' }) } } };
      return { status: 200, body: { data: { getMember: member({ address: state.address }) } } };
    }
    if (call.url === '/api/appointments/apt_1/prescription-readiness') return { status: 200, body: { appointmentId: 'apt_1', missing: state.missing, delivery: true, ready: state.missing.length === 0 } };
    if (call.url === '/api/user/phone/reset') {
      const phone = (call.body as { phoneNumber: string }).phoneNumber;
      if (phone === '+14155550000') return apiError(400, 'INVALID_DATA', 'invalid', { fields: { phoneNumber: 'phone_number_taken' } });
      return { status: 200, body: { resetToken: 'rt_1', expiresAt: '2030-01-01T00:00:00.000Z' } };
    }
    if (call.url === '/api/auth/pwdless/phone') {
      state.sent.push(call.body as Record<string, unknown>);
      return { status: 200, body: { pwdlessToken: 'pt_1', resendAvailableAt: '2030-01-01T00:00:00.000Z' } };
    }
    if (call.url === '/api/auth/pwdless/verify') {
      if ((call.body as { code: string }).code !== '123456') return apiError(400, 'INVALID_DATA', 'invalid', { reason: 'passwordless-invalid-code', fields: { code: 'passwordless-invalid-code' } });
      state.missing = state.missing.filter((m) => m !== 'phone');
      return { status: 200, body: { status: 'phone_recovery', loginToken: 'lt_1', loginProvider: 'pwdless' } };
    }
    if (call.url === '/api/zip-codes/94110') return { status: 200, body: { zipCode: '94110', state: 'CA', city: 'San Francisco', country: 'US' } };
    if (call.url === '/api/zip-codes/00000') return apiError(404, 'NOT_FOUND', 'not found');
    return undefined;
  });
  return { ...fake, state };
};

/** The second waiting room with an address and a phone missing, `phone` typed in its phone field and sent. */
const sendPhone = async (phone: string) => {
  const served = serve(['address', 'phone']);
  setCurrentAppointmentId('apt_1');
  renderApp('/consulta/infoPage/SC038');
  fireEvent.change(await screen.findByTestId('readiness-phone-input'), { target: { value: phone } });
  press('readiness-phone-send');
  return served;
};

describe('readiness in the US doctor’s waiting room (SC038)', () => {
  it('asks the address in place: a zip code fills city and state, saving it updates her profile and the check', async () => {
    const { calls, state } = serve(['address']);
    setCurrentAppointmentId('apt_1');
    renderApp('/consulta/infoPage/SC038');
    const zip = await screen.findByTestId('readiness-zip');
    fireEvent.change(zip, { target: { value: '00000' } });
    expect(await screen.findByText('No encontramos ese código postal de EE. UU.')).toBeTruthy();
    fireEvent.change(zip, { target: { value: '94110' } });
    expect((await screen.findByTestId('readiness-city')).textContent).toBe('San Francisco, CA');
    fireEvent.click(screen.getByTestId('readiness-address-save'));
    await waitFor(() => expect(state.address).toEqual({ zipCode: '94110', city: 'San Francisco', state: 'CA', country: 'US' }));
    // The check runs again and, with nothing missing, the prompt goes away.
    await waitFor(() => expect(screen.queryByTestId('readiness-prompt')).toBeNull());
    expect(calls.filter((c) => c.url.endsWith('/prescription-readiness')).length).toBeGreaterThanOrEqual(2);
  });

  it('asks a missing phone in place: a code is sent to it, verified, and the phone item goes away', async () => {
    const { calls, state } = serve(['phone']);
    setCurrentAppointmentId('apt_1');
    renderApp('/consulta/infoPage/SC038', { language: 'en' });
    expect((await screen.findByTestId('readiness-contact')).textContent).toBe('Your phone number.');
    expect(screen.queryByTestId('readiness-address')).toBeNull();
    fireEvent.change(screen.getByTestId('readiness-phone-input'), { target: { value: '4155551234' } });
    fireEvent.click(screen.getByTestId('readiness-phone-send'));
    expect(await screen.findByText('We sent a code by SMS to +1 415 555 1234. Type it here.')).toBeTruthy();
    expect(state.sent).toEqual([{ phoneNumber: '+14155551234', resetToken: 'rt_1', language: 'en' }]);
    expect(calls.some((c) => c.url === '/api/user/phone/reset' && c.headers?.authorization === 'Bearer st_1')).toBe(true);
    fireEvent.change(screen.getByTestId('readiness-phone-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('readiness-phone-verify'));
    // The check runs again and, with nothing missing, the prompt goes away.
    await waitFor(() => expect(screen.queryByTestId('readiness-prompt')).toBeNull());
    expect(calls.filter((c) => c.url.endsWith('/prescription-readiness')).length).toBeGreaterThanOrEqual(2);
  });

  it('spec 5: a phone or a code left short gives the missing-fields warning and the focus to the field, as on /login (neither did)', async () => {
    const { state } = await sendPhone('41555');
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Completa los campos obligatorios.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('readiness-phone-input')));
    expect(state.sent).toEqual([]);
    fireEvent.change(screen.getByTestId('readiness-phone-input'), { target: { value: '4155551234' } });
    fireEvent.click(screen.getByTestId('readiness-phone-send'));
    const code = await screen.findByTestId('readiness-phone-code');
    act(() => hideToast());
    fireEvent.change(code, { target: { value: '12' } });
    press('readiness-phone-verify');
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Completa los campos obligatorios.'));
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('a wrong code shows its error and keeps the phone item; a taken phone is refused (es)', async () => {
    const { state } = await sendPhone('4155550000');
    expect((await screen.findAllByText('Este número ya está en uso en otra cuenta.')).length).toBeGreaterThan(0);
    // WCAG 3.3.1: the field the server refused takes the focus, then the code the same way.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('readiness-phone-input')));
    expect(state.sent).toEqual([]);
    fireEvent.change(screen.getByTestId('readiness-phone-input'), { target: { value: '4155551234' } });
    fireEvent.click(screen.getByTestId('readiness-phone-send'));
    fireEvent.change(await screen.findByTestId('readiness-phone-code'), { target: { value: '654321' } });
    press('readiness-phone-verify');
    expect(await screen.findByText('El código no es correcto.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('readiness-phone-code')));
    expect(state.missing).toContain('phone');
    expect(screen.getByTestId('readiness-phone-code-form')).toBeTruthy();
  });
});
