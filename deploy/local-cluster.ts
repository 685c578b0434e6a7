/**
 * `npm run cluster:local`: the deployment of deploy/compose.yaml without containers, on this
 * machine: N built API nodes on one PostgreSQL and one Redis, behind nginx (deploy/nginx.conf,
 * with the nodes' addresses as its upstream) and coturn with shared-secret TURN. It needs the
 * Debian packages nginx and coturn, a built app (`npm run build`), DATABASE_URL and REDIS_URL.
 *
 *   npm run cluster:local                 # serves http://localhost:8080 until Ctrl-C
 *   npm run cluster:local -- --nodes 3 --port 8080
 *   npm run cluster:local -- --check      # starts it, checks it end to end, stops it (exit 0 = good)
 *
 * The check goes through nginx only: the health answer, a member's sign-in (code from the dev
 * outbox), a WebSocket-only Socket.IO connection (the upgrade through the load balancer), requests
 * spread over every node, a socket on node 1 closed by a sign-out through node 2 (realtime across
 * nodes), a node stopped with SIGTERM while the others keep answering, and a TURN
 * allocation on coturn with a credential minted as the nodes mint them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GQL, pwdlessPhoneResponseSchema, pwdlessVerifyResponseSchema, sessionPayloadSchema } from '@puente/contracts';
import { io } from 'socket.io-client';
import { turnCredential } from '../apps/api/src/providers/video/ice-servers';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const nodes = option('nodes', 2);
const lbPort = option('port', 8080);
const firstNodePort = option('node-port', 3101);
const turnPort = option('turn-port', 3478);
const check = args.includes('--check');

function need(what: boolean, message: string): void {
  if (!what) {
    console.error(message);
    process.exit(2);
  }
}
need(!!process.env.DATABASE_URL && !!process.env.REDIS_URL, 'Set DATABASE_URL and REDIS_URL (one PostgreSQL and one Redis that every node shares).');
need(existsSync(path.join(root, 'apps/api/dist/main.js')) && existsSync(path.join(root, 'apps/web/dist/index.html')), 'Build first: npm run build');
for (const bin of ['nginx', 'turnserver']) need(spawnSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`]).status === 0, `${bin} is missing: apt-get install -y nginx coturn`);

const work = mkdtempSync(path.join(tmpdir(), 'puente-cluster-'));
const children: ChildProcess[] = [];
const publicUrl = `http://localhost:${lbPort}`;
// What every node shares (deploy/example.env): the same secrets, the database, Redis, TURN.
const secret = () => randomBytes(32).toString('hex');
const shared = {
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: 'true',
  SESSION_SECRET: secret(),
  CODE_PEPPER: secret(),
  STAFF_TOTP_KEY: secret(),
  INBOUND_EMAIL_SECRET: secret(),
  TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp,turn:127.0.0.1:${turnPort}?transport=tcp`,
  TURN_SECRET: secret(),
  LOG_LEVEL: 'warn',
};

function start(name: string, command: string, argv: string[], env: Record<string, string | undefined> = {}, quiet = false): ChildProcess {
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'] });
  child.on('exit', (code, signal) => {
    // A node stopped on purpose (SIGTERM) exits 0 after draining.
    if (!stopping && code !== 0) console.error(`${name} exited (${signal ?? code})`);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

let stopping = false;
async function stop(): Promise<void> {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  rmSync(work, { recursive: true, force: true });
}

/** deploy/nginx.conf with this machine's paths and the nodes' addresses as the upstream. */
function nginxConfig(ports: number[]): string {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const upstream = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const conf = template
    .replace(/ {4}server api:3000[^\n]*\n/, `${upstream}\n`)
    .replace('listen 80;', `listen 127.0.0.1:${lbPort};`)
    .replace('events {}', `pid ${work}/nginx.pid;\nerror_log stderr warn;\nevents {}`)
    .replace('http {', `http {\n  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n  fastcgi_temp_path ${work}/fastcgi;\n  uwsgi_temp_path ${work}/uwsgi;\n  scgi_temp_path ${work}/scgi;`);
  if (!conf.includes(`127.0.0.1:${ports[0]}`)) throw new Error('deploy/nginx.conf no longer has the "server api:3000" upstream line this script replaces');
  return conf;
}

async function main(): Promise<void> {
  const ports = Array.from({ length: nodes }, (_, i) => firstNodePort + i);
  // Migrations once, as the compose file's one-shot service does.
  const migrated = spawnSync(process.execPath, ['apps/api/dist/migrate.js'], { cwd: root, env: { ...process.env, ...shared }, stdio: 'inherit' });
  need(migrated.status === 0, 'migrations failed');
  start('coturn', 'turnserver', [
    '-n', '--use-auth-secret', `--static-auth-secret=${shared.TURN_SECRET}`, '--realm=puente', `--listening-port=${turnPort}`,
    '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', '--min-port=49160', '--max-port=49200', '--no-cli', '--fingerprint',
    '--allow-loopback-peers', `--pidfile=${work}/turnserver.pid`, `--log-file=${work}/turnserver.log`, '--simple-log', '--no-stdout-log',
  ], {}, true);
  // The first node seeds the demo data on an empty database; the others start once it answers.
  const nodeProcesses = new Map<number, ChildProcess>();
  for (const [i, port] of ports.entries()) {
    nodeProcesses.set(port, start(`node ${i + 1}`, process.execPath, ['apps/api/dist/main.js'], { ...shared, PORT: String(port), HOST: '127.0.0.1', SEED: i === 0 ? 'true' : 'false' }));
    if (i === 0) await waitFor(`http://127.0.0.1:${port}/api/health`);
  }
  await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/api/health`)));
  writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(ports));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, dir));
  start('nginx', 'nginx', ['-c', path.join(work, 'nginx.conf'), '-p', work, '-g', 'daemon off;']);
  await waitFor(`${publicUrl}/api/health`);
  console.log(`${nodes} nodes (ports ${ports.join(', ')}) behind nginx on ${publicUrl}, coturn on 127.0.0.1:${turnPort}`);

  if (!check) {
    console.log('Ctrl-C stops everything.');
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    return;
  }
  await runChecks(ports, nodeProcesses);
}

async function runChecks(ports: number[], nodeProcesses: Map<number, ChildProcess>): Promise<void> {
  const ok = (what: string) => console.log(`ok - ${what}`);
  // 1. The app and the API through the load balancer.
  const page = await fetch(`${publicUrl}/login`);
  if (!page.ok || !(await page.text()).includes('<div id="root">')) throw new Error('the web app is not served through nginx');
  ok('the web app and /api/health answer through nginx');

  // 2. A member signs in through nginx (the code from the dev outbox, shared by every node).
  const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const post = (p: string, body: unknown) => fetch(`${publicUrl}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sent = await post('/api/auth/pwdless/phone', { phoneNumber: phone, language: 'es' });
  if (!sent.ok) throw new Error(`sign-in code refused: ${sent.status}`);
  const { pwdlessToken } = pwdlessPhoneResponseSchema.parse(await sent.json());
  let code: string | undefined;
  for (let i = 0; i < 40 && !code; i++) {
    const outbox = (await (await fetch(`${publicUrl}/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { messages: { body: string }[] };
    code = outbox.messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  if (!code) throw new Error('no code in the outbox');
  const verified = await post('/api/auth/pwdless/verify', { code, pwdlessToken, lang: 'es' });
  if (!verified.ok) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  const { loginToken } = pwdlessVerifyResponseSchema.parse(await verified.json());
  const session = await post('/api/graphql', { query: GQL.createSession, variables: { loginToken, timeZone: 'America/Mexico_City' } });
  const sessionToken = sessionPayloadSchema.parse(((await session.json()) as { data: { createSession: unknown } }).data.createSession).sessionToken;
  ok('a member signs in through nginx (code sent by one node, checked by whichever answers)');

  // 3. Socket.IO over WebSocket only: the Upgrade and Connection headers pass the load balancer.
  const socket = io(publicUrl, { path: '/socket.io', transports: ['websocket'], auth: { token: sessionToken }, reconnection: false, timeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(new Error(`socket refused through nginx: ${err.message}`)));
  });
  const registered = (await socket.timeout(5000).emitWithAck('user-register')) as { userId?: string };
  if (!registered.userId) throw new Error('user-register got no answer over the socket');
  socket.close();
  ok('a WebSocket-only Socket.IO connection opens and answers through nginx');

  // 4. Every node serves: the same session is valid on each (shared database and secrets).
  for (const port of ports) {
    const me = await fetch(`http://127.0.0.1:${port}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` }, body: JSON.stringify({ query: '{ getMember { id } }' }) });
    const body = (await me.json()) as { data?: { getMember?: { id: string } } };
    if (!body.data?.getMember?.id) throw new Error(`node on ${port} does not know the session`);
  }
  ok(`the session works on each of the ${ports.length} nodes`);

  // 5. Realtime across nodes: a socket held by node 1 hears what node 2 does (the member signs out
  // through node 2; node 1 closes her socket, told through Redis).
  if (ports.length > 1) {
    const held = io(`http://127.0.0.1:${ports[0]}`, { path: '/socket.io', transports: ['websocket'], auth: { token: sessionToken }, reconnection: false, timeout: 5000 });
    await new Promise<void>((resolve, reject) => {
      held.once('connect', () => resolve());
      held.once('connect_error', (err) => reject(new Error(`socket refused by node 1: ${err.message}`)));
    });
    await held.timeout(5000).emitWithAck('user-register');
    const closed = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket on node 1 was not closed within 3 s of a sign-out on node 2')), 3000);
      held.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
    const out = await fetch(`http://127.0.0.1:${ports[1]}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${sessionToken}` } });
    if (!out.ok) throw new Error(`sign-out on node 2 failed: ${out.status}`);
    const reason = await closed;
    if (reason !== 'io server disconnect') throw new Error(`the socket on node 1 closed for another reason: ${reason}`);
    ok('a socket held by node 1 is closed by a sign-out through node 2 (realtime across nodes)');
  }

  // 6. One node stops (SIGTERM): nginx sends every request to the others.
  const last = ports.at(-1)!;
  const node = nodeProcesses.get(last)!;
  node.kill('SIGTERM');
  await new Promise((r) => node.once('exit', r));
  let failures = 0;
  for (let i = 0; i < 30; i++) if (!(await fetch(`${publicUrl}/api/health`)).ok) failures++;
  if (failures > 0) throw new Error(`${failures} of 30 requests failed with a node stopped`);
  ok('with one node stopped, 30 of 30 requests answer through nginx');

  // 7. coturn accepts a TURN allocation with a credential minted as the nodes mint them.
  const cred = turnCredential(shared.TURN_SECRET, 'cluster-check', new Date(), 600);
  const uclient = (password: string) => {
    const run = spawnSync('turnutils_uclient', ['-y', '-n', '1', '-m', '1', '-l', '64', '-u', cred.username, '-w', password, '-p', String(turnPort), '127.0.0.1'], { encoding: 'utf8', timeout: 20_000 });
    const out = `${run.stdout}${run.stderr}`;
    // The client's last tally: messages relayed through the allocation and back.
    const tally = [...out.matchAll(/tot_send_msgs=(\d+), tot_recv_msgs=(\d+)\s*$/gm)].at(-1);
    return { ok: run.status === 0 && !!tally && Number(tally[2]) > 0 && tally[1] === tally[2], out };
  };
  const good = uclient(cred.credential);
  if (!good.ok) throw new Error(`TURN allocation failed:\n${good.out.slice(-800)}`);
  if (uclient('not-the-credential').ok) throw new Error('coturn accepted a wrong TURN credential');
  ok('coturn allocates a relay with a node-minted credential and refuses a wrong one');
}

try {
  await main();
  await stop();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop();
  process.exit(1);
}
