import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { COACH_ID, dashboardTestEnv, installStaffServer } from './dashboard-test-kit';

dashboardTestEnv();

const booking = (id: string, startDate: string, memberFirstName: string | null) => ({
  id,
  tinyId: 'AB12CD34',
  physicianId: COACH_ID,
  memberId: `mem_${id}`,
  createdBy: `mem_${id}`,
  createdByRole: 'member',
  startDate,
  endDate: new Date(Date.parse(startDate) + 45 * 60_000).toISOString(),
  language: 'es',
  timezone: 'America/Mexico_City',
  status: 'scheduled',
  state: 'scheduled',
  topic: null,
  requiredExtension: false,
  notes: null,
  type: 'scheduled',
  appointmentId: null,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-01T00:00:00.000Z',
  physician: null,
  memberFirstName,
});

describe('the coach’s upcoming scheduled appointments on the dashboard (issue 13)', () => {
  it.each([
    ['es', /7 de enero de 2030.*7:00/, /8 de enero de 2030.*10:30/, 'Socio'],
    ['en', /Monday, January 7, 2030.*7:00\sAM/, /Tuesday, January 8, 2030.*10:30\sAM/, 'Member'],
  ] as const)('lists date and time in her language (%s) and her calendar’s zone, with the member’s first name', async (language, first, second, unnamed) => {
    const server = installStaffServer({ userType: 'mx-physician', preferredLang: language });
    // Tijuana is UTC-8 in January: 15:00Z is 7:00 there (not the machine's zone, not Mexico City).
    server.state.calendar = { ...server.state.calendar, timeZone: 'America/Tijuana' };
    server.state.scheduled = [booking('s1', '2030-01-07T15:00:00.000Z', 'Carmen'), booking('s2', '2030-01-08T18:30:00.000Z', null)];
    renderApp('/dashboard', { language });
    const card = await screen.findByTestId('upcoming-scheduled');
    await waitFor(() => expect(within(card).getAllByTestId('upcoming-scheduled-item')).toHaveLength(2));
    const [a, b] = within(card).getAllByTestId('upcoming-scheduled-item');
    await waitFor(() => expect(a!.textContent).toMatch(first));
    expect(a!.textContent).toContain('Carmen');
    expect(b!.textContent).toMatch(second);
    expect(b!.textContent).toContain(unnamed);
    expect(server.calls.some((c) => c.url === `/api/physicians/${COACH_ID}/scheduled-appointments`)).toBe(true);
  });

  it('says so when there is none', async () => {
    installStaffServer({ userType: 'mx-physician' });
    renderApp('/dashboard');
    expect((await screen.findByTestId('upcoming-scheduled-empty')).textContent).toBe('No tienes citas agendadas.');
  });
});
