import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCurrentAppointment } from '@/features/appointments';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { fakeServer } from '@/test/consultation-fixtures';
import { FakeSocket } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const openSocket = async (): Promise<FakeSocket> => {
  await act(async () => {
    await connectSocket('st_1');
  });
  return sockets.at(-1)!;
};

beforeEach(() => {
  clearCurrentAppointment();
  sockets.length = 0;
});
afterEach(() => disconnectSocket());

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
