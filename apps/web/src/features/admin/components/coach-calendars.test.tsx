import type { CalendarDto } from '@puente/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const admin = () => ({ ...member({ id: 'adm_1', firstName: 'Admin', lastName: 'Puente', userType: 'admin' }), organization: null, agreedTosAt: '2026-01-01T00:00:00.000Z' });
const calendar = (physicianId: string): CalendarDto => ({
  physicianId,
  timeZone: 'America/Mexico_City',
  weekdays: [1, 2, 3, 4, 5],
  slotMinutes: 45,
  hours: [{ weekday: 1, starts: '09:00', ends: '13:00' }],
  exceptions: [],
});

function installServer() {
  const calendars = new Map<string, CalendarDto>([['c1', calendar('c1')], ['c2', calendar('c2')]]);
  const fake = installFakeFetch((call: FakeCall) => {
    if (call.url === '/api/admin/coaches') return { status: 200, body: { coaches: [{ id: 'c1', firstName: 'María', lastName: 'Hernández' }, { id: 'c2', firstName: 'Daniel', lastName: 'Rivera' }] } };
    const m = /^\/api\/admin\/physicians\/(c\d)\/calendar(\/exceptions)?$/.exec(call.url);
    if (m) {
      const id = m[1]!;
      if (call.method === 'PUT') calendars.set(id, { ...calendars.get(id)!, ...(call.body as Partial<CalendarDto>) });
      if (call.method === 'POST') {
        const body = call.body as { kind: 'time-off'; startsAt: string; endsAt: string };
        calendars.set(id, { ...calendars.get(id)!, exceptions: [{ id: 'e1', ...body }] });
      }
      return { status: 200, body: calendars.get(id) };
    }
    if (call.url === '/api/admin/job-queue/dead') {
      return { status: 200, body: { jobs: [{ id: 'j1', name: 'scheduling-notify', singletonKey: 'sched:s1:0:join', attempts: 3, lastError: 'provider down', runAt: '2026-11-24T14:55:00.000Z', updatedAt: '2026-11-24T14:58:00.000Z' }] } };
    }
    if (call.url === '/api/admin/appointments/live') return { status: 200, body: { appointments: [] } };
    if (call.url === '/api/admin/support/requests') return { status: 200, body: { requests: [] } };
    if (call.url !== '/api/graphql') return undefined;
    if ((call.body as { query: string }).query.includes('GetMember')) return { status: 200, body: { data: { getMember: admin() } } };
    return undefined;
  });
  setSessionToken('st_admin');
  return fake;
}

describe('the admin edits a coach’s calendar (issue 13)', () => {
  it('opens from /admin, picks a coach, saves weekly hours and adds time off through the admin calls', async () => {
    const server = installServer();
    renderApp('/admin');
    // The dead-letter list is on the console.
    const dead = await screen.findByTestId('admin-dead-letters');
    await waitFor(() => expect(dead.getAttribute('data-count')).toBe('1'));
    expect(within(dead).getByText('sched:s1:0:join')).toBeTruthy();
    expect(within(dead).getByText('provider down')).toBeTruthy();

    fireEvent.click(screen.getByTestId('admin-nav-adminCalendars'));
    await screen.findByTestId('admin-calendars');
    // Titled as the console's other sections (it read 'Calendarios de coaches').
    await waitFor(() => expect(document.title).toBe('Administración · Calendarios · Puente'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Coach' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Daniel Rivera' }));
    const editor = await screen.findByTestId('calendar-editor');
    expect(within(editor).getByRole('heading', { level: 2 }).textContent).toBe('Calendario de Daniel Rivera');
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-hours-row')).toHaveLength(1));
    expect(server.calls.some((c) => c.url === '/api/admin/physicians/c2/calendar' && c.method === 'GET')).toBe(true);

    // A second Monday row (09:00-13:00 by default) repeats the first: refused, shown on that row.
    fireEvent.click(within(editor).getByTestId('calendar-add-hours'));
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    expect(await within(editor).findByText('Este horario se empalma con otro del mismo día')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    const second = within(editor).getAllByTestId('calendar-hours-row')[1]!;
    fireEvent.change(within(second).getByLabelText('Desde'), { target: { value: '16:00' } });
    fireEvent.change(within(second).getByLabelText('Hasta'), { target: { value: '18:00' } });
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/physicians/c2/calendar');
    expect(put.body).toMatchObject({ hours: [{ weekday: 1, starts: '09:00', ends: '13:00' }, { weekday: 1, starts: '16:00', ends: '18:00' }] });

    const form = within(editor).getByTestId('calendar-exception-form');
    const [from, to] = within(form).getAllByLabelText(/Desde|Hasta/);
    fireEvent.change(from!, { target: { value: '2030-01-07T09:00' } });
    fireEvent.change(to!, { target: { value: '2030-01-07T12:00' } });
    fireEvent.click(within(form).getByTestId('calendar-exception-add'));
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-exception')).toHaveLength(1));
    // Typed in the coach's zone (Mexico City, UTC-6), whatever the admin's browser zone.
    expect(server.calls.find((c) => c.method === 'POST' && c.url === '/api/admin/physicians/c2/calendar/exceptions')?.body).toEqual({ kind: 'time-off', startsAt: '2030-01-07T15:00:00.000Z', endsAt: '2030-01-07T18:00:00.000Z' });
    // No call went to the coach's own calendar address.
    expect(server.calls.some((c) => c.url.startsWith('/api/physicians/'))).toBe(false);
  });
});
