import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';

// The network boundary: the Socket.IO client. Its module is evaluated only when something imports it.
const client = vi.hoisted(() => ({ loaded: 0, sockets: [] as { auth: unknown }[] }));
vi.mock('socket.io-client', () => {
  client.loaded++;
  return {
    io: (options: { auth: unknown }) => {
      const socket = Object.assign(new FakeSocket(), { auth: options.auth });
      client.sockets.push(socket);
      return socket;
    },
  };
});

// Test files share a worker's modules (isolate: false): a fresh ./socket, importing the mock above.
vi.resetModules();
const { connectSocket, disconnectSocket, socketStore } = await import('./socket');

afterEach(() => disconnectSocket());

describe('the realtime connection (issue 10: socket.io-client loads after sign-in)', () => {
  it('does not load the client until a session connects, then publishes the socket', async () => {
    expect(client.loaded).toBe(0);
    expect(socketStore.get()).toBeNull();
    const socket = await connectSocket('st_1');
    expect(client.loaded).toBe(1);
    expect(socket).toBe(client.sockets.at(-1));
    expect(socketStore.get()).toBe(socket);
    expect(client.sockets.at(-1)!.auth).toEqual({ token: 'st_1' });
  });

  it('opens one socket per token, and none for a session that ended while the client loaded', async () => {
    const before = client.sockets.length;
    const [a, b] = await Promise.all([connectSocket('st_2'), connectSocket('st_2')]);
    expect(a).toBe(b);
    expect(client.sockets.length).toBe(before + 1);

    disconnectSocket();
    const late = connectSocket('st_3');
    disconnectSocket(); // logout before the connect finished
    expect(await late).toBeNull();
    expect(client.sockets.length).toBe(before + 1);
    expect(socketStore.get()).toBeNull();

    const next = await connectSocket('st_4');
    expect(socketStore.get()).toBe(next);
    expect(client.sockets.at(-1)!.auth).toEqual({ token: 'st_4' });
  });

  it("opens the connection in a task after the one that ran the client's code (issue 10, TBT)", async () => {
    const before = client.sockets.length;
    const connected = connectSocket('st_5');
    await import('socket.io-client');
    // Every microtask of this task has run: the chunk's code has, the connection has not.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(client.sockets.length).toBe(before);
    expect(socketStore.get()).toBeNull();
    const socket = await connected;
    expect(socket).toBe(client.sockets.at(-1));
    expect(client.sockets.length).toBe(before + 1);
  });
});
