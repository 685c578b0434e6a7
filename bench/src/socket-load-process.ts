// Opens many Socket.IO connections to the server under test from its own process
// (`node --import tsx bench/src/socket-load-process.ts`): the parent sends { url, tokens, perToken },
// this process connects every socket (WebSocket transport, as the app does), answers
// { ready, info: { connected, failed } } and keeps them open until it is told to close.
import { io, type Socket } from 'socket.io-client';

interface Start {
  url: string;
  tokens: string[];
  perToken: number;
}

const sockets: Socket[] = [];

function open(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

process.once('message', async (start: Start) => {
  let connected = 0;
  let failed = 0;
  const jobs = start.tokens.flatMap((token) => Array.from({ length: start.perToken }, () => token));
  // Not all at once: a few hundred handshakes in flight, as a crowd arriving over some seconds.
  for (let i = 0; i < jobs.length; i += 250) {
    const results = await Promise.all(jobs.slice(i, i + 250).map((token) => open(start.url, token)));
    for (const ok of results) {
      if (ok) connected++;
      else failed++;
    }
  }
  process.on('message', (m: { cmd?: string }) => {
    if (m.cmd === 'close') {
      for (const s of sockets) s.disconnect();
      process.exit(0);
    }
  });
  process.send!({ ready: true, info: { connected, failed } });
});
process.once('disconnect', () => process.exit(0));
