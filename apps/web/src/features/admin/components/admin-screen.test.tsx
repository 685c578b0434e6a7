import type { AppointmentDto } from '@puente/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCachedAppointment } from '@/features/appointments';
import { setSessionToken } from '@/lib/session';
import { socketStore } from '@/lib/socket';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const admin = (preferredLang: 'es' | 'en' = 'es') => ({
  ...member({ id: 'adm_1', firstName: 'Admin', lastName: 'Puente', userType: 'admin', preferredLang }),
  nickName: null, birthday: null, sex: null, gender: null, address: null, height: null, weight: null,
  heightMetricSystem: true, weightMetricSystem: true, alergies: [], medications: [], medicalConditions: [], surgeries: [],
  preferredContactMethod: null, topicsOfInterest: [], identificationNumber: null,
  labConsent: { wasInfoProvided: 'not_asked', updatedAt: null }, healthScreeningConsentAt: null, insuranceInfo: null,
  hasInsurance: null, pharmacy: null, emailVerifiedAt: null, organization: null, agreedTosAt: '2026-01-01T00:00:00.000Z',
});

const row = (id: string, state: AppointmentDto['state'], memberName: string): AppointmentDto => ({
  id, memberId: `m_${id}`, mxDoctorId: null, usDoctorId: null, mxDoctor: null, usDoctor: null, state, statusReason: null,
  status: 'in-progress', statusUserId: null, type: 'on-demand', channel: 'video-call', previousChannel: null, practice: 'health',
  language: 'es', topic: null, selfAssessment: null, location: null, serviceScope: 'full-care', usDoctorNeeded: false,
  prescriptionNeeded: false, prescriptions: [], medicalRecord: null, roomName: null, preJoinStep: null, cameraAccessGranted: null,
  memberJoinMethod: null, connectionStrength: null, isMxDoctorBusy: false, chatHasMessages: false, conversationid: null,
  parentAppointmentId: null, chiefComplaint: null, templateId: null, timezone: null, createdByRole: 'member',
  startDate: '2026-11-21T18:00:00.000Z', endDate: null, createdAt: '2026-11-21T18:00:00.000Z', updatedAt: '2026-11-21T18:00:00.000Z',
  deadlineAt: null, memberName,
});

const installAdminServer = (queue: AppointmentDto[], preferredLang: 'es' | 'en' = 'es') => {
  const state = { queue };
  const fake = installFakeFetch((call: FakeCall) => {
    if (call.url === '/api/admin/appointments/live') return { status: 200, body: { appointments: state.queue } };
    if (call.url === '/api/admin/members/m_a1/entitlements') return { status: 200, body: LEDGER };
    if (call.url !== '/api/graphql') return undefined;
    const { query, variables } = call.body as { query: string; variables: Record<string, string> };
    if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: admin(preferredLang) } } };
    if (query.includes('CancelAppointment')) {
      const target = state.queue.find((a) => a.id === variables.appointmentId)!;
      state.queue = state.queue.filter((a) => a.id !== variables.appointmentId);
      return { status: 200, body: { data: { cancelAppointment: { ...target, state: '12-canceled', statusReason: variables.reason } } } };
    }
    return undefined;
  });
  setSessionToken('st_admin');
  return { ...fake, state };
};

const LEDGER = {
  events: [
    { id: 'e1', source: 'trial', kind: 'granted', entitlementKey: 'sign-up', occurredAt: '2026-01-01T00:00:00.000Z', planId: null, expiresAt: '2026-02-15T00:00:00.000Z', autoRenew: true, currency: 'USD', organizationId: null, referrerId: null, origin: 'sign-up' },
    { id: 'e2', source: 'applestore', kind: 'granted', entitlementKey: 'otx-1', occurredAt: '2026-02-01T00:00:00.000Z', planId: 'bs_1m', expiresAt: '2026-03-01T00:00:00.000Z', autoRenew: true, currency: 'USD', organizationId: null, referrerId: null, origin: 'validation:applestore' },
  ],
  current: { subscriptionId: 'bs_1m', type: 'applestore', status: 'active', expiresAt: '2026-03-01T00:00:00.000Z', daysLeft: 20, autoRenew: true, provider: 'applestore', currency: 'USD', length: 1, organizationName: null, organizationId: null, endReason: null },
};

const handlers = new Map<string, Set<(p: unknown) => void>>();
const fakeSocket = {
  connected: true,
  on: (e: string, fn: (p: unknown) => void) => void (handlers.get(e) ?? handlers.set(e, new Set()).get(e)!).add(fn),
  off: (e: string, fn: (p: unknown) => void) => void handlers.get(e)?.delete(fn),
  emit: () => undefined,
};
const serverEmit = (event: string, payload: unknown) => handlers.get(event)?.forEach((fn) => fn(payload));

beforeEach(() => socketStore.set(fakeSocket as unknown as Socket));
afterEach(() => {
  socketStore.set(null);
  handlers.clear();
});

describe('admin console', () => {
  it('lists the live queue and cancels an appointment after confirming (canceled-by-admin)', async () => {
    const server = installAdminServer([row('a1', '1-in-queue-for-coach', 'Ana López'), row('a2', '3-coach-joins-call', 'John Smith')]);
    const { queryClient } = renderApp('/admin');
    const queue = await screen.findByTestId('admin-queue');
    await waitFor(() => expect(queue.getAttribute('data-count')).toBe('2'));
    expect(within(screen.getByTestId('admin-row-a1')).getByText('En espera de coach')).toBeTruthy();

    // keeping it does nothing
    fireEvent.click(screen.getByTestId('admin-cancel-a1'));
    expect((await screen.findByTestId('admin-cancel-dialog')).textContent).toContain('Ana López');
    fireEvent.click(screen.getByTestId('admin-cancel-keep'));
    await waitFor(() => expect(screen.queryByTestId('admin-cancel-dialog')).toBeNull());
    expect(server.calls.filter((c) => (c.body as { query?: string } | undefined)?.query?.includes('CancelAppointment'))).toHaveLength(0);

    fireEvent.click(screen.getByTestId('admin-cancel-a1'));
    fireEvent.click(await screen.findByTestId('admin-cancel-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Consulta cancelada.');
    const cancel = server.calls.find((c) => (c.body as { query?: string } | undefined)?.query?.includes('CancelAppointment'));
    expect((cancel?.body as { variables: unknown }).variables).toEqual({ appointmentId: 'a1', reason: 'canceled-by-admin' });
    await waitFor(() => expect(screen.queryByTestId('admin-row-a1')).toBeNull());
    expect(screen.getByTestId('admin-row-a2')).toBeTruthy();
    // The cancelled appointment as the server answered it is the cached one (no second copy, no refetch).
    expect(readCachedAppointment(queryClient, 'a1')).toMatchObject({ id: 'a1', state: '12-canceled', statusReason: 'canceled-by-admin' });
  });

  it('updates in realtime when an appointment changes', async () => {
    // The console speaks the admin's own language (an English-speaking admin here).
    const server = installAdminServer([], 'en');
    renderApp('/admin', { language: 'en' });
    expect(await screen.findByTestId('admin-queue-empty')).toBeTruthy();
    server.state.queue = [row('a3', '6-in-queue-for-er', 'John Smith')];
    act(() =>
      serverEmit('appointment-alert', {
        appointmentId: 'a3', state: '6-in-queue-for-er', statusReason: null, previousState: null, type: 'on-demand',
        memberId: 'm', mxDoctorId: null, usDoctorId: null, usDoctorNeeded: true, at: new Date().toISOString(),
      }),
    );
    const added = await screen.findByTestId('admin-row-a3');
    expect(added.textContent).toContain('Waiting for a US doctor');
  });

  it('shows a member\'s entitlement ledger and what it derives', async () => {
    installAdminServer([row('a1', '1-in-queue-for-coach', 'Ana López')]);
    renderApp('/admin');
    fireEvent.click(await screen.findByTestId('admin-ledger-a1'));
    await waitFor(() => expect(screen.getAllByTestId('admin-ledger-event')).toHaveLength(2));
    // Her plan and its status by their names in the admin's language (they read as raw values).
    expect(screen.getByTestId('admin-ledger-current').textContent).toMatch(/^Acceso actual: 1 mes · applestore \(Activa\) hasta /);
    expect(screen.getAllByTestId('admin-ledger-event')[1]!.textContent).toContain('validation:applestore');
  });
});
