import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { dashboardTestEnv, installStaffServer, myConsultation } from './dashboard-test-kit';

dashboardTestEnv();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000 - 5_000).toISOString();

/** issue 11: the clinician's own active and recent consultations on her dashboard. */
describe("the clinician's own consultations", () => {
  it('a coach sees her live consultation with its queue age from the request, her recent ones, and opens one', async () => {
    const server = installStaffServer({ userType: 'mx-physician' });
    server.state.mine = {
      active: [myConsultation({ id: 'apt_live', createdAt: minutesAgo(12), updatedAt: minutesAgo(2) })],
      recent: [myConsultation({ id: 'apt_done', memberName: 'Luis Pérez', state: '11-finished', channel: 'phone-call', updatedAt: minutesAgo(90) })],
    };
    const { router } = renderApp('/dashboard');
    const live = await screen.findByTestId('my-consultation-apt_live');
    expect(within(screen.getByTestId('my-consultations-active')).getByTestId('my-consultation-apt_live')).toBe(live);
    expect(live.textContent).toContain('Ana López');
    expect(within(live).getByTestId('my-consultation-meta').textContent).toBe('Videollamada · 12 min desde la solicitud');
    expect(within(live).getByTestId('appointment-state').textContent).toBe('En llamada con coach');

    const done = within(screen.getByTestId('my-consultations-recent')).getByTestId('my-consultation-apt_done');
    expect(done.textContent).toContain('Luis Pérez');
    expect(done.textContent).toContain('Llamada');
    expect(within(done).getByTestId('appointment-state').getAttribute('data-state')).toBe('11-finished');

    const open = within(done).getByRole('link', { name: 'Abrir la consulta con Luis Pérez' });
    expect(open.getAttribute('href')).toBe('/dashboard/consulta/apt_done');
    fireEvent.click(within(live).getByTestId('open-my-consultation'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/consulta/apt_live'));
  });

  it("a US doctor's queue age counts from the coach's escalation, in English", async () => {
    const server = installStaffServer({ userType: 'us-physician', preferredLang: 'en' });
    server.state.mine = {
      active: [myConsultation({ id: 'apt_er', role: 'us-doctor', state: '8-er-joins-call', createdAt: minutesAgo(45), escalatedAt: minutesAgo(7) })],
      recent: [],
    };
    renderApp('/dashboard');
    const row = await screen.findByTestId('my-consultation-apt_er');
    await waitFor(() => expect(within(row).getByTestId('my-consultation-meta').textContent).toBe('Video call · 7 min since the escalation'));
    expect(screen.queryByTestId('my-consultations-recent')).toBeNull();
  });

  it('says so when she has none', async () => {
    installStaffServer({ userType: 'mx-physician' });
    renderApp('/dashboard');
    expect((await screen.findByTestId('my-consultations-empty')).textContent).toBe('No tienes consultas activas ni recientes.');
  });
});
