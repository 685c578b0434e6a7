import { io, type Socket } from 'socket.io-client';
import { createStore, type Store } from './external-store';

/** The realtime connection (spec 7 "Realtime"): same origin, path /socket.io, auth {token}. */
let socket: Socket | null = null;
let socketToken: string | null = null;
/** The current socket as a store, so listeners (the appointment router) follow reconnects and logouts. */
export const socketStore: Store<Socket | null> = createStore<Socket | null>(null);

export const connectSocket = (token: string): Socket => {
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socketStore.set(socket);
  return socket;
};

export const disconnectSocket = (): void => {
  socket?.disconnect();
  socket = null;
  socketToken = null;
  socketStore.set(null);
};

export const getSocket = (): Socket | null => socket;
