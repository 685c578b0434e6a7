import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { dashboardTestEnv, installStaffServer } from './dashboard-test-kit';

dashboardTestEnv();

describe('the coach calendar on the dashboard (issue 13)', () => {
  it('edits weekly hours (validated by the shared schema) and adds time off', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    server.state.calendar.slotMinutes = 30;
    renderApp('/dashboard');
    const editor = await screen.findByTestId('calendar-editor', {}, { timeout: 5000 });
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-hours-row')).toHaveLength(1));
    // Her own appointments' length (it said 45 minutes whatever hers were).
    expect(within(editor).getByTestId('calendar-subtitle').textContent).toBe('Tus horas de trabajo semanales, en tu zona horaria. Los socios agendan citas de 30 minutos en ellas.');

    // An end before the start is refused with the schema's message key.
    const ends = within(editor).getAllByLabelText('Hasta')[0]!;
    fireEvent.change(ends, { target: { value: '08:00' } });
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    expect(await within(editor).findByText('El final debe ser después del inicio')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(ends, { target: { value: '14:00' } });
    // A second Monday row (09:00-13:00 by default) overlaps the first: refused on that row.
    fireEvent.click(within(editor).getByTestId('calendar-add-hours'));
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    expect(await within(editor).findByText('Este horario se empalma con otro del mismo día')).toBeTruthy();
    expect(within(within(editor).getAllByTestId('calendar-hours-row')[1]!).getByText('Este horario se empalma con otro del mismo día')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    const second = within(editor).getAllByTestId('calendar-hours-row')[1]!;
    fireEvent.change(within(second).getByLabelText('Desde'), { target: { value: '14:00' } });
    fireEvent.change(within(second).getByLabelText('Hasta'), { target: { value: '16:00' } });
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ timeZone: 'America/Mexico_City', hours: [{ weekday: 1, starts: '09:00', ends: '14:00' }, { weekday: 1, starts: '14:00', ends: '16:00' }] });

    const form = within(editor).getByTestId('calendar-exception-form');
    const [from, to] = within(form).getAllByLabelText(/Desde|Hasta/);
    fireEvent.change(from!, { target: { value: '2030-01-07T09:00' } });
    fireEvent.change(to!, { target: { value: '2030-01-07T12:00' } });
    fireEvent.click(within(form).getByTestId('calendar-exception-add'));
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-exception')).toHaveLength(1));
    const post = server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/calendar/exceptions'))!;
    // 09:00 typed is 09:00 in the calendar's zone (Mexico City, UTC-6), not the browser's.
    expect(post.body).toMatchObject({ kind: 'time-off', startsAt: '2030-01-07T15:00:00.000Z', endsAt: '2030-01-07T18:00:00.000Z' });
  });

  it('time off is typed and shown in the coach’s calendar zone, not the browser’s (Asia/Tokyo)', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    server.state.calendar = { ...server.state.calendar, timeZone: 'Asia/Tokyo', exceptions: [{ id: 'exc_0', kind: 'time-off', startsAt: '2030-01-06T00:00:00.000Z', endsAt: '2030-01-06T03:00:00.000Z' }] };
    renderApp('/dashboard');
    const editor = await screen.findByTestId('calendar-editor', {}, { timeout: 5000 });
    // The stored instants read as Tokyo wall time: 09:00 to 12:00 on 6 January.
    const shown = await within(editor).findByTestId('calendar-exception');
    expect(shown.textContent).toMatch(/6 ene 2030, 9:00.*–.*6 ene 2030, 12:00/);

    const form = within(editor).getByTestId('calendar-exception-form');
    const [from, to] = within(form).getAllByLabelText(/Desde|Hasta/);
    fireEvent.change(from!, { target: { value: '2030-01-07T09:00' } });
    fireEvent.change(to!, { target: { value: '2030-01-07T12:30' } });
    fireEvent.click(within(form).getByTestId('calendar-exception-add'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.url.endsWith('/calendar/exceptions'))).toBe(true));
    const post = server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/calendar/exceptions'))!;
    // Tokyo is UTC+9 all year: 09:00 there is midnight UTC.
    expect(post.body).toEqual({ kind: 'time-off', startsAt: '2030-01-07T00:00:00.000Z', endsAt: '2030-01-07T03:30:00.000Z' });
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-exception')).toHaveLength(2));
    expect(within(editor).getAllByTestId('calendar-exception')[1]!.textContent).toMatch(/7 ene 2030, 9:00.*–.*7 ene 2030, 12:30/);
  });
});
