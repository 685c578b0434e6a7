import type { AppointmentDto, PrescriptionOrderDto } from '@puente/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session';
import { appointment, physician } from '@/test/consultation-fixtures';
import { installFakeFetch } from '@/test/fake-fetch';
import { memoryRoutes } from '@/test/memory-routes';
import { PrescriptionWorkspace } from './prescription-workspace';

/**
 * Issue 11: each clinician is back on the dashboard, with the next request in view, once the
 * consultation is done: the US doctor after signing the prescription, or after finishing without one.
 */
const doctor = physician({ id: 'doctor_1', firstName: 'Emily', lastName: 'Carter', userType: 'us-physician', licensedStates: ['CA'] });
const ended = appointment({ id: 'apt_1', state: '9-er-ends-call', usDoctorId: doctor.id, usDoctor: doctor, usDoctorNeeded: true, location: { country: 'US', state: 'CA', city: 'San Francisco' } });

const line = { rxcui: '308191', dose: 1, doseUnit: 'capsule', route: 'oral', frequency: 'every-8-hours', durationDays: 10, quantity: 30, quantityUnit: 'capsule', daysSupply: 10, refills: 0, substitutionAllowed: true, diagnosisCode: 'J02.9' } as const;
const order = (status: PrescriptionOrderDto['status']): PrescriptionOrderDto => ({
  appointmentId: 'apt_1',
  status,
  lines: [line],
  rendered: [
    {
      code: '308191',
      codeSystem: 'RxNorm',
      name: 'Amoxicillin 500 MG Oral Capsule',
      sig: 'Take 1 capsule by mouth every 8 hours for 10 days.',
      qty: '30 capsules',
      daysSupply: 10,
      refills: 0,
      substitutionAllowed: true,
      prescriber: { name: 'Emily Carter', npi: '1234567893', licenseState: 'CA', licenseNumber: null },
    },
  ],
  warnings: [],
  language: 'en',
  pharmacy: null,
  reviewedAt: '2026-11-21T18:40:00.000Z',
  signedAt: status === 'sent' ? '2026-11-21T18:41:00.000Z' : null,
  documentAvailable: status === 'sent',
});

/** The workspace on the US doctor's consultation screen; /dashboard is a marker of where she lands. */
const renderWorkspace = (a: AppointmentDto) => {
  const { element, router } = memoryRoutes(
    [
      { path: '/dashboard/consulta/:id', element: <PrescriptionWorkspace appointment={a} onAppointment={vi.fn()} /> },
      { path: '/dashboard', element: <p data-testid="dashboard-landing">dashboard</p> },
    ],
    `/dashboard/consulta/${a.id}`,
  );
  render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')}>
      {element}
    </AppProviders>,
  );
  return router;
};

describe('the US doctor is back on the dashboard when the consultation is done (issue 11)', () => {
  it('after finishing without a prescription, with the reason recorded', async () => {
    setSessionToken('st_doctor');
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/appointments/apt_1/prescription') return { status: 200, body: { prescription: null } };
      if (call.url === '/api/appointments/apt_1/prescription/none') return { status: 200, body: { appointment: { ...ended, state: '11-finished', status: 'finished' } } };
      return undefined;
    });
    const router = renderWorkspace(ended);
    const none = await screen.findByTestId('rx-none');
    fireEvent.mouseDown(within(none).getByRole('combobox', { name: 'Why is no prescription needed?' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_1');
    fireEvent.click(screen.getByTestId('rx-none-finish'));
    await screen.findByTestId('dashboard-landing');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.url === '/api/appointments/apt_1/prescription/none')?.body).toEqual({ reason: 'other', note: null });
  });

  it('stays on the consultation when the finish is refused', async () => {
    setSessionToken('st_doctor');
    installFakeFetch((call) => {
      if (call.url === '/api/appointments/apt_1/prescription') return { status: 200, body: { prescription: null } };
      if (call.url === '/api/appointments/apt_1/prescription/none') return { status: 409, body: { error: { code: 'CONFLICT', status: 409, message: 'conflict' } } };
      return undefined;
    });
    const router = renderWorkspace(ended);
    fireEvent.mouseDown(within(await screen.findByTestId('rx-none')).getByRole('combobox', { name: 'Why is no prescription needed?' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    fireEvent.click(screen.getByTestId('rx-none-finish'));
    await waitFor(() => expect(screen.getByTestId('rx-none-finish').hasAttribute('disabled')).toBe(false));
    expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_1');
  });

  it('after signing the reviewed prescription', async () => {
    setSessionToken('st_doctor');
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/appointments/apt_1/prescription') return { status: 200, body: { prescription: order('reviewed') } };
      if (call.url === '/api/appointments/apt_1/prescription/sign') return { status: 200, body: { prescription: order('sent'), appointment: { ...ended, state: 'treat-info-completed', status: 'finished' } } };
      return undefined;
    });
    const router = renderWorkspace(ended);
    expect((await screen.findByTestId('rx-prescriber')).textContent).toContain('Emily Carter');
    expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_1');
    fireEvent.click(screen.getByTestId('rx-sign'));
    await screen.findByTestId('dashboard-landing');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.filter((c) => c.url === '/api/appointments/apt_1/prescription/sign' && c.method === 'POST')).toHaveLength(1);
  });
});
