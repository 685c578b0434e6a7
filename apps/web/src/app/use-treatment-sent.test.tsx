import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearCurrentAppointment } from '@/features/appointments';
import { fakeServer } from '@/test/consultation-fixtures';
import { openSocket, resetSocketsBetweenTests } from '@/test/fake-socket-io';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 15_000 });

// The network boundary: the Socket.IO client returns our fake sockets.
vi.mock('socket.io-client', () => import('@/test/fake-socket-io'));


resetSocketsBetweenTests(clearCurrentAppointment);

describe('SMC11 treatment sent to pharmacy (issue 12)', () => {
  it('the notification command naming SMC11 takes the member to it, with its button to the history', async () => {
    fakeServer({});
    const { router } = renderApp('/inicio');
    await screen.findByTestId('home-screen');
    const socket = await openSocket();
    await waitFor(() => expect(socket.listenerCount('command-notification')).toBe(1));
    // Another notification is not this one.
    act(() => socket.serverEmit('command-notification', { body: 'Hola' }));
    expect(router.state.location.pathname).toBe('/inicio');
    act(() => socket.serverEmit('command-notification', { body: 'Tu tratamiento fue enviado a la farmacia.', lang: 'es', infoPage: 'SMC11', pushAction: 'TREAT_COMPLETED', appointmentId: 'apt_1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/infoPage/SMC11'));
    expect(await screen.findByTestId('info-page-button-go-to-history')).toBeTruthy();
  });
});
