import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment } from '@/test/current-appointment';
import { fakeServer, graphqlCalls, physician } from '@/test/consultation-fixtures';
import { member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { FakeSocket } from '@/test/fake-socket';
import { socketStore } from '@/lib/socket';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  window.localStorage.clear();
  resetCurrentAppointment();
});

/** The fake server answers updateMember with the member as changed. */
const withUpdates = (server: { member?: Record<string, unknown> }, calls: { url: string; body: unknown }[]) => {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { query?: string; variables?: { data?: Record<string, unknown> } }) : null;
    if (body?.query?.includes('UpdateMember')) {
      calls.push({ url: '/api/graphql', body });
      const data = { ...body.variables?.data } as Record<string, unknown>;
      // As the server stores them: every surgery field present.
      if (Array.isArray(data.surgeries)) data.surgeries = (data.surgeries as { name: string }[]).map((x) => ({ date: null, howLong: null, dateApprox: null, ...x }));
      server.member = { ...server.member, ...data };
      return new Response(JSON.stringify({ data: { updateMember: member(server.member) } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return inner(input, init);
  });
};

describe('the health profile is asked once before the first consultation (issue 11)', () => {
  /** Where the member is, and which of the request's dialogs is open: said when a step does not lead on. */
  const whereIs = (router: { state: { location: { pathname: string } } }) =>
    [
      router.state.location.pathname,
      ...['health-profile-dialog', 'self-assessment-dialog', 'location-form-screen', 'available-coaches-screen'].filter((id) => screen.queryByTestId(id)),
    ].join(' ');

  it('a new member answers it (an allergy), then goes on to the location; she is not asked again', async () => {
    const server: { member?: Record<string, unknown>; online: unknown[] } = { online: [physician()] };
    fakeServer(server);
    const updates: { url: string; body: unknown }[] = [];
    withUpdates(server, updates);
    // Mental health chosen on home: a topic that asks no self-assessment, so the location comes next.
    window.localStorage.setItem(
      'rdx-temas',
      JSON.stringify({ topicId: 'hardcoded_mh_topic', topicText: 'Salud mental', practice: 'mentalhealth', tags: 'practice_mentalhealth', reason: 'Otra preocupación emocional', requiresSelfAssessment: false }),
    );
    const { router } = renderApp('/consulta/coaches-disponibles', { language: 'es' });
    fireEvent.click(await screen.findByTestId('request-consultation'));
    const dialog = await screen.findByTestId('health-profile-dialog');
    fireEvent.change(within(dialog).getByTestId('health-profile-alergies'), { target: { value: 'Penicilina\n  \nPolen' } });
    fireEvent.change(within(dialog).getByTestId('health-profile-surgeries'), { target: { value: 'Apendicectomía' } });
    fireEvent.click(within(dialog).getByTestId('health-profile-save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    // On the location form, shown (not only routed to).
    await screen.findByTestId('location-form-screen');
    expect(whereIs(router)).toBe('/consulta/llenado-de-informacion location-form-screen');
    expect((updates[0]!.body as { variables: unknown }).variables).toMatchObject({
      memberId: 'mem_1',
      data: { alergies: ['Penicilina', 'Polen'], medications: [], medicalConditions: [], surgeries: [{ name: 'Apendicectomía' }] },
    });

    // Back on the list (shown, the form gone), asking again goes straight to the location.
    await router.navigate('/consulta/coaches-disponibles');
    await waitFor(() => expect(whereIs(router)).toBe('/consulta/coaches-disponibles available-coaches-screen'));
    fireEvent.click(await screen.findByTestId('request-consultation'));
    await waitFor(() => expect(whereIs(router)).toBe('/consulta/llenado-de-informacion location-form-screen'));
  });

  it('a line that is too long is refused with a message, nothing is sent', async () => {
    const server = { online: [physician()] };
    const fake = fakeServer(server);
    renderApp('/consulta/coaches-disponibles', { language: 'en' });
    fireEvent.click(await screen.findByTestId('request-consultation'));
    const dialog = await screen.findByTestId('health-profile-dialog');
    fireEvent.change(within(dialog).getByTestId('health-profile-medications'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByTestId('health-profile-save'));
    expect(await within(dialog).findByText('Check this field: at most 200 characters per line.')).toBeTruthy();
    expect(graphqlCalls(fake.calls, 'UpdateMember')).toHaveLength(0);
  });

  it('the member edits it on /perfil/informacion', async () => {
    const server: { member?: Record<string, unknown> } = { member: { alergies: ['Polen'] } };
    fakeServer(server);
    const updates: { url: string; body: unknown }[] = [];
    withUpdates(server, updates);
    renderApp('/perfil/informacion', { language: 'en' });
    const card = await screen.findByTestId('health-profile-card');
    expect(within(card).getByTestId('health-profile-value-alergies').textContent).toContain('Polen');
    fireEvent.click(within(card).getByTestId('health-profile-edit'));
    const dialog = await screen.findByTestId('health-profile-dialog');
    fireEvent.change(within(dialog).getByTestId('health-profile-medicalConditions'), { target: { value: 'Asthma' } });
    fireEvent.click(within(dialog).getByTestId('health-profile-save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    // Only the list she changed: her allergies, as this screen read them, are not sent back over
    // what her clinician may have recorded since.
    expect((updates[0]!.body as { variables: { data: unknown } }).variables.data).toEqual({ medicalConditions: ['Asthma'] });
    await waitFor(() => expect(within(card).getByTestId('health-profile-value-medicalConditions').textContent).toContain('Asthma'));
  });

  it('her clinician’s correction shows on her profile at once (member-data-update), without a reload', async () => {
    const server: { member?: Record<string, unknown> } = { member: { alergies: ['Polen'] } };
    fakeServer(server);
    const socket = new FakeSocket();
    socketStore.set(socket as unknown as Socket);
    try {
      renderApp('/perfil/informacion', { language: 'es' });
      const card = await screen.findByTestId('health-profile-card');
      await waitFor(() => expect(socket.listenerCount('member-data-update')).toBeGreaterThan(0));
      act(() => socket.serverEmit('member-data-update', { member: { alergies: ['Polen', 'Penicilina'], medications: [], medicalConditions: [], surgeries: [] } }));
      await waitFor(() => expect(within(card).getByTestId('health-profile-value-alergies').textContent).toContain('Penicilina'));
      // A payload that does not parse changes nothing.
      act(() => socket.serverEmit('member-data-update', { member: { alergies: 'Látex' } }));
      expect(within(card).getByTestId('health-profile-value-alergies').textContent).not.toContain('Látex');
    } finally {
      socketStore.set(null);
    }
  });
});
