// The baseline, in its own process: a bare node:http server answering every request with the body
// (and, when given, the headers) the parent sends over IPC. Prints nothing; tells the parent its
// URL, exits when told or orphaned.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const { body, headers = {} } = await new Promise<{ body: string; headers?: Record<string, string> }>((resolve) => process.once('message', resolve));
const length = Buffer.byteLength(body);
const server = createServer((_req, res) => {
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
process.send!({ ready: true, info: { url: `http://127.0.0.1:${port}` } });
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('message', (m: { id?: number; cmd?: string }) => {
  if (m.cmd === 'close') stop();
  else if (m.cmd === 'cpu') process.send!({ id: m.id, result: process.cpuUsage() });
});
process.once('disconnect', stop);
