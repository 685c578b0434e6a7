import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * An HTTP/2 front (TLS, a throwaway self-signed certificate) for the test server, as the deployment's
 * TLS proxy would be: a browser fetches a page's scripts over one connection instead of 6 at a
 * time. Needs `openssl` (returns null without it); the browser must run with --ignore-certificate-errors.
 * WebSocket upgrades are not passed on (Socket.IO falls back to long polling).
 */
export async function startH2Proxy(target: string): Promise<{ url: string; close: () => Promise<void> } | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'puente-h2-'));
  let key: Buffer;
  let cert: Buffer;
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', '/CN=localhost', '-days', '1', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
    key = readFileSync(path.join(dir, 'key.pem'));
    cert = readFileSync(path.join(dir, 'cert.pem'));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const upstream = new URL(target);
  // Headers that belong to one hop (and HTTP/2's pseudo-headers): not forwarded either way.
  const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'host']);
  const forward = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)));
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const proxied = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...forward(req.headers), host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forward(answer.headers));
        answer.pipe(res);
      },
    );
    proxied.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
