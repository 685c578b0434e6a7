import { io, type Socket } from 'socket.io-client';

/** The realtime connection (spec 7 "Realtime"): same origin, path /socket.io, auth {token}. */
let socket: Socket | null = null;
let socketToken: string | null = null;

export const connectSocket = (token: string): Socket => {
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  return socket;
};

export const disconnectSocket = (): void => {
  socket?.disconnect();
  socket = null;
  socketToken = null;
};

export const getSocket = (): Socket | null => socket;
