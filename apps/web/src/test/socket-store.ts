import type { Socket } from 'socket.io-client';
import { onTestFinished } from 'vitest';
import { socketStore } from '@/lib/socket';
import { FakeSocket } from './fake-socket';

/**
 * A FakeSocket as the app's open connection (the socket store the shell fills once signed in), for
 * this test only: the store is emptied when the test ends. The test plays the server with
 * `serverEmit`, the connection with `connect`/`disconnect`.
 */
export const fakeSocketInStore = (): FakeSocket => {
  const socket = new FakeSocket();
  socketStore.set(socket as unknown as Socket);
  onTestFinished(() => socketStore.set(null));
  return socket;
};
