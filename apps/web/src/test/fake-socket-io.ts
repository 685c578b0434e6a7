import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { FakeSocket } from './fake-socket';

/**
 * The Socket.IO client for whole-app tests: `vi.mock('socket.io-client', () => import('@/test/fake-socket-io'))`
 * makes every socket the app opens a FakeSocket, kept in `sockets` (newest last).
 */
export const sockets: FakeSocket[] = [];

export const io = (): FakeSocket => {
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
};

/** What the shell does in the browser once signed in: open the realtime connection (the newest fake socket). */
export const openSocket = async (): Promise<FakeSocket> => {
  await act(async () => {
    await connectSocket('st_1');
  });
  return sockets.at(-1)!;
};

/** Each test starts with no socket and no stored appointment, and ends disconnected. */
export const resetSocketsBetweenTests = (resetAppointment: () => void): void => {
  beforeEach(() => {
    resetAppointment();
    sockets.length = 0;
  });
  afterEach(() => disconnectSocket());
};
