import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });

/** The admin's inbox of complaints and support requests (issue 12): status and the 48-hour target. */
const request = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'SUPPORT',
  status: 'new',
  memberId: 'm_1',
  memberName: 'Ana López',
  items: { helpTopic: 'account', reason: 'No puedo entrar' },
  createdAt: '2026-11-20T10:00:00.000Z',
  replyDueAt: '2026-11-22T10:00:00.000Z',
  overdue: false,
  ...overrides,
});

afterEach(() => setSessionToken(null));

describe('/admin support inbox', () => {
  it('lists complaints and requests with the reply target, marks the overdue ones and changes the status', async () => {
    let rows = [request('r1', { overdue: true }), request('r2', { kind: 'COMPLAINT_REPORT', items: { reportReasons: ['wait_too_long'], issueDescription: 'Esperé 40 minutos' } })];
    const { calls } = installFakeFetch((call: FakeCall) => {
      if (call.url === '/api/admin/appointments/live') return { status: 200, body: { appointments: [] } };
      if (call.url === '/api/admin/support/requests') return { status: 200, body: { requests: rows } };
      if (call.url === '/api/admin/support/requests/r1' && call.method === 'PATCH') {
        rows = rows.map((r) => (r.id === 'r1' ? { ...r, ...(call.body as object), overdue: false } : r));
        return { status: 200, body: rows[0] };
      }
      if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: { ...member({ id: 'adm_1', userType: 'admin' }), organization: null } } } };
      return undefined;
    });
    setSessionToken('st_admin');
    renderApp('/admin');
    const inbox = await screen.findByTestId('admin-inbox');
    expect(inbox.getAttribute('data-count')).toBe('2');
    expect(within(screen.getByTestId('admin-inbox-row-r1')).getByText('Cuenta · No puedo entrar')).toBeTruthy();
    expect(within(screen.getByTestId('admin-inbox-row-r2')).getByText('Espera demasiado larga · Esperé 40 minutos')).toBeTruthy();
    expect(screen.getByTestId('admin-inbox-overdue-r1').textContent).toBe('Vencida');
    expect(screen.queryByTestId('admin-inbox-overdue-r2')).toBeNull();
    expect(screen.getByText('Responde cada una en menos de 48 horas.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByTestId('admin-inbox-status-r1'));
    fireEvent.click(await screen.findByRole('option', { name: 'Respondida' }));
    await waitFor(() => expect(screen.getByTestId('admin-inbox-row-r1').getAttribute('data-status')).toBe('answered'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'answered' });
    expect(screen.queryByTestId('admin-inbox-overdue-r1')).toBeNull();
  });
});
