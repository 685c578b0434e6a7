// The baseline of the capacity bench, in its own process: a bare Socket.IO server (the same
// socket.io and ws versions and options as the API's gateway) that admits any socket whose auth has a
// token and registers nothing else. What it holds per socket is the library's own floor. Answers
// `memory` (after a full GC) and `sockets`; exits when told or orphaned.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
io.use((socket, next) => (typeof (socket.handshake.auth as { token?: unknown }).token === 'string' ? next() : next(new Error('unauthorized'))));
await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
const { port } = httpServer.address() as AddressInfo;
process.send!({ ready: true, info: { url: `http://127.0.0.1:${port}` } });

const stop = () => {
  void io.close();
  httpServer.closeAllConnections();
  process.exit(0);
};
process.on('message', (m: { id?: number; cmd?: string }): void => {
  if (m.cmd === 'close') stop();
  else if (m.cmd === 'sockets') process.send!({ id: m.id, result: io.engine.clientsCount });
  else if (m.cmd === 'memory') {
    void (async () => {
      const gc = (globalThis as { gc?: () => void }).gc;
      for (let i = 0; i < 3 && gc; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 50));
      }
      process.send!({ id: m.id, result: process.memoryUsage() });
    })();
  }
});
process.once('disconnect', stop);
