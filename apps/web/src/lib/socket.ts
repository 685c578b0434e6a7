import type { ClientToServerEvents, ServerToClientEvents } from '@puente/contracts';
import type { Socket as IoSocket } from 'socket.io-client';
import { createStore, type Store } from './external-store';

/**
 * The realtime connection (spec 7 "Realtime"): same origin, path /socket.io, auth {token}.
 * Issue 10 (first load): socket.io-client is its own chunk, fetched when a session opens the
 * connection, so /login never downloads it. Everything that listens follows `socketStore`, which
 * holds the socket once it exists (and null before, after a logout, or while the chunk loads).
 */
/** The socket typed by the contracts' event maps: an event name or payload the contract does not know fails to compile. */
export type AppSocket = IoSocket<ServerToClientEvents, ClientToServerEvents>;
type Socket = AppSocket;

let socket: Socket | null = null;
let socketToken: string | null = null;
/** Bumped by every connect and disconnect: a chunk that arrives late opens nothing stale. */
let generation = 0;
/** The current socket as a store, so listeners (the appointment router) follow reconnects and logouts. */
export const socketStore: Store<Socket | null> = createStore<Socket | null>(null);

/**
 * The module system is the cache: a loaded chunk resolves at once, a load in flight is shared, and a
 * failed one (offline, no cache) is fetched again by the next connect. Keeping the promise here
 * instead would also pin the first module for good (in tests, another file's mock of socket.io-client).
 */
const loadClient = (): Promise<typeof import('socket.io-client')> => import('socket.io-client');

/**
 * Issue 10 (first load, TBT): the connection opens in a task after the one that ran the chunk's
 * code. Together they were one task of about 26 ms on a desktop CPU (a long one, 100 ms, on a
 * phone's, 4x slower), right after /inicio's first screen; apart, neither is long.
 */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The connect under way (what a second connect with the same token waits for), or null. */
let connecting: Promise<Socket | null> | null = null;

/** Opens the connection for this token (resolves to the socket, or null if a newer call replaced it). */
export const connectSocket = (token: string): Promise<Socket | null> => {
  if (socketToken === token && (socket || connecting)) return connecting ?? Promise.resolve(socket);
  socket?.disconnect();
  socket = null;
  socketToken = token;
  socketStore.set(null);
  const mine = ++generation;
  const open = async (): Promise<Socket | null> => {
    let io: (typeof import('socket.io-client'))['io'];
    try {
      ({ io } = await loadClient());
      await nextTask();
    } catch (error) {
      if (mine === generation) socketToken = null; // the next connect with this token tries again
      throw error;
    } finally {
      if (mine === generation) connecting = null;
    }
    if (mine !== generation) return null;
    socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
    socketStore.set(socket);
    return socket;
  };
  return (connecting = open());
};

export const disconnectSocket = (): void => {
  generation++;
  connecting = null;
  socket?.disconnect();
  socket = null;
  socketToken = null;
  socketStore.set(null);
};

export const getSocket = (): Socket | null => socket;
