import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { dashboardTestEnv, installStaffServer } from './dashboard-test-kit';

dashboardTestEnv();

describe('the coach calendar on the dashboard (issue 13)', () => {
  it('edits weekly hours (validated by the shared schema) and adds time off', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    renderApp('/dashboard');
    const editor = await screen.findByTestId('calendar-editor', {}, { timeout: 5000 });
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-hours-row')).toHaveLength(1));

    // An end before the start is refused with the schema's message key.
    const ends = within(editor).getAllByLabelText('Hasta')[0]!;
    fireEvent.change(ends, { target: { value: '08:00' } });
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    expect(await within(editor).findByText('El final debe ser después del inicio')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(ends, { target: { value: '14:00' } });
    fireEvent.click(within(editor).getByTestId('calendar-add-hours'));
    fireEvent.click(within(editor).getByTestId('calendar-save'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ timeZone: 'America/Mexico_City', hours: [{ weekday: 1, starts: '09:00', ends: '14:00' }, { weekday: 1, starts: '09:00', ends: '13:00' }] });

    const form = within(editor).getByTestId('calendar-exception-form');
    const [from, to] = within(form).getAllByLabelText(/Desde|Hasta/);
    fireEvent.change(from!, { target: { value: '2030-01-07T09:00' } });
    fireEvent.change(to!, { target: { value: '2030-01-07T12:00' } });
    fireEvent.click(within(form).getByTestId('calendar-exception-add'));
    await waitFor(() => expect(within(editor).getAllByTestId('calendar-exception')).toHaveLength(1));
    const post = server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/calendar/exceptions'))!;
    expect(post.body).toMatchObject({ kind: 'time-off', startsAt: new Date('2030-01-07T09:00').toISOString() });
  });
});
